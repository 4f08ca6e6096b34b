import {
  addBusinessMinutes,
  businessMinutesBetween,
  type BusinessSchedule,
} from '@omnicare/shared/sla/business-time';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import type { TenantMemo } from '../../platform/tenant-memo.js';
import { appendEvent, type DeliveredEvent } from '../../platform/outbox.js';
import { writeAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
import { resolveSlaPolicy } from '../sla/sla.service.js';
import { loadBusinessSchedule } from '../working-time/working-time.service.js';
import * as repo from './ticket-sla.repository.js';

/** The pg-boss queue of the breach scan, run every minute. */
export const SLA_BREACH_JOB = 'tickets.sla-breaches';
const BREACH_BATCH = 500;
/** A backlog (a long outage) is caught up 5 000 a minute, leaving the instance room to serve. */
const BREACH_BATCHES_PER_RUN = 10;

interface Targets {
  policyId: string | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

/**
 * The SLA columns a ticket should have at `now` (pure). The clock runs in the schedule's
 * business time from `created_at`; the target is first response until `first_response_at`,
 * then resolution; pending stops it (`sla_paused_at`, its business minutes added to
 * `sla_paused_minutes` when the ticket leaves pending), so the due instant is
 * created_at + target + paused minutes in business time. Solved/closed and pending have no due.
 * A due already passed is recorded as a breach; a recorded breach stays.
 */
export function nextSla(
  row: repo.SlaRow,
  targets: Targets,
  schedule: BusinessSchedule | null,
  now: Date,
): repo.SlaColumns {
  let breachedAt = row.slaBreachedAt;
  if (!breachedAt && row.slaDueAt && row.slaDueAt < now) breachedAt = row.slaDueAt;
  if (
    !targets.policyId ||
    targets.firstResponseMinutes === null ||
    targets.resolutionMinutes === null
  )
    return {
      slaPolicyId: null,
      slaFirstResponseMinutes: null,
      slaResolutionMinutes: null,
      slaPausedAt: null,
      slaPausedMinutes: row.slaPausedMinutes,
      slaDueAt: null,
      slaBreachedAt: breachedAt,
    };
  const pending = row.status === 'pending';
  let pausedMinutes = row.slaPausedMinutes;
  let pausedAt = row.slaPausedAt;
  if (pending && !pausedAt) pausedAt = now;
  if (!pending && pausedAt) {
    pausedMinutes += businessMinutesBetween(pausedAt, now, schedule);
    pausedAt = null;
  }
  const done = row.status === 'solved' || row.status === 'closed';
  const target = row.firstResponseAt ? targets.resolutionMinutes : targets.firstResponseMinutes;
  return {
    slaPolicyId: targets.policyId,
    slaFirstResponseMinutes: targets.firstResponseMinutes,
    slaResolutionMinutes: targets.resolutionMinutes,
    slaPausedAt: pausedAt,
    slaPausedMinutes: pausedMinutes,
    slaDueAt:
      pending || done ? null : addBusinessMinutes(row.createdAt, target + pausedMinutes, schedule),
    slaBreachedAt: breachedAt,
  };
}

/**
 * The SLA columns a ticket should now have, from the row as it stands (locked by the caller),
 * or undefined when they stay as they are: on create and priority/type changes with `resolve`
 * (the policy is looked up again), otherwise with the targets it has (status moves, first
 * reply, reopen, merge). Writes nothing: the caller writes them with the rest of its change.
 */
export async function slaChange(
  tx: Transaction,
  tenantId: string,
  row: repo.SlaRow,
  {
    resolve = false,
    now = new Date(),
    memo,
  }: {
    resolve?: boolean;
    now?: Date;
    /** Remembers the tenant's SLA policies and schedules (the hot paths pass it). */
    memo?: TenantMemo;
  } = {},
): Promise<repo.SlaColumns | undefined> {
  // A transaction has every query method the helpers use.
  const db = tx as unknown as Database;
  let targets: Targets = {
    policyId: row.slaPolicyId,
    firstResponseMinutes: row.slaFirstResponseMinutes,
    resolutionMinutes: row.slaResolutionMinutes,
  };
  let schedule: BusinessSchedule | null = null;
  if (resolve) {
    const policy = await resolveSlaPolicy(
      db,
      tenantId,
      { priority_id: row.priorityId, type_id: row.typeId },
      memo,
    );
    targets = {
      policyId: policy?.policy_id ?? null,
      firstResponseMinutes: policy?.first_response_minutes ?? null,
      resolutionMinutes: policy?.resolution_minutes ?? null,
    };
    schedule = policy?.schedule ?? null;
  } else if (row.slaPolicyId) {
    const policy = await repo.policySchedule(tx, tenantId, row.slaPolicyId);
    schedule = await loadBusinessSchedule(db, tenantId, policy?.scheduleId ?? null);
  } else if (row.slaFirstResponseMinutes === null) {
    return;
  }
  const next = nextSla(row, targets, schedule, now);
  const same = (Object.keys(next) as (keyof repo.SlaColumns)[]).every((key) => {
    const a = next[key];
    const b = row[key];
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  });
  return same ? undefined : next;
}

/** Whether SLA columns about to be written record the ticket's first breach (slaWritten). */
export const firstBreach = (
  was: Pick<repo.SlaRow, 'slaBreachedAt'>,
  next: repo.SlaColumns,
): boolean => !was.slaBreachedAt && Boolean(next.slaBreachedAt);

/** After SLA columns were written: a breach they record for the first time is told (event, audit). */
export async function slaWritten(
  tx: Transaction,
  tenantId: string,
  ticketId: string,
  was: Pick<repo.SlaRow, 'slaBreachedAt'>,
  next: repo.SlaColumns,
) {
  if (firstBreach(was, next))
    await recordBreach(tx, { tenantId, id: ticketId, slaBreachedAt: next.slaBreachedAt ?? null });
}

/**
 * Brings a ticket's SLA up to date in the caller's transaction, after its row changed
 * (slaChange, then written on its own).
 */
export async function refreshTicketSla(
  tx: Transaction,
  tenantId: string,
  ticketId: string,
  options: { resolve?: boolean; now?: Date; memo?: TenantMemo } = {},
): Promise<repo.SlaColumns | undefined> {
  const row = await repo.findSlaRow(tx, tenantId, ticketId);
  if (!row) return;
  const next = await slaChange(tx, tenantId, row, options);
  if (!next) return;
  await repo.saveSla(tx, tenantId, ticketId, next);
  await slaWritten(tx, tenantId, ticketId, row, next);
  return next;
}

/** The job the live push and the activity log credit a breach to ('Hệ thống: Kiểm tra SLA'). */
const SLA_JOB_VIA = { kind: 'job', name: 'Kiểm tra SLA' } as const;

/**
 * Records a breach in the transaction that found it (the scan, or a recomputation that finds the
 * due already passed): a `ticket.updated` event with reason 'sla_breach' and a 'Quá hạn SLA'
 * activity entry. The notification follows from the event (`notifySlaBreach`), so it is sent
 * even if this process dies right after the commit.
 */
async function recordBreach(
  tx: Transaction,
  ticket: { tenantId: string; id: string; slaBreachedAt: Date | null },
) {
  const after = ticket.slaBreachedAt?.toISOString() ?? null;
  const via = SLA_JOB_VIA;
  await appendEvent(tx, {
    tenantId: ticket.tenantId,
    aggregate: 'ticket',
    aggregateId: ticket.id,
    type: 'ticket.updated',
    payload: {
      changes: { sla_breached_at: { before: null, after } },
      reason: 'sla_breach',
      via,
    },
    actorId: null,
  });
  await writeAudit(tx, {
    tenantId: ticket.tenantId,
    impersonatorId: null,
    actorId: null,
    action: 'sla_breach',
    entity: 'ticket',
    entityId: ticket.id,
    before: { sla_breached_at: null },
    after: { sla_breached_at: after },
    via,
  });
}

/**
 * The breach scan (every minute, any instance): open tickets past their due get
 * `sla_breached_at` = the due instant, recorded by `recordBreach` in the marking transaction,
 * in batches of 500. A ticket is marked once (the update only takes unmarked rows),
 * so runs may overlap.
 */
export async function runSlaBreaches(platform: Platform, now = new Date()) {
  let total = 0;
  for (let batch = 0; batch < BREACH_BATCHES_PER_RUN; batch++) {
    const marked = await platform.db.transaction(async (tx) => {
      const rows = await repo.markBreaches(tx, now, BREACH_BATCH);
      for (const row of rows) await recordBreach(tx, row);
      return rows.length;
    });
    total += marked;
    if (marked < BREACH_BATCH) break;
  }
  return total;
}

/**
 * The outbox subscriber of breaches: one notification to the assignee and the leader of the
 * ticket's department, once per breach event however often it is delivered.
 */
export async function notifySlaBreach(platform: Platform, event: DeliveredEvent) {
  if (event.type !== 'ticket.updated' || event.payload.reason !== 'sla_breach') return;
  const ticket = await repo.breachRecipients(platform.db, event.aggregateId);
  if (!ticket) return;
  await notify(platform, {
    tenantId: ticket.tenantId,
    userIds: [...new Set([ticket.assigneeId, ticket.leaderId].filter((id): id is string => !!id))],
    kind: 'ticket.sla_breached',
    title: `Ticket ${formatTicketCode(ticket.number)} đã quá hạn SLA`,
    body: ticket.subject,
    link: `/tickets/${ticket.number}`,
    sourceEventId: event.id,
  });
}
