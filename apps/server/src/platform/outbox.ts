import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from './context.js';
import { createBatcher } from './batcher.js';
import {
  executeNamed,
  prepared,
  relaxedCommit,
  type Database,
  type DatabaseHandle,
  type Transaction,
} from './db.js';
import type { JobQueue } from './jobs.js';
import { domainEvents } from '../db/schema/outbox.js';
import { checkEvent } from './domain-events.js';

/**
 * Each declared domain event's payload, by type. Every module adds its own from its shared
 * catalogue, next to its manifest's `events` (declaration merging):
 * `declare module '../../platform/outbox.js' { interface DomainEventPayloads extends
 * PayloadsOf<typeof TICKET_EVENTS> {} }`. The outbox itself names no domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventPayloads {}
export type DomainEventType = keyof DomainEventPayloads & string;

interface EventOf<T extends DomainEventType> {
  tenantId: string;
  /** The catalogue's aggregate ('ticket'): events of one aggregate id are delivered in order. */
  aggregate: string;
  aggregateId: string;
  type: T;
  payload: DomainEventPayloads[T];
  actorId: string | null;
}
/** A domain event: its `type` tells its payload. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: EventOf<K>;
}[T];

/** An event as a subscriber receives it. */
export type DeliveredEvent<T extends DomainEventType = DomainEventType> = DomainEvent<T> & {
  id: number;
  createdAt: string;
};
export type EventHandler = (event: DeliveredEvent) => Promise<void>;
export type EventFilter = (
  event: {
    [K in DomainEventType]: Pick<EventOf<K>, 'tenantId' | 'type' | 'payload'>;
  }[DomainEventType],
) => boolean | Promise<boolean>;

/*
 * The outbox's own bookkeeping (cursors, progress) commits without waiting for the disk
 * (`relaxedCommit`): lost in a database crash, it only makes events be relayed or delivered again
 * (at least once, as always), while the events themselves commit durably with the change they
 * describe. It spares one WAL flush per event and subscriber.
 */

/** Delivered events are kept this long (for reading back what happened), then pruned. */
const RETENTION_DAYS = 30;
const PRUNE_JOB = 'outbox.prune';
const PRUNE_BATCH = 5_000;

/** Advisory lock classes (two-key form, apart from every other lock of the app). */
const AGGREGATE_LOCK = 7301;
const DELIVERY_LOCK = 7302;

/**
 * Records a domain event inside the transaction of the change it describes, so the event exists
 * exactly when the change does. Delivery to subscribers happens after the commit.
 *
 * The aggregate's lock, held to the commit, makes its events commit in `id` order, so a delivery
 * that has passed an event can never find a smaller one later. Append after changing the
 * aggregate's row (the row lock first, then this one, in every writer).
 */
export async function appendEvent(
  tx: Transaction,
  event: DomainEvent,
  /** Another insert to run in the same statement (the change's audit entry): no round trip. */
  alongside?: SQL,
): Promise<void> {
  checkEvent(event);
  // One statement: the lock (in the CTE, read first) is held before the insert draws its id.
  const lock = sql`aggregate_lock as (
      select pg_advisory_xact_lock(${AGGREGATE_LOCK}, hashtext(${event.aggregateId}))
    )`;
  const insert = sql`insert into ${domainEvents} (tenant_id, aggregate, aggregate_id, type, payload, actor_id)
    select ${event.tenantId}::uuid, ${event.aggregate}, ${event.aggregateId}::uuid, ${event.type},
      ${JSON.stringify(event.payload)}::jsonb, ${event.actorId}::uuid from aggregate_lock`;
  // Its text is one per kind of event (the values are parameters): prepared, as it is hot.
  await executeNamed(
    tx,
    'event',
    alongside
      ? sql`with ${lock}, appended as (${insert}) ${alongside}`
      : sql`with ${lock} ${insert}`,
  );
}

