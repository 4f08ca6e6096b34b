import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { isoDateTime } from '../platform/envelope.js';
import { dayAndTimeIn, instantAt } from '../platform/time.js';
import { requiredText } from '../platform/validation.js';
import { isMetricKey, metricOf } from './metrics.js';
import { REPORT_DIMENSION, REPORT_NAMES, type ReportDimension } from './reports.schemas.js';

/*
 * How a report leaves its screen: an export file (a background job, POST
 * /v2/reports/{report}/export), a custom report saved by name (/v2/saved-reports) and a report
 * mailed on a schedule (/v2/report-schedules).
 */

export const REPORT_DELIVERY_MESSAGES = {
  invalidFormat: 'Định dạng tệp không hợp lệ',
  invalidGrain: 'Kiểu xuất không hợp lệ',
  metricWithoutRows: 'Chỉ số này không có dòng dữ liệu để xuất',
  exportStarted: 'Đã bắt đầu xuất báo cáo',
  exportDone: 'Báo cáo đã xuất xong',
  savedNameTaken: 'Tên báo cáo đã tồn tại',
  savedNotFound: 'Không tìm thấy báo cáo đã lưu',
  shareForbidden: 'Chỉ quản trị viên và giám sát viên được chia sẻ báo cáo',
  scheduleNotFound: 'Không tìm thấy lịch gửi báo cáo',
  invalidFrequency: 'Tần suất không hợp lệ',
  weekdayRequired: 'Vui lòng chọn ngày gửi trong tuần',
  invalidHour: 'Giờ gửi không hợp lệ (0–23)',
  recipientsRequired: 'Vui lòng chọn người nhận',
  tooManyRecipients: 'Tối đa 50 người nhận',
  invalidRecipients:
    'Có người nhận không thuộc doanh nghiệp, đã bị vô hiệu hóa hoặc không có email',
  recipientCannotView: 'Có người nhận không được xem báo cáo này',
  customNeedsMetrics: 'Vui lòng chọn chỉ số cho báo cáo tùy chỉnh',
} as const;

export const REPORT_EXPORT_FORMAT = labelled({ xlsx: 'Excel (.xlsx)', csv: 'CSV (.csv)' });
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMAT.values)[number];

/**
 * One line per bucket (each day of the range, or each hour of a one-day range, with every
 * figure of the report), or one line per interaction a figure counts (its tickets, calls...).
 */
export const REPORT_EXPORT_GRAIN = labelled({
  buckets: 'Mỗi ngày một dòng (các chỉ số)',
  rows: 'Mỗi tương tác một dòng',
});
export type ReportExportGrain = (typeof REPORT_EXPORT_GRAIN.values)[number];

/** The job kind of a report export (GET /v2/jobs?kind=report_export). */
export const REPORT_EXPORT_JOB = 'report_export';
/** The most interaction rows one export writes. */
export const REPORT_EXPORT_MAX_ROWS = 1_000_000;

const formatField = z.enum(REPORT_EXPORT_FORMAT.values as [ReportExportFormat], {
  error: REPORT_DELIVERY_MESSAGES.invalidFormat,
});

/**
 * POST /v2/reports/{report}/export: the report's range and filters in the query string exactly
 * as GET /v2/reports/{report} takes them; what to write in the body. `metric` (rows only):
 * whose rows; by default the report's first figure that has rows.
 */
export const reportExportBody = z.object({
  format: formatField.default('xlsx'),
  grain: z
    .enum(REPORT_EXPORT_GRAIN.values as [ReportExportGrain], {
      error: REPORT_DELIVERY_MESSAGES.invalidGrain,
    })
    .default('buckets'),
  metric: z.string().refine(isMetricKey, REPORT_DELIVERY_MESSAGES.metricWithoutRows).optional(),
});
export type ReportExportBody = z.infer<typeof reportExportBody>;

/** A report's filters without its days: what a saved or scheduled report keeps. */
export const storedReportFilters = z
  .object({
    group_id: z.uuid('Bộ phận không hợp lệ').optional(),
    agent_id: z.uuid('Chuyên viên không hợp lệ').optional(),
    queue_id: z.uuid('Hàng chờ không hợp lệ').optional(),
    tag_id: z.uuid('Nhãn không hợp lệ').optional(),
    priority_id: z.uuid('Mức độ ưu tiên không hợp lệ').optional(),
    channel_id: z.uuid('Kênh kết nối không hợp lệ').optional(),
    source: z
      .string()
      .trim()
      .regex(/^[A-Za-z_]{1,32}$/, 'Kênh không hợp lệ')
      .optional(),
    business_hours: z.boolean().optional(),
  })
  .strict();
