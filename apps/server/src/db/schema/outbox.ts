import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * Domain events written in the same transaction as the change they describe (the outbox), then
 * delivered at least once, in `id` order per aggregate, to subscribers (`platform/outbox.ts`).
 */
/** PostgreSQL's 64-bit transaction id, read as text (it may pass 2^53). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 'ticket' for now; conversations and calls later. */
    aggregate: text('aggregate').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    /** 'ticket.created', 'ticket.updated', 'ticket.commented'. */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
    /**
     * The writing transaction: the relay reads only events of transactions older than every
     * running one, so an event committed late is never skipped (see `platform/outbox.ts`).
     */
    transactionId: xid8('transaction_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (table) => [
    index('domain_events_aggregate_idx').on(table.aggregateId, table.id),
    index('domain_events_transaction_idx').on(table.transactionId, table.id),
  ],
);

/**
 * How far the outbox relay has handed a subscriber's events over to delivery jobs: the last
 * event in (transaction_id, id) order (see `platform/outbox.ts`).
 */
export const outboxCursors = pgTable('outbox_cursors', {
  subscriber: text('subscriber').primaryKey(),
  transactionId: xid8('transaction_id').notNull(),
  eventId: bigint('event_id', { mode: 'number' }).notNull(),
  /**
   * The last event id when the subscriber first ran: an aggregate it meets for the first time
   * is delivered from there on, never its earlier history.
   */
  startEventId: bigint('start_event_id', { mode: 'number' }).notNull().default(0),
});

/**
 * Per subscriber and aggregate: the last event handed to a delivery job and the last one the
 * subscriber has taken. `dispatched_id > delivered_id` is work a job still owes.
 */
export const outboxProgress = pgTable(
  'outbox_progress',
  {
    subscriber: text('subscriber').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    dispatchedId: bigint('dispatched_id', { mode: 'number' }).notNull().default(0),
    deliveredId: bigint('delivered_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.subscriber, table.aggregateId] }),
    index('outbox_progress_owed_idx')
      .on(table.subscriber)
      .where(sql`${table.dispatchedId} > ${table.deliveredId}`),
  ],
);
