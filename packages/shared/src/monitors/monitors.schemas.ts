import { z } from 'zod';
import { CALL_STATUSES } from '../telephony/call-enums.js';
import { wrapUpView } from '../telephony/wrap-up.schemas.js';
import { presenceField } from '../users/presence.schemas.js';

/**
 * Live monitors (`/monitors/*`): one snapshot per tenant, computed on the server when something
 * changes and pushed to every open monitor over socket.io; each screen reads its part. Figures
 * are keyed by the registry of metrics (`reports/metrics.ts`). Times are ISO 8601 UTC; a
 * browser ticks durations from them (`at` is the server's clock when the snapshot was made).
 */

export const MONITORS = [
  'agents',
  'call-center',
  'call-monitor',
  'channels',
  'daily-stats',
] as const;
export type MonitorName = (typeof MONITORS)[number];

/** Socket events: the browser asks with `watch` (ack: `{ok, snapshot?}`), hears `snapshot`. */
export const MONITOR_EVENTS = {
  watch: 'monitor:watch',
  unwatch: 'monitor:unwatch',
  snapshot: 'monitor:snapshot',
} as const;

/**
 * Thresholds colouring the tiles: `warn` amber, `alert` red. Service level is compared to the
 * target (below it amber, below target − 20 red).
 */
export const MONITOR_THRESHOLDS = {
  waiting_now: { warn: 3, alert: 6 },
  longest_wait_s: { warn: 60, alert: 120 },
  service_level_pct: { warn: 80, alert: 60 },
  conversations_waiting: { warn: 5, alert: 10 },
  conversations_unassigned: { warn: 3, alert: 8 },
} as const;

const id = z.string();
const instant = z.string();
const figure = z.number().nullable();

export const monitorAgent = z.object({
  _id: id,
  name: z.string(),
  agent_id: z.string(),
  role: z.string(),
  avatar_url: z.string().nullable(),
  presence: presenceField,
  /** Since when the presence holds (null: never changed since the account was made). */
  presence_changed_at: instant.nullable(),
  department_ids: z.array(id),
  organization_id: id.nullable(),
  /** Calls ringing or in progress for this agent now, against `call_capacity`. */
  calls_now: z.number().int(),
  call_capacity: z.number().int(),
  /** Open conversations assigned now (`chats_open_now`), against the chat settings' maximum. */
  chats_now: z.number().int(),
  chat_capacity: z.number().int().nullable(),
  /** `handled` today: calls answered, conversations answered and tickets solved by them. */
  handled_today: z.number().int(),
  current_call: z.object({ _id: id, status: z.enum(CALL_STATUSES), since: instant }).nullable(),
  /** In after-call work (wrap-up) now, beside the presence: not free for calls until `ends_at`. */
  wrap_up: wrapUpView.nullable(),
});
export type MonitorAgent = z.infer<typeof monitorAgent>;

export const queueMetricsView = z.object({
  waiting_now: z.number().int(),
  longest_wait_s: figure,
  service_level_pct: figure,
  asa_s: figure,
  calls_answered: z.number().int(),
  calls_abandoned: z.number().int(),
  agents_available: z.number().int(),
});
export type QueueMetrics = z.infer<typeof queueMetricsView>;

export const monitorQueue = z.object({
  /** null: every queue together. */
  _id: id.nullable(),
  name: z.string(),
  metrics: queueMetricsView,
  /** When the call waiting longest entered the queue (the browser ticks its wait). */
  oldest_queued_at: instant.nullable(),
});
export type MonitorQueue = z.infer<typeof monitorQueue>;

export const monitorCall = z.object({
  _id: id,
  direction: z.string(),
  caller: z.string(),
  callee: z.string(),
  customer_name: z.string().nullable(),
  queue: z.object({ _id: id, name: z.string() }).nullable(),
  agent: z.object({ _id: id, name: z.string() }).nullable(),
  status: z.enum(CALL_STATUSES),
  started_at: instant,
  queued_at: instant.nullable(),
  answered_at: instant.nullable(),
  /** On hold now (the agent pressed Hold): since when. */
  held_since: instant.nullable(),
  ended_at: instant.nullable(),
  /** Ended, its agent wrapping it up (after-call work) until then. */
  wrap_up_until: instant.nullable(),
  ticket_id: id.nullable(),
});
export type MonitorCall = z.infer<typeof monitorCall>;

export const channelMetricsView = z.object({
  conversations_waiting: z.number().int(),
  first_response_median_s: figure,
  conversations_unassigned: z.number().int(),
  messages_in: z.number().int(),
});
export type ChannelMetrics = z.infer<typeof channelMetricsView>;

export const monitorChannel = z.object({
  _id: id,
  name: z.string(),
  kind: z.string(),
  /** The connection state: 'active', 'disabled' or 'error' (with its reason). */
  status: z.string(),
  status_reason: z.string().nullable(),
  metrics: channelMetricsView,
  oldest_waiting_since: instant.nullable(),
});
export type MonitorChannel = z.infer<typeof monitorChannel>;

