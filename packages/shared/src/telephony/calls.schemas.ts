import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { isoDateTime } from '../platform/envelope.js';
import { isCalendarDay, pageQuery, refuseReversedDays } from '../platform/validation.js';
import {
  CALL_DEVICE_TYPE,
  CALL_DIRECTION,
  CALL_STATUSES,
  type CallDeviceType,
  type CallDirection,
} from './call-enums.js';

/** How a finished call ended. */
export const CALL_RESULT = labelled({
  answered: 'Đã trả lời',
  missed: 'Gọi nhỡ',
  abandoned: 'Khách gác máy',
  busy: 'Máy bận',
  failed: 'Lỗi',
});
export type CallResult = (typeof CALL_RESULT.values)[number];

/** The tenant's rule for the ticket of a call (tenant settings `call_ticket_rule`). */
export const CALL_TICKET_RULE = labelled({
  new_per_call: 'Tạo ticket mới cho mỗi cuộc gọi',
  reuse_open_within_hours: 'Dùng lại ticket đang mở của khách trong N giờ gần nhất',
});
export type CallTicketRuleMode = (typeof CALL_TICKET_RULE.values)[number];
export const callTicketRule = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('new_per_call') }),
  z.object({
    mode: z.literal('reuse_open_within_hours'),
    hours: z
      .number({ error: 'Số giờ không hợp lệ' })
      .int('Số giờ không hợp lệ')
      .min(1, 'Số giờ tối thiểu là 1')
      .max(720, 'Số giờ tối đa là 720'),
  }),
]);
export type CallTicketRule = z.infer<typeof callTicketRule>;
export const DEFAULT_CALL_TICKET_RULE: CallTicketRule = { mode: 'new_per_call' };

/**
 * The times the gateway may report (an event's `at`, a start's `started_at`): none before
 * `earliest`, none more than `maxAheadMs` ahead of the server's clock (a gateway's clock may be
 * off by seconds, never by hours; year 9999 is a mistake or an attack). Refused with 422 on the
 * field.
 */
export const GATEWAY_TIME_BOUNDS = {
  earliest: Date.UTC(2000, 0, 1),
  maxAheadMs: 60 * 60 * 1000,
} as const;

export const CALL_MESSAGES = {
  gatewayUnauthorized: 'Cổng thoại không được xác thực',
  unknownTenant: 'Không xác định được tổng đài của cuộc gọi',
  eventRecorded: 'Đã ghi nhận sự kiện cuộc gọi',
  eventDuplicate: 'Sự kiện đã được ghi nhận trước đó',
  notFound: 'Không tìm thấy cuộc gọi',
  /** 'Tạo ticket' / 'Gắn vào ticket' on a call that already has one (409). */
  alreadyHasTicket: 'Cuộc gọi đã có ticket',
  ticketCreated: (code: string) => `Đã tạo ticket ${code} cho cuộc gọi`,
  ticketAttached: (code: string) => `Đã gắn cuộc gọi vào ticket ${code}`,
  invalidTicket: 'Ticket không hợp lệ',
  newCustomer: 'Khách hàng mới',
  ticketSubject: (direction: CallDirection, number: string) =>
    direction === 'CALL_INBOUND' ? `Cuộc gọi từ ${number}` : `Cuộc gọi ra ${number}`,
  /** The ticket of an inbound call that went to voicemail. */
  voicemailTicketSubject: (number: string) => `Cuộc gọi nhỡ từ ${number} (hộp thư thoại)`,
  exportTooLarge: (max: number) => `Chỉ xuất được tối đa ${max} cuộc gọi, vui lòng lọc bớt`,
  gatewayStarted: (ended: number) =>
    `Đã kết thúc ${ended} cuộc gọi bị mất khi cổng thoại khởi động lại`,
  /** An event for a call already ended (final): answered 200, nothing recorded. */
  eventIgnoredCallEnded: 'Cuộc gọi đã kết thúc, sự kiện không được ghi nhận',
  /** A gateway time outside GATEWAY_TIME_BOUNDS. */
  timeOutOfBounds: `Thời điểm phải từ năm ${new Date(GATEWAY_TIME_BOUNDS.earliest).getUTCFullYear()} trở đi và không quá ${GATEWAY_TIME_BOUNDS.maxAheadMs / 3_600_000} giờ sau hiện tại`,
} as const;

