import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** Softphone traces and the web app's error reports: kind is trace_disconnected, trace_call_error or client_error. */
export const diagnostics = pgTable(
  'diagnostics',
  {
    id: id(),
    /** Null only for a client error reported before anyone signed in. */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('diagnostics_tenant_kind_idx').on(table.tenantId, table.kind, table.createdAt)],
);
