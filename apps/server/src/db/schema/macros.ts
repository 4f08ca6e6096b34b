import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * Macros: a reply (plain text with placeholders) and ticket changes applied as one. Personal
 * (their owner's) or shared with the tenant; names unique among the shared ones, or among one
 * owner's personal ones, as saved views are.
 */
export const macros = pgTable(
  'macros',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    body: text('body').notNull().default(''),
    /** `MacroActions` (shared/macros): the fields it sets, tags it adds and removes. */
    actions: jsonb('actions').$type<Record<string, unknown>>().notNull().default({}),
    shared: boolean('shared').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('macros_name_unique').on(
      table.tenantId,
      sql`(case when ${table.shared} then '00000000-0000-0000-0000-000000000000'::uuid else ${table.ownerId} end)`,
      sql`lower(${table.name})`,
    ),
    index('macros_owner_idx').on(table.tenantId, table.ownerId),
  ],
);