/**
 * appendEvent for a change written outside a transaction, in one statement with its own: the
 * event (and `alongside`, given the change's relation to read) is written only if `change` (an
 * UPDATE … RETURNING) wrote a row. Answers whether it did.
 */
export async function appendEventIfWritten(
  db: Database,
  event: DomainEvent,
  change: SQL,
  alongside: (changed: SQL) => SQL,
): Promise<boolean> {
  checkEvent(event);
  const result = await executeNamed(
    db,
    'event-if-written',
    sql`with changed as (${change}),
      aggregate_lock as (
        select pg_advisory_xact_lock(${AGGREGATE_LOCK}, hashtext(${event.aggregateId})) from changed
      ),
      appended as (
        insert into ${domainEvents} (tenant_id, aggregate, aggregate_id, type, payload, actor_id)
        select ${event.tenantId}::uuid, ${event.aggregate}, ${event.aggregateId}::uuid,
          ${event.type}, ${JSON.stringify(event.payload)}::jsonb, ${event.actorId}::uuid
        from aggregate_lock
      ),
      alongside as (${alongside(sql`changed`)})
      select count(*)::int as written from changed`,
  );
  return Number((result.rows[0] as { written: number } | undefined)?.written) > 0;
}

/**
 * appendEvent for several events of one transaction (a wave of changes), in one statement with
 * the writes they describe (`writes`, data-modifying statements on rows the transaction has
 * locked already). The aggregates' locks are taken in one order (no two writers wait on each
 * other in a circle), all before the first id is drawn; the events get their ids in the order
 * given.
 */
