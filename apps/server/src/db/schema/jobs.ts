import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** A background job as its user follows it: kind, progress and result (import, export). */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('waiting'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [index('jobs_user_idx').on(table.userId, table.createdAt)],
);
