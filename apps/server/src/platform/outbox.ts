import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from './context.js';
import { executeNamed, type Database, type DatabaseHandle, type Transaction } from './db.js';
import type { JobQueue } from './jobs.js';
import { domainEvents } from '../db/schema/outbox.js';
import { checkEvent } from './domain-events.js';
import { createBroadcasts } from './outbox-broadcast.js';
import { createDelivery } from './outbox-delivery.js';
import { createLanes } from './outbox-lanes.js';
import { createRelay } from './outbox-relay.js';
import { schedulePrune } from './outbox-retention.js';
import { createSubscriberRegistry, type SubscriberOptions } from './outbox-subscribers.js';

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

/** Advisory lock class of the aggregates (two-key form, apart from every other lock of the app). */
const AGGREGATE_LOCK = 7301;

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
 *
 * The parts, each its own file: the subscribers' registry (`outbox-subscribers.ts`), the relay
 * (`outbox-relay.ts`), the lanes (`outbox-lanes.ts`) and the delivery and sweep they run
 * (`outbox-delivery.ts`), the broadcasts (`outbox-broadcast.ts`) and the retention
 * (`outbox-retention.ts`); createOutbox puts them together and starts and stops them.
 */

/** What the outbox's parts share while it runs: whether it is stopping, its timers, its log. */
export interface OutboxRun {
  stopped: boolean;
  readonly timers: Set<NodeJS.Timeout>;
  readonly log: FastifyBaseLogger;
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
  const run: OutboxRun = { stopped: false, timers: new Set(), log };
  const subscribers = createSubscriberRegistry();
  const delivery = createDelivery(database, subscribers, run);
  const lanes = createLanes(delivery.deliver, run);
  const broadcasts = createBroadcasts(subscribers, run);
  const relay = createRelay(
    database,
    subscribers,
    { dispatch: lanes.dispatch, handOut: broadcasts.handOut, settled },
    run,
  );
  const sweep = () => delivery.sweep(lanes.dispatch);

  let sweeping = false;
  /** One sweep at a time, never awaited: a large backlog must not hold the start or a timer. */
  function sweepInBackground() {
    if (sweeping || run.stopped) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => log.error({ err: error }, 'outbox sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }

  schedulePrune(jobs, database);

  return {
    /** Registers a subscriber and its delivery lane; before start(). */
    subscribe(
      name: string,
      handler: EventHandler,
      takes?: EventFilter,
      options: SubscriberOptions = {},
    ) {
      subscribers.add(name, handler, takes, options.broadcast);
      lanes.add(name, options);
    },
    /** The names of this instance's subscribers. */
    subscriberNames(): string[] {
      return subscribers.names();
    },
    /** Cursors, what a previous run left owed, then relaying. */
    async start() {
      if (subscribers.count() === 0) return;
      for (const name of subscribers.names()) await relay.initCursor(name);
      sweepInBackground();
      await relay.listen();
      await relay.wake();
      run.timers.add(setInterval(() => void relay.wake(), pollMs));
      run.timers.add(setInterval(sweepInBackground, sweepMs));
    },
    /** Runs a relay pass and resolves when it is done (tests). */
    relayNow: relay.wake,
    /** Hands what is owed to the lanes now, as the sweep does every 30 s (tests). */
    sweepNow: sweep,
    async stop() {
      run.stopped = true;
      for (const timer of run.timers) clearTimeout(timer);
      run.timers.clear();
      await relay.stop();
      // Deliveries stop between two events; what they leave stays owed for a sweep.
      await Promise.allSettled([...lanes.pending(), ...broadcasts.pending()]);
      await delivery.close();
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