/**
 * How long after the server recorded a call's end an event that happened before that end is
 * still taken (the gateway's two posters may deliver a call's events out of order). Past it,
 * or for an event after the end, the call is final: new events are answered `ignored`.
 */
export const CALL_LATE_EVENT_GRACE_MS = 2 * 60 * 1000;

/**
 * Wrong gateway secrets one address may send in `windowMs` (shared by every server instance);
 * past them it is answered 429 for the rest of the window, right secret or not, so the secret
 * cannot be guessed.
 */
export const GATEWAY_SECRET_FAILURE_LIMIT = { failures: 10, windowMs: 60_000 } as const;

/**
 * The cause of the end the server records for a call its gateway forgot by restarting
 * (POST /v2/telephony/gateway-started). It ends the whole call, whatever leg was under way.
 */
export const GATEWAY_RESTART_CAUSE = 'gateway_restart';

/** The gateway instance's name (its OMNICARE_GATEWAY_ID): which gateway handles a call. */
const gatewayField = z
  .string()
  .trim()
  .min(1, { error: 'Tên cổng thoại không được bỏ trống' })
  .max(255, { error: 'Tên cổng thoại tối đa 255 ký tự' });

const numberField = z.string().trim().min(1).max(64);

/** A gateway time: ISO 8601, within GATEWAY_TIME_BOUNDS (a malformed one says so once). */
const gatewayTime = isoDateTime.refine(
  (value) => {
    const ms = Date.parse(value);
    return (
      Number.isNaN(ms) ||
      (ms >= GATEWAY_TIME_BOUNDS.earliest && ms <= Date.now() + GATEWAY_TIME_BOUNDS.maxAheadMs)
    );
  },
  { error: CALL_MESSAGES.timeOutOfBounds },
);
const callIdField = z.string().trim().min(1).max(255);

/** POST /v2/telephony/route: the gateway asks where an inbound call goes. */
export const routeRequest = z.object({
  call_id: callIdField,
  from: numberField,
  /** The dialled hotline. */
  to: numberField,
  /** 1 for the first ask, then one more for each new ask of the same call. */
  attempt: z.number().int().min(1).max(1000).default(1),
  /** The agent (agent_id or SIP username) rung just before, who did not answer. */
  previous_agent: z.string().trim().max(255).optional(),
  /**
   * The caller's leg (SIP dialog) of the call, 1 when absent. A later leg's first ask (attempt
   * 1) is the caller following an agent's transfer to this hotline: the call enters its queue.
   */
  leg: z.number().int().min(1).max(50).default(1),
});
export type RouteRequest = z.infer<typeof routeRequest>;

const routedQueue = z.object({ _id: z.string(), name: z.string() });
export const routeAnswer = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('ring'),
    queue: routedQueue,
    agent: z.object({ user_id: z.string(), agent_id: z.string(), sip_username: z.string() }),
    ring_timeout: z.number().int(),
  }),
  /** Nobody free: the caller waits (QUEUEING); ask again after `retry_after_ms`. */
  z.object({
    action: z.literal('queue'),
    queue: routedQueue,
    retry_after_ms: z.number().int(),
    waited_seconds: z.number().int(),
  }),
  /**
   * Past the maximum wait: `queue` the call now belongs to that queue (ask again at once),
   * `voicemail` record a message (the call's ticket holds it).
   */
  z.object({
    action: z.literal('overflow'),
    target: z.enum(['queue', 'voicemail']),
    queue: routedQueue.nullable(),
  }),
  /** No queue answers that number (404 for SIP), or the call has already ended. */
  z.object({ action: z.literal('reject'), reason: z.enum(['unknown_hotline', 'call_ended']) }),
]);
export type RouteAnswer = z.infer<typeof routeAnswer>;

