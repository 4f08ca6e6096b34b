import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { macros } from '../../db/schema/macros.js';
import { users } from '../../db/schema/users.js';
import { vietnameseOrder } from '../../platform/sql.js';

/** The macros a staff member sees: their personal ones and the tenant's shared ones. */
export function listVisible(db: Database, tenantId: string, userId: string, id?: string) {
  const conditions: SQL[] = [
    eq(macros.tenantId, tenantId),
    or(eq(macros.shared, true), eq(macros.ownerId, userId)) as SQL,
  ];
  if (id) conditions.push(eq(macros.id, id));
  return db
    .select({ macro: macros, ownerName: users.name })
    .from(macros)
    .leftJoin(users, eq(users.id, macros.ownerId))
    .where(and(...conditions))
    .orderBy(desc(macros.usageCount), vietnameseOrder(macros.name), asc(macros.id));
}

/** Whether the name is taken in the scope: the shared macros, or one owner's personal ones. */
export async function nameTaken(
  db: Database,
  tenantId: string,
  scope: { shared: boolean; ownerId: string },
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(macros.tenantId, tenantId),
    eq(macros.shared, scope.shared),
    sql`lower(${macros.name}) = lower(${name})`,
  ];
  if (!scope.shared) conditions.push(eq(macros.ownerId, scope.ownerId));
  if (exceptId) conditions.push(ne(macros.id, exceptId));
  const [row] = await db
    .select({ id: macros.id })
    .from(macros)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertMacro(db: Database, values: typeof macros.$inferInsert) {
  const [row] = await db.insert(macros).values(values).returning({ id: macros.id });
  if (!row) throw new Error('macro not created');
  return row.id;
}

export async function updateMacro(
  db: Database,
  tenantId: string,
  id: string,
  values: Partial<typeof macros.$inferInsert>,
) {
  await db
    .update(macros)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(macros.tenantId, tenantId), eq(macros.id, id)));
}

export async function deleteMacro(db: Database, tenantId: string, id: string) {
  await db.delete(macros).where(and(eq(macros.tenantId, tenantId), eq(macros.id, id)));
}

/** One more use of a macro (the list puts the most used first). */
export async function countUse(db: Database, tenantId: string, id: string) {
  await db
    .update(macros)
    .set({ usageCount: sql`${macros.usageCount} + 1` })
    .where(and(eq(macros.tenantId, tenantId), eq(macros.id, id)));
}
