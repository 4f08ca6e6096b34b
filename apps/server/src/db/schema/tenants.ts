import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/** Feature switches and settings of a tenant; `workflow: 'enabled'` turns on automation. */
export interface TenantSettings {
  workflow: 'enabled' | 'disabled';
}

export const tenants = pgTable('tenants', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  timeZone: text('time_zone').notNull().default('Asia/Bangkok'),
  settings: jsonb('settings').$type<TenantSettings>().notNull().default({ workflow: 'disabled' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
