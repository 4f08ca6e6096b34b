import { and, asc, eq, max } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { customFields } from '../../db/schema/customers.js';

export type FieldRow = typeof customFields.$inferSelect;

export function listFields(db: Database, tenantId: string, entity?: string) {
  const conditions = [eq(customFields.tenantId, tenantId)];
  if (entity) conditions.push(eq(customFields.entity, entity));
  return db
    .select()
    .from(customFields)
    .where(and(...conditions))
    .orderBy(asc(customFields.position), asc(customFields.label));
}

export async function findField(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .limit(1);
  return row;
}

export async function keyTaken(db: Database, tenantId: string, entity: string, key: string) {
  const [row] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.tenantId, tenantId),
        eq(customFields.entity, entity),
        eq(customFields.key, key),
      ),
    )
    .limit(1);
  return !!row;
}

/** The place after the entity's last field. */
export async function nextPosition(db: Database, tenantId: string, entity: string) {
  const [row] = await db
    .select({ last: max(customFields.position) })
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.entity, entity)));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Numbers the fields 0, 1, 2… in the order of `ids`. */
export async function setPositions(tx: Transaction, tenantId: string, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await tx
      .update(customFields)
      .set({ position, updatedAt: new Date() })
      .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)));
  }
}

export async function insertField(db: Database, values: typeof customFields.$inferInsert) {
  const [row] = await db.insert(customFields).values(values).returning();
  if (!row) throw new Error('field not created');
  return row;
}

export async function updateField(
  db: Database | Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof customFields.$inferInsert>,
) {
  const [row] = await db
    .update(customFields)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning();
  return row;
}

export async function deleteField(db: Database | Transaction, tenantId: string, id: string) {
  await db
    .delete(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)));
}
