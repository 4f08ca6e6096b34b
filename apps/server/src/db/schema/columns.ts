import { sql } from 'drizzle-orm';
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A record's short number in its tenant (1, 2, 3...; never reused), assigned on insert by the
 * `assign_record_number` trigger from `record_numbers` (see `platform/record-numbers.ts`).
 * Drizzle sends NULL for it; the trigger fills it before the NOT NULL check.
 */
export const recordNumber = () =>
  integer('number')
    .notNull()
    .$defaultFn(() => sql`null`);
