import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { tenantRecord } from '../../platform/record-numbers.js';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import { customers } from '../../db/schema/customers.js';
import { groups } from '../../db/schema/groups.js';
import { organizations } from '../../db/schema/organizations.js';
import { users } from '../../db/schema/users.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function listOrganizations(db: Database, tenantId: string) {
  return db
    .select({
      organization: organizations,
      // Aliased: unqualified names inside the subquery would bind to its own table.
      userCount: sql<number>`(select count(*)::int from ${users} member where member.organization_id = ${organizations}.id)`,
      departmentCount: sql<number>`(select count(*)::int from ${groups} department where department.organization_id = ${organizations}.id)`,
      customerCount: sql<number>`(select count(*)::int from ${customers} customer where customer.tenant_id = ${tenantId} and customer.organization_id = ${organizations}.id)`,
    })
    .from(organizations)
    .where(eq(organizations.tenantId, tenantId))
    .orderBy(vietnameseOrder(organizations.name));
}

export async function findOrganization(db: Database, tenantId: string, ref: string | RecordRef) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(tenantRecord(organizations, tenantId, typeof ref === 'string' ? { id: ref } : ref))
    .limit(1);
  return row;
}

export async function siblingNameTaken(
  db: Database,
  tenantId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
) {
  const rows = await db.execute<{ id: string }>(sql`
    select id from ${organizations}
    where tenant_id = ${tenantId}
      and parent_id is not distinct from ${parentId}
      and lower(name) = lower(${name})
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    limit 1`);
  return rows.rows.length > 0;
}

/** Ids of the organization and everything below it. */
export async function subtreeIds(db: Database, tenantId: string, id: string) {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive tree as (
      select id from ${organizations} where tenant_id = ${tenantId} and id = ${id}
      union all
      select o.id from ${organizations} o join tree on o.parent_id = tree.id where o.tenant_id = ${tenantId}
    ) select id from tree`);
  return rows.rows.map((row) => row.id);
}

export async function insertOrganization(db: Database, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not created');
  return row;
}

export async function updateOrganization(
  db: Database,
  tenantId: string,
  id: string,
  values: { name: string; parentId: string | null },
) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)))
    .returning();
  return row;
}

/** What still belongs to an organization and so blocks its deletion. */
export async function dependants(db: Database, tenantId: string, id: string) {
  const result = await db.execute<{
    customers: number;
    children: number;
    users: number;
    departments: number;
  }>(sql`
    select
      (select count(*)::int from ${customers} where tenant_id = ${tenantId} and organization_id = ${id}) as customers,
      (select count(*)::int from ${organizations} where tenant_id = ${tenantId} and parent_id = ${id}) as children,
      (select count(*)::int from ${users} where tenant_id = ${tenantId} and organization_id = ${id}) as users,
      (select count(*)::int from ${groups} where tenant_id = ${tenantId} and organization_id = ${id}) as departments`);
  return result.rows[0] ?? { customers: 0, children: 0, users: 0, departments: 0 };
}

export async function deleteOrganization(db: Database, tenantId: string, id: string) {
  await db
    .delete(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
}
