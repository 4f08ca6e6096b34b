import ExcelJS from 'exceljs';
import { normalizePhone, phoneSearchOf } from '@omnicare/shared/customers/normalize';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatDateTime, startOfDayIn } from '@omnicare/shared/platform/time';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import { TICKET_MESSAGES, ticketBody } from '@omnicare/shared/tickets/tickets.schemas';
import { can } from '@omnicare/shared/users/permissions';
import type { CallDirection } from '@omnicare/shared/telephony/call-enums';
import {
  CALL_EXPORT_COLUMNS,
  formatCallTransfer,
  CALL_EXPORT_MAX,
  CALL_LATE_EVENT_GRACE_MS,
  CALL_MESSAGES,
  DEFAULT_CALL_TICKET_RULE,
  GATEWAY_RESTART_CAUSE,
  callDirectionLabel,
  callResultLabel,
  formatCallDuration,
  type CallDetail,
  type CallEventView,
  type CallExportQuery,
  type CallListQuery,
  type CallTicketAttachBody,
  type CallView,
  type GatewayCallEvent,
  type GatewayStarted,
} from '@omnicare/shared/telephony/calls.schemas';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf, scopeCondition } from '../../platform/data-scope.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { calls } from '../../db/schema/telephony.js';
import { writeAudit } from '../audit/audit.service.js';
import { getCustomer } from '../customers/customers.service.js';
import { getTenantConfig } from '../tenants/tenants.service.js';
import { assignToCallAgent } from '../routing/assignment.js';
import { createStaffTicket, createTicket, recordCallLinked } from '../tickets/ticket-create.js';
import { updateTicket } from '../tickets/ticket-changes.js';
import { getVisibleTicket } from '../tickets/ticket-queries.js';
import { systemAuth } from '../tickets/ticket-writes.js';
import { deriveCall, type DerivationEvent } from './call-derivation.js';
import * as repo from './calls.repository.js';
import { announceWrapUp, wrapUpOnCallEvent } from './wrap-up.service.js';

/**
 * The tenant of an event's call. Call ids come from SIP clients, so two tenants may hold the
 * same one: what the event itself names comes first, the dialled hotline (unique across
 * tenants), else for an outbound call the SIP account placing it (unique across tenants too).
 * An event naming neither belongs to the call of its id when one tenant has such a call; last,
 * the SIP account of its agent.
 */
async function tenantOfEvent(platform: Platform, event: GatewayCallEvent) {
  const inbound = event.direction !== 'CALL_OUTBOUND';
  const hotline = event.hotline ?? (inbound ? event.to : undefined);
  if (hotline) {
    const queue = await repo.queueOfHotline(platform.db, hotline);
    if (queue) return queue.tenantId;
  }
  const tenantOfSip = async (username: string | undefined) => {
    if (!username) return undefined;
    const tenants = await repo.tenantsOfSipUser(platform.db, username);
    return tenants.length === 1 ? tenants[0] : undefined;
  };
  const caller = inbound
    ? undefined
    : ((await tenantOfSip(event.from)) ?? (await tenantOfSip(event.agent)));
  if (caller) return caller;
  const owners = await repo.tenantsOfCallId(platform.db, event.call_id);
  if (owners.length === 1) return owners[0];
  const agents = inbound ? await tenantOfSip(event.agent) : undefined;
  return agents && (owners.length === 0 || owners.includes(agents)) ? agents : undefined;
}

/**
 * Whether an ended call still takes an event that happened at `at`: only one from before its
 * end, arriving within CALL_LATE_EVENT_GRACE_MS of the end (the gateway's two posters may
 * deliver a call's events out of order). Otherwise the call is final.
 */
async function takesLateEvent(tx: Transaction, call: repo.CallRow, at: Date) {
  if (!call.endedAt || at > call.endedAt) return false;
  const received = (await repo.endReceivedAt(tx, call.id, call.endedAt)) ?? call.updatedAt;
  return Date.now() - received.getTime() <= CALL_LATE_EVENT_GRACE_MS;
}

const storedPayload = (
  event: GatewayCallEvent,
  agentUserId: string | null,
  queueId: string | null,
) => ({
  ...event,
  agent_user_id: agentUserId,
  ...(queueId ? { queue_id: queueId } : {}),
});

