import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** One row per signed-in token; revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Set when an administrator views the app as this user. */
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    /** The impersonator's own session: a view-as session lives only while it does. */
    openerSessionId: uuid('opener_session_id').references((): AnyPgColumn => sessions.id),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // Few sessions are view-as ones: partial indexes find them when their opener ends.
    index('sessions_impersonator_idx')
      .on(table.impersonatorId)
      .where(sql`${table.impersonatorId} is not null`),
    index('sessions_opener_idx')
      .on(table.openerSessionId)
      .where(sql`${table.openerSessionId} is not null`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 'reset' (a 4-digit code, 10 minutes) or 'invite' (a long token in a link, 7 days). */
    kind: text('kind').notNull().default('reset'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/** Fixed-window counters shared by every server instance (login and reset limits). */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamptz('window_start').notNull().defaultNow(),
});
