import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { ticketSmartViews } from '../../db/schema/ticket-settings.js';
import { users } from '../../db/schema/users.js';
import { vietnameseOrder } from '../../platform/sql.js';

/** The views a staff member sees: their personal ones and the tenant's shared ones. */
export function listVisible(db: Database, tenantId: string, userId: string, id?: string) {
  const conditions: SQL[] = [
    eq(ticketSmartViews.tenantId, tenantId),
    or(eq(ticketSmartViews.shared, true), eq(ticketSmartViews.ownerId, userId)) as SQL,
  ];
  if (id) conditions.push(eq(ticketSmartViews.id, id));
  return db
    .select({ view: ticketSmartViews, ownerName: users.name })
    .from(ticketSmartViews)
    .leftJoin(users, eq(users.id, ticketSmartViews.ownerId))
    .where(and(...conditions))
    .orderBy(asc(ticketSmartViews.shared), vietnameseOrder(ticketSmartViews.name));
}

/** Whether the name is taken in the scope: the shared views, or one owner's personal ones. */
export async function nameTaken(
  db: Database,
  tenantId: string,
  scope: { shared: boolean; ownerId: string },
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(ticketSmartViews.tenantId, tenantId),
    eq(ticketSmartViews.shared, scope.shared),
    sql`lower(${ticketSmartViews.name}) = lower(${name})`,
  ];
  if (!scope.shared) conditions.push(eq(ticketSmartViews.ownerId, scope.ownerId));
  if (exceptId) conditions.push(ne(ticketSmartViews.id, exceptId));
  const [row] = await db
    .select({ id: ticketSmartViews.id })
    .from(ticketSmartViews)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertView(db: Database, values: typeof ticketSmartViews.$inferInsert) {
  const [row] = await db.insert(ticketSmartViews).values(values).returning();
  if (!row) throw new Error('view not created');
  return row;
}

export async function updateView(
  db: Database,
  tenantId: string,
  id: string,
  values: Partial<typeof ticketSmartViews.$inferInsert>,
) {
  await db
    .update(ticketSmartViews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketSmartViews.tenantId, tenantId), eq(ticketSmartViews.id, id)));
}

export async function deleteView(db: Database, tenantId: string, id: string) {
  await db
    .delete(ticketSmartViews)
    .where(and(eq(ticketSmartViews.tenantId, tenantId), eq(ticketSmartViews.id, id)));
}