function derivationEvent(row: repo.CallEventRow): DerivationEvent {
  const p = row.payload as Partial<GatewayCallEvent> & {
    agent_user_id?: string | null;
    queue_id?: string;
  };
  return {
    type: row.type,
    at: row.at,
    direction: p.direction,
    from: p.from,
    to: p.to,
    hotline: p.hotline,
    agentUserId: p.agent_user_id ?? null,
    queueId: p.queue_id ?? null,
    deviceType: p.device_type,
    cause: p.cause,
    sipCode: p.sip_code,
    campaignId: p.campaign_id,
    leg: p.leg,
    attended: p.attended,
  };
}

/**
 * POST /v2/telephony/events: stores the event once (a resend with the same event id changes
 * nothing) and works the call's row out again from all its events. An ended call is final: a new
 * event for it is ignored (not stored), save one from before its end arriving just after it.
 * Then the call's ticket is made or continued (once per call), and a call that just ended goes
 * on the customer's timeline and moves its agent's longest-idle cursor. `tenantId` is given when
 * the server itself ends a call it knows (a restarted gateway's).
 */
export async function ingestEvent(
  platform: Platform,
  event: GatewayCallEvent,
  knownTenantId?: string,
) {
  const tenantId = knownTenantId ?? (await tenantOfEvent(platform, event));
  if (!tenantId) throw new AppError(422, CALL_MESSAGES.unknownTenant);
  const outcome = await platform.db.transaction(async (tx) => {
    const at = new Date(event.at);
    const call = await repo.claimCallRow(tx, {
      tenantId,
      callId: event.call_id,
      direction: event.direction ?? 'CALL_INBOUND',
      startedAt: at,
      status: event.direction === 'CALL_OUTBOUND' ? 'DIALING' : 'QUEUEING',
    });
    if (call.endedAt && !(await takesLateEvent(tx, call, at))) {
      const duplicate = await repo.hasEvent(tx, tenantId, event.call_id, event.event_id);
      return { call, duplicate, ignored: !duplicate, justEnded: false };
    }
    const agentUserId = event.agent
      ? ((await repo.staffByAgent(tx, tenantId, event.agent)) ?? null)
      : null;
    // A transfer to no agent but a hotline of the tenant: to that queue.
    const toQueue =
      event.type === 'call.transferred' && event.agent && !agentUserId
        ? await repo.queueOfHotline(tx, event.agent)
        : undefined;
    const queueId = toQueue?.tenantId === tenantId ? toQueue.id : null;
    const fresh = await repo.insertEvent(tx, {
      tenantId,
      callRowId: call.id,
      callId: event.call_id,
      eventId: event.event_id,
      type: event.type,
      at,
      payload: storedPayload(event, agentUserId, queueId),
    });
    if (!fresh) return { call, duplicate: true, ignored: false, justEnded: false };
    const events = (await repo.eventsOf(tx, call.id)).map(derivationEvent);
    const derived = deriveCall(events, {
      agentId: call.agentId,
      offeredAt: call.offeredAt,
      status: call.status,
      startedAt: call.startedAt,
      voicemail: call.voicemail,
    });
    const fromNumber = derived.fromNumber ?? call.fromNumber;
    const toNumber = derived.toNumber ?? call.toNumber;
    const direction = derived.direction ?? call.direction;
    const values = {
      direction,
      fromNumber,
      toNumber,
      fromNational: normalizePhone(fromNumber),
      toNational: normalizePhone(toNumber),
      hotline: derived.hotline ?? call.hotline ?? (direction === 'CALL_INBOUND' ? toNumber : null),
      deviceType: derived.deviceType ?? call.deviceType,
      campaignId: derived.campaignId ?? call.campaignId,
      startedAt: derived.startedAt,
      answeredAt: derived.answeredAt,
      endedAt: derived.endedAt,
      agentId: derived.agentId,
      status: derived.status,
      talkSeconds: derived.talkSeconds,
      holdSeconds: derived.holdSeconds,
      endedOnHold: derived.endedOnHold,
      heldSince: derived.heldSince,
      waitSeconds: derived.waitSeconds,
      result: derived.result,
      cause: derived.cause,
      transfers: derived.transfers,
      gateway: event.gateway ?? call.gateway,
    };
    await repo.updateCall(tx, call.id, values);
    const justEnded = !call.endedAt && !!values.endedAt;
    if (justEnded && values.agentId && values.endedAt)
      await repo.markCallEnded(tx, tenantId, values.agentId, values.endedAt);
    const wrapUp = await wrapUpOnCallEvent(platform, tx, { ...call, ...values }, justEnded);
    return { call: { ...call, ...values }, duplicate: false, ignored: false, justEnded, wrapUp };
  });
  const stored = !outcome.duplicate && !outcome.ignored;
  if (stored) monitorsChanged(platform, tenantId, 'calls');
  if ('wrapUp' in outcome) await announceWrapUp(platform, outcome.wrapUp);
  let call = await ensureCallTicket(platform, outcome.call);
  if (stored && wentToVoicemail(call)) call = await ensureVoicemailTicket(platform, call);
  if (stored && call.ticketId && call.answeredAt && call.agentId)
    await assignToCallAgent(platform, call.tenantId, call.ticketId, call.agentId);
  if (outcome.justEnded && call.customerId) await writeCallTimeline(platform, call);
  return { duplicate: outcome.duplicate, ignored: outcome.ignored, call: { _id: call.id } };
}