export const CALL_EVENT_TYPES = [
  'call.started',
  'call.ringing',
  'call.answered',
  'call.transferred',
  'call.held',
  'call.resumed',
  'call.ended',
] as const;
export type CallEventType = (typeof CALL_EVENT_TYPES)[number];

/** POST /v2/telephony/events: one signalling event of one call, from the gateway. */
export const gatewayCallEvent = z.object({
  call_id: callIdField,
  /** Unique per call (the gateway's event id or its sequence number): a resend is ignored. */
  event_id: z.string().trim().min(1).max(255),
  type: z.enum(CALL_EVENT_TYPES, { error: 'Loại sự kiện không hợp lệ' }),
  /** When it happened at the gateway; order comes from this, not from arrival. */
  at: gatewayTime,
  direction: z.enum(CALL_DIRECTION.values as [CallDirection, ...CallDirection[]]).optional(),
  from: numberField.optional(),
  to: numberField.optional(),
  hotline: numberField.optional(),
  /** call.ringing / call.answered / call.transferred: the agent (agent_id or SIP username). */
  agent: z.string().trim().max(255).optional(),
  device_type: z
    .number()
    .int()
    .refine((value) => CALL_DEVICE_TYPE.is(value))
    .optional(),
  /** call.ended: who or what ended it, SIP style ('caller_hangup', 'agent_hangup', 'busy'...). */
  cause: z.string().trim().max(255).optional(),
  sip_code: z.number().int().min(100).max(699).optional(),
  campaign_id: z.string().trim().max(255).optional(),
  /** The gateway that handles the call: its restart ends the calls it had (gateway-started). */
  gateway: gatewayField.optional(),
  /**
   * Which leg (SIP dialog) of the call the event belongs to, 1 when absent. A blind transfer
   * opens the next leg (the caller's new INVITE with the same Call-ID); call.transferred names
   * the leg that was transferred away, whose call.ended then ends only that leg.
   */
  leg: z.number().int().min(1).max(50).optional(),
  /**
   * call.transferred: an attended transfer (the agent spoke with the one taking the call first,
   * then joined them: REFER with Replaces); absent or false for a blind one.
   */
  attended: z.boolean().optional(),
  /**
   * call.ended of a call that went to voicemail: where the caller's message can be listened to.
   * Reserved: the project's gateway records no audio, so it never sends one; the server keeps it
   * with the event.
   */
  recording_url: z
    .url({ protocol: /^https?$/, error: 'Địa chỉ bản ghi không hợp lệ' })
    .max(2048)
    .optional(),
});
export type GatewayCallEvent = z.infer<typeof gatewayCallEvent>;

/**
 * POST /v2/telephony/gateway-started: a gateway (re)started at `started_at` and knows nothing of
 * the calls it had before; the server ends those still open (cause GATEWAY_RESTART_CAUSE).
 */
export const gatewayStarted = z.object({
  gateway: gatewayField,
  started_at: gatewayTime,
});
export type GatewayStarted = z.infer<typeof gatewayStarted>;

export const gatewayStartedAnswer = z.object({ ended: z.number().int() });

export const eventAnswer = z.object({
  duplicate: z.boolean(),
  /** The call had ended (it is final): the event was not recorded. */
  ignored: z.boolean(),
  call: z.object({ _id: z.string() }),
});

/** The call as the softphone knows it (spec section 3). */
export const callInfo = z.object({
  callId: z.string(),
  ticketId: z.string().nullable(),
  callStatus: z.enum(CALL_STATUSES),
  callType: z.string(),
  campaignId: z.string().nullable(),
});
export type CallInfo = z.infer<typeof callInfo>;

const named = z.object({ _id: z.string(), name: z.string() });

