import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { containsPattern, unaccentContains, vietnameseOrder } from '../../platform/sql.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { organizations } from '../../db/schema/organizations.js';
import { tenants } from '../../db/schema/tenants.js';
import { presenceLog, users } from '../../db/schema/users.js';

export type UserRow = typeof users.$inferSelect;
type Db = Database | Transaction;

export async function findAccount(db: Database, tenantId: string, userId: string) {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

export async function updatePresence(
  db: Database,
  tenantId: string,
  userId: string,
  presence: string,
) {
  // One statement: the change and its line in the presence log commit together (a report's
  // time in each state reads the log); a presence set again unchanged adds no line.
  await db.execute(sql`
    with before as (
      select ${users.presence} as presence from ${users}
      where ${users.tenantId} = ${tenantId} and ${users.id} = ${userId}
      for update
    ), changed as (
      update ${users} set presence = ${presence}, presence_changed_at = now()
      where ${users.tenantId} = ${tenantId} and ${users.id} = ${userId}
      returning ${users.id} as id
    )
    insert into ${presenceLog} (tenant_id, user_id, presence, previous, at)
    select ${tenantId}, changed.id, ${presence}, (select presence from before), now()
    from changed
    where (select presence from before) is distinct from ${presence}`);
}

/** Name (accent- and case-insensitive), email, phone or agent id containing the keyword. */
function keywordCondition(keyword: string): SQL {
  const pattern = containsPattern(keyword);
  return sql`(${unaccentContains(users.name, keyword)}
    or lower(${users.email}) like lower(${pattern})
    or coalesce(${users.phone}, '') like ${pattern}
    or ${users.agentId} like ${pattern})`;
}

export interface UserFilter {
  keyword?: string;
  roles?: readonly string[];
  ids?: readonly string[];
  groupId?: string;
  organizationId?: string;
  active?: boolean;
  offset: number;
  limit: number;
}

const groupsOfUser = sql<{ _id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('_id', g.id, 'name', g.name) order by g.name)
  from ${groupMembers} gm join ${groups} g on g.id = gm.group_id
  where gm.user_id = ${users.id} and g.target = 'user'), '[]'::json)`;

const userWithRelations = {
  user: users,
  organizationName: organizations.name,
  groups: groupsOfUser,
};

export async function listUsers(db: Database, tenantId: string, filter: UserFilter) {
  const conditions: SQL[] = [eq(users.tenantId, tenantId)];
  if (filter.keyword) conditions.push(keywordCondition(filter.keyword));
  if (filter.roles) conditions.push(inArray(users.role, [...filter.roles]));
  if (filter.ids) conditions.push(inArray(users.id, [...filter.ids]));
  if (filter.organizationId) conditions.push(eq(users.organizationId, filter.organizationId));
  if (filter.active !== undefined) conditions.push(eq(users.active, filter.active));
  if (filter.groupId) {
    conditions.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${users.id} and ${groupMembers.groupId} = ${filter.groupId})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(userWithRelations)
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(desc(users.active), vietnameseOrder(users.name), asc(users.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getUser(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select(userWithRelations)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}
export type UserWithRelations = NonNullable<Awaited<ReturnType<typeof getUser>>>;

/** Exact match on email, agent id or phone, for "is this person already here?" look-ups. */
export async function findUserExact(db: Database, tenantId: string, value: string) {
  const [row] = await db
    .select(userWithRelations)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(
          sql`lower(${users.email}) = lower(${value})`,
          eq(users.agentId, value),
          eq(users.phone, value),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** Whether a user other than `exceptId` meets every condition (a value already taken). */
async function takenByAnother(db: Database, conditions: SQL[], exceptId?: string) {
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

export const emailTaken = (db: Database, email: string, exceptId?: string) =>
  takenByAnother(db, [sql`lower(${users.email}) = lower(${email})`], exceptId);

export const agentIdTaken = (db: Database, tenantId: string, agentId: string, exceptId?: string) =>
  takenByAnother(db, [eq(users.tenantId, tenantId), eq(users.agentId, agentId)], exceptId);

/** SIP usernames are unique across tenants: the gateway finds the account by it alone. */
export const sipUsernameTaken = (db: Database, sipUsername: string, exceptId?: string) =>
  takenByAnother(db, [eq(users.sipUsername, sipUsername)], exceptId);

export async function organizationExists(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)))
    .limit(1);
  return !!row;
}

export async function existingDepartmentIds(db: Database, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), inArray(groups.id, ids)));
  return rows.map((row) => row.id);
}

export async function insertUser(tx: Transaction, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function updateUser(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

/** Replaces the user's department memberships. */
export async function setUserDepartments(
  tx: Transaction,
  tenantId: string,
  userId: string,
  groupIds: string[],
) {
  await tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.userId, userId),
        sql`${groupMembers.groupId} in (select ${groups.id} from ${groups} where ${groups.target} = 'user')`,
      ),
    );
  if (groupIds.length > 0) {
    await tx
      .insert(groupMembers)
      .values(groupIds.map((groupId) => ({ tenantId, groupId, userId })));
  }
}

export async function setActive(tx: Transaction, tenantId: string, ids: string[], active: boolean) {
  if (ids.length === 0) return;
  await tx
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
}

export async function usersByIds(db: Db, tenantId: string, ids: string[]) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
}

/** Active administrators of the tenant, locked for the rest of the transaction. */
export async function lockActiveAdministrators(tx: Transaction, tenantId: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.tenantId, tenantId), eq(users.role, 'administrator'), eq(users.active, true)),
    )
    .for('update');
  return rows.map((row) => row.id);
}

export async function listTenants(db: Database) {
  return db
    .select({
      tenant: tenants,
      // Aliased: unqualified names inside the subquery would bind to its own table.
      userCount: sql<number>`(select count(*)::int from ${users} member where member.tenant_id = ${tenants}.id)`,
    })
    .from(tenants)
    .orderBy(vietnameseOrder(tenants.name));
}

/**
 * The next free agent id of a tenant: one more than the largest numeric one (1001 for the
 * first). Two concurrent creations may pick the same number; the unique index refuses the second.
 */
export async function nextAgentId(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      last: sql<
        string | null
      >`max(case when ${users.agentId} ~ '^[0-9]{1,15}$' then ${users.agentId}::bigint end)::text`,
    })
    .from(users)
    .where(eq(users.tenantId, tenantId));
  return String(row?.last ? BigInt(row.last) + 1n : 1001n);
}

export async function updateProfile(
  db: Database,
  tenantId: string,
  userId: string,
  values: Partial<
    Pick<typeof users.$inferInsert, 'name' | 'defaultPresence' | 'avatarUrl' | 'emailSignature'>
  >,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
