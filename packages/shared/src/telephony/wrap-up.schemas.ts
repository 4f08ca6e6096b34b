import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';

/**
 * After-call work ("wrap-up"): once an agent's answered call ends, routing offers them no new
 * call for up to the tenant's `call_wrap_up_seconds` (0 turns it off). It is a state of the
 * agent beside their presence (not a presence value), held on the call it follows
 * (`calls.acw_until`); the seconds spent are recorded on that call (`acw_seconds`).
 */
export const WRAP_UP_LIMITS = { min: 0, max: 600, default: 30 } as const;

export const WRAP_UP_MESSAGES = {
  /** The state's name wherever it is shown (softphone, monitors). */
  label: 'Xử lý sau cuộc gọi',
  ready: 'Sẵn sàng',
  ended: 'Đã kết thúc xử lý sau cuộc gọi',
  /** A call of another agent or tenant, or none. */
  notFound: 'Không tìm thấy cuộc gọi',
  secondsInvalid: 'Thời gian xử lý sau cuộc gọi không hợp lệ',
  secondsMin: `Thời gian xử lý sau cuộc gọi tối thiểu ${WRAP_UP_LIMITS.min} giây`,
  secondsMax: `Thời gian xử lý sau cuộc gọi tối đa ${WRAP_UP_LIMITS.max} giây`,
} as const;

/** The tenant setting `call_wrap_up_seconds` (settings of the tenant, `/settings/tenant`). */
export const wrapUpSecondsField = z
  .number({ error: WRAP_UP_MESSAGES.secondsInvalid })
  .int(WRAP_UP_MESSAGES.secondsInvalid)
  .min(WRAP_UP_LIMITS.min, WRAP_UP_MESSAGES.secondsMin)
  .max(WRAP_UP_LIMITS.max, WRAP_UP_MESSAGES.secondsMax);

/** An agent's wrap-up in progress: the call it follows, since its end, until the time runs out. */
export const wrapUpView = z.object({
  /** The call's `_id` (the row, as in /v2/calls). */
  call_id: z.string(),
  started_at: isoDateTime,
  ends_at: isoDateTime,
  /**
   * Seconds left when the server wrote the answer: the browser counts down from it, as its own
   * clock may be minutes off the server's (`ends_at` against the browser's clock would be).
   */
  seconds_left: z.number().int().min(0),
});
export type WrapUpView = z.infer<typeof wrapUpView>;

/** GET /v2/my-wrap-up: the signed-in agent's wrap-up now, or null. */
export const myWrapUpView = wrapUpView.nullable();

/** POST /v2/calls/{id}/wrap-up/end ('Sẵn sàng'): the agent's own call only. */
export const wrapUpParams = z.object({ id: z.uuid(WRAP_UP_MESSAGES.notFound) });

/** What ending it recorded on the call. */
export const wrapUpEndedView = z.object({
  call_id: z.string(),
  acw_seconds: z.number().int(),
});
export type WrapUpEnded = z.infer<typeof wrapUpEndedView>;

/** Pushed to the agent's own sockets when their wrap-up starts (the view) or ends (null). */
export const WRAP_UP_EVENT = 'call:wrap-up';
