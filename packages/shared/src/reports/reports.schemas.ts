import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { isCalendarDay, pageQuery, refuseReversedDays } from '../platform/validation.js';
import { PRESENCE } from '../users/presence.js';
import { isMetricKey, staffPresenceKey } from './metrics.js';

/*
 * GET /v2/reports/{report}: a report's figures over a range of the tenant's calendar days, named
 * by the metric registry's keys (metrics.ts), in the caller's data scope; and
 * GET /v2/reports/{report}/rows: the rows one of its figures counts.
 */

export const REPORT_MESSAGES = {
  invalidDay: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
  fromRequired: 'Vui lòng chọn ngày bắt đầu',
  toRequired: 'Vui lòng chọn ngày kết thúc',
  rangeTooLong: 'Khoảng thời gian tối đa là 366 ngày',
  invalidGroup: 'Bộ phận không hợp lệ',
  invalidAgent: 'Chuyên viên không hợp lệ',
  invalidQueue: 'Hàng chờ không hợp lệ',
  invalidTag: 'Nhãn không hợp lệ',
  invalidPriority: 'Mức độ ưu tiên không hợp lệ',
  invalidChannel: 'Kênh kết nối không hợp lệ',
  invalidSource: 'Kênh không hợp lệ',
  invalidBusinessHours: 'Giá trị giờ làm việc không hợp lệ',
  invalidMetric: 'Chỉ số không hợp lệ',
  metricNotInReport: 'Chỉ số không có trong báo cáo này',
  invalidDimension: 'Chiều phân tích không hợp lệ',
  invalidReport: 'Báo cáo không tồn tại',
  liveOnlyMetric: 'Chỉ số này chỉ có ở màn hình giám sát (ngay lúc này)',
  tooManyMetrics: 'Chọn tối đa 12 chỉ số',
  valueWithoutDimension: 'Vui lòng chọn chiều phân tích cho giá trị lọc',
} as const;

/** The longest range a report answers (a year, leap day included). */
export const MAX_REPORT_DAYS = 366;

/** What a report's rows and series are cut by. Days and hours are the tenant's. */
export const REPORT_DIMENSION = labelled({
  day: 'Ngày',
  hour: 'Giờ trong ngày',
  source: 'Kênh',
  group: 'Bộ phận',
  agent: 'Chuyên viên',
  queue: 'Hàng chờ',
  hotline: 'Hotline',
  tag: 'Nhãn',
  customer: 'Khách hàng',
  ad: 'Quảng cáo',
  channel: 'Kênh kết nối',
});
export type ReportDimension = (typeof REPORT_DIMENSION.values)[number];

