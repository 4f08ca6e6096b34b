import { rm } from 'node:fs/promises';
import { formatMetric, metricLabel } from '@omnicare/shared/reports/metric-format';
import { metricOf } from '@omnicare/shared/reports/metrics';
import {
  REPORT_DELIVERY_MESSAGES,
  REPORT_FREQUENCY,
  WEEKDAY,
  nextScheduledRun,
  reportScheduleBody,
  reportScheduleView,
  scheduledRange,
  type ReportFrequency,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@omnicare/shared/reports/report-delivery.schemas';
import {
  REPORT_TITLE,
  reportQuery,
  type ReportName,
  type ReportQuery,
} from '@omnicare/shared/reports/reports.schemas';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import type { Platform } from '../../platform/context.js';
import { contextForUser, type AuthContext } from '../../platform/auth.js';
import { catalogue, type CatalogueContext } from '../../platform/catalogue.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { findTenant } from '../tenants/tenants.service.js';
import { computeMetrics } from './metrics.service.js';
import { definitionOf, mayReadReport } from './reports.service.js';
import { reportFileName, writeReportFile } from './report-export.service.js';
import * as repo from './report-delivery.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listSchedules>>[number];

async function timeZoneOf(platform: Platform, tenantId: string) {
  const tenant = await findTenant(platform.db, tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  return tenant.timeZone;
}

async function toViews(ctx: CatalogueContext, rows: Listed[]): Promise<ReportSchedule[]> {
  const people = await repo.recipientsOf(
    ctx.db,
    ctx.tenantId,
    rows.flatMap((row) => row.schedule.recipientIds),
  );
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map(({ schedule, authorName }) => ({
    _id: schedule.id,
    name: schedule.name,
    report: schedule.report as ReportName,
    filters: schedule.filters as ReportSchedule['filters'],
    metrics: schedule.metrics,
    dimension: schedule.dimension,
    frequency: schedule.frequency as ReportFrequency,
    weekday: schedule.weekday,
    hour: schedule.hour,
    format: schedule.format as ReportSchedule['format'],
    recipients: schedule.recipientIds.flatMap((id) => {
      const person = byId.get(id);
      return person ? [{ _id: person.id, name: person.name, email: person.email }] : [];
    }),
    enabled: schedule.enabled,
    next_run_at: schedule.nextRunAt?.toISOString() ?? null,
    last_sent_at: schedule.lastSentAt?.toISOString() ?? null,
    last_error: schedule.lastError,
    created_by: { _id: schedule.createdBy, name: authorName },
  }));
}

/** Recipients are active staff of the tenant with an email, each allowed to read the report. */
async function checkRecipients(ctx: CatalogueContext, body: ReportScheduleBody) {
  const people = await repo.recipientsOf(ctx.db, ctx.tenantId, body.recipient_ids);
  if (people.length !== body.recipient_ids.length)
    throw fieldError('recipient_ids', REPORT_DELIVERY_MESSAGES.invalidRecipients);
  if (people.some((person) => !mayReadReport(person.role as AuthContext['role'], body.report)))
    throw fieldError('recipient_ids', REPORT_DELIVERY_MESSAGES.recipientCannotView);
}

/** Reports mailed on a schedule (administrators and supervisors: `report.schedule`). */
export const reportSchedules = catalogue({
  tag: 'reports',
  entity: 'report_schedule',
  messages: {
    created: 'Tạo lịch gửi báo cáo thành công',
    updated: 'Cập nhật lịch gửi báo cáo thành công',
    deleted: 'Xóa lịch gửi báo cáo thành công',
    notFound: REPORT_DELIVERY_MESSAGES.scheduleNotFound,
    nameTaken: 'Tên lịch gửi đã tồn tại',
    subject: 'Lịch gửi báo cáo',
  },
  access: { read: 'report.schedule', manage: 'report.schedule' },
  paths: {
    list: '/v2/report-schedules',
    create: '/v2/report-schedules',
    one: '/v2/report-schedules/:id',
  },
  summaries: {
    list: 'Lịch gửi báo cáo qua email',
    get: 'Một lịch gửi báo cáo',
    record: 'lịch gửi báo cáo',
  },
  schemas: { view: reportScheduleView, body: reportScheduleBody },
  listAnswer: 'array',
  list: async (ctx) => toViews(ctx, await repo.listSchedules(ctx.db, ctx.tenantId)),
  find: async (ctx, id) => {
    const rows = await repo.listSchedules(ctx.db, ctx.tenantId, id);
    return rows.length > 0 ? (await toViews(ctx, rows))[0] : undefined;
  },
  nameTaken: (ctx, body, id) => repo.scheduleNameTaken(ctx.db, ctx.tenantId, body.name, id),
  write: async (ctx, id, body) => {
    await checkRecipients(ctx, body);
    const timeZone = await timeZoneOf(ctx.platform, ctx.tenantId);
    const weekday = body.frequency === 'weekly' ? body.weekday : null;
    const values = {
      name: body.name,
      report: body.report,
      filters: body.filters,
      metrics: body.report === 'custom' ? (body.metrics ?? null) : null,
      dimension: body.report === 'custom' ? (body.dimension ?? 'day') : null,
      frequency: body.frequency,
      weekday,
      hour: body.hour,
      format: body.format,
      recipientIds: body.recipient_ids,
      enabled: body.enabled,
      nextRunAt: body.enabled
        ? nextScheduledRun(
            { frequency: body.frequency, weekday, hour: body.hour },
            new Date(),
            timeZone,
          )
        : null,
    };
    if (!id)
      return repo.insertSchedule(ctx.db, {
        tenantId: ctx.tenantId,
        createdBy: ctx.auth.userId,
        ...values,
      });
    await repo.updateSchedule(ctx.db, ctx.tenantId, id, values);
    return id;
  },
  remove: (ctx, id) => repo.deleteSchedule(ctx.db, ctx.tenantId, id),
});

/** The report's query for a sending: its range ending yesterday, its stored filters. */
function queryOf(schedule: repo.ScheduleRow, sentAt: Date, timeZone: string): ReportQuery {
  const range = scheduledRange(schedule.frequency as ReportFrequency, sentAt, timeZone);
  const filters = schedule.filters as Record<string, unknown>;
  const raw: Record<string, string> = { ...range };
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== false) raw[key] = String(value);
  if (schedule.metrics) raw.metrics = schedule.metrics.join(',');
  if (schedule.dimension) raw.dimension = schedule.dimension;
  return reportQuery.parse(raw);
}

/** The mail's text: the report's figures over its range, as the screen formats them. */
async function mailText(
  platform: Platform,
  auth: AuthContext,
  schedule: repo.ScheduleRow,
  report: ReportName,
  query: ReportQuery,
) {
  const keys = definitionOf(report, query).metrics.filter((key) => !metricOf(key)?.liveOnly);
  const figures = await computeMetrics(platform, auth, query, keys);
  const range =
    query.from === query.to
      ? formatCalendarDay(query.from)
      : `${formatCalendarDay(query.from)} – ${formatCalendarDay(query.to)}`;
  const when =
    schedule.frequency === 'weekly'
      ? `${REPORT_FREQUENCY.label('weekly').toLowerCase()} (${WEEKDAY.label(schedule.weekday ?? 1)}, ${schedule.hour}:00)`
      : `${REPORT_FREQUENCY.label('daily').toLowerCase()} (${schedule.hour}:00)`;
  return [
    `${REPORT_TITLE[report]}: ${range}`,
    query.business_hours ? 'Thời lượng tính theo giờ làm việc.' : '',
    '',
    ...keys.map((key) => `${metricLabel(key)}: ${formatMetric(key, figures[key])}`),
    '',
    `Tệp đính kèm có số liệu theo từng ngày. Lịch gửi “${schedule.name}”, gửi ${when}.`,
  ]
    .filter((line, index) => line !== '' || index > 1)
    .join('\n');
}

/**
 * Mails one schedule's report for the range ending the day before `sentAt`: each recipient gets
 * it computed in their own data scope, with its file attached. Answers how many were mailed.
 */
export async function sendSchedule(platform: Platform, schedule: repo.ScheduleRow, sentAt: Date) {
  const timeZone = await timeZoneOf(platform, schedule.tenantId);
  const report = schedule.report as ReportName;
  const query = queryOf(schedule, sentAt, timeZone);
  const people = await repo.recipientsOf(platform.db, schedule.tenantId, schedule.recipientIds);
  let sent = 0;
  const failures: string[] = [];
  for (const person of people) {
    const auth = await contextForUser(platform.database.pool, person.id);
    if (!auth || !mayReadReport(auth.role, report)) continue;
    const format = schedule.format as 'xlsx' | 'csv';
    const path = await platform.files.privatePath(
      `report-mail/${schedule.tenantId}`,
      `${schedule.id}-${person.id}.${format}`,
    );
    try {
      await writeReportFile(platform, auth, { path, format }, report, query, { grain: 'buckets' });
      await platform.mailer.send({
        to: person.email,
        subject: `[OmniCare] ${REPORT_TITLE[report]} – ${schedule.name}`,
        text: await mailText(platform, auth, schedule, report, query),
        attachments: [{ filename: reportFileName(report, query, format), path }],
      });
      sent += 1;
    } catch (error) {
      platform.log.error({ err: error, scheduleId: schedule.id }, 'scheduled report not sent');
      failures.push(person.email);
    } finally {
      await rm(path, { force: true });
    }
  }
  await repo.recordSending(platform.db, schedule.id, {
    sentAt: sent > 0 ? sentAt : null,
    error: failures.length > 0 ? `Không gửi được tới: ${failures.join(', ')}` : null,
  });
  return { sent, failed: failures.length };
}

/** POST /v2/report-schedules/{id}/send: mails it now (its range ends yesterday). */
export async function sendScheduleNow(platform: Platform, auth: AuthContext, id: string) {
  const [row] = await repo.listSchedules(platform.db, auth.tenantId, id);
  if (!row) throw notFound(REPORT_DELIVERY_MESSAGES.scheduleNotFound);
  return sendSchedule(platform, row.schedule, new Date());
}

/** The job kind of the minute sweep that mails the schedules due. */
export const SCHEDULED_REPORTS_JOB = 'reports.scheduled';

/** Mails every schedule due now; each due one is claimed before it is sent (once across instances). */
export async function sendDueSchedules(platform: Platform, now = new Date()) {
  const zones = new Map<string, string>();
  const zoneOf = async (tenantId: string) => {
    const known = zones.get(tenantId);
    if (known) return known;
    const zone = await timeZoneOf(platform, tenantId);
    zones.set(tenantId, zone);
    return zone;
  };
  const due = await repo.claimDueSchedules(platform.db, now, async (row) =>
    nextScheduledRun(
      { frequency: row.frequency as ReportFrequency, weekday: row.weekday, hour: row.hour },
      now,
      await zoneOf(row.tenantId),
    ),
  );
  for (const schedule of due) await sendSchedule(platform, schedule, schedule.nextRunAt ?? now);
  return due.length;
}