export const callView = z.object({
  _id: z.string(),
  call_id: z.string(),
  direction: z.string(),
  from_number: z.string(),
  to_number: z.string(),
  hotline: z.string().nullable(),
  customer: named.extend({ number: z.number().int() }).nullable(),
  queue: named.nullable(),
  agent: named.extend({ agent_id: z.string() }).nullable(),
  device_type: z.number().int().nullable(),
  status: z.enum(CALL_STATUSES),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  talk_seconds: z.number().int(),
  /** Of the talk, the time the call was on hold (call.held to call.resumed or its end). */
  hold_seconds: z.number().int(),
  /** The customer hung up while on hold. */
  ended_on_hold: z.boolean(),
  /** After-call work: the agent's wrap-up after the call, recorded once it ended. */
  acw_seconds: z.number().int(),
  wait_seconds: z.number().int(),
  result: z.string().nullable(),
  cause: z.string().nullable(),
  /**
   * `to`: the agent it went to; a transfer to a queue (its hotline) names `queue` instead.
   * `attended`: the agent spoke with the one taking the call before handing it over.
   */
  transfers: z.array(
    z.object({
      at: z.string(),
      from: named.nullable(),
      to: named.nullable(),
      queue: named.nullable(),
      attended: z.boolean(),
    }),
  ),
  ticket: z.object({ _id: z.string(), code: z.string(), number: z.number().int() }).nullable(),
  call_info: callInfo,
});
export type CallView = z.infer<typeof callView>;

/** What a call's timeline calls the gateway's events. */
export const CALL_EVENT_LABEL = labelled({
  'call.started': 'Bắt đầu cuộc gọi',
  'call.ringing': 'Đổ chuông',
  'call.answered': 'Trả lời',
  'call.transferred': 'Chuyển tiếp',
  'call.held': 'Giữ máy',
  'call.resumed': 'Tiếp tục cuộc gọi',
  'call.ended': 'Kết thúc',
} satisfies Record<CallEventType, string>);

/** The end causes the gateway sends most, as people read them (any other shows as sent). */
export const CALL_END_CAUSE = labelled({
  caller_hangup: 'Khách gác máy',
  agent_hangup: 'Chuyên viên gác máy',
  cancel: 'Khách hủy cuộc gọi',
  no_answer: 'Không trả lời',
  timeout: 'Hết thời gian đổ chuông',
  busy: 'Máy bận',
  failed: 'Lỗi',
  voicemail: 'Hộp thư thoại',
  transferred: 'Đã chuyển tiếp',
  transfer_not_followed: 'Khách không theo cuộc chuyển',
  [GATEWAY_RESTART_CAUSE]: 'Cổng thoại khởi động lại',
});

/** One stored event of a call, as its timeline shows it (GET /v2/calls/{id}). */
export const callEventView = z.object({
  type: z.string(),
  at: z.string(),
  /** The call's leg (SIP dialog) it belongs to: 2 and more after a transfer. */
  leg: z.number().int(),
  /** Who rang, answered, or took the transfer. */
  agent: named.nullable(),
  /** A transfer to a queue's hotline: that queue. */
  queue: named.nullable(),
  cause: z.string().nullable(),
  sip_code: z.number().int().nullable(),
  attended: z.boolean(),
});
export type CallEventView = z.infer<typeof callEventView>;

/** GET /v2/calls/{id} (and the answers of its ticket's POST and PUT): the call with its events. */
export const callDetail = callView.extend({
  events: z.array(callEventView),
  /** The ticket's subject, only when the caller may see the ticket (its data scope). */
  ticket_subject: z.string().nullable(),
});
export type CallDetail = z.infer<typeof callDetail>;

/** `/v2/calls/{id}` and below: a call of the caller's scope (a malformed id: 422 on `id`). */
export const callParams = z.object({ id: z.uuid(CALL_MESSAGES.notFound) });

