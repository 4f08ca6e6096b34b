import type { CallStatus } from '@omnicare/shared/telephony/call-enums';
import { GATEWAY_RESTART_CAUSE, type CallResult } from '@omnicare/shared/telephony/calls.schemas';
import type { CallTransfer } from '../../db/schema/telephony.js';

/** One stored gateway event as the derivation reads it (agents already resolved to users). */
export interface DerivationEvent {
  type: string;
  at: Date;
  direction?: string;
  from?: string;
  to?: string;
  hotline?: string;
  agentUserId?: string | null;
  /** call.transferred to a queue's hotline: that queue. */
  queueId?: string | null;
  deviceType?: number;
  cause?: string;
  sipCode?: number;
  campaignId?: string;
  /** The leg (SIP dialog) of the call, 1 when the gateway did not say. */
  leg?: number;
  /** call.transferred: an attended transfer. */
  attended?: boolean;
}

/** What routing alone knows of the call (kept when the events say nothing else). */
export interface RoutedState {
  agentId: string | null;
  offeredAt: Date | null;
  status: CallStatus;
  startedAt: Date;
  voicemail: string | null;
}

export interface DerivedCall {
  direction?: string;
  fromNumber?: string;
  toNumber?: string;
  hotline?: string;
  deviceType?: number;
  campaignId?: string;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  agentId: string | null;
  status: CallStatus;
  talkSeconds: number;
  holdSeconds: number;
  endedOnHold: boolean;
  /** On hold now (a call not ended): since when. */
  heldSince: Date | null;
  waitSeconds: number;
  result: CallResult | null;
  cause: string | null;
  transfers: CallTransfer[];
}

/** The cause of the end of a leg the gateway knows was transferred away (a REFER accepted on it). */
export const TRANSFERRED_CAUSE = 'transferred';
const BUSY_CODES = new Set([486, 600]);
const NO_ANSWER_CAUSES = new Set(['no_answer', 'timeout', 'ring_timeout', 'voicemail']);
const CALLER_GONE_CAUSES = new Set(['caller_hangup', 'cancel', 'caller_cancel']);
/** The customer hung up: the caller of an inbound call, the called party of an outbound one. */
const CUSTOMER_HANGUP_CAUSES = new Set(['caller_hangup', 'customer_hangup']);
const FAILURE_CAUSES = new Set([
  'failed',
  'error',
  'unreachable',
  'rejected',
  GATEWAY_RESTART_CAUSE,
]);

const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
const legOf = (event: DerivationEvent) => event.leg ?? 1;

/** Seconds covered by the spans (overlaps counted once). */
function coveredSeconds(spans: [Date, Date][]) {
  let total = 0;
  let until = -Infinity;
  for (const [from, to] of [...spans].sort((a, b) => a[0].getTime() - b[0].getTime())) {
    const start = Math.max(from.getTime(), until);
    if (to.getTime() > start) total += to.getTime() - start;
    until = Math.max(until, to.getTime());
  }
  return Math.max(0, Math.round(total / 1000));
}

/**
 * A call's row from all its events, in their gateway time order (so a resent or late event
 * gives the same row). Results of a call that ended:
 * - answered: it was answered;
 * - busy: cause 'busy' or SIP 486/600;
 * - failed: cause failed/error/unreachable/rejected/gateway_restart, or a SIP code 500 and up
 *   (besides 600);
 * - missed: it rang an agent (or went to voicemail) and nobody answered, or cause
 *   no_answer/timeout (SIP 408/480);
 * - abandoned: the caller hung up while waiting or ringing (cause caller_hangup/cancel, or
 *   no cause before any ring).
 *
 * Legs: a blind transfer moves the caller into a new leg (same Call-ID). The end of a leg that
 * was transferred away (a call.transferred names it, or its end has cause 'transferred') ends
 * only that leg; the call ends with its last other leg, or with the end the server records when
 * the gateway restarted (cause 'gateway_restart', whatever its leg). Talk time is the time some
 * leg was answered (each leg from its answer to its end, or to the call's end when its own end
 * is missing; overlaps once), so the moment the caller rings the next agent is not talk. An
 * ended call's agent is the last one who answered.
 */
