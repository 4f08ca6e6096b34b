import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { macros } from '../../db/schema/macros.js';

/** One more use of a macro (the list puts the most used first). */
export async function countUse(db: Database, tenantId: string, id: string) {
  await db
    .update(macros)
    .set({ usageCount: sql`${macros.usageCount} + 1` })
    .where(and(eq(macros.tenantId, tenantId), eq(macros.id, id)));
}
