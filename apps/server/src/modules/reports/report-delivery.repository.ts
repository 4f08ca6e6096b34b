import { and, asc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { adSpend, reportSchedules } from '../../db/schema/reports.js';
import { users } from '../../db/schema/users.js';

export type ScheduleRow = typeof reportSchedules.$inferSelect;

/** The tenant's report schedules with their author's name, by name. */
export function listSchedules(db: Database, tenantId: string, id?: string) {
  const conditions: SQL[] = [eq(reportSchedules.tenantId, tenantId)];
  if (id) conditions.push(eq(reportSchedules.id, id));
  return db
    .select({ schedule: reportSchedules, authorName: users.name })
    .from(reportSchedules)
    .innerJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(and(...conditions))
    .orderBy(vietnameseOrder(reportSchedules.name), asc(reportSchedules.id));
}

export async function scheduleNameTaken(
  db: Database,
  tenantId: string,
  name: string,
  exceptId: string | null,
) {
  const conditions: SQL[] = [
    eq(reportSchedules.tenantId, tenantId),
    sql`lower(${reportSchedules.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(reportSchedules.id, exceptId));
  const [row] = await db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertSchedule(db: Database, values: typeof reportSchedules.$inferInsert) {
  const [row] = await db
    .insert(reportSchedules)
    .values(values)
    .returning({ id: reportSchedules.id });
  if (!row) throw new Error('report schedule not created');
  return row.id;
}

export async function updateSchedule(
  db: Database,
  tenantId: string,
  id: string,
  values: Partial<typeof reportSchedules.$inferInsert>,
) {
  await db
    .update(reportSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)));
}

export async function deleteSchedule(db: Database, tenantId: string, id: string) {
  await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)));
}

/**
 * Claims the schedules due at `now`: in the transaction that locks them (skipping rows another
 * instance holds), each one's `next_run_at` moves to what `nextRun` says, so a sending is
 * claimed once. Answers the claimed rows as they were.
 */
export async function claimDueSchedules(
  db: Database,
  now: Date,
  nextRun: (row: ScheduleRow) => Promise<Date>,
  limit = 20,
): Promise<ScheduleRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.enabled, true), lte(reportSchedules.nextRunAt, now)))
      .orderBy(asc(reportSchedules.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due)
      await tx
        .update(reportSchedules)
        .set({ nextRunAt: await nextRun(row) })
        .where(eq(reportSchedules.id, row.id));
    return due;
  });
}

/** What the last sending of a schedule did. */
export async function recordSending(
  db: Database,
  id: string,
  outcome: { sentAt: Date | null; error: string | null },
) {
  await db
    .update(reportSchedules)
    .set({
      lastError: outcome.error,
      ...(outcome.sentAt ? { lastSentAt: outcome.sentAt } : {}),
    })
    .where(eq(reportSchedules.id, id));
}

/** Active staff of the tenant among `ids`, with what sending them a report needs. */
export function recipientsOf(db: Database, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, [...ids]),
        eq(users.active, true),
        ne(users.email, ''),
      ),
    );
}

/** Spend lines of an upload, stored together. */
export async function insertAdSpend(db: Database, lines: (typeof adSpend.$inferInsert)[]) {
  for (let start = 0; start < lines.length; start += 1_000)
    await db.insert(adSpend).values(lines.slice(start, start + 1_000));
}