/**
 * POST /v2/telephony/gateway-started: a gateway that restarted has forgotten its calls (their
 * dialogs lived in its memory), so none of them will ever get its call.ended. Each call it had
 * open from before its start ends then, as if the gateway had said so: one call.ended with
 * cause 'gateway_restart' through ingestEvent, so the ticket, timeline and the agent's freedom
 * follow as for any end. A repeated announcement of the same start ends nothing more.
 */
export async function endCallsOfRestartedGateway(platform: Platform, started: GatewayStarted) {
  const at = new Date(started.started_at);
  const open = await repo.openCallsOfGateway(platform.db, started.gateway, at);
  for (const { tenantId, callId } of open)
    await ingestEvent(
      platform,
      {
        call_id: callId,
        event_id: `gateway-restart-${at.getTime()}`,
        type: 'call.ended',
        at: started.started_at,
        cause: GATEWAY_RESTART_CAUSE,
        gateway: started.gateway,
      },
      tenantId,
    );
  return { ended: open.length };
}

/** The number at the customer's end of the call. */
const customerNumberOf = (call: Pick<repo.CallRow, 'direction' | 'fromNumber' | 'toNumber'>) =>
  call.direction === 'CALL_OUTBOUND' ? call.toNumber : call.fromNumber;

/**
 * An inbound call that ended unanswered in voicemail: routing overflowed it there (or sent the
 * caller there by the queue's rule), or the gateway ended it with cause 'voicemail'.
 */
const wentToVoicemail = (
  call: Pick<repo.CallRow, 'direction' | 'endedAt' | 'answeredAt' | 'voicemail' | 'cause'>,
) =>
  call.direction === 'CALL_INBOUND' &&
  !!call.endedAt &&
  !call.answeredAt &&
  (call.voicemail !== null || call.cause === 'voicemail');

/** The call's ticket subject: 'Cuộc gọi từ …', or for a voicemail 'Cuộc gọi nhỡ từ … (hộp thư thoại)'. */
function ticketSubjectOf(call: repo.CallRow) {
  const number = customerNumberOf(call);
  const shown = formatPhone(number) || number;
  return wentToVoicemail(call)
    ? CALL_MESSAGES.voicemailTicketSubject(shown)
    : CALL_MESSAGES.ticketSubject(call.direction as CallDirection, shown);
}

/**
 * A call that went to voicemail is a ticket to call back, once per call (a claim on the row
 * keeps repeated or concurrent events from doing it twice). Its ticket is made by the usual
 * path (ensureCallTicket, already run: requester by the caller's number, the tenant's rule);
 * made at the call's first event, before anyone knew it would end in voicemail, it is renamed
 * 'Cuộc gọi nhỡ từ … (hộp thư thoại)' by the system while it is still the call's own (no other
 * call continues it and its subject is still the one it was made with). A ticket the tenant's
 * rule continued keeps its subject: the voicemail is one more call on it.
 */