export type StoredReportFilters = z.infer<typeof storedReportFilters>;

const dimensionField = z.enum(REPORT_DIMENSION.values as [ReportDimension, ...ReportDimension[]], {
  error: 'Chiều phân tích không hợp lệ',
});

const metricKeys = z
  .array(z.string(), { error: 'Chỉ số không hợp lệ' })
  .min(1, REPORT_DELIVERY_MESSAGES.customNeedsMetrics)
  .max(12, 'Chọn tối đa 12 chỉ số')
  .refine(
    (keys) => keys.every((key) => isMetricKey(key) && !metricOf(key)?.liveOnly),
    'Chỉ số không hợp lệ',
  )
  .transform((keys) => [...new Set(keys)]);

/** POST and PUT /v2/saved-reports: a custom report's choice, kept by name. */
export const savedReportBody = z.object({
  name: requiredText('Tên báo cáo', 100),
  metrics: metricKeys,
  dimension: dimensionField,
  filters: storedReportFilters.default({}),
  /** Seen by every staff member who may read custom reports (administrators and supervisors). */
  shared: z.boolean().default(false),
});
export type SavedReportBody = z.infer<typeof savedReportBody>;

export const savedReportView = z.object({
  _id: z.string(),
  name: z.string(),
  metrics: z.array(z.string()),
  dimension: z.string(),
  filters: storedReportFilters,
  shared: z.boolean(),
  owner: z.object({ _id: z.string(), name: z.string() }),
  /** Whether the caller may change or delete it (their own; a shared one for managers). */
  editable: z.boolean(),
  updated_at: isoDateTime,
});
export type SavedReport = z.infer<typeof savedReportView>;

export const REPORT_FREQUENCY = labelled({ daily: 'Hằng ngày', weekly: 'Hằng tuần' });
export type ReportFrequency = (typeof REPORT_FREQUENCY.values)[number];

/** ISO weekdays, Monday 1 … Sunday 7. */
export const WEEKDAY = labelled({
  1: 'Thứ Hai',
  2: 'Thứ Ba',
  3: 'Thứ Tư',
  4: 'Thứ Năm',
  5: 'Thứ Sáu',
  6: 'Thứ Bảy',
  7: 'Chủ Nhật',
});

/** The reports a schedule can mail (a custom one takes its metrics and dimension). */
export const SCHEDULABLE_REPORTS = REPORT_NAMES;

export const MAX_SCHEDULE_RECIPIENTS = 50;

/**
 * POST and PUT /v2/report-schedules: a report mailed to chosen staff, daily (yesterday's
 * figures) or weekly (the seven days before the sending day), at an hour of the tenant's day.
 */
export const reportScheduleBody = z
  .object({
    name: requiredText('Tên lịch gửi', 100),
    report: z.enum(SCHEDULABLE_REPORTS, { error: 'Báo cáo không tồn tại' }),
    filters: storedReportFilters.default({}),
    metrics: metricKeys.optional(),
    dimension: dimensionField.optional(),
    frequency: z.enum(REPORT_FREQUENCY.values as [ReportFrequency], {
      error: REPORT_DELIVERY_MESSAGES.invalidFrequency,
    }),
    weekday: z
      .number({ error: REPORT_DELIVERY_MESSAGES.weekdayRequired })
      .int()
      .min(1, REPORT_DELIVERY_MESSAGES.weekdayRequired)
      .max(7, REPORT_DELIVERY_MESSAGES.weekdayRequired)
      .nullable()
      .default(null),
    hour: z
      .number({ error: REPORT_DELIVERY_MESSAGES.invalidHour })
      .int(REPORT_DELIVERY_MESSAGES.invalidHour)
      .min(0, REPORT_DELIVERY_MESSAGES.invalidHour)
      .max(23, REPORT_DELIVERY_MESSAGES.invalidHour),
    format: formatField.default('xlsx'),
    recipient_ids: z
      .array(z.uuid(REPORT_DELIVERY_MESSAGES.invalidRecipients), {
        error: REPORT_DELIVERY_MESSAGES.recipientsRequired,
      })
      .min(1, REPORT_DELIVERY_MESSAGES.recipientsRequired)
      .max(MAX_SCHEDULE_RECIPIENTS, REPORT_DELIVERY_MESSAGES.tooManyRecipients)
      .transform((ids) => [...new Set(ids)]),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && value.weekday === null)
      ctx.addIssue({
        code: 'custom',
        path: ['weekday'],
        message: REPORT_DELIVERY_MESSAGES.weekdayRequired,
      });
    if (value.report === 'custom' && !value.metrics)
      ctx.addIssue({
        code: 'custom',
        path: ['metrics'],
        message: REPORT_DELIVERY_MESSAGES.customNeedsMetrics,
      });
  });