export async function appendEvents(
  tx: Transaction,
  events: DomainEvent[],
  writes: SQL[] = [],
): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) checkEvent(event);
  const aggregates = [...new Set(events.map((event) => event.aggregateId))].sort();
  const rows = events.map((event, position) => ({
    position,
    tenant_id: event.tenantId,
    aggregate: event.aggregate,
    aggregate_id: event.aggregateId,
    type: event.type,
    payload: event.payload,
    actor_id: event.actorId,
  }));
  const changes = writes.map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write}), `);
  // Its text is one per kind of wave (the values are parameters): prepared, as it is hot.
  await executeNamed(
    tx,
    'events',
    sql`with ${sql.join(changes)}aggregate_lock as (
        select count(pg_advisory_xact_lock(${AGGREGATE_LOCK}, hashtext(aggregate))) as taken
        from (select unnest(${sql.param(aggregates)}::text[]) as aggregate order by 1) ordered
      )
      insert into ${domainEvents} (tenant_id, aggregate, aggregate_id, type, payload, actor_id)
      select e.tenant_id, e.aggregate, e.aggregate_id, e.type, e.payload, e.actor_id
      from aggregate_lock, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(position int, tenant_id uuid, aggregate text, aggregate_id uuid, type text,
             payload jsonb, actor_id uuid)
      order by e.position`,
  );
}

/**
 * Delivery of the outbox (`domain_events`) to subscribers, at least once and in `id` order per
 * aggregate, surviving a crash of any instance at any point:
 *
 * 1. Relay (every instance; woken by the `domain_events` NOTIFY of the insert trigger, and every
 *    second): for the subscribers whose `outbox_cursors` rows it takes (FOR UPDATE SKIP LOCKED:
 *    one relay at a time per subscriber), reads once the events after the cursor furthest
 *    behind in (transaction_id, id) order, only from transactions older than every running one
 *    (`pg_snapshot_xmin`), so an event whose transaction commits late is read later, never
 *    skipped. Each subscriber takes those after its own cursor: it raises `outbox_progress`
 *    .dispatched_id of each aggregate met, and the cursors move to the batch's end (never
 *    back), in one transaction; then it hands the aggregates to this instance's delivery lanes.
 * 2. Delivery (a lane: `workers` deliveries at once, each of `batch` aggregates, in memory):
 *    takes a session advisory lock on each (subscriber, aggregate) (released by PostgreSQL if
 *    the process dies), then hands each aggregate's events after `delivered_id` to the handler
 *    one by one in `id` order (the aggregates side by side), moving its `delivered_id` after each
 *    (those of the aggregates side by side in one statement). A crash in between delivers that
 *    event again (at least once: handlers must tolerate duplicates). A busy lock (another
 *    instance delivers it) looks again a second later; a failing handler is tried again with
 *    backoff, its aggregate alone.
 * 3. Sweep (at start and every 30 s, in the background): aggregates whose `dispatched_id >
 *    delivered_id` are handed to the lane again: what a killed instance was delivering, or what
 *    kept failing.
 *
 * A broadcast subscriber (live pushes to browsers, which refetch what they miss) has no
 * delivery: its relay hands each event to the handler after the commit, in order, once, and
 * writes no progress. What a process dying right after that commit had not handed over is lost.
 *
 * The lanes are in memory rather than a job queue: a queue row per aggregate made the queue's
 * own polling the bottleneck under load, and everything a lane holds is in `outbox_progress`
 * for the sweep to find again after a crash.
 *
 * A new subscriber starts at the end of the outbox: it receives the events written after it first
 * ran (`start_event_id`), never an aggregate's earlier history.
 * A handler that keeps failing holds its aggregate's later events back for that subscriber only.
 */
const EVENT_COLUMNS = 'id, tenant_id, aggregate, aggregate_id, type, payload, actor_id, created_at';
interface EventRow {
  id: string;
  tenant_id: string;
  aggregate: string;
  aggregate_id: string;
  type: string;
  payload: Record<string, unknown>;
  actor_id: string | null;
  created_at: Date;
}
// The rows were checked against the catalogue as they were appended.
const deliveredEvent = (row: EventRow): DeliveredEvent =>
  ({
    id: Number(row.id),
    tenantId: row.tenant_id,
    aggregate: row.aggregate,
    aggregateId: row.aggregate_id,
    type: row.type,
    payload: row.payload,
    actorId: row.actor_id,
    createdAt: row.created_at.toISOString(),
  }) as DeliveredEvent;

export interface SubscriberOptions {
  /** Deliveries at once on this instance (of different aggregates; 2 by default). */
  workers?: number;
  /**
   * Aggregates a delivery takes at once (1 by default): their locks, reads and progress cost
   * one statement each for all of them, and their handlers run side by side.
   */
  batch?: number;
  /** Handed over by the relay, once and without a delivery (see createOutbox). */
  broadcast?: boolean;
}

export function createOutbox(
  database: DatabaseHandle,
  /** The app's job queue: the outbox registers its hourly prune there. */
  jobs: JobQueue,
  log: FastifyBaseLogger,
  {
    pollMs = 1_000,
    sweepMs = 30_000,
    settled,
  }: {
    pollMs?: number;
    sweepMs?: number;
    /**
     * Resolves once the tenant change notices committed so far are heard (TenantMemo.settled):
     * a filter that reads remembered values then sees every change committed before the events.
     */
    settled?: () => Promise<void>;
  } = {},
) {
  const subscribers = new Map<string, EventHandler>();
  /** Which events a subscriber takes, when it says (the others dispatch nothing to it). */
  const interests = new Map<string, EventFilter>();
  const broadcasts = new Set<string>();
  /** Each broadcast subscriber's handing over, one event after another. */
  const broadcastChains = new Map<string, Promise<void>>();
  const lanes = new Map<string, Lane>();
  let listener: pg.Client | undefined;
  /**
   * The connections deliveries hold their (session) lock on, apart from the app's pool: a
   * delivery's handler queries through the app's pool, and deliveries holding every connection
   * of one pool would leave their own handlers waiting for ever.
   */
  const deliveryConnections = new pg.Pool({
    connectionString: database.url,
    max: 10,
    idleTimeoutMillis: 10_000,
    // Progress rows only (see relaxedCommit): their commits need not wait for the disk.
    options: '-c synchronous_commit=off',
  });
  deliveryConnections.on('error', (error) => log.warn({ err: error }, 'outbox connection lost'));
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let pass: Promise<void> | undefined;
  let again = false;

  /**
   * A subscriber's deliveries on this instance: the aggregates owed, `workers` deliveries of up
   * to `batch` aggregates at once, each aggregate in one delivery at a time (one handed over
   * again while it is being delivered is delivered again after it).
   */
  interface Lane {
    workers: number;
    /** Aggregates per delivery. */
    batch: number;
    /** Deliveries under way. */
    deliveries: number;
    waiting: Set<string>;
    delivering: Set<string>;
    again: Set<string>;
    /** Failed deliveries in a row, per aggregate (the backoff). */
    failures: Map<string, number>;
  }
  const inFlight = new Set<Promise<void>>();

  function dispatch(subscriber: string, aggregateIds: Iterable<string>) {
    const lane = lanes.get(subscriber);
    if (!lane || stopped) return;
    for (const id of aggregateIds) {
      if (lane.delivering.has(id)) lane.again.add(id);
      else lane.waiting.add(id);
    }
    pump(subscriber, lane);
  }

  function later(subscriber: string, aggregateId: string, ms: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      dispatch(subscriber, [aggregateId]);
    }, ms);
    timers.add(timer);
  }

  function pump(subscriber: string, lane: Lane) {
    while (!stopped && lane.deliveries < lane.workers && lane.waiting.size > 0) {
      // The first `batch` waiting (not a copy of them all: a sweep may hand over thousands).
      const ids: string[] = [];
      for (const id of lane.waiting) {
        if (ids.length === lane.batch) break;
        ids.push(id);
      }
      for (const id of ids) {
        lane.waiting.delete(id);
        lane.delivering.add(id);
      }
      lane.deliveries += 1;
      const retry = (id: string, error: unknown) => {
        if (stopped) return;
        const failures = (lane.failures.get(id) ?? 0) + 1;
        lane.failures.set(id, failures);
        log.warn({ err: error, subscriber, aggregateId: id }, 'outbox delivery failed');
        later(subscriber, id, Math.min(1_000 * 2 ** (failures - 1), 30_000));
      };
      const delivery = deliver(subscriber, ids)
        .then(({ busy, failed }) => {
          for (const id of ids) if (!failed.has(id)) lane.failures.delete(id);
          // Another instance is delivering it: look again once it is likely done.
          for (const id of busy) later(subscriber, id, 1_000);
          for (const [id, error] of failed) retry(id, error);
        })
        .catch((error: unknown) => {
          for (const id of ids) retry(id, error);
        })
        .finally(() => {
          inFlight.delete(delivery);
          lane.deliveries -= 1;
          for (const id of ids) {
            lane.delivering.delete(id);
            if (lane.again.delete(id)) lane.waiting.add(id);
          }
          pump(subscriber, lane);
        });
      inFlight.add(delivery);
    }
  }

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

  const BATCH = 1_000;

  /** (transaction, id) of an event after a cursor's. */
  const isAfter = (
    row: { transaction_text: string; id: string },
    cursor: { transaction_id: string; event_id: string },
  ) => {
    const [transaction, at] = [BigInt(row.transaction_text), BigInt(cursor.transaction_id)];
    return transaction > at || (transaction === at && BigInt(row.id) > BigInt(cursor.event_id));
  };

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
          [[...subscribers.keys()]],
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
      if (cursors.rows.some((cursor) => interests.has(cursor.subscriber))) await settled?.();
      const dispatched = new Map<string, string[]>();
      const broadcast = new Map<string, DeliveredEvent[]>();
      const progress = {
        subscribers: [] as string[],
        aggregates: [] as string[],
        ids: [] as number[],
        starts: [] as string[],
      };
      for (const cursor of cursors.rows) {
        const { subscriber } = cursor;
        const mine = events.rows.filter((row) => isAfter(row, cursor));
        if (broadcasts.has(subscriber)) {
          broadcast.set(subscriber, mine.map(deliveredEvent));
          continue;
        }
        const newest = new Map<string, number>();
        // A delivery of an aggregate hands the subscriber every event after the last delivered
        // one; events it does not take only dispatch nothing of their own.
        const takes = interests.get(subscriber);
        for (const row of mine)
          if (!takes || (await takes(deliveredEvent(row))))
            newest.set(
              row.aggregate_id,
              Math.max(newest.get(row.aggregate_id) ?? 0, Number(row.id)),
            );
        dispatched.set(subscriber, [...newest.keys()]);
        for (const [aggregate, id] of newest) {
          progress.subscribers.push(subscriber);
          progress.aggregates.push(aggregate);
          progress.ids.push(id);
          // An aggregate met for the first time is delivered from the subscriber's start on.
          progress.starts.push(cursor.start_event_id);
        }
      }
      if (progress.aggregates.length > 0)
        await client.query(
          prepared(
            'outbox-dispatch',
            `insert into outbox_progress (subscriber, aggregate_id, dispatched_id, delivered_id)
             select s, a, d, st from unnest($1::text[], $2::uuid[], $3::bigint[], $4::bigint[])
               as t(s, a, d, st)
             on conflict (subscriber, aggregate_id) do update
               set dispatched_id = greatest(outbox_progress.dispatched_id, excluded.dispatched_id)`,
            [progress.subscribers, progress.aggregates, progress.ids, progress.starts],
          ),
        );
      return { dispatched, broadcast, full: events.rows.length === BATCH };
    });
    if (!relayed) return false;
    // Handed over after the commit: a crash before this point leaves the work owed, and the
    // sweep finds it.
    for (const [subscriber, aggregates] of relayed.dispatched) dispatch(subscriber, aggregates);
    for (const [subscriber, events] of relayed.broadcast) handOut(subscriber, events);
    return relayed.full;
  }

  /** Hands a broadcast subscriber its events in order, without holding up the relay. */
  function handOut(subscriber: string, events: DeliveredEvent[]) {
    const handler = subscribers.get(subscriber);
    if (!handler) return;
    const chain = (broadcastChains.get(subscriber) ?? Promise.resolve()).then(async () => {
      for (const event of events) {
        if (stopped) return;
        await handler(event).catch((error: unknown) =>
          log.warn({ err: error, subscriber, eventId: event.id }, 'outbox broadcast failed'),
        );
      }
    });
    broadcastChains.set(subscriber, chain);
  }

  async function relayAll() {
    while (!stopped && (await relayBatch()));
  }

  /** Runs a relay pass now, or once more after the one running. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        await relayAll().catch((error: unknown) =>
          log.error({ err: error }, 'outbox relay failed'),
        );
      } while (again && !stopped);
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  async function sweep() {
    for (const subscriber of subscribers.keys()) {
      const owed = await database.pool.query<{ aggregate_id: string }>(
        `select aggregate_id from outbox_progress
         where subscriber = $1 and dispatched_id > delivered_id limit 10000`,
        [subscriber],
      );
      dispatch(
        subscriber,
        owed.rows.map((row) => row.aggregate_id),
      );
    }
  }

  let sweeping = false;
  /** One sweep at a time, never awaited: a large backlog must not hold the start or a timer. */
  function sweepInBackground() {
    if (sweeping || stopped) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => log.error({ err: error }, 'outbox sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }

  /** The advisory lock key of a subscriber's aggregate, as SQL over `$2` (subscriber) and `a`. */
  const LOCK_KEY = `pg_catalog.hashtext($2 || ':' || a)`;

  /**
   * Delivers the owed events of some aggregates: locks them in one statement (those another
   * instance holds are 'busy'), reads what each is owed in one, hands each aggregate's events to
   * the handler in order (the aggregates side by side), records in one statement how far each
   * got, and unlocks them. A failing aggregate keeps what it delivered before the failure.
   */
  async function deliver(
    subscriber: string,
    aggregateIds: string[],
  ): Promise<{ busy: string[]; failed: Map<string, unknown> }> {
    const handler = subscribers.get(subscriber);
    const outcome = { busy: [] as string[], failed: new Map<string, unknown>() };
    if (!handler || stopped) return outcome;
    const client = await deliveryConnections.connect();
    let locked: string[] = [];
    try {
      const lock = await client.query<{ a: string; locked: boolean }>(
        prepared(
          'outbox-lock',
          `select a, pg_try_advisory_lock($1, ${LOCK_KEY}) as locked from unnest($3::uuid[]) a`,
          [DELIVERY_LOCK, subscriber, aggregateIds],
        ),
      );
      locked = lock.rows.filter((row) => row.locked).map((row) => row.a);
      outcome.busy = lock.rows.filter((row) => !row.locked).map((row) => row.a);
      let owed = locked;
      // Each event is recorded as delivered once handled (so a crash repeats only what was being
      // handled); the aggregates' records made meanwhile go in one statement.
      const delivered = createBatcher(async (done: { aggregateId: string; eventId: string }[]) => {
        await client.query(
          prepared(
            'outbox-deliver',
            `update outbox_progress p set delivered_id = x.id
             from unnest($2::uuid[], $3::bigint[]) as x(a, id)
             where p.subscriber = $1 and p.aggregate_id = x.a and p.delivered_id < x.id`,
            [subscriber, done.map((one) => one.aggregateId), done.map((one) => one.eventId)],
          ),
        );
        return done.map(() => undefined);
      });
      // Read after the locks, in a statement of their own: its snapshot then sees what the last
      // holder of a lock wrote (one statement's snapshot could predate that). No progress row:
      // nothing was ever dispatched to it (or it was pruned).
      while (owed.length > 0 && !stopped) {
        const events = await client.query<EventRow>(
          prepared(
            'outbox-owed',
            `select e.${EVENT_COLUMNS.split(', ').join(', e.')}
             from outbox_progress p cross join lateral (
               select * from domain_events
               where aggregate_id = p.aggregate_id and id > p.delivered_id order by id limit 100
             ) e
             where p.subscriber = $1 and p.aggregate_id = any($2::uuid[])
             order by e.id`,
            [subscriber, owed],
          ),
        );
        const byAggregate = new Map<string, EventRow[]>();
        for (const row of events.rows) {
          const rows = byAggregate.get(row.aggregate_id);
          if (rows) rows.push(row);
          else byAggregate.set(row.aggregate_id, [row]);
        }
        await Promise.all(
          [...byAggregate].map(async ([aggregateId, rows]) => {
            for (const row of rows) {
              // Stopping with events left: they stay owed, for the sweep of an instance running.
              if (stopped) return;
              try {
                await handler(deliveredEvent(row));
              } catch (error) {
                outcome.failed.set(aggregateId, error);
                return;
              }
              await delivered({ aggregateId, eventId: row.id });
            }
          }),
        );
        // Then from the last event handed over: the locks keep anyone else from moving it.
        owed = [...byAggregate]
          .filter(([id, rows]) => rows.length === 100 && !outcome.failed.has(id))
          .map(([id]) => id);
      }
      return outcome;
    } finally {
      if (locked.length > 0)
        await client
          .query(
            prepared(
              'outbox-unlock',
              `select pg_advisory_unlock($1, ${LOCK_KEY}) from unnest($3::uuid[]) a`,
              [DELIVERY_LOCK, subscriber, locked],
            ),
          )
          .catch(() => {});
      client.release();
    }
  }

  async function listen() {
    if (stopped) return;
    const client = new pg.Client({ connectionString: database.url });
    const retry = () => {
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!stopped) timers.add(setTimeout(() => void listen(), 1_000));
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

  jobs.register(PRUNE_JOB, async () => void (await pruneOutbox(database, retention())), {
    cron: '17 * * * *',
  });
  const retention = () => new Date(Date.now() - RETENTION_DAYS * 24 * 60 * 60_000);

  return {
    /** Registers a subscriber and its delivery lane; before start(). */
    subscribe(
      name: string,
      handler: EventHandler,
      takes?: EventFilter,
      options: SubscriberOptions = {},
    ) {
      if (takes) interests.set(name, takes);
      if (options.broadcast) broadcasts.add(name);
      if (subscribers.has(name)) throw new Error(`outbox subscriber ${name} registered twice`);
      subscribers.set(name, handler);
      lanes.set(name, {
        workers: options.workers ?? 2,
        batch: options.batch ?? 1,
        deliveries: 0,
        waiting: new Set(),
        delivering: new Set(),
        again: new Set(),
        failures: new Map(),
      });
    },
    /** The names of this instance's subscribers. */
    subscriberNames(): string[] {
      return [...subscribers.keys()];
    },
    /** Cursors, what a previous run left owed, then relaying. */
    async start() {
      if (subscribers.size === 0) return;
      for (const name of subscribers.keys()) await initCursor(name);
      sweepInBackground();
      await listen();
      await wake();
      timers.add(setInterval(() => void wake(), pollMs));
      timers.add(setInterval(sweepInBackground, sweepMs));
    },
    /** Runs a relay pass and resolves when it is done (tests). */
    relayNow: wake,
    /** Hands what is owed to the lanes now, as the sweep does every 30 s (tests). */
    sweepNow: sweep,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await pass;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      // Deliveries stop between two events; what they leave stays owed for a sweep.
      await Promise.allSettled([...inFlight, ...broadcastChains.values()]);
      await deliveryConnections.end().catch(() => {});
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** A module's subscriber to the domain events (call from the module's `jobs` hook). */
export function registerSubscriber(
  platform: Platform,
  name: string,
  handler: EventHandler,
  /** The events it takes (all when left out): the others are not handed to it on their own,
   * though a delivery may still hand it one, in order with those it takes. */
  takes?: EventFilter,
  options?: SubscriberOptions,
) {
  platform.outbox.subscribe(name, handler, takes, options);
}

/**
 * Keeps the outbox from growing without end (the `outbox.prune` job, hourly): deletes events
 * written before `before` that every subscriber's relay has passed and every subscriber owing
 * them has taken, then the progress rows with nothing owed and no event left at or below them.
 * A progress row made again later starts at its subscriber's `start_event_id`, and only events
 * newer than the pruned ones are left for its aggregate, so nothing is delivered twice or lost.
 * A subscriber no longer registered keeps its cursor, and with it every event after it.
 */
export async function pruneOutbox(database: DatabaseHandle, before: Date) {
  let events = 0;
  for (;;) {
    const deleted = await database.pool.query(
      `delete from domain_events where id in (
         select e.id from domain_events e
         where e.created_at < $1
           and not exists (select 1 from outbox_cursors c
                           where (c.transaction_id, c.event_id) < (e.transaction_id, e.id))
           and not exists (select 1 from outbox_progress p
                           join outbox_cursors c on c.subscriber = p.subscriber
                           where p.aggregate_id = e.aggregate_id and p.delivered_id < e.id
                             and e.id > c.start_event_id)
         order by e.id limit ${PRUNE_BATCH})`,
      [before],
    );
    events += deleted.rowCount ?? 0;
    if ((deleted.rowCount ?? 0) < PRUNE_BATCH) break;
  }
  const progress = await database.pool.query(
    `delete from outbox_progress p
     where p.dispatched_id = p.delivered_id
       and not exists (select 1 from domain_events e
                       where e.aggregate_id = p.aggregate_id and e.id <= p.delivered_id)`,
  );
  return { events, progress: progress.rowCount ?? 0 };
}