export function deriveCall(events: DerivationEvent[], routed: RoutedState): DerivedCall {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = <K extends keyof DerivationEvent>(key: K) =>
    sorted.find((event) => event[key] !== undefined)?.[key];
  const started = sorted.find((event) => event.type === 'call.started');
  const answers = sorted.filter((event) => event.type === 'call.answered');
  const answered = answers[0];
  const legEnds = sorted.filter((event) => event.type === 'call.ended');
  // A leg is transferred away by its call.transferred, or by its own end when the gateway says
  // so (cause 'transferred'): the two are posted by different processes, and the end may arrive
  // first; without this the call would show ended until the transfer arrives, then reopen.
  const transferredAway = new Set([
    ...sorted.filter((event) => event.type === 'call.transferred').map(legOf),
    ...legEnds.filter((event) => event.cause === TRANSFERRED_CAUSE).map(legOf),
  ]);
  const ended = legEnds
    .filter((event) => event.cause === GATEWAY_RESTART_CAUSE || !transferredAway.has(legOf(event)))
    .at(-1);
  const rang = sorted.some((event) => event.type === 'call.ringing') || !!routed.offeredAt;
  const startedAt = started?.at ?? sorted[0]?.at ?? routed.startedAt;

  let agentId = routed.agentId;
  let agentAt: Date | null = null;
  let current: string | null = null;
  const transfers: CallTransfer[] = [];
  for (const event of sorted) {
    if (event.type === 'call.transferred' && !event.agentUserId && event.queueId) {
      // To a queue: nobody holds the call until its routing rings someone (routing's own
      // offer then names them), so the agent who transferred it is free for other calls.
      transfers.push({
        at: event.at.toISOString(),
        from_user_id: current,
        to_user_id: null,
        to_queue_id: event.queueId,
      });
      current = null;
      agentAt = event.at;
      continue;
    }
    if (!event.agentUserId) continue;
    if (event.type === 'call.transferred') {
      transfers.push({
        at: event.at.toISOString(),
        from_user_id: current,
        to_user_id: event.agentUserId,
        ...(event.attended ? { attended: true } : {}),
      });
    }
    if (['call.ringing', 'call.answered', 'call.transferred'].includes(event.type)) {
      current = event.agentUserId;
      agentAt = event.at;
    }
  }
  // A later ring offered by routing (to another agent) wins over older events; after a transfer
  // to a queue the call is routing's until an event names an agent again.
  if (current && (!routed.offeredAt || !agentAt || agentAt >= routed.offeredAt)) agentId = current;
  // Once over, an answered call belongs to the last agent who answered (a transfer nobody took
  // leaves it with the one who transferred it).
  const lastAnswerer = answers.filter((event) => event.agentUserId).at(-1)?.agentUserId;
  if (ended && lastAnswerer) agentId = lastAnswerer;

  const direction = first('direction');
  const outbound = direction === 'CALL_OUTBOUND';
  // After a transfer to a queue, only what happened since counts: the caller waits again.
  const lastToQueue = sorted
    .filter((event) => event.type === 'call.transferred' && !event.agentUserId && event.queueId)
    .at(-1);
  const since = (type: string) =>
    sorted.some((event) => event.type === type && (!lastToQueue || event.at >= lastToQueue.at));
  const offeredSince = !!lastToQueue && !!routed.offeredAt && routed.offeredAt >= lastToQueue.at;
  let status: CallStatus = routed.status;
  if (ended) status = 'ENDED';
  else if (since('call.answered')) status = 'ANSWERING';
  else if (since('call.ringing') || offeredSince) status = 'RINGING';
  else if (lastToQueue) status = 'QUEUEING';
  else if (outbound) status = 'DIALING';

  let result: CallResult | null = null;
  let cause: string | null = null;
  if (ended) {
    cause = ended.cause ?? (ended.sipCode ? `sip_${ended.sipCode}` : null);
    const code = ended.sipCode;
    const said = ended.cause?.toLowerCase();
    if (answered) result = 'answered';
    else if (said === 'busy' || (code !== undefined && BUSY_CODES.has(code))) result = 'busy';
    else if ((said && FAILURE_CAUSES.has(said)) || (code !== undefined && code >= 500))
      result = 'failed';
    else if ((said && NO_ANSWER_CAUSES.has(said)) || code === 408 || code === 480)
      result = 'missed';
    else if (said && CALLER_GONE_CAUSES.has(said)) result = 'abandoned';
    else result = rang || routed.voicemail ? 'missed' : 'abandoned';
    if (result === 'failed') status = 'FAILED';
  }
  const endedAt = ended?.at ?? null;
  const answeredAt = answered?.at ?? null;
  const talkSpans: [Date, Date][] = [];
  if (endedAt)
    for (const answer of answers) {
      const legEnd = legEnds.find(
        (event) => legOf(event) === legOf(answer) && event.at >= answer.at,
      );
      talkSpans.push([answer.at, legEnd && legEnd.at < endedAt ? legEnd.at : endedAt]);
    }
  const hold = holdOf(sorted, endedAt, ended);
  return {
    direction,
    fromNumber: first('from'),
    toNumber: first('to'),
    hotline: first('hotline'),
    deviceType: first('deviceType'),
    campaignId: first('campaignId'),
    startedAt,
    answeredAt,
    endedAt,
    agentId,
    status,
    talkSeconds: coveredSeconds(talkSpans),
    holdSeconds: hold.seconds,
    endedOnHold: hold.endedOnHold,
    heldSince: endedAt ? null : hold.since,
    waitSeconds: seconds(startedAt, answeredAt ?? endedAt ?? startedAt),
    result,
    cause,
    transfers,
  };
}

/**
 * Hold (the gateway's call.held and call.resumed, an agent's re-INVITE offering sendonly or
 * inactive and sendrecv again): the seconds held, each hold until its resume or the call's end,
 * whether the customer hung up while held, and the hold still open (`since`). A resume without
 * a hold before it counts nothing.
 */
function holdOf(sorted: DerivationEvent[], endedAt: Date | null, ended?: DerivationEvent) {
  const spans: [Date, Date][] = [];
  let since: Date | null = null;
  for (const event of sorted) {
    if (endedAt && event.at > endedAt) break;
    if (event.type === 'call.held') since ??= event.at;
    else if (event.type === 'call.resumed' && since) {
      spans.push([since, event.at]);
      since = null;
    }
  }
  if (since && endedAt) spans.push([since, endedAt]);
  return {
    seconds: coveredSeconds(spans),
    endedOnHold: !!since && !!ended && CUSTOMER_HANGUP_CAUSES.has(ended.cause ?? ''),
    since,
  };
}