export const REPORT_NAMES = [
  'summary',
  'ticket',
  'group',
  'customer',
  'call',
  'agent',
  'custom',
  'ad-funnel',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** Each report's title, as its screen, its export and its mail name it. */
export const REPORT_TITLE: Readonly<Record<ReportName, string>> = {
  summary: 'Báo cáo tổng quan',
  ticket: 'Báo cáo ticket',
  group: 'Báo cáo nhóm',
  customer: 'Báo cáo khách hàng',
  call: 'Báo cáo cuộc gọi',
  agent: 'Báo cáo chuyên viên',
  custom: 'Báo cáo tùy chỉnh',
  'ad-funnel': 'Báo cáo phễu quảng cáo',
};

/**
 * What each report shows: its tiles (`metrics`), its chart (`series`, cut by day, or by hour of
 * the day when the range is one day or `seriesBy` says so) and its table (`rows`, cut by
 * `rowsBy`). The server computes exactly these keys; the screens lay them out.
 */
export interface ReportDefinition {
  readonly name: ReportName;
  readonly metrics: readonly string[];
  readonly series: readonly string[];
  readonly seriesBy?: 'day' | 'hour';
  readonly rows: readonly string[];
  readonly rowsBy: ReportDimension;
  /** Most rows of the table (the largest first, by its first metric). */
  readonly rowsLimit?: number;
}

/** The ad funnel's stages, each counting conversations of the first that got that far. */
const AD_FUNNEL = [
  'ad_conversations',
  'ad_conversations_answered',
  'ad_conversations_ticketed',
  'ad_conversations_solved',
] as const;

const STAFF_NOW = ['staff_active', ...PRESENCE.values.map(staffPresenceKey)];

export const REPORTS: Readonly<Record<Exclude<ReportName, 'custom'>, ReportDefinition>> = {
  summary: {
    name: 'summary',
    metrics: [
      'tickets_created',
      'tickets_solved',
      'tickets_backlog',
      'first_response_median_s',
      'chats_created',
      'chats_missed',
      'messages_in',
      'calls_offered',
      'calls_answered',
      'calls_abandoned',
      'service_level_pct',
      'csat_pct',
      'customers_created',
      'customer_imports',
      ...STAFF_NOW,
    ],
    series: ['tickets_created', 'tickets_solved', 'chats_created', 'calls_offered'],
    rows: ['tickets_created', 'tickets_solved', 'first_response_median_s', 'messages_in'],
    rowsBy: 'source',
  },
  ticket: {
    name: 'ticket',
    metrics: [
      'tickets_created',
      'tickets_solved',
      'tickets_reopened',
      'tickets_backlog',
      'first_response_mean_s',
      'first_response_median_s',
      'first_response_p90_s',
      'reply_time_median_s',
      'resolution_mean_s',
      'resolution_median_s',
      'resolution_p90_s',
      'sla_met',
      'sla_breached',
      'sla_met_pct',
    ],
    series: ['tickets_created', 'tickets_solved', 'tickets_reopened'],
    rows: [
      'tickets_created',
      'tickets_solved',
      'tickets_reopened',
      'first_response_median_s',
      'resolution_median_s',
      'sla_met_pct',
    ],
    rowsBy: 'source',
  },
  group: {
    name: 'group',
    metrics: [
      'tickets_created',
      'tickets_solved',
      'tickets_backlog',
      'first_response_median_s',
      'resolution_median_s',
      'sla_met_pct',
    ],
    series: ['tickets_created', 'tickets_solved'],
    rows: [
      'tickets_created',
      'tickets_solved',
      'tickets_backlog',
      'first_response_median_s',
      'resolution_median_s',
      'sla_met_pct',
      'csat_pct',
    ],
    rowsBy: 'group',
  },
  customer: {
    name: 'customer',
    metrics: [
      'customers_new',
      'customers_returning',
      'contacts_per_customer',
      'customer_contacts',
      'customers_created',
    ],
    series: ['customers_new', 'customer_contacts'],
    rows: ['customer_contacts'],
    rowsBy: 'customer',
    rowsLimit: 20,
  },
  call: {
    name: 'call',
    metrics: [
      'calls_offered',
      'calls_answered',
      'calls_abandoned',
      'calls_abandoned_queue',
      'calls_abandoned_ivr',
      'calls_abandoned_hold',
      'calls_short_abandoned',
      'service_level_pct',
      'abandon_rate_pct',
      'asa_s',
      'aht_s',
      'acw_s',
      'calls_outbound',
      'calls_missed',
      'callbacks',
    ],
    series: ['calls_offered', 'calls_answered', 'calls_abandoned'],
    seriesBy: 'hour',
    rows: [
      'calls_offered',
      'calls_answered',
      'calls_abandoned',
      'service_level_pct',
      'asa_s',
      'aht_s',
      'acw_s',
    ],
    rowsBy: 'queue',
  },
  agent: {
    name: 'agent',
    metrics: [
      'handled',
      'calls_answered',
      'tickets_solved',
      'first_response_median_s',
      'aht_s',
      'occupancy_pct',
      'chat_concurrency_mean',
    ],
    series: ['handled'],
    rows: [
      'handled',
      'calls_answered',
      'tickets_solved',
      'first_response_median_s',
      'aht_s',
      'acw_s',
      'occupancy_pct',
      'chat_concurrency_mean',
      'presence_available_s',
      'presence_not_available_s',
    ],
    rowsBy: 'agent',
  },
  'ad-funnel': {
    name: 'ad-funnel',
    metrics: [...AD_FUNNEL, 'ad_spend', 'cost_per_ad_conversation'],
    series: AD_FUNNEL,
    rows: [...AD_FUNNEL, 'ad_spend', 'cost_per_ad_conversation'],
    rowsBy: 'ad',
  },
};

/** A custom report before its metrics and dimension are chosen. */
export const CUSTOM_REPORT_DEFAULTS = {
  metrics: ['tickets_created', 'tickets_solved', 'first_response_median_s'],
  dimension: 'day',
} as const satisfies { metrics: readonly string[]; dimension: ReportDimension };

/** A custom report's definition: its chosen metrics everywhere, its table by its dimension. */
export function customReportDefinition(
  metrics: readonly string[] | undefined,
  dimension: ReportDimension | undefined,
): ReportDefinition {
  const keys = metrics && metrics.length > 0 ? metrics : CUSTOM_REPORT_DEFAULTS.metrics;
  return {
    name: 'custom',
    metrics: keys,
    series: keys,
    rows: keys,
    rowsBy: dimension ?? CUSTOM_REPORT_DEFAULTS.dimension,
  };
}

const uuidParam = (message: string) => z.uuid(message).optional();

/** `true`/`false` (also 1/0) in a query string. */
const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: REPORT_MESSAGES.invalidBusinessHours })
  .optional()
  .transform((value) => value === 'true' || value === '1');

