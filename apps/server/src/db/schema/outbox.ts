import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * Domain events written in the same transaction as the change they describe (the outbox), then
 * delivered at least once, in `id` order per aggregate, to subscribers (`platform/outbox.ts`).
 */
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
  },
  (table) => [index('domain_events_aggregate_idx').on(table.aggregateId, table.id)],
);
