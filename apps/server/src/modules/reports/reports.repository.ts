import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { customers } from '../../db/schema/customers.js';
import { jobs } from '../../db/schema/jobs.js';
import { users } from '../../db/schema/users.js';

export interface Day {
  start: Date;
  end: Date;
}

/** Customers created in the day, in the scope given (a condition on customers). */
export async function customersCreated(
  db: Database,
  tenantId: string,
  day: Day,
  scope: SQL | undefined,
) {
  const [row] = await db
    .select({ total: count() })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        gte(customers.createdAt, day.start),
        lt(customers.createdAt, day.end),
        scope,
      ),
    );
  return row?.total ?? 0;
}

/** Customer imports started in the day by the staff the scope covers (a condition on jobs). */
export async function importsStarted(
  db: Database,
  tenantId: string,
  kind: string,
  day: Day,
  scope: SQL | undefined,
) {
  const [row] = await db
    .select({ total: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenantId, tenantId),
        eq(jobs.kind, kind),
        gte(jobs.createdAt, day.start),
        lt(jobs.createdAt, day.end),
        scope,
      ),
    );
  return row?.total ?? 0;
}

/** Active staff accounts per presence, in the scope given (a condition on users). */
export function staffByPresence(db: Database, tenantId: string, scope: SQL | undefined) {
  return db
    .select({ presence: users.presence, count: count() })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.active, true),
        eq(users.invitePending, false),
        scope,
      ),
    )
    .groupBy(users.presence)
    .orderBy(users.presence);
}
