import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** Secrets generated once and shared by every server instance (the JWT key). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Who did what, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    actorId: uuid('actor_id').references(() => users.id),
    /** The administrator behind a view-as session the actor's change was made in. */
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * What the change was made through when it was not a plain edit (`AuditVia`: a macro, a
     * workflow, a job): the activity log names it.
     */
    via: jsonb('via'),
    /**
     * The moment of the write, not of its transaction's start: entries one transaction writes
     * (a ticket created, then assigned by the system) keep their order in a history.
     */
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('audit_log_tenant_created_idx').on(table.tenantId, table.createdAt),
    // A record's history (a ticket's activity log, a customer's timeline).
    index('audit_log_entity_idx').on(table.tenantId, table.entity, table.entityId, table.createdAt),
  ],
);

/**
 * The last short number given to each kind of record of a tenant (`customer`, `organization`,
 * later `ticket`): the `next_record_number` SQL function counts on, under this row's lock.
 */
export const recordNumbers = pgTable(
  'record_numbers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entity: text('entity').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.entity] })],
);
