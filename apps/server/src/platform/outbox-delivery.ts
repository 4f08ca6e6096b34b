import pg from 'pg';
import { createBatcher } from './batcher.js';
import { prepared, type DatabaseHandle } from './db.js';
import type { DeliveredEvent, OutboxRun } from './outbox.js';
import type { SubscriberRegistry } from './outbox-subscribers.js';
import type { DeliveryOutcome } from './outbox-lanes.js';

/** Advisory lock class of the deliveries (two-key form, apart from every other lock of the app). */
const DELIVERY_LOCK = 7302;

export const EVENT_COLUMNS =
  'id, tenant_id, aggregate, aggregate_id, type, payload, actor_id, created_at';
export interface EventRow {
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
export const deliveredEvent = (row: EventRow): DeliveredEvent =>
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

/** What the relay owes one subscriber for one aggregate: events up to `dispatchedId`. */
export interface Owed {
  subscriber: string;
  aggregateId: string;
  dispatchedId: number;
  /** Where an aggregate met for the first time starts (the subscriber's start). */
  startId: string;
}

/*
 * The relay records what is owed and the deliveries what they handed over, each on many
 * progress rows in one statement, side by side: both lock their rows in (subscriber,
 * aggregate) order, or two of them each holding a row the other wants deadlock, and a
 * delivery refused that way hands its events over again.
 */

/** Records what the relay owes (in the relay's transaction). */
export async function recordDispatched(client: pg.ClientBase, owed: Owed[]) {
  if (owed.length === 0) return;
  await client.query(
    prepared(
      'outbox-dispatch',
      `insert into outbox_progress (subscriber, aggregate_id, dispatched_id, delivered_id)
       select s, a, d, st from unnest($1::text[], $2::uuid[], $3::bigint[], $4::bigint[])
         as t(s, a, d, st)
       order by s, a
       on conflict (subscriber, aggregate_id) do update
         set dispatched_id = greatest(outbox_progress.dispatched_id, excluded.dispatched_id)`,
      [
        owed.map((one) => one.subscriber),
        owed.map((one) => one.aggregateId),
        owed.map((one) => one.dispatchedId),
        owed.map((one) => one.startId),
      ],
    ),
  );
}

/** Records how far a subscriber's deliveries got, per aggregate (never moving one back). */
export async function recordDelivered(
  client: pg.ClientBase,
  subscriber: string,
  done: { aggregateId: string; eventId: string }[],
) {
  await client.query(
    prepared(
      'outbox-deliver',
      `with target as (
         select p.aggregate_id, x.id from outbox_progress p
         join unnest($2::uuid[], $3::bigint[]) as x(a, id) on p.aggregate_id = x.a
         where p.subscriber = $1 and p.delivered_id < x.id
         order by p.aggregate_id
         for update of p
       )
       update outbox_progress p set delivered_id = target.id from target
       where p.subscriber = $1 and p.aggregate_id = target.aggregate_id`,
      [subscriber, done.map((one) => one.aggregateId), done.map((one) => one.eventId)],
    ),
  );
}

/** The advisory lock key of a subscriber's aggregate, as SQL over `$2` (subscriber) and `a`. */
const LOCK_KEY = `pg_catalog.hashtext($2 || ':' || a)`;

/**
 * Hands subscribers the events owed to them, aggregate by aggregate (`deliver`, what the lanes
 * run), and finds what is owed (`sweep`). The deliveries hold their (session) locks on
 * connections of their own small pool, apart from the app's: a delivery's handler queries
 * through the app's pool, and deliveries holding every connection of one pool would leave
 * their own handlers waiting for ever.
 */
export function createDelivery(
  database: DatabaseHandle,
  subscribers: SubscriberRegistry,
  run: OutboxRun,
) {
  const deliveryConnections = new pg.Pool({
    connectionString: database.url,
    max: 10,
    idleTimeoutMillis: 10_000,
    // Progress rows only (see relaxedCommit): their commits need not wait for the disk.
    options: '-c synchronous_commit=off',
  });
  deliveryConnections.on('error', (error) =>
    run.log.warn({ err: error }, 'outbox connection lost'),
  );

  /**
   * Delivers the owed events of some aggregates: locks them in one statement (those another
   * instance holds are 'busy'), reads what each is owed in one, hands each aggregate's events to
   * the handler in order (the aggregates side by side), records in one statement how far each
   * got, and unlocks them. A failing aggregate keeps what it delivered before the failure.
   */
  async function deliver(subscriber: string, aggregateIds: string[]): Promise<DeliveryOutcome> {
    const handler = subscribers.handler(subscriber);
    const outcome = { busy: [] as string[], failed: new Map<string, unknown>() };
    if (!handler || run.stopped) return outcome;
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
        await recordDelivered(client, subscriber, done);
        return done.map(() => undefined);
      });
      // Read after the locks, in a statement of their own: its snapshot then sees what the last
      // holder of a lock wrote (one statement's snapshot could predate that). No progress row:
      // nothing was ever dispatched to it (or it was pruned).
      while (owed.length > 0 && !run.stopped) {
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
              if (run.stopped) return;
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

  /** Hands each subscriber's `dispatch` the aggregates owed to it (`dispatched_id > delivered_id`). */
  async function sweep(dispatch: (subscriber: string, aggregateIds: string[]) => void) {
    for (const subscriber of subscribers.names()) {
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

  return {
    deliver,
    sweep,
    /** Closes the deliveries' connections (once no delivery is under way). */
    close: () => deliveryConnections.end().catch(() => {}),
  };
}