async function ensureVoicemailTicket(platform: Platform, call: repo.CallRow) {
  if (!call.ticketId || !(await repo.claimVoicemailTicket(platform.db, call.id))) return call;
  try {
    const number = customerNumberOf(call);
    const made = CALL_MESSAGES.ticketSubject('CALL_INBOUND', formatPhone(number) || number);
    const subject = await repo.ticketSubject(platform.db, call.tenantId, call.ticketId);
    if (subject === made && !(await repo.ticketHasOtherCalls(platform.db, call.ticketId, call.id)))
      await updateTicket(platform, systemAuth(call.tenantId), call.ticketId, {
        subject: ticketSubjectOf(call),
      });
    return { ...call, voicemail: 'ticket' };
  } catch (error) {
    await repo.updateCall(platform.db, call.id, { voicemail: call.voicemail });
    throw error;
  }
}

/** The customer owning the number at the customer's end of the call (none for an unknown number). */
const customerOfCall = (platform: Platform, call: repo.CallRow) =>
  repo.customerByNational(platform.db, call.tenantId, normalizePhone(customerNumberOf(call)));

/**
 * The call's ticket, made once: the customer owning the caller's number is the requester (an
 * unknown number gets no customer made for it: the ticket has none and the agent links or
 * creates one). The tenant's rule says whether an open ticket of the last N hours (the
 * requester's, or for an unknown number the one of an earlier call from it) is continued.
 */
async function ensureCallTicket(platform: Platform, call: repo.CallRow): Promise<repo.CallRow> {
  if (call.ticketId) return call;
  const claimed = await repo.claimTicket(platform.db, call.id);
  if (!claimed) return call;
  return makeCallTicket(platform, claimed);
}

/**
 * Makes the ticket of a call whose making it has claimed (`claimTicket`) and links them; the
 * claim is released on a failure. Subject 'Cuộc gọi từ …' ('Cuộc gọi ra …', or the voicemail's),
 * source CALL_INBOUND / CALL_OUTBOUND, requester the customer owning the number. Made by the
 * system (`by` absent: the gateway's events), the tenant's rule may continue an open ticket
 * instead. Made by a person (`by`: the call history's 'Tạo ticket'), it is always a new ticket,
 * created as they would create it (`createStaffTicket`: an agent's own where the tenant says
 * so), and the link is recorded on it (event and activity entry).
 */
async function makeCallTicket(
  platform: Platform,
  claimed: repo.CallRow,
  by?: AuthContext,
): Promise<repo.CallRow> {
  try {
    const customer = await customerOfCall(platform, claimed);
    let ticketId: string | undefined;
    if (!by) {
      const { call_ticket_rule: rule = DEFAULT_CALL_TICKET_RULE } = await getTenantConfig(
        platform,
        claimed.tenantId,
      );
      if (rule.mode === 'reuse_open_within_hours') {
        const since = new Date(claimed.startedAt.getTime() - rule.hours * 3600_000);
        ticketId = await repo.openTicketToContinue(
          platform.db,
          claimed.tenantId,
          since,
          customer
            ? { customerId: customer.id }
            : { national: normalizePhone(customerNumberOf(claimed)), exceptCallId: claimed.id },
        );
      }
    }
    if (!ticketId) {
      const direction = claimed.direction as CallDirection;
      const body = ticketBody.parse({
        subject: ticketSubjectOf(claimed),
        requester_id: customer?.id ?? null,
        source: direction === 'CALL_OUTBOUND' ? 'CALL_OUTBOUND' : 'CALL_INBOUND',
      });
      const ticket = by
        ? await createStaffTicket(platform, by, body)
        : await createTicket(
            platform,
            { tenantId: claimed.tenantId, userId: null, impersonatorId: null },
            body,
          );
      ticketId = ticket._id;
    }
    const link = { ticketId, customerId: customer?.id ?? null, ticketClaimedAt: null };
    const linked = { ...claimed, ...link };
    if (by)
      await platform.db.transaction(async (tx) => {
        await repo.updateCall(tx, claimed.id, link);
        await recordCallLinked(tx, by, ticketId, { _id: claimed.id, summary: callSummary(linked) });
      });
    else await repo.updateCall(platform.db, claimed.id, link);
    return linked;
  } catch (error) {
    await repo.updateCall(platform.db, claimed.id, { ticketClaimedAt: null });
    throw error;
  }
}

