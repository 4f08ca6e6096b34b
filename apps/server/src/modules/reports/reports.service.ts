import { isMetricKey, metricOf } from '@omnicare/shared/reports/metrics';
import {
  customReportDefinition,
  REPORT_MESSAGES,
  REPORTS,
  type ReportDefinition,
  type ReportDimension,
  type ReportName,
  type ReportQuery,
  type ReportRowView,
  type ReportRowsQuery,
  type ReportView,
} from '@omnicare/shared/reports/reports.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { can } from '@omnicare/shared/users/permissions';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import {
  figureSets,
  hasRows,
  labelsOf,
  metricContext,
  rowsIn,
  type Figures,
} from './metrics.service.js';
import type { FactRow } from './metrics.repository.js';

/** Reports every staff member reads in their data scope (the spec's route table restricts the rest). */
const OPEN_REPORTS: readonly ReportName[] = ['summary', 'call', 'ad-funnel'];

/** Whether a role reads a report. */
export const mayReadReport = (role: AuthContext['role'], report: ReportName) =>
  OPEN_REPORTS.includes(report) || can(role, 'report.view');

export function checkAccess(auth: AuthContext, report: ReportName) {
  if (!mayReadReport(auth.role, report)) throw forbidden();
}

/** The report's definition; a custom report's comes from the query. */
export function definitionOf(
  report: ReportName,
  query: Pick<ReportQuery, 'metrics' | 'dimension'>,
): ReportDefinition {
  if (report !== 'custom') return REPORTS[report];
  if (query.metrics?.some((key) => metricOf(key)?.liveOnly))
    throw fieldError('metrics', REPORT_MESSAGES.liveOnlyMetric);
  return customReportDefinition(query.metrics, query.dimension);
}

/** Every day of the range (yyyy-MM-dd), or every hour of a day ('00'…'23'). */
export function bucketsOf(from: string, to: string, by: 'day' | 'hour'): string[] {
  if (by === 'hour') return Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= to;
    day.setUTCDate(day.getUTCDate() + 1)
  )
    days.push(day.toISOString().slice(0, 10));
  return days;
}

const NONE_LABEL: Partial<Record<ReportDimension, string>> = {
  group: 'Chưa có bộ phận',
  agent: 'Chưa phân công',
  queue: 'Không qua hàng chờ',
  tag: 'Không có nhãn',
  customer: 'Không rõ khách hàng',
  source: 'Không rõ kênh',
  hotline: 'Không rõ hotline',
  ad: 'Không rõ quảng cáo',
  channel: 'Không qua kênh kết nối',
};

export async function labelled(
  platform: Platform,
  tenantId: string,
  dimension: ReportDimension,
  keys: (string | null)[],
) {
  const names = await labelsOf(
    platform,
    tenantId,
    dimension,
    keys.filter((key): key is string => key !== null),
  );
  return (key: string | null) => {
    if (key === null) return NONE_LABEL[dimension] ?? 'Không có';
    if (dimension === 'day') return formatCalendarDay(key);
    if (dimension === 'hour') return `${key}:00`;
    if (dimension === 'source') return CHANNEL_SOURCE.label(key);
    return names.get(key) ?? key;
  };
}

/** Whether a line has any figure worth a row (some count above 0 or a measured value). */
const hasAny = (figures: Figures) =>
  Object.values(figures).some((value) => value !== null && value !== 0);

/** Two lines named alike (sources 'web' and 'chat' are both Livechat) say their key. */
function distinctLabels<Row extends { key: string | null; label: string }>(rows: Row[]): Row[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.label, (counts.get(row.label) ?? 0) + 1);
  return rows.map((row) =>
    (counts.get(row.label) ?? 0) > 1 && row.key
      ? { ...row, label: `${row.label} (${row.key})` }
      : row,
  );
}

