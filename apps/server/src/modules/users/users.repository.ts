import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { tenants, users } from '../../db/schema/index.js';

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
  await db
    .update(users)
    .set({ presence, presenceChangedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Staff of a tenant matching a keyword (name, email or agent id, accent-insensitive) and roles. */
export async function searchStaff(
  db: Database,
  tenantId: string,
  filter: { keyword?: string; roles: readonly string[]; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(users.tenantId, tenantId), inArray(users.role, [...filter.roles])];
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(unaccent(lower(${users.name})) like unaccent(lower(${pattern})) or lower(${users.email}) like lower(${pattern}) or ${users.agentId} like ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        agentId: users.agentId,
        active: users.active,
        presence: users.presence,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.name))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