/** A call in a line: 'Cuộc gọi từ 0912 345 678 · Đã trả lời · 01:15'. */
function callSummary(call: repo.CallRow) {
  const number = formatPhone(customerNumberOf(call)) || customerNumberOf(call);
  return [
    CALL_MESSAGES.ticketSubject(call.direction as CallDirection, number),
    callResultLabel(call.result),
    call.talkSeconds ? formatCallDuration(call.talkSeconds) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** 'Cuộc gọi từ 0912 345 678 · Đã trả lời · 01:15' on the customer's timeline. */
async function writeCallTimeline(platform: Platform, call: repo.CallRow) {
  if (!call.customerId) return;
  await writeAudit(platform.db, {
    tenantId: call.tenantId,
    impersonatorId: null,
    actorId: call.agentId,
    action: 'call',
    entity: 'customer',
    entityId: call.customerId,
    after: {
      call: {
        _id: call.id,
        call_id: call.callId,
        result: call.result,
        ticket_id: call.ticketId,
        summary: callSummary(call),
      },
    },
  });
}

function toView(
  row: repo.CallListRow,
  names: Map<string, string>,
  queueNames: Map<string, string>,
): CallView {
  const { call } = row;
  const person = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);
  return {
    _id: call.id,
    call_id: call.callId,
    direction: call.direction,
    from_number: call.fromNumber,
    to_number: call.toNumber,
    hotline: call.hotline,
    customer:
      call.customerId && row.customerName !== null && row.customerNumber !== null
        ? { _id: call.customerId, name: row.customerName, number: row.customerNumber }
        : null,
    queue: call.queueId ? { _id: call.queueId, name: row.queueName ?? '' } : null,
    agent: call.agentId
      ? { _id: call.agentId, name: row.agentName ?? '', agent_id: row.agentCode ?? '' }
      : null,
    device_type: call.deviceType,
    status: call.status,
    started_at: call.startedAt.toISOString(),
    answered_at: call.answeredAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? null,
    talk_seconds: call.talkSeconds,
    hold_seconds: call.holdSeconds,
    acw_seconds: call.acwSeconds,
    ended_on_hold: call.endedOnHold,
    wait_seconds: call.waitSeconds,
    result: call.result,
    cause: call.cause,
    transfers: call.transfers.map((transfer) => ({
      at: transfer.at,
      from: person(transfer.from_user_id),
      to: person(transfer.to_user_id),
      queue: transfer.to_queue_id
        ? { _id: transfer.to_queue_id, name: queueNames.get(transfer.to_queue_id) ?? '' }
        : null,
      attended: transfer.attended === true,
    })),
    ticket:
      call.ticketId && row.ticketNumber !== null
        ? {
            _id: call.ticketId,
            code: formatTicketCode(row.ticketNumber),
            number: row.ticketNumber,
          }
        : null,
    call_info: {
      callId: call.callId,
      ticketId: call.ticketId,
      callStatus: call.status,
      callType: call.direction,
      campaignId: call.campaignId,
    },
  };
}

async function toViews(platform: Platform, tenantId: string, rows: repo.CallListRow[]) {
  const ids = rows.flatMap((row) =>
    row.call.transfers.flatMap((t) => [t.from_user_id, t.to_user_id]).filter((id) => id !== null),
  );
  const names = await repo.staffNames(platform.db, tenantId, [...new Set(ids)]);
  const queueIds = rows.flatMap((row) =>
    row.call.transfers.flatMap((t) => (t.to_queue_id ? [t.to_queue_id] : [])),
  );
  const queueNames = await repo.queueNames(platform.db, tenantId, [...new Set(queueIds)]);
  return rows.map((row) => toView(row, names, queueNames));
}

/** The history's filters and the caller's data scope (over the call's agent). */
function conditionsOf(auth: AuthContext, query: CallExportQuery) {
  return repo.callConditions({
    scope: scopeCondition(dataScopeOf(auth), { owner: calls.agentId }),
    direction: query.direction,
    results: query.result,
    agentIds: query.agent_id,
    queueIds: query.queue_id,
    hotline: query.hotline,
    ticketId: query.ticket_id,
    customerId: query.customer_id,
    from: query.from ? startOfDayIn(query.from) : undefined,
    to: query.to ? startOfDayIn(query.to, undefined, true) : undefined,
    number: query.number ? phoneSearchOf(query.number) : undefined,
  });
}

/**
 * A customer named by the filter must be one the caller may open (another tenant's, or one
 * outside their customer scope, is 404 as on its own page); its calls are then still those of
 * the caller's call scope.
 */
async function checkCustomerFilter(platform: Platform, auth: AuthContext, query: CallExportQuery) {
  if (query.customer_id) await getCustomer(platform, auth, query.customer_id);
}

/** GET /v2/calls: newest first, in the caller's data scope. */
export async function listCalls(platform: Platform, auth: AuthContext, query: CallListQuery) {
  await checkCustomerFilter(platform, auth, query);
  const { rows, total } = await repo.listCalls(
    platform.db,
    auth.tenantId,
    conditionsOf(auth, query),
    {
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
    },
  );
  return { data: await toViews(platform, auth.tenantId, rows), total };
}

/** A call the caller may see (tenant and data scope, over the call's agent): 404 otherwise. */
async function visibleCall(platform: Platform, auth: AuthContext, id: string) {
  const row = await repo.findCall(
    platform.db,
    auth.tenantId,
    id,
    scopeCondition(dataScopeOf(auth), { owner: calls.agentId }),
  );
  if (!row) throw notFound(CALL_MESSAGES.notFound);
  return row;
}

/** A call's stored events as its timeline shows them, in the order they happened. */
async function eventViews(platform: Platform, tenantId: string, callRowId: string) {
  const events = await repo.eventsOf(platform.db, callRowId);
  const payloads = events.map(
    (event) =>
      event.payload as Partial<GatewayCallEvent> & {
        agent_user_id?: string | null;
        queue_id?: string;
      },
  );
  const names = await repo.staffNames(platform.db, tenantId, [
    ...new Set(payloads.flatMap((p) => (p.agent_user_id ? [p.agent_user_id] : []))),
  ]);
  const queueNames = await repo.queueNames(platform.db, tenantId, [
    ...new Set(payloads.flatMap((p) => (p.queue_id ? [p.queue_id] : []))),
  ]);
  return events.map((event, index): CallEventView => {
    const p = payloads[index] ?? {};
    return {
      type: event.type,
      at: event.at.toISOString(),
      leg: p.leg ?? 1,
      agent: p.agent_user_id
        ? { _id: p.agent_user_id, name: names.get(p.agent_user_id) ?? '' }
        : null,
      queue: p.queue_id ? { _id: p.queue_id, name: queueNames.get(p.queue_id) ?? '' } : null,
      cause: p.cause ?? null,
      sip_code: p.sip_code ?? null,
      attended: p.attended === true,
    };
  });
}

/** GET /v2/calls/{id}: one call in the caller's scope, with its events. */
export async function getCall(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<CallDetail> {
  const row = await visibleCall(platform, auth, id);
  const [view] = await toViews(platform, auth.tenantId, [row]);
  // Seeing a call does not open its ticket: its subject only for those who may see it.
  const ticket = row.call.ticketId
    ? await getVisibleTicket(platform, auth, row.call.ticketId).catch(() => null)
    : null;
  return {
    ...(view as CallView),
    events: await eventViews(platform, auth.tenantId, row.call.id),
    ticket_subject: ticket?.subject ?? null,
  };
}

/** The call once linked: its ticket given to the agent who answered it (when it has nobody), the call read again. */
async function afterLinked(platform: Platform, auth: AuthContext, call: repo.CallRow) {
  if (call.ticketId && call.answeredAt && call.agentId)
    await assignToCallAgent(platform, call.tenantId, call.ticketId, call.agentId);
  return getCall(platform, auth, call.id);
}

/**
 * POST /v2/calls/{id}/ticket ('Tạo ticket'): a new ticket made from a call that has none, by the
 * caller (see makeCallTicket). A call outside the caller's scope is 404; one with a ticket, or
 * whose ticket is being made right now, 409.
 */
export async function createCallTicket(platform: Platform, auth: AuthContext, id: string) {
  const row = await visibleCall(platform, auth, id);
  if (row.call.ticketId) throw new AppError(409, CALL_MESSAGES.alreadyHasTicket);
  const claimed = await repo.claimTicket(platform.db, row.call.id);
  if (!claimed) throw new AppError(409, CALL_MESSAGES.alreadyHasTicket);
  return afterLinked(platform, auth, await makeCallTicket(platform, claimed, auth));
}

/**
 * PUT /v2/calls/{id}/ticket ('Gắn vào ticket'): attaches a call that has no ticket to a ticket
 * the caller may see (404 'Không tìm thấy ticket' otherwise) and may change (a closed one only
 * for administrators, 422 on `ticket_id`), with the ticket's event and activity entry. The
 * call's customer, when it had none, is the one owning its number.
 */
export async function attachCallTicket(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: CallTicketAttachBody,
) {
  const row = await visibleCall(platform, auth, id);
  if (row.call.ticketId) throw new AppError(409, CALL_MESSAGES.alreadyHasTicket);
  const ticket = await getVisibleTicket(platform, auth, body.ticket_id);
  if (ticket.status === 'closed' && !can(auth.role, 'ticket.change_closed'))
    throw fieldError('ticket_id', TICKET_MESSAGES.closed);
  const customer = row.call.customerId ? undefined : await customerOfCall(platform, row.call);
  const linked = await platform.db.transaction(async (tx) => {
    const call = await repo.linkTicket(tx, row.call.id, ticket._id, customer?.id ?? null);
    if (!call) throw new AppError(409, CALL_MESSAGES.alreadyHasTicket);
    await recordCallLinked(tx, auth, ticket._id, { _id: call.id, summary: callSummary(call) });
    return call;
  });
  return afterLinked(platform, auth, linked);
}

/** GET /v2/calls/export: the filtered history as one XLSX (Bangkok times), at most CALL_EXPORT_MAX rows. */
export async function exportCalls(platform: Platform, auth: AuthContext, query: CallExportQuery) {
  await checkCustomerFilter(platform, auth, query);
  const conditions = conditionsOf(auth, query);
  const first = await repo.listCalls(platform.db, auth.tenantId, conditions, {
    offset: 0,
    limit: 0,
  });
  if (first.total > CALL_EXPORT_MAX)
    throw new AppError(422, CALL_MESSAGES.exportTooLarge(CALL_EXPORT_MAX));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lịch sử cuộc gọi');
  sheet.columns = CALL_EXPORT_COLUMNS.map((header) => ({ header, width: 18 }));
  const PAGE = 1_000;
  for (let offset = 0; offset < first.total; offset += PAGE) {
    const { rows } = await repo.listCalls(platform.db, auth.tenantId, conditions, {
      offset,
      limit: PAGE,
    });
    for (const call of await toViews(platform, auth.tenantId, rows))
      sheet.addRow([
        callDirectionLabel(call.direction),
        formatPhone(call.from_number) || call.from_number,
        formatPhone(call.to_number) || call.to_number,
        call.hotline ?? '',
        call.customer?.name ?? '',
        call.agent?.name ?? '',
        call.queue?.name ?? '',
        formatDateTime(call.started_at),
        call.answered_at ? formatDateTime(call.answered_at) : '',
        call.ended_at ? formatDateTime(call.ended_at) : '',
        formatCallDuration(call.wait_seconds),
        formatCallDuration(call.talk_seconds),
        callResultLabel(call.result),
        call.cause ?? '',
        call.ticket?.code ?? '',
        call.transfers.map((transfer) => formatCallTransfer(transfer)).join('; '),
      ]);
    if (rows.length < PAGE) break;
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = `lich-su-cuoc-goi-${formatDateTime(new Date()).replace(/[/: ]/g, '-')}.xlsx`;
  return { buffer, name };
}