/** GET /v2/reports/{report}: its tiles, its chart and its table. */
export async function getReport(
  platform: Platform,
  auth: AuthContext,
  report: ReportName,
  query: ReportQuery,
): Promise<ReportView> {
  checkAccess(auth, report);
  const definition = definitionOf(report, query);
  const context = await metricContext(platform, auth, query);
  const seriesBy = definition.seriesBy ?? (query.from === query.to ? 'hour' : 'day');
  const [totals, series, table] = await figureSets(platform, context, [
    { keys: definition.metrics },
    { keys: definition.series, dimension: seriesBy },
    { keys: definition.rows, dimension: definition.rowsBy, top: definition.rowsLimit },
  ]);
  const metrics = totals!.get(null) ?? {};
  const emptySeries = Object.fromEntries(
    definition.series.map((key) => {
      const unit = metricOf(key)?.unit;
      return [key, unit === 'count' && !['tickets_backlog'].includes(key) ? 0 : null];
    }),
  );
  let lines = [...table!].filter(([, figures]) => hasAny(figures));
  const first = definition.rows[0];
  if (definition.rowsBy === 'day' || definition.rowsBy === 'hour')
    lines.sort(([a], [b]) => String(a).localeCompare(String(b)));
  else if (first) lines.sort(([, a], [, b]) => (b[first] ?? -1) - (a[first] ?? -1));
  if (definition.rowsLimit) lines = lines.slice(0, definition.rowsLimit);
  const label = await labelled(
    platform,
    auth.tenantId,
    definition.rowsBy,
    lines.map(([key]) => key),
  );
  return {
    metrics,
    series: bucketsOf(query.from, query.to, seriesBy).map((bucket) => ({
      bucket,
      metrics: { ...emptySeries, ...(series!.get(bucket) ?? {}) },
    })),
    rows: distinctLabels(
      lines.map(([key, figures]) => ({
        dimension: definition.rowsBy,
        key,
        label: label(key),
        metrics: figures,
      })),
    ),
  };
}

/** GET /v2/reports/{report}/rows: the rows one of the report's figures counts. */
export async function getReportRows(
  platform: Platform,
  auth: AuthContext,
  report: ReportName,
  query: ReportRowsQuery,
): Promise<{ data: ReportRowView[]; total: number }> {
  checkAccess(auth, report);
  if (!isMetricKey(query.metric) || !hasRows(query.metric))
    throw fieldError('metric', REPORT_MESSAGES.invalidMetric);
  if (report !== 'custom') {
    const definition = REPORTS[report];
    const shown = new Set([...definition.metrics, ...definition.series, ...definition.rows]);
    if (!shown.has(query.metric)) throw fieldError('metric', REPORT_MESSAGES.metricNotInReport);
  }
  const context = await metricContext(platform, auth, query);
  const narrow = query.dimension
    ? {
        dimension: query.dimension,
        value: query.value === undefined || query.value === '' ? null : query.value,
      }
    : undefined;
  const { rows, total } = await rowsIn(platform, context, query.metric, narrow, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return {
    total,
    data: rows.map((row) => ({
      kind: row.kind,
      _id: row.id,
      ticket_id: row.ticket_id,
      ticket_number: row.ticket_number,
      title: rowTitle(row),
      at: row.at === null ? null : new Date(row.at).toISOString(),
      agent: row.agent_id ? { _id: row.agent_id, name: row.agent_name ?? '' } : null,
      value: row.value === null ? null : Math.round(Number(row.value) * 10) / 10,
    })),
  };
}

/** What names a row: #000123 for a ticket, the caller's number for a call, a person's name. */
export function rowTitle(row: FactRow): string {
  if (row.kind === 'call') return row.call_number || 'Cuộc gọi';
  if (row.kind === 'agent') return row.agent_name ?? '';
  if (row.kind === 'customer') return row.customer_name ?? '';
  if (row.kind === 'import') return 'Nhập khách hàng';
  if (row.kind === 'ad_spend') return 'Chi phí quảng cáo';
  return row.ticket_number !== null ? formatTicketCode(row.ticket_number) : '';
}
