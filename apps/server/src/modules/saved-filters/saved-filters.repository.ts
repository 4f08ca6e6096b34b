import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { savedFilters } from '../../db/schema/customers.js';

export type SavedFilterRow = typeof savedFilters.$inferSelect;

export const listSavedFilters = (db: Database, userId: string, entity: string) =>
  db
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.userId, userId), eq(savedFilters.entity, entity)))
    .orderBy(desc(savedFilters.createdAt));

export async function insertSavedFilter(db: Database, values: typeof savedFilters.$inferInsert) {
  const [row] = await db.insert(savedFilters).values(values).returning();
  if (!row) throw new Error('filter not saved');
  return row;
}

/** Deletes one of the user's own filters; returns whether it existed. */
export async function deleteSavedFilter(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, userId)))
    .returning({ id: savedFilters.id });
  return rows.length > 0;
}
