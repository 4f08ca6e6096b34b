import pg from 'pg';
import { prepared, relaxedCommit, type DatabaseHandle } from './db.js';
import type { DeliveredEvent, OutboxRun } from './outbox.js';
import type { SubscriberRegistry } from './outbox-subscribers.js';
import {
  deliveredEvent,
  EVENT_COLUMNS,
  recordDispatched,
  type EventRow,
  type Owed,
} from './outbox-delivery.js';

const BATCH = 1_000;
/** The least time between the starts of two passes of the relay. */
const MIN_PASS_INTERVAL_MS = 10;

/** (transaction, id) of an event after a cursor's. */
const isAfter = (
  row: { transaction_text: string; id: string },
  cursor: { transaction_id: string; event_id: string },
) => {
  const [transaction, at] = [BigInt(row.transaction_text), BigInt(cursor.transaction_id)];
  return transaction > at || (transaction === at && BigInt(row.id) > BigInt(cursor.event_id));
};

/**
 * The relay of this instance (see createOutbox): claims the subscribers' cursors, reads the
 * events after them, records what each subscriber is owed and moves the cursors, all in one
 * transaction, then hands the aggregates to the lanes (`dispatch`) and a broadcast
 * subscriber's events to `handOut`. Woken by the `domain_events` NOTIFY (`listen`) and by
 * whoever calls `wake`.
 */
export function createRelay(
  database: DatabaseHandle,
  subscribers: SubscriberRegistry,
  {
    dispatch,
    handOut,
    settled,
  }: {
    dispatch: (subscriber: string, aggregateIds: string[]) => void;
    handOut: (subscriber: string, events: DeliveredEvent[]) => void;
    /** Resolves once the tenant change notices committed so far are heard (see createOutbox). */
    settled?: () => Promise<void>;
  },
  run: OutboxRun,
) {
  let listener: pg.Client | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  let lastPassAt = 0;

  /** Starts a new subscriber's cursor at the last event written so far. */
  async function initCursor(subscriber: string) {
    await database.pool.query(
      `insert into outbox_cursors (subscriber, transaction_id, event_id, start_event_id)
       select $1, coalesce(last_event.transaction_id, '0'::xid8), coalesce(last_event.id, 0),
              coalesce((select max(id) from domain_events), 0)
       from (select 1) one left join lateral (
         select transaction_id, id from domain_events order by transaction_id desc, id desc limit 1
       ) last_event on true
       on conflict (subscriber) do nothing`,
      [subscriber],
    );
  }

  /**
   * One relay step for every subscriber whose cursor this instance gets, in one transaction (one
   * read of the outbox for all of them); true when a full batch was read (more may wait).
   */
  async function relayBatch(): Promise<boolean> {
    const relayed = await relaxedCommit(database, async (client) => {
      const cursors = await client.query<{
        subscriber: string;
        transaction_id: string;
        event_id: string;
        start_event_id: string;
      }>(
        prepared(
          'outbox-cursors',
          `select subscriber, transaction_id::text, event_id, start_event_id from outbox_cursors
           where subscriber = any($1::text[]) for update skip locked`,
          [subscribers.names()],
        ),
      );
      if (cursors.rows.length === 0) return undefined;
      // From the cursor furthest behind: the others skip what is behind their own.
      const behind = cursors.rows.reduce((low, cursor) =>
        isAfter({ transaction_text: low.transaction_id, id: low.event_id }, cursor) ? cursor : low,
      );
      const events = await client.query<EventRow & { transaction_text: string }>(
        prepared(
          'outbox-relay',
          // The text form has a name of its own: named `transaction_id`, it would be what ORDER
          // BY sorts on ('1000' before '999'), and a full batch would move the cursor past events.
          `select ${EVENT_COLUMNS}, transaction_id::text as transaction_text
           from domain_events
           where (transaction_id, id) > ($1::xid8, $2::bigint)
             and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           order by transaction_id, id limit ${BATCH}`,
          [behind.transaction_id, behind.event_id],
        ),
      );
      const last = events.rows.at(-1);
      if (!last) return undefined;
      // Every cursor taken moves to the batch's end, never back.
      await client.query(
        prepared(
          'outbox-cursors-move',
          `update outbox_cursors set transaction_id = $2::xid8, event_id = $3
           where subscriber = any($1::text[]) and (transaction_id, event_id) < ($2::xid8, $3::bigint)`,
          [cursors.rows.map((cursor) => cursor.subscriber), last.transaction_text, last.id],
        ),
      );
      if (cursors.rows.some((cursor) => subscribers.takes(cursor.subscriber) !== undefined))
        await settled?.();
      const dispatched = new Map<string, string[]>();
      const broadcast = new Map<string, DeliveredEvent[]>();
      const owed: Owed[] = [];
      for (const cursor of cursors.rows) {
        const { subscriber } = cursor;
        const mine = events.rows.filter((row) => isAfter(row, cursor));
        if (subscribers.isBroadcast(subscriber)) {
          broadcast.set(subscriber, mine.map(deliveredEvent));
          continue;
        }
        const newest = new Map<string, number>();
        // A delivery of an aggregate hands the subscriber every event after the last delivered
        // one; events it does not take only dispatch nothing of their own.
        const takes = subscribers.takes(subscriber);
        for (const row of mine)
          if (!takes || (await takes(deliveredEvent(row))))
            newest.set(
              row.aggregate_id,
              Math.max(newest.get(row.aggregate_id) ?? 0, Number(row.id)),
            );
        dispatched.set(subscriber, [...newest.keys()]);
        // An aggregate met for the first time is delivered from the subscriber's start on.
        for (const [aggregateId, dispatchedId] of newest)
          owed.push({ subscriber, aggregateId, dispatchedId, startId: cursor.start_event_id });
      }
      await recordDispatched(client, owed);
      return { dispatched, broadcast, full: events.rows.length === BATCH };
    });
    if (!relayed) return false;
    // Handed over after the commit: a crash before this point leaves the work owed, and the
    // sweep finds it.
    for (const [subscriber, aggregates] of relayed.dispatched) dispatch(subscriber, aggregates);
    for (const [subscriber, events] of relayed.broadcast) handOut(subscriber, events);
    return relayed.full;
  }

  async function relayAll() {
    while (!run.stopped && (await relayBatch()));
  }

  /** Runs a relay pass now, or once more after the one running. */
  function wake(): Promise<void> {
    if (run.stopped) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        // Under a stream of events, a pass every few milliseconds takes several at once: its six
        // statements are shared instead of paid per event. A lone event waits for nothing.
        const wait = lastPassAt + MIN_PASS_INTERVAL_MS - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastPassAt = Date.now();
        await relayAll().catch((error: unknown) =>
          run.log.error({ err: error }, 'outbox relay failed'),
        );
      } while (again && !run.stopped);
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  async function listen() {
    if (run.stopped) return;
    const client = new pg.Client({ connectionString: database.url });
    const retry = () => {
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!run.stopped) run.timers.add(setTimeout(() => void listen(), 1_000));
    };
    client.on('error', retry);
    client.on('notification', () => void wake());
    try {
      await client.connect();
      await client.query('listen domain_events');
      listener = client;
    } catch {
      retry();
    }
  }

  return {
    initCursor,
    wake,
    listen,
    /** Waits for the pass under way and stops listening (the run is stopped already). */
    async stop() {
      await pass;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
