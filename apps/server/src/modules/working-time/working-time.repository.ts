import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import {
  slaPolicies,
  workingHolidays,
  workingPeriods,
  workingSchedules,
} from '../../db/schema/ticket-settings.js';
import { vietnameseOrder } from '../../platform/sql.js';

type Db = Database | Transaction;

export interface PeriodRow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** Schedules (one when `id` is given) with their periods and holidays, the default first. */
export async function listSchedules(db: Db, tenantId: string, id?: string) {
  const conditions: SQL[] = [eq(workingSchedules.tenantId, tenantId)];
  if (id) conditions.push(eq(workingSchedules.id, id));
  const schedules = await db
    .select()
    .from(workingSchedules)
    .where(and(...conditions))
    .orderBy(sql`${workingSchedules.isDefault} desc`, vietnameseOrder(workingSchedules.name));
  const ids = schedules.map((schedule) => schedule.id);
  if (ids.length === 0) return [];
  const periods = await db
    .select()
    .from(workingPeriods)
    .where(inArray(workingPeriods.scheduleId, ids))
    .orderBy(asc(workingPeriods.weekday), asc(workingPeriods.startMinute));
  const holidays = await db
    .select()
    .from(workingHolidays)
    .where(inArray(workingHolidays.scheduleId, ids))
    .orderBy(asc(workingHolidays.date));
  return schedules.map((schedule) => ({
    schedule,
    periods: periods.filter((period) => period.scheduleId === schedule.id),
    holidays: holidays.filter((holiday) => holiday.scheduleId === schedule.id),
  }));
}

export async function findDefault(db: Db, tenantId: string) {
  const [row] = await db
    .select({ id: workingSchedules.id })
    .from(workingSchedules)
    .where(and(eq(workingSchedules.tenantId, tenantId), eq(workingSchedules.isDefault, true)));
  return row?.id ?? null;
}

/** SLA policies counting in the schedule: naming it, or (for the default) naming none. */
export async function policiesUsing(db: Db, tenantId: string, id: string, isDefault: boolean) {
  const uses = isDefault
    ? (or(eq(slaPolicies.scheduleId, id), isNull(slaPolicies.scheduleId)) as SQL)
    : eq(slaPolicies.scheduleId, id);
  const [row] = await db
    .select({ n: count() })
    .from(slaPolicies)
    .where(and(eq(slaPolicies.tenantId, tenantId), uses));
  return row?.n ?? 0;
}

/** Policies per schedule id, and those naming none (key ''). */
export async function policyCounts(db: Db, tenantId: string) {
  const rows = await db
    .select({ scheduleId: slaPolicies.scheduleId, n: count() })
    .from(slaPolicies)
    .where(eq(slaPolicies.tenantId, tenantId))
    .groupBy(slaPolicies.scheduleId);
  return new Map(rows.map((row) => [row.scheduleId ?? '', row.n]));
}

export async function clearDefault(tx: Transaction, tenantId: string) {
  await tx
    .update(workingSchedules)
    .set({ isDefault: false })
    .where(and(eq(workingSchedules.tenantId, tenantId), eq(workingSchedules.isDefault, true)));
}

export async function insertSchedule(
  tx: Transaction,
  values: typeof workingSchedules.$inferInsert,
) {
  const [row] = await tx.insert(workingSchedules).values(values).returning();
  if (!row) throw new Error('schedule not created');
  return row;
}

export async function updateSchedule(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof workingSchedules.$inferInsert>,
) {
  await tx
    .update(workingSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(workingSchedules.tenantId, tenantId), eq(workingSchedules.id, id)));
}

export async function replacePeriods(tx: Transaction, scheduleId: string, periods: PeriodRow[]) {
  await tx.delete(workingPeriods).where(eq(workingPeriods.scheduleId, scheduleId));
  if (periods.length)
    await tx.insert(workingPeriods).values(periods.map((period) => ({ scheduleId, ...period })));
}

export async function replaceHolidays(
  tx: Transaction,
  scheduleId: string,
  holidays: { date: string; name: string }[],
) {
  await tx.delete(workingHolidays).where(eq(workingHolidays.scheduleId, scheduleId));
  if (holidays.length)
    await tx
      .insert(workingHolidays)
      .values(holidays.map((holiday) => ({ scheduleId, ...holiday })));
}

export async function deleteSchedule(db: Db, tenantId: string, id: string) {
  await db
    .delete(workingSchedules)
    .where(and(eq(workingSchedules.tenantId, tenantId), eq(workingSchedules.id, id)));
}