const dayParam = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine(isCalendarDay, REPORT_MESSAGES.invalidDay);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

const refuseLongRange = (value: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) => {
  if (
    isCalendarDay(value.from) &&
    isCalendarDay(value.to) &&
    value.from <= value.to &&
    daysBetween(value.from, value.to) > MAX_REPORT_DAYS
  )
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
};

/** The range and filters every report and drill-down takes. */
export const reportFilterFields = z.object({
  /** The first day (yyyy-MM-dd) in the tenant's time zone, included. */
  from: dayParam(REPORT_MESSAGES.fromRequired),
  /** The last day, included. */
  to: dayParam(REPORT_MESSAGES.toRequired),
  group_id: uuidParam(REPORT_MESSAGES.invalidGroup),
  agent_id: uuidParam(REPORT_MESSAGES.invalidAgent),
  queue_id: uuidParam(REPORT_MESSAGES.invalidQueue),
  tag_id: uuidParam(REPORT_MESSAGES.invalidTag),
  priority_id: uuidParam(REPORT_MESSAGES.invalidPriority),
  /** One connected channel (a Zalo OA, a page, a mailbox): tickets with a message through it. */
  channel_id: uuidParam(REPORT_MESSAGES.invalidChannel),
  /** A ticket source (CHANNEL_SOURCE: 'zalo', 'web', 'email', 'CALL_INBOUND'...). */
  source: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{1,32}$/, REPORT_MESSAGES.invalidSource)
    .optional(),
  /** Durations counted in the tenant's working hours instead of calendar time. */
  business_hours: booleanParam,
});
export type ReportFilters = z.infer<typeof reportFilterFields>;

const metricList = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const keys = [
      ...new Set(
        raw
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      ),
    ];
    if (keys.length > 12) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tooManyMetrics });
      return z.NEVER;
    }
    if (!keys.every(isMetricKey)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.invalidMetric });
      return z.NEVER;
    }
    return keys;
  });

const dimensionParam = z
  .enum(REPORT_DIMENSION.values as [ReportDimension, ...ReportDimension[]], {
    error: REPORT_MESSAGES.invalidDimension,
  })
  .optional();

/** GET /v2/reports/{report}: `metrics` and `dimension` choose a custom report's content. */
export const reportQuery = reportFilterFields
  .extend({
    /** The custom report's metrics (registry keys, comma-separated). */
    metrics: metricList,
    /** The custom report's table dimension (its chart is by day). */
    dimension: dimensionParam,
  })
  .superRefine(refuseReversedDays('from', 'to'))
  .superRefine(refuseLongRange);
