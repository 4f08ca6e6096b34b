import { z } from 'zod';
import { metricOf } from '@omnicare/shared/reports/metrics';
import {
  REPORT_DELIVERY_MESSAGES,
  REPORT_EXPORT_JOB,
  REPORT_EXPORT_MAX_ROWS,
  type ReportExportBody,
  type ReportExportFormat,
} from '@omnicare/shared/reports/report-delivery.schemas';
import {
  REPORT_DIMENSION,
  REPORT_ROW_KIND,
  REPORT_TITLE,
  reportQuery,
  type ReportDefinition,
  type ReportName,
  type ReportQuery,
} from '@omnicare/shared/reports/reports.schemas';
import { formatCalendarDay, formatDateTime } from '@omnicare/shared/platform/time';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { openTableFile, type Cell, type TableFile } from '../../platform/table-file.js';
import { runJob, startJob } from '../jobs/jobs.service.js';
import { actorOf, authOfActor } from '../jobs/job-actor.js';
import { notify } from '../notifications/notifications.service.js';
import {
  computeMetrics,
  figureSets,
  hasRows,
  metricContext,
  streamRowsIn,
} from './metrics.service.js';
import type { FactContext } from './metrics.repository.js';
import { bucketsOf, checkAccess, definitionOf, labelled, rowTitle } from './reports.service.js';

/*
 * Report exports: a background job (the customers' export path) writing XLSX or CSV with the
 * report's figures per day (or hour) or one line per interaction a figure counts, computed by
 * the same engine as the screen, so the file and the screen agree. Days and times are the
 * tenant's; durations follow the business-hours choice.
 */

/** The figures a file can hold: everything but what only exists now (the live staff counts). */
const exportable = (keys: readonly string[]) => keys.filter((key) => !metricOf(key)?.liveOnly);

/** A column header naming the unit: 'Thời gian phản hồi đầu (trung vị) (giây)'. */
function headerOf(key: string) {
  const metric = metricOf(key);
  const unit = metric?.unit === 'seconds' ? ' (giây)' : metric?.unit === 'percent' ? ' (%)' : '';
  return `${metric?.label ?? key}${unit}`;
}

/** The figure the rows grain lists: the one asked, or the report's first that has rows. */
function rowsMetricOf(definition: ReportDefinition, body: ReportExportBody): string {
  const shown = new Set([...definition.metrics, ...definition.series, ...definition.rows]);
  if (body.metric) {
    if (!hasRows(body.metric))
      throw fieldError('metric', REPORT_DELIVERY_MESSAGES.metricWithoutRows);
    if (definition.name !== 'custom' && !shown.has(body.metric))
      throw fieldError('metric', 'Chỉ số không có trong báo cáo này');
    return body.metric;
  }
  const first = definition.metrics.find(hasRows);
  if (!first) throw fieldError('metric', REPORT_DELIVERY_MESSAGES.metricWithoutRows);
  return first;
}

/** POST /v2/reports/{report}/export: checks what it can now, then queues the job. */
export async function startReportExport(
  platform: Platform,
  auth: AuthContext,
  report: ReportName,
  query: ReportQuery,
  body: ReportExportBody,
) {
  checkAccess(auth, report);
  const definition = definitionOf(report, query);
  const metric = body.grain === 'rows' ? rowsMetricOf(definition, body) : undefined;
  return startJob(platform, auth, REPORT_EXPORT_JOB, {
    report,
    query: rawQuery(query),
    format: body.format,
    grain: body.grain,
    metric,
    actor: actorOf(auth),
  });
}

/** The query as its query string gave it (re-read by the job through the same schema). */
function rawQuery(query: ReportQuery): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    raw[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return raw;
}

const exportJobInput = z.object({
  report: z.string(),
  query: z.record(z.string(), z.string()),
  format: z.enum(['xlsx', 'csv']),
  grain: z.enum(['buckets', 'rows']),
  metric: z.string().optional(),
  actor: z.object({ userId: z.string() }),
});

