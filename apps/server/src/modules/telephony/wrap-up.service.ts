import {
  WRAP_UP_EVENT,
  WRAP_UP_MESSAGES,
  type WrapUpEnded,
  type WrapUpView,
} from '@omnicare/shared/telephony/wrap-up.schemas';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import { getTenantConfig } from '../tenants/tenants.service.js';
import * as repo from './calls.repository.js';

/*
 * After-call work (wrap-up). When an agent's answered call ends, the call row holds until when
 * its agent wraps up (`acw_until`); routing offers nobody with such a row a call
 * (routing/assignment.repository.ts), so the state needs no timer to hold: it ends by itself at
 * its due time. What follows the due time (recording the seconds, telling the agent's softphone
 * and the monitors) is a sweep, run by a pg-boss job sent for each wrap-up's due time and by a
 * cron every minute (the job is sent after the commit: a crash in between leaves it to the cron).
 */

export const WRAP_UP_SWEEP_JOB = 'telephony.wrap-up-sweep';

/** A wrap-up as the agent's softphone and the monitors show it (its seconds left as of now). */
export const wrapUpViewOf = (row: {
  id: string;
  endedAt: Date | null;
  acwUntil: Date | null;
}): WrapUpView => {
  const endsAt = row.acwUntil ?? new Date();
  return {
    call_id: row.id,
    started_at: (row.endedAt ?? new Date()).toISOString(),
    ends_at: endsAt.toISOString(),
    seconds_left: Math.max(0, Math.ceil((endsAt.getTime() - Date.now()) / 1000)),
  };
};

export type WrapUpChange = {
  tenantId: string;
  agentId: string;
  started?: WrapUpView;
  /** Wrap-ups of the agent that ended (they took or placed another call). */
  ended: number;
};

/**
 * In the transaction of a call's event: a call that just ended answered, with its agent, starts
 * the agent's wrap-up for the tenant's `call_wrap_up_seconds` from the call's end (none when
 * that is 0 or already past: an end learned that late had no wrap-up); a call its agent answers
 * or places ends the wrap-ups of their earlier calls (the work moved on).
 */
export async function wrapUpOnCallEvent(
  platform: Platform,
  tx: Transaction,
  call: {
    id: string;
    tenantId: string;
    agentId: string | null;
    answeredAt: Date | null;
    endedAt: Date | null;
    status: string;
  },
  justEnded: boolean,
): Promise<WrapUpChange | undefined> {
  if (!call.agentId) return undefined;
  if (justEnded && call.answeredAt && call.endedAt) {
    const { call_wrap_up_seconds: seconds } = await getTenantConfig(platform, call.tenantId, tx);
    const until = new Date(call.endedAt.getTime() + seconds * 1000);
    if (seconds <= 0 || until.getTime() <= Date.now()) return undefined;
    await repo.startWrapUp(tx, call.id, until);
    const ended = await repo.endWrapUpsOfAgent(tx, call.tenantId, call.agentId, call.id);
    return {
      tenantId: call.tenantId,
      agentId: call.agentId,
      started: wrapUpViewOf({ id: call.id, endedAt: call.endedAt, acwUntil: until }),
      ended: ended.length,
    };
  }
  if (!call.endedAt && (call.answeredAt || call.status === 'DIALING')) {
    const ended = await repo.endWrapUpsOfAgent(tx, call.tenantId, call.agentId, call.id);
    if (ended.length)
      return { tenantId: call.tenantId, agentId: call.agentId, ended: ended.length };
  }
  return undefined;
}

/** After the commit: the agent's softphone hears it, the wrap-up's due time is queued. */
export async function announceWrapUp(platform: Platform, change: WrapUpChange | undefined) {
  if (!change) return;
  platform.realtime.toUser(change.agentId, WRAP_UP_EVENT, change.started ?? null);
  if (change.started)
    // The event is stored: a job that cannot be queued now is the minute cron's to make up for.
    await platform.jobs
      .send(
        WRAP_UP_SWEEP_JOB,
        { call_id: change.started.call_id },
        { startAfter: new Date(change.started.ends_at) },
      )
      .catch((error: unknown) =>
        platform.log.warn({ err: error }, 'wrap-up due time not queued (the minute sweep ends it)'),
      );
}

function wrapUpsEnded(platform: Platform, ended: repo.EndedWrapUp[]) {
  for (const row of ended) platform.realtime.toUser(row.agentId, WRAP_UP_EVENT, null);
  for (const tenantId of new Set(ended.map((row) => row.tenantId)))
    monitorsChanged(platform, tenantId, 'calls');
}

/** The wrap-ups whose time ran out end: their seconds recorded, agents and monitors told. */
export async function sweepWrapUps(platform: Platform) {
  const ended = await repo.endExpiredWrapUps(platform.db);
  wrapUpsEnded(platform, ended);
  return ended.length;
}

/**
 * Ends an agent's wrap-up for a supervisor (who was checked to be allowed to act on them):
 * recorded, the agent's softphone and the monitors told. Answers how many were running.
 */
export async function endAgentWrapUp(platform: Platform, tenantId: string, agentId: string) {
  const ended = await repo.endWrapUpsOfAgent(platform.db, tenantId, agentId);
  wrapUpsEnded(platform, ended);
  return ended.length;
}

/** GET /v2/my-wrap-up: the caller's wrap-up running now, or null. */
export async function myWrapUp(platform: Platform, auth: AuthContext): Promise<WrapUpView | null> {
  const row = await repo.runningWrapUp(platform.db, auth.tenantId, auth.userId);
  return row ? wrapUpViewOf(row) : null;
}

/**
 * POST /v2/calls/{id}/wrap-up/end ('Sẵn sàng'): the caller ends the wrap-up of their own call
 * (another agent's or tenant's call: 404). Ending one that already ended (by time, by another
 * call, a second click) changes nothing and answers what was recorded.
 */
export async function endOwnWrapUp(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<WrapUpEnded> {
  const ended = await repo.endWrapUp(platform.db, auth.tenantId, auth.userId, id);
  if (ended) {
    wrapUpsEnded(platform, [ended]);
    return { call_id: ended.id, acw_seconds: ended.acwSeconds };
  }
  const call = await repo.ownCall(platform.db, auth.tenantId, auth.userId, id);
  if (!call) throw notFound(WRAP_UP_MESSAGES.notFound);
  return { call_id: call.id, acw_seconds: call.acwSeconds };
}
