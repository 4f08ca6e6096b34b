import { and, asc, count, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { unaccentContains, vietnameseOrder } from '../../platform/sql.js';
import { groupCustomers } from '../../db/schema/customers.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { organizations } from '../../db/schema/organizations.js';
import { users } from '../../db/schema/users.js';

const membersOfGroup = sql<{ _id: string; name: string; role: string }[]>`coalesce((
  select json_agg(json_build_object('_id', u.id, 'name', u.name, 'role', u.role) order by u.name)
  from ${groupMembers} gm join ${users} u on u.id = gm.user_id
  where gm.group_id = ${groups.id}), '[]'::json)`;

const leaderName = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${groups.leaderId})`;

/** How many customers a customer group holds (0 for departments). */
const customersInGroup = sql<number>`(select count(*)::int from ${groupCustomers} gc
  where gc.group_id = ${groups.id})`;

const groupWithRelations = {
  group: groups,
  organizationName: organizations.name,
  leaderName,
  members: membersOfGroup,
  customerCount: customersInGroup,
};

export async function listGroups(
  db: Database,
  tenantId: string,
  filter: { target: string; name?: string; ids?: readonly string[]; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(groups.tenantId, tenantId), eq(groups.target, filter.target)];
  if (filter.name) {
    conditions.push(unaccentContains(groups.name, filter.name));
  }
  if (filter.ids) conditions.push(inArray(groups.id, [...filter.ids]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(groupWithRelations)
      .from(groups)
      .leftJoin(organizations, eq(organizations.id, groups.organizationId))
      .where(where)
      .orderBy(vietnameseOrder(groups.name), asc(groups.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(groups).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getGroup(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select(groupWithRelations)
    .from(groups)
    .leftJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
  return row;
}
export type GroupWithRelations = NonNullable<Awaited<ReturnType<typeof getGroup>>>;

export async function nameTaken(
  db: Database,
  tenantId: string,
  target: string,
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(groups.tenantId, tenantId),
    eq(groups.target, target),
    sql`lower(${groups.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(groups.id, exceptId));
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

export async function staffIdsInTenant(db: Database, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((row) => row.id);
}

export async function insertGroup(tx: Transaction, values: typeof groups.$inferInsert) {
  const [row] = await tx.insert(groups).values(values).returning();
  if (!row) throw new Error('group not created');
  return row;
}

export async function updateGroup(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof groups.$inferInsert>,
) {
  await tx
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
}

/** Sets a department's members; those who stay keep their row (and their assignment cursor). */
export async function setMembers(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  userIds: string[],
) {
  await tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        userIds.length > 0 ? notInArray(groupMembers.userId, userIds) : undefined,
      ),
    );
  if (userIds.length > 0)
    await tx
      .insert(groupMembers)
      .values(userIds.map((userId) => ({ tenantId, groupId, userId })))
      .onConflictDoNothing();
}

export async function deleteGroup(db: Database, tenantId: string, id: string) {
  await db.delete(groups).where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
}
