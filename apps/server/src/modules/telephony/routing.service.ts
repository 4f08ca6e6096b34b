import { normalizePhone } from '@omnicare/shared/customers/normalize';
import type { RouteAnswer, RouteRequest } from '@omnicare/shared/telephony/calls.schemas';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import { nextCallAgent } from '../routing/assignment.js';
import * as repo from './calls.repository.js';

/** How long a waiting caller's gateway waits before asking again. */
export const QUEUE_RETRY_MS = 2_000;

/**
 * POST /v2/telephony/route: where an inbound call goes now (see README.md, "Routing").
 * The hotline names the queue (and so the tenant) on the first ask; later asks use the queue
 * the call is in (it may have overflowed into another). Under the tenant's routing lock: ring
 * the next free member, else keep the caller waiting, else, past the maximum wait, overflow.
 * A later leg's first ask is the caller following an agent's transfer to a queue (REFER to its
 * hotline): the call moves into that queue, queued from now, and the agent who transferred it
 * is not rung.
 */
export async function routeCall(platform: Platform, input: RouteRequest): Promise<RouteAnswer> {
  // Statements of a ring decision: this queue, then in the transaction the tenant's lock, the
  // call row (made or locked), the next agent (the previous one looked up inside), the ring
  // (call row and cursor together); begin and commit. See README.md, "Routing".
  const transferred = input.leg > 1 && input.attempt === 1;
  const hotlineQueue = transferred
    ? await transferQueue(platform, input)
    : await repo.routingQueue(platform.db, input.call_id, input.to);
  if (!hotlineQueue) return { action: 'reject', reason: 'unknown_hotline' };
  const tenantId = hotlineQueue.tenantId;
  const answer = await platform.db.transaction(async (tx): Promise<RouteAnswer> => {
    await repo.lockTenantRouting(tx, tenantId);
    const now = new Date();
    const call = await repo.claimCallRow(tx, {
      tenantId,
      callId: input.call_id,
      direction: 'CALL_INBOUND',
      fromNumber: input.from,
      toNumber: input.to,
      fromNational: normalizePhone(input.from),
      toNational: normalizePhone(input.to),
      hotline: input.to,
      queueId: hotlineQueue.id,
      queuedAt: now,
      startedAt: now,
      status: 'QUEUEING',
    });
    if (call.endedAt) return { action: 'reject', reason: 'call_ended' };
    // The call's own queue (made by events first, it may have none yet); a transferred call
    // enters the hotline's.
    const queue =
      !transferred && call.queueId && call.queueId !== hotlineQueue.id
        ? ((await repo.queueById(tx, tenantId, call.queueId)) ?? hotlineQueue)
        : hotlineQueue;
    const queuedAt = transferred ? now : (call.queuedAt ?? call.startedAt);
    // The agent rung before this ask did not take it: they are free again for other calls. A
    // transfer leaves out the agent holding the call (who transferred it).
    const agent = await nextCallAgent(tx, queue, call, {
      previousAgent: input.previous_agent ?? null,
      userId: transferred || call.status === 'RINGING' ? call.agentId : null,
    });
    const queueRef = { _id: queue.id, name: queue.name };
    if (agent) {
      await repo.recordRing(
        tx,
        call.id,
        {
          queueId: queue.id,
          queuedAt,
          agentId: agent.userId,
          status: 'RINGING',
          offeredAt: now,
          triedUserIds: [...new Set([...call.triedUserIds, agent.userId])],
        },
        queue.id,
        agent.userId,
      );
      return {
        action: 'ring',
        queue: queueRef,
        agent: { user_id: agent.userId, agent_id: agent.agentId, sip_username: agent.sipUsername },
        ring_timeout: queue.ringTimeoutSeconds,
      };
    }
    const waitedMs = now.getTime() - queuedAt.getTime();
    const waiting = { queueId: queue.id, queuedAt, agentId: null, status: 'QUEUEING' as const };
    if (queue.overflowAction !== 'none' && waitedMs >= queue.maxWaitSeconds * 1000) {
      if (queue.overflowAction === 'queue' && queue.overflowQueueId) {
        const next = await repo.queueById(tx, tenantId, queue.overflowQueueId);
        if (next) {
          await repo.updateCall(tx, call.id, { ...waiting, queueId: next.id, queuedAt: now });
          return { action: 'overflow', target: 'queue', queue: { _id: next.id, name: next.name } };
        }
      }
      if (queue.overflowAction === 'voicemail') {
        await repo.updateCall(tx, call.id, { ...waiting, voicemail: 'requested' });
        return { action: 'overflow', target: 'voicemail', queue: null };
      }
    }
    await repo.updateCall(tx, call.id, waiting);
    return {
      action: 'queue',
      queue: queueRef,
      retry_after_ms: QUEUE_RETRY_MS,
      waited_seconds: Math.floor(waitedMs / 1000),
    };
  });
  // Queued, rung or overflowed: the live monitors hear it (no query here).
  monitorsChanged(platform, tenantId, 'calls');
  return answer;
}

/**
 * The queue of the hotline a call was transferred to, if the call is of that queue's tenant (a
 * call never moves to another tenant's queue; another tenant's call of the same id is not it).
 */
async function transferQueue(platform: Platform, input: RouteRequest) {
  const queue = await repo.queueOfHotline(platform.db, input.to);
  if (!queue) return undefined;
  const call = await repo.callOfTenant(platform.db, queue.tenantId, input.call_id);
  return call ? queue : undefined;
}