/** Metrics of the daily statistics, hour by hour (registry keys). */
export const DAILY_METRICS = [
  'calls_offered',
  'calls_answered',
  'calls_abandoned',
  'chats_created',
  'messages_in',
  'tickets_created',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

export const DAILY_DAYS = ['today', 'yesterday', 'last_week'] as const;
export type DailyDay = (typeof DAILY_DAYS)[number];

export const dailySeries = z.object({
  key: z.enum(DAILY_METRICS),
  /** 24 hourly counts per day (hours of the tenant's time zone). */
  today: z.array(z.number().int()),
  yesterday: z.array(z.number().int()),
  last_week: z.array(z.number().int()),
});
export type DailySeries = z.infer<typeof dailySeries>;

export const dailyStatsView = z.object({
  /** The tenant's days compared (yyyy-MM-dd). */
  days: z.object({ today: z.string(), yesterday: z.string(), last_week: z.string() }),
  series: z.array(dailySeries),
});
export type DailyStats = z.infer<typeof dailyStatsView>;

export const monitorSnapshot = z.object({
  at: instant,
  date: z.string(),
  time_zone: z.string(),
  agents: z.array(monitorAgent),
  departments: z.array(z.object({ _id: id, name: z.string() })),
  queues: z.array(monitorQueue),
  calls: z.array(monitorCall),
  channels: z.array(monitorChannel),
  daily: dailyStatsView,
});
export type MonitorSnapshot = z.infer<typeof monitorSnapshot>;

/** The answers of GET /v2/monitors/{monitor}: the snapshot's part that screen shows. */
export const agentsMonitorView = monitorSnapshot.pick({
  at: true,
  date: true,
  time_zone: true,
  agents: true,
  departments: true,
});
export const callCenterMonitorView = monitorSnapshot.pick({
  at: true,
  date: true,
  time_zone: true,
  queues: true,
});
export const callMonitorView = monitorSnapshot.pick({
  at: true,
  date: true,
  time_zone: true,
  calls: true,
});
export const channelsMonitorView = monitorSnapshot.pick({
  at: true,
  date: true,
  time_zone: true,
  channels: true,
});
export const dailyStatsMonitorView = monitorSnapshot.pick({
  at: true,
  date: true,
  time_zone: true,
  daily: true,
});

export const monitorWatchSchema = z.object({ monitor: z.enum(MONITORS) });

/** PUT /v2/monitors/agents/{id}/presence: a supervisor sets an agent's presence. */
export const agentPresenceBody = z.object({ presence: presenceField });
export const agentPresenceView = z.object({ _id: id, presence: presenceField });

/**
 * POST /v2/monitors/agents/{id}/wrap-up/end: a supervisor ends an agent's after-call work, so
 * routing may offer them a call at once. `ended`: how many were running (0: it had ended already).
 */
export const agentWrapUpEndedView = z.object({ _id: id, ended: z.number().int().min(0) });
export type AgentWrapUpEnded = z.infer<typeof agentWrapUpEndedView>;

/**
 * GET /v2/monitors/rows: the rows behind one figure of a monitor (its drill-down). `key` is the
 * registry key; the other parameters name the tile (queue, channel, agent; a day and hour of
 * the daily statistics).
 */
export const monitorRowsQuery = z.object({
  key: z.string().min(1, { error: 'Chỉ số không hợp lệ' }),
  queue_id: z.uuid({ error: 'Hàng chờ không hợp lệ' }).optional(),
  channel_id: z.uuid({ error: 'Kênh không hợp lệ' }).optional(),
  user_id: z.uuid({ error: 'Nhân viên không hợp lệ' }).optional(),
  day: z.enum(DAILY_DAYS).optional(),
  hour: z.coerce.number().int().min(0).max(23).optional(),
});
export type MonitorRowsQuery = z.infer<typeof monitorRowsQuery>;

export const MONITOR_ROW_KINDS = ['call', 'ticket', 'conversation', 'agent'] as const;
export const monitorRow = z.object({
  kind: z.enum(MONITOR_ROW_KINDS),
  _id: id,
  title: z.string(),
  detail: z.string(),
  at: instant.nullable(),
  /** The app's page of the row (a ticket, a conversation, the call history). */
  href: z.string().nullable(),
});
export type MonitorRow = z.infer<typeof monitorRow>;
export const monitorRowsView = z.object({
  key: z.string(),
  rows: z.array(monitorRow),
  /** More rows matched than listed (the first 200 by time are). */
  truncated: z.boolean(),
});
export type MonitorRows = z.infer<typeof monitorRowsView>;

export const MONITOR_MESSAGES = {
  unknownMetric: 'Chỉ số không hợp lệ',
  agentNotFound: 'Không tìm thấy nhân viên',
  presenceChanged: 'Đã đổi trạng thái làm việc',
  wrapUpEnded: 'Đã kết thúc xử lý sau cuộc gọi của nhân viên',
} as const;
