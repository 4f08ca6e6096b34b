import { TIME_ZONE } from '@omnicare/shared/platform/constants';
import { minutesOfDay, timeOfDay, type BusinessSchedule } from '@omnicare/shared/sla/business-time';
import type { createPeriodsBody } from '@omnicare/shared/working-time/working-time.schemas';
import {
  WORKING_TIME_MESSAGES,
  scheduleBody,
  scheduleView,
  type Schedule,
} from '@omnicare/shared/working-time/working-time.schemas';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Database } from '../../platform/db.js';
import { catalogue, uniqueName } from '../../platform/catalogue.js';
import { workingSchedules } from '../../db/schema/ticket-settings.js';
import { notFound } from '../../platform/errors.js';
import {
  SETTINGS_ACCESS,
  ticketSettingsChanged,
  usageError,
} from '../ticket-config/ticket-config.service.js';
import * as repo from './working-time.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listSchedules>>[number];

const toPeriod = (row: repo.PeriodRow) => ({
  weekday: row.weekday,
  start: timeOfDay(row.startMinute),
  end: timeOfDay(row.endMinute),
});
const toRows = (periods: { weekday: number; start: string; end: string }[]) =>
  periods.map((period) => ({
    weekday: period.weekday,
    startMinute: minutesOfDay(period.start),
    endMinute: minutesOfDay(period.end),
  }));

const toSchedule =
  (counts: Map<string, number>) =>
  ({ schedule, periods, holidays }: Listed): Schedule => ({
    _id: schedule.id,
    name: schedule.name,
    time_zone: TIME_ZONE,
    is_default: schedule.isDefault,
    periods: periods.map(toPeriod),
    holidays: holidays.map((holiday) => ({ date: holiday.date, name: holiday.name })),
    weekly_minutes: periods.reduce((sum, row) => sum + row.endMinute - row.startMinute, 0),
    sla_policy_count:
      (counts.get(schedule.id) ?? 0) + (schedule.isDefault ? (counts.get('') ?? 0) : 0),
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  });

export async function listSchedules(platform: Platform, tenantId: string) {
  const counts = await repo.policyCounts(platform.db, tenantId);
  return (await repo.listSchedules(platform.db, tenantId)).map(toSchedule(counts));
}

export async function getSchedule(platform: Platform, tenantId: string, id: string) {
  const [row] = await repo.listSchedules(platform.db, tenantId, id);
  if (!row) throw notFound(WORKING_TIME_MESSAGES.notFound);
  return toSchedule(await repo.policyCounts(platform.db, tenantId))(row);
}

/** The weekly openings of one schedule (`GET /v2/time/schedule-periods`), or of the default. */
export async function listPeriods(platform: Platform, tenantId: string, scheduleId?: string) {
  const id = scheduleId ?? (await repo.findDefault(platform.db, tenantId));
  if (!id) return [];
  const schedule = await getSchedule(platform, tenantId, id);
  return schedule.periods.map((period) => ({ schedule_id: schedule._id, ...period }));
}

/** The tenant's schedules, as a catalogue (platform/catalogue.ts); their openings are nested. */
export const schedules = catalogue({
  tag: 'working-time',
  entity: 'working_schedule',
  messages: WORKING_TIME_MESSAGES,
  access: SETTINGS_ACCESS,
  // The spec names two creating calls; both take the same body.
  paths: {
    list: '/v2/time/schedules',
    create: ['/v2/time/schedules', '/v2/time/create-schedule'],
    one: '/v2/time/schedules/:id',
  },
  summaries: {
    list: 'Lịch làm việc',
    record: 'lịch làm việc',
  },
  schemas: { view: scheduleView, body: scheduleBody },
  list: (ctx) => listSchedules(ctx.platform, ctx.tenantId),
  find: async (ctx, id) => {
    const [row] = await repo.listSchedules(ctx.db, ctx.tenantId, id);
    return row && toSchedule(await repo.policyCounts(ctx.db, ctx.tenantId))(row);
  },
  nameTaken: uniqueName(workingSchedules),
  write: async (ctx, id, body) => {
    // The tenant's first schedule is its default.
    const isDefault = body.is_default || (await repo.findDefault(ctx.db, ctx.tenantId)) === null;
    return ctx.db.transaction(async (tx) => {
      if (isDefault) await repo.clearDefault(tx, ctx.tenantId);
      let scheduleId = id;
      if (scheduleId)
        await repo.updateSchedule(tx, ctx.tenantId, scheduleId, {
          name: body.name,
          // A default stays one until another takes its place.
          ...(isDefault ? { isDefault: true } : {}),
        });
      else
        scheduleId = (
          await repo.insertSchedule(tx, { tenantId: ctx.tenantId, name: body.name, isDefault })
        ).id;
      await repo.replacePeriods(tx, scheduleId, toRows(body.periods));
      await repo.replaceHolidays(tx, scheduleId, body.holidays);
      return scheduleId;
    });
  },
  remove: (ctx, id) => repo.deleteSchedule(ctx.db, ctx.tenantId, id),
  inUse: async (ctx, id, before) =>
    usageError(WORKING_TIME_MESSAGES.subject, {
      sla_policies: await repo.policiesUsing(ctx.db, ctx.tenantId, id, before.is_default),
    }),
  changed: ticketSettingsChanged,
});

/** `POST /v2/time/create-period`: one schedule's week of openings, replaced as a whole. */
export async function savePeriods(
  platform: Platform,
  auth: AuthContext,
  body: z.output<typeof createPeriodsBody>,
) {
  const before = await getSchedule(platform, auth.tenantId, body.schedule_id);
  await platform.db.transaction(async (tx) => {
    await repo.replacePeriods(tx, body.schedule_id, toRows(body.periods));
    await repo.updateSchedule(tx, auth.tenantId, body.schedule_id, {});
  });
  const after = await getSchedule(platform, auth.tenantId, body.schedule_id);
  await schedules.recordChange(platform, auth, 'update', body.schedule_id, before, after);
  return after;
}

/**
 * The business hours a clock counts in: the schedule named, else the tenant's default; null
 * (calendar time) when the tenant has none.
 */
export async function loadBusinessSchedule(
  db: Database,
  tenantId: string,
  scheduleId: string | null,
): Promise<BusinessSchedule | null> {
  const id = scheduleId ?? (await repo.findDefault(db, tenantId));
  if (!id) return null;
  const [row] = await repo.listSchedules(db, tenantId, id);
  if (!row || row.periods.length === 0) return null;
  return {
    periods: row.periods.map(toPeriod),
    holidays: row.holidays.map((holiday) => ({ date: holiday.date })),
    timeZone: row.schedule.timeZone,
  };
}