export type ReportQuery = z.infer<typeof reportQuery>;

/** Just a range of days (what a spend file without dates covers). */
export const reportRange = z
  .object({
    from: dayParam(REPORT_MESSAGES.fromRequired),
    to: dayParam(REPORT_MESSAGES.toRequired),
  })
  .superRefine(refuseReversedDays('from', 'to'))
  .superRefine(refuseLongRange);

export const reportParams = z.object({
  report: z.enum(REPORT_NAMES, { error: REPORT_MESSAGES.invalidReport }),
});

/**
 * GET /v2/reports/{report}/rows: the rows one figure counts, paginated; `dimension` and
 * `value` narrow it to one point of the chart or one line of the table (the day '2026-11-29',
 * the hour '08', a group's id, a source...). `total` is the figure (for a percentage, its
 * denominator; for a duration, the rows measured).
 */
export const reportRowsQuery = pageQuery
  .extend(reportFilterFields.shape)
  .extend({
    metric: z
      .string({ error: REPORT_MESSAGES.invalidMetric })
      .refine(isMetricKey, REPORT_MESSAGES.invalidMetric),
    dimension: dimensionParam,
    value: z.string().trim().max(64).optional(),
  })
  .superRefine(refuseReversedDays('from', 'to'))
  .superRefine(refuseLongRange)
  .superRefine((value, ctx) => {
    if (value.value !== undefined && !value.dimension)
      ctx.addIssue({
        code: 'custom',
        path: ['dimension'],
        message: REPORT_MESSAGES.valueWithoutDimension,
      });
  });
export type ReportRowsQuery = z.infer<typeof reportRowsQuery>;

const figures = z.record(z.string(), z.number().nullable());

export const reportView = z.object({
  /** Registry key → figure over the whole range (null: nothing to measure). */
  metrics: figures,
  /** One point per bucket (the day yyyy-MM-dd, or the hour 'HH'), every bucket of the range. */
  series: z.array(z.object({ bucket: z.string(), metrics: figures })),
  /** One line per value of the report's dimension. */
  rows: z.array(
    z.object({
      dimension: z.string(),
      /** The value (an id, a source, a day); null: rows without one ('Chưa có'). */
      key: z.string().nullable(),
      label: z.string(),
      metrics: figures,
    }),
  ),
});
export type ReportView = z.infer<typeof reportView>;

export const REPORT_ROW_KIND = labelled({
  ticket: 'Ticket',
  conversation: 'Hội thoại',
  message: 'Tin nhắn',
  call: 'Cuộc gọi',
  agent: 'Chuyên viên',
  customer: 'Khách hàng',
  import: 'Lượt nhập',
  ad_spend: 'Chi phí quảng cáo',
});
export type ReportRowKind = (typeof REPORT_ROW_KIND.values)[number];

/** One row a figure counts, with what links to it (its ticket, call, agent or customer). */
export const reportRowView = z.object({
  kind: z.enum(REPORT_ROW_KIND.values as [ReportRowKind, ...ReportRowKind[]]),
  _id: z.string(),
  /** The ticket to open (a ticket, a conversation, a message's ticket, a call's ticket). */
  ticket_id: z.string().nullable(),
  /** Its number: the ticket's page is /tickets/{number}. */
  ticket_number: z.number().int().nullable(),
  /** #000123 for a ticket; the caller's number for a call; a name for an agent or customer. */
  title: z.string(),
  /** When it counted (ISO instant). */
  at: z.string().nullable(),
  agent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The measured value for a duration (seconds) or a row's own count; null otherwise. */
  value: z.number().nullable(),
});
export type ReportRowView = z.infer<typeof reportRowView>;

/** The part of a report's query that is its range and filters (what a drill-down repeats). */
export type ReportRange = Pick<ReportQuery, 'from' | 'to'> &
  Partial<Omit<ReportFilters, 'from' | 'to'>>;
