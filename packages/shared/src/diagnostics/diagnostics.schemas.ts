import { z } from 'zod';
import { TRACE_MAX_EVENTS } from '../platform/constants.js';
import { isoDateTime } from '../platform/envelope.js';
import { pageQuery } from '../platform/validation.js';

const MAX_TEXT = 4_000;
const traceEvent = z.union([z.string().max(MAX_TEXT), z.record(z.string(), z.unknown())]);

/** POST /v2/trace-disconnected: what the softphone saw before it lost its connection. */
export const traceDisconnectedBody = z.object({
  logs: z.union([
    z.string({ error: 'logs không hợp lệ' }).max(20_000, 'logs quá dài'),
    z.array(traceEvent).max(200, 'logs tối đa 200 sự kiện'),
  ]),
});

/** POST /v2/trace-call-error: one failed call. */
export const traceCallErrorBody = z.object({
  log: z.object({
    created_at: z.string().max(64).optional(),
    cause: z.string().max(MAX_TEXT).optional(),
    tenant_id: z.string().max(64).optional(),
    user_id: z.string().max(64).optional(),
    agent_id: z.string().max(64).optional(),
    call_type: z.string().max(64).optional(),
    call_ids: z.array(z.string().max(255)).max(20).optional(),
    events: z
      .array(traceEvent)
      .max(TRACE_MAX_EVENTS * 2)
      .optional(),
    sip_events: z
      .array(traceEvent)
      .max(TRACE_MAX_EVENTS, `sip_events tối đa ${TRACE_MAX_EVENTS} sự kiện`)
      .optional(),
    ws_events: z
      .array(traceEvent)
      .max(TRACE_MAX_EVENTS, `ws_events tối đa ${TRACE_MAX_EVENTS} sự kiện`)
      .optional(),
    device: z.literal('web', { error: "device phải là 'web'" }).optional(),
    version: z.string().max(16).optional(),
  }),
});

export const CLIENT_ERROR_KINDS = ['network', 'render', 'chunk', 'unhandled'] as const;
export const clientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(MAX_TEXT),
  stack: z.string().max(16_000).optional(),
  url: z.string().max(2_000).optional(),
  status: z.number().int().optional(),
  code: z.string().max(64).optional(),
  at: z.string().max(64),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** POST /v2/client-errors: the web app's error reports, batched. */
export const clientErrorsBody = z.object({
  errors: z.array(clientErrorReport).min(1).max(50, 'Tối đa 50 lỗi mỗi lần gửi'),
});

/** The three report kinds, stored in one table. */
export const DIAGNOSTIC_KINDS = ['trace_disconnected', 'trace_call_error', 'client_error'] as const;
export type DiagnosticKind = (typeof DIAGNOSTIC_KINDS)[number];

/** GET /v2/diagnostics */
export const diagnosticsQuery = pageQuery.extend({ kind: z.enum(DIAGNOSTIC_KINDS).optional() });

export const diagnosticView = z.object({
  _id: z.string(),
  kind: z.enum(DIAGNOSTIC_KINDS),
  /** Null for a client error reported before anyone signed in. */
  user_id: z.string().nullable(),
  payload: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: isoDateTime,
});
export type DiagnosticReport = z.infer<typeof diagnosticView>;
