import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamptz('read_at'),
    /**
     * The domain event this notification answers, when an outbox subscriber sent it: delivery is
     * at least once, so a redelivered event finds its notification already there.
     */
    sourceEventId: bigint('source_event_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.readAt, table.createdAt),
    uniqueIndex('notifications_event_unique')
      .on(table.userId, table.sourceEventId)
      .where(sql`${table.sourceEventId} is not null`),
  ],
);
