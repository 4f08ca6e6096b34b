import { and, asc, eq, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { adSpend, reportSchedules, savedReports } from '../../db/schema/reports.js';
import { users } from '../../db/schema/users.js';

/** The saved custom reports a staff member sees: their own and the tenant's shared ones. */
export function listVisibleSaved(db: Database, tenantId: string, userId: string, id?: string) {
  const conditions: SQL[] = [
    eq(savedReports.tenantId, tenantId),
    or(eq(savedReports.shared, true), eq(savedReports.ownerId, userId)) as SQL,
  ];
  if (id) conditions.push(eq(savedReports.id, id));
  return db
    .select({ saved: savedReports, ownerName: users.name })
    .from(savedReports)
    .innerJoin(users, eq(users.id, savedReports.ownerId))
    .where(and(...conditions))
    .orderBy(vietnameseOrder(savedReports.name), asc(savedReports.id));
}

/** Whether the name is taken among the shared reports, or among one owner's own. */
export async function savedNameTaken(
  db: Database,
  tenantId: string,
  scope: { shared: boolean; ownerId: string },
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(savedReports.tenantId, tenantId),
    eq(savedReports.shared, scope.shared),
    sql`lower(${savedReports.name}) = lower(${name})`,
  ];
  if (!scope.shared) conditions.push(eq(savedReports.ownerId, scope.ownerId));
  if (exceptId) conditions.push(ne(savedReports.id, exceptId));
  const [row] = await db
    .select({ id: savedReports.id })
    .from(savedReports)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertSaved(db: Database, values: typeof savedReports.$inferInsert) {
  const [row] = await db.insert(savedReports).values(values).returning({ id: savedReports.id });
  if (!row) throw new Error('saved report not created');
  return row.id;
}

export async function updateSaved(
  db: Database,
  tenantId: string,
  id: string,
  values: Partial<typeof savedReports.$inferInsert>,
) {
  await db
    .update(savedReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(savedReports.tenantId, tenantId), eq(savedReports.id, id)));
}

export async function deleteSaved(db: Database, tenantId: string, id: string) {
  await db
    .delete(savedReports)
    .where(and(eq(savedReports.tenantId, tenantId), eq(savedReports.id, id)));
}

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