export type ReportScheduleBody = z.infer<typeof reportScheduleBody>;

export const reportScheduleView = z.object({
  _id: z.string(),
  name: z.string(),
  report: z.enum(SCHEDULABLE_REPORTS),
  filters: storedReportFilters,
  metrics: z.array(z.string()).nullable(),
  dimension: z.string().nullable(),
  frequency: z.enum(REPORT_FREQUENCY.values as [ReportFrequency]),
  weekday: z.number().int().nullable(),
  hour: z.number().int(),
  format: z.enum(REPORT_EXPORT_FORMAT.values as [ReportExportFormat]),
  recipients: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  enabled: z.boolean(),
  /** When it is next mailed (ISO instant). */
  next_run_at: isoDateTime.nullable(),
  last_sent_at: isoDateTime.nullable(),
  /** Why the last sending failed, if it did. */
  last_error: z.string().nullable(),
  created_by: z.object({ _id: z.string(), name: z.string() }),
});
export type ReportSchedule = z.infer<typeof reportScheduleView>;

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Monday 1 … Sunday 7 of a calendar day. */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The days a scheduled report covers when sent at `sentAt`: the day before, or the 7 before. */
export function scheduledRange(
  frequency: ReportFrequency,
  sentAt: Date,
  timeZone: string,
): { from: string; to: string } {
  const day = dayAndTimeIn(sentAt, timeZone)?.day ?? sentAt.toISOString().slice(0, 10);
  return { from: shiftDay(day, frequency === 'daily' ? -1 : -7), to: shiftDay(day, -1) };
}

/** The first sending after `now`: the hour of the tenant's day, on the weekday when weekly. */
export function nextScheduledRun(
  schedule: { frequency: ReportFrequency; weekday: number | null; hour: number },
  now: Date,
  timeZone: string,
): Date {
  const today = dayAndTimeIn(now, timeZone)?.day ?? now.toISOString().slice(0, 10);
  const time = `${String(schedule.hour).padStart(2, '0')}:00`;
  for (let offset = 0; offset <= 8; offset += 1) {
    const day = shiftDay(today, offset);
    if (schedule.frequency === 'weekly' && isoWeekday(day) !== schedule.weekday) continue;
    const at = new Date(instantAt(day, time, timeZone));
    if (at > now) return at;
  }
  throw new Error('no next run within 8 days');
}

export const AD_SPEND_MESSAGES = {
  missingFile: 'Vui lòng chọn tệp chi phí (CSV hoặc XLSX)',
  fileType: 'Chỉ nhận tệp CSV hoặc XLSX',
  tooLarge: 'Tệp vượt quá dung lượng cho phép',
  tooManyRows: 'Tệp có quá 10.000 dòng',
  unreadable: 'Không đọc được tệp',
  columns: 'Tệp cần cột mã quảng cáo (ad_id) và chi phí (spend)',
  badLine: (line: number) => `Dòng ${line}: mã quảng cáo hoặc chi phí không hợp lệ`,
  badDay: (line: number) => `Dòng ${line}: ngày không hợp lệ (YYYY-MM-DD hoặc DD/MM/YYYY)`,
  empty: 'Tệp không có dòng chi phí nào',
  uploaded: 'Đã tải lên chi phí quảng cáo',
} as const;

/** The most lines one spend file may have. */
export const AD_SPEND_MAX_LINES = 10_000;

/**
 * POST /v2/reports/ad-funnel/spend (multipart, field `file`; the range in the query string): a
 * CSV or XLSX with columns `ad_id` and `spend` (đồng), and optionally `date`; a line without a
 * date is the spend over the range given. Answers what was stored.
 */
export const adSpendUploadView = z.object({
  lines: z.number().int(),
  total: z.number(),
  from: z.string(),
  to: z.string(),
});
export type AdSpendUpload = z.infer<typeof adSpendUploadView>;