/** What the file says about itself (an XLSX's second sheet). */
async function writeConditions(
  file: TableFile,
  platform: Platform,
  context: FactContext,
  report: ReportName,
  query: ReportQuery,
) {
  file.sheet('Điều kiện', [
    { header: 'Mục', width: 28 },
    { header: 'Giá trị', width: 48 },
  ]);
  const lines: [string, string][] = [
    ['Báo cáo', REPORT_TITLE[report]],
    ['Từ ngày', formatCalendarDay(query.from)],
    ['Đến ngày', formatCalendarDay(query.to)],
    ['Múi giờ', context.timeZone],
    ['Tính theo giờ làm việc', query.business_hours ? 'Có' : 'Không'],
  ];
  const filters: [keyof ReportQuery, 'group' | 'agent' | 'queue' | 'tag' | null, string][] = [
    ['group_id', 'group', 'Bộ phận'],
    ['agent_id', 'agent', 'Chuyên viên'],
    ['queue_id', 'queue', 'Hàng chờ'],
    ['tag_id', 'tag', 'Nhãn'],
    ['source', null, 'Kênh'],
  ];
  for (const [param, dimension, label] of filters) {
    const value = query[param];
    if (typeof value !== 'string' || !value) continue;
    const name = dimension
      ? (await labelled(platform, context.tenantId, dimension, [value]))(value)
      : value;
    lines.push([label, name]);
  }
  lines.push(['Xuất lúc', formatDateTime(new Date(), context.timeZone)]);
  for (const line of lines) await file.row(line);
}

/** One line per day of the range (per hour of a one-day range), then the report's table. */
async function writeBuckets(
  file: TableFile,
  platform: Platform,
  context: FactContext,
  definition: ReportDefinition,
  query: ReportQuery,
) {
  const keys = exportable(definition.metrics);
  const by = query.from === query.to ? 'hour' : 'day';
  const tableKeys = exportable(definition.rows);
  const withTable =
    definition.rowsBy !== 'day' && definition.rowsBy !== 'hour' && tableKeys.length > 0;
  const [grouped, totalLines, table] = await figureSets(platform, context, [
    { keys, dimension: by },
    { keys },
    ...(withTable ? [{ keys: tableKeys, dimension: definition.rowsBy }] : []),
  ]);
  const totals = totalLines!.get(null) ?? {};
  file.sheet('Theo thời gian', [
    { header: by === 'hour' ? 'Giờ' : 'Ngày', width: 14 },
    ...keys.map((key) => ({ header: headerOf(key), width: 18 })),
  ]);
  let lines = 0;
  for (const bucket of bucketsOf(query.from, query.to, by)) {
    const figures = grouped!.get(bucket) ?? {};
    const label = by === 'hour' ? `${bucket}:00` : formatCalendarDay(bucket);
    await file.row([label, ...keys.map((key) => figures[key] ?? zeroOrNull(key))]);
    lines += 1;
  }
  await file.row(['Tổng', ...keys.map((key) => totals[key] ?? null)]);
  if (table) {
    const label = await labelled(platform, context.tenantId, definition.rowsBy, [...table.keys()]);
    file.sheet(`Theo ${REPORT_DIMENSION.label(definition.rowsBy).toLowerCase()}`, [
      { header: REPORT_DIMENSION.label(definition.rowsBy), width: 28 },
      ...tableKeys.map((key) => ({ header: headerOf(key), width: 18 })),
    ]);
    for (const [key, figures] of table)
      await file.row([label(key), ...tableKeys.map((metric) => figures[metric] ?? null)]);
  }
  return lines;
}

/** A count over no rows is 0; anything else measured over nothing is blank. */
const zeroOrNull = (key: string): Cell => (metricOf(key)?.unit === 'count' ? 0 : null);