/**
 * PUT /v2/calls/{id}/ticket: attach a call that has no ticket to one the caller may see.
 * (POST /v2/calls/{id}/ticket makes a new one from the call and takes no body.)
 */
export const callTicketAttachBody = z.object({
  ticket_id: z.uuid(CALL_MESSAGES.invalidTicket),
});
export type CallTicketAttachBody = z.infer<typeof callTicketAttachBody>;

const listOf = <T extends string>(is: (value: unknown) => value is T, message: string) =>
  z
    .string()
    .transform((text, ctx) => {
      const parts = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (!parts.every(is)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parts as T[];
    })
    .optional();
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const day = z.string().refine(isCalendarDay, 'Ngày không hợp lệ').optional();

const callListFields = pageQuery.extend({
  direction: z
    .enum(CALL_DIRECTION.values as [CallDirection, ...CallDirection[]], {
      error: 'Loại cuộc gọi không hợp lệ',
    })
    .optional(),
  result: listOf<CallResult>(CALL_RESULT.is, 'Kết quả cuộc gọi không hợp lệ'),
  agent_id: listOf<string>(isUuid, 'Chuyên viên không hợp lệ'),
  queue_id: listOf<string>(isUuid, 'Hàng chờ không hợp lệ'),
  hotline: z.string().trim().max(64).optional(),
  /** Digits of the caller or callee ('0912', '+84912...', '345 678'). */
  number: z.string().trim().max(64).optional(),
  /** The calls of one ticket (the ticket screen's list). */
  ticket_id: z.uuid('Ticket không hợp lệ').optional(),
  /** The calls of one customer (the customer panel and page); 404 outside the caller's scope. */
  customer_id: z.uuid('Khách hàng không hợp lệ').optional(),
  /** Days in Asia/Bangkok, both included. */
  from: day,
  to: day,
});
export const callListQuery = callListFields.superRefine(refuseReversedDays('from', 'to'));
export type CallListQuery = z.infer<typeof callListQuery>;
export const callExportQuery = callListFields
  .omit({ page: true, page_size: true })
  .superRefine(refuseReversedDays('from', 'to'));
export type CallExportQuery = z.infer<typeof callExportQuery>;

/** The labels a screen shows for a call. */
export const callDirectionLabel = (direction: string) => CALL_DIRECTION.label(direction);
export const callResultLabel = (result: string | null) =>
  result ? CALL_RESULT.label(result) : 'Đang diễn ra';
export const callDeviceLabel = (device: CallDeviceType | number | null) =>
  device === null ? '' : CALL_DEVICE_TYPE.label(device);

/**
 * One step of a call's transfer chain: 'Lan → Hùng (có tư vấn)', 'Lan → Hàng chờ CSKH'; beside
 * the agent it went to (`shownAgentId`), only where it came from: 'từ Lan (có tư vấn)'.
 */
export function formatCallTransfer(
  transfer: CallView['transfers'][number],
  shownAgentId?: string,
): string {
  const from = transfer.from?.name ?? '—';
  const to = transfer.to?.name ?? (transfer.queue ? `Hàng chờ ${transfer.queue.name}` : '—');
  const how = transfer.attended ? ' (có tư vấn)' : '';
  if (shownAgentId && transfer.to?._id === shownAgentId) return `từ ${from}${how}`;
  return `${from} → ${to}${how}`;
}

/** 75 → '01:15', 3725 → '1:02:05'. */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export const CALL_EXPORT_MAX = 50_000;
export const CALL_EXPORT_COLUMNS = [
  'Loại cuộc gọi',
  'Số gọi',
  'Số nhận',
  'Hotline',
  'Khách hàng',
  'Chuyên viên',
  'Hàng chờ',
  'Bắt đầu',
  'Trả lời',
  'Kết thúc',
  'Thời gian chờ',
  'Thời gian đàm thoại',
  'Kết quả',
  'Nguyên nhân',
  'Ticket',
  'Chuyển tiếp',
] as const;
