import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/users.js';
import type { Database, Transaction } from './db.js';
import { vietnameseOrder } from './sql.js';

/**
 * The SQL of a simple catalogue (`tableCatalogue` in catalogue.ts): one tenant-owned table with
 * `id`, `tenant_id`, `name`, `updated_at` and optionally `position`. Catalogues with joins or
 * nested parts keep their SQL in their module's repository.
 */
export type CatalogueTable = PgTable & {
  id: PgColumn;
  tenantId: PgColumn;
  name: PgColumn;
  updatedAt: PgColumn;
  position?: PgColumn;
};

/** The columns a save sets (the tenant and the stamps are the repository's). */
export type TableValues<Table extends CatalogueTable> = Omit<
  Table['$inferInsert'],
  'id' | 'tenantId' | 'createdAt' | 'updatedAt'
>;

type Db = Database | Transaction;

const ofTenant = (table: CatalogueTable, tenantId: string) => eq(table.tenantId, tenantId);
const one = (table: CatalogueTable, tenantId: string, id: string) =>
  and(ofTenant(table, tenantId), eq(table.id, id));

/** The tenant's rows: by position (when the table has one), then by name in Vietnamese order. */
export async function listRows<Table extends CatalogueTable>(
  db: Db,
  table: Table,
  tenantId: string,
) {
  const order: SQL[] = [
    ...(table.position ? [asc(table.position)] : []),
    vietnameseOrder(table.name),
  ];
  const found = await db
    .select()
    .from(table as PgTable)
    .where(ofTenant(table, tenantId))
    .orderBy(...order);
  return found as Table['$inferSelect'][];
}

export async function findRow<Table extends CatalogueTable>(
  db: Db,
  table: Table,
  tenantId: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(one(table, tenantId, id))
    .limit(1);
  return row as Table['$inferSelect'] | undefined;
}

/** Whether another row of the tenant has this name, without regard to case. */
export async function nameTaken(
  db: Db,
  table: CatalogueTable,
  tenantId: string,
  name: string,
  exceptId: string | null,
) {
  const conditions: SQL[] = [ofTenant(table, tenantId), sql`lower(${table.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(table.id, exceptId));
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertRow<Table extends CatalogueTable>(
  db: Db,
  table: Table,
  tenantId: string,
  values: TableValues<Table>,
) {
  const [row] = await db
    .insert(table)
    .values({ ...values, tenantId } as Table['$inferInsert'])
    .returning({ id: table.id });
  if (!row) throw new Error('catalogue row not created');
  return row.id as string;
}

export async function updateRow<Table extends CatalogueTable>(
  db: Db,
  table: Table,
  tenantId: string,
  id: string,
  values: Partial<TableValues<Table>>,
) {
  await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as Partial<Table['$inferInsert']>)
    .where(one(table, tenantId, id));
}

export async function deleteRow(db: Db, table: CatalogueTable, tenantId: string, id: string) {
  await db.delete(table).where(one(table, tenantId, id));
}

/**
 * A table of records each staff member keeps for themselves or shares with the tenant (macros,
 * smart views, saved reports): `owner_id` and `shared` beside the catalogue's columns.
 */
export type PersonalOrSharedTable = CatalogueTable & { ownerId: PgColumn; shared: PgColumn };

/** The records a staff member sees: their own and the tenant's shared ones, with owners' names. */
export async function listPersonalOrShared<Table extends PersonalOrSharedTable>(
  db: Db,
  table: Table,
  tenantId: string,
  userId: string,
  { id, orderBy }: { id?: string; orderBy: SQL[] },
) {
  const conditions: SQL[] = [
    ofTenant(table, tenantId),
    or(eq(table.shared, true), eq(table.ownerId, userId)) as SQL,
  ];
  if (id) conditions.push(eq(table.id, id));
  const found = await db
    .select({ row: table as PgTable, ownerName: users.name })
    .from(table as PgTable)
    .leftJoin(users, eq(users.id, table.ownerId))
    .where(and(...conditions))
    .orderBy(...orderBy);
  return found as unknown as { row: Table['$inferSelect']; ownerName: string | null }[];
}

/** Whether the name is taken where the record would live: among the shared, or its owner's own. */
export async function personalOrSharedNameTaken(
  db: Db,
  table: PersonalOrSharedTable,
  tenantId: string,
  scope: { shared: boolean; ownerId: string },
  name: string,
  exceptId: string | null,
) {
  const conditions: SQL[] = [
    ofTenant(table, tenantId),
    eq(table.shared, scope.shared),
    sql`lower(${table.name}) = lower(${name})`,
  ];
  if (!scope.shared) conditions.push(eq(table.ownerId, scope.ownerId));
  if (exceptId) conditions.push(ne(table.id, exceptId));
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}