/** One line per interaction the figure counts, oldest first, from a cursor (flat memory). */
async function writeRows(
  file: TableFile,
  platform: Platform,
  context: FactContext,
  metric: string,
  progress: (processed: number) => Promise<void>,
) {
  const unit = metricOf(metric)?.unit;
  file.sheet('Dữ liệu', [
    { header: 'Loại', width: 12 },
    { header: 'Mã / Tên', width: 22 },
    { header: 'Thời điểm', width: 18 },
    { header: 'Chuyên viên', width: 24 },
    { header: 'Khách hàng', width: 24 },
    ...(unit === 'seconds' ? [{ header: headerOf(metric), width: 18 }] : []),
  ]);
  let written = 0;
  await streamRowsIn(
    platform,
    context,
    metric,
    async (rows) => {
      for (const row of rows) {
        const cells: Cell[] = [
          REPORT_ROW_KIND.label(row.kind),
          rowTitle(row),
          row.at === null ? '' : formatDateTime(row.at, context.timeZone),
          row.agent_name ?? '',
          row.customer_name ?? '',
        ];
        if (unit === 'seconds')
          cells.push(row.value === null ? null : Math.round(Number(row.value) * 10) / 10);
        await file.row(cells);
      }
      written += rows.length;
      await progress(written);
    },
    REPORT_EXPORT_MAX_ROWS,
  );
  return written;
}

/** The file of an export or a scheduled report: where it was written, and how many lines. */
export async function writeReportFile(
  platform: Platform,
  auth: AuthContext,
  target: { path: string; format: ReportExportFormat },
  report: ReportName,
  query: ReportQuery,
  content: { grain: 'buckets' | 'rows'; metric?: string },
  progress: (processed: number) => Promise<void> = async () => {},
) {
  checkAccess(auth, report);
  const definition = definitionOf(report, query);
  const context = await metricContext(platform, auth, query);
  const file = openTableFile(target.path, target.format);
  try {
    const lines =
      content.grain === 'rows'
        ? await writeRows(file, platform, context, content.metric ?? '', progress)
        : await writeBuckets(file, platform, context, definition, query);
    await writeConditions(file, platform, context, report, query);
    return lines;
  } finally {
    await file.close();
  }
}

/** The name a report file is saved under: 'bao-cao-ticket-2026-11-01-2026-11-30.xlsx'. */
export const reportFileName = (report: ReportName, query: ReportQuery, format: string) =>
  `bao-cao-${report}-${query.from}-${query.to}.${format}`;

/** The export job: the file, then a notification with its download. */
export async function runReportExport(platform: Platform, jobId: string) {
  await runJob(platform, jobId, async (job, progress) => {
    const input = exportJobInput.parse(job.input);
    const auth = await authOfActor(platform, input.actor);
    const report = input.report as ReportName;
    const query = reportQuery.parse(input.query);
    // A count's figure is how many rows its export has (the progress bar's end).
    const expected =
      input.grain === 'rows' && input.metric && metricOf(input.metric)?.unit === 'count'
        ? ((await computeMetrics(platform, auth, query, [input.metric]))[input.metric] ?? 0)
        : 0;
    const path = await platform.files.privatePath(
      `exports/${job.tenantId}`,
      `${job.id}.${input.format}`,
    );
    const lines = await writeReportFile(
      platform,
      auth,
      { path, format: input.format },
      report,
      query,
      { grain: input.grain, metric: input.metric },
      (processed) => progress(processed, Math.max(processed, expected)),
    );
    const fileName = reportFileName(report, query, input.format);
    await notify(platform, {
      tenantId: job.tenantId,
      userIds: [job.userId],
      kind: 'report_export',
      title: REPORT_DELIVERY_MESSAGES.exportDone,
      body: `${REPORT_TITLE[report]} (${formatCalendarDay(query.from)} – ${formatCalendarDay(query.to)}): tệp ${fileName} sẵn sàng để tải.`,
      link: `/report/${report}?${new URLSearchParams({ ...input.query, export: job.id }).toString()}`,
    });
    return { total: lines, file: path, file_name: fileName };
  });
}
