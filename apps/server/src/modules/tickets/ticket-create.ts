import type { TicketBody } from '@omnicare/shared/tickets/tickets.schemas';
import { nextRecordNumber } from '../../platform/record-numbers.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { appendEvent } from '../../platform/outbox.js';
import { refreshTicketSla } from './ticket-sla.js';
import { auditInsert, writeAudit } from '../audit/audit.service.js';
import { autoAssignTicket } from '../routing/assignment.js';
import { snapshotOf, customerTimelineTicket } from './ticket-activity.js';
import * as repo from './tickets.repository.js';
import { getTenantConfig } from '../tenants/tenants.service.js';
import { readTicket } from './ticket-queries.js';
import {
  actorOf,
  checkReferences,
  customToStore,
  statusStamps,
  ticketColumns,
  type TicketActor,
  type TicketWriteOptions,
} from './ticket-writes.js';

/** The requester's timeline entry for a ticket opened for them ('Tạo ticket'). */
export async function writeRequesterTimeline(
  tx: Transaction,
  auth: TicketActor,
  requesterId: string,
  ticket: { _id: string; code: string; subject: string },
) {
  await writeAudit(tx, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: actorOf(auth),
    action: 'ticket_created',
    entity: 'customer',
    entityId: requesterId,
    after: { ticket: customerTimelineTicket(ticket) },
  });
}

/**
 * A call attached to a ticket by a person (the call history's 'Tạo ticket' / 'Gắn vào ticket'),
 * in the transaction that links them: the `ticket.call_linked` event (the ticket's viewers read
 * its calls again, its lists the row) and the ticket's activity entry naming the call
 * (`summary`: 'Cuộc gọi từ 0912 345 678 · Đã trả lời · 01:15').
 */
export async function recordCallLinked(
  tx: Transaction,
  auth: AuthContext,
  ticketId: string,
  call: { _id: string; summary: string },
) {
  await appendEvent(tx, {
    tenantId: auth.tenantId,
    aggregate: 'ticket',
    aggregateId: ticketId,
    type: 'ticket.call_linked',
    payload: { call_id: call._id },
    actorId: actorOf(auth),
  });
  await writeAudit(tx, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: actorOf(auth),
    action: 'call_link',
    entity: 'ticket',
    entityId: ticketId,
    after: { call },
  });
}

/** POST /v2/tickets: the new ticket, its `ticket.created` event and audit entry in one go. */
export async function createTicket(
  platform: Platform,
  auth: TicketActor,
  body: TicketBody,
  options: TicketWriteOptions & {
    /**
     * The caller's own writes that stand or fall with the ticket, in its transaction before the
     * automatic assignment (a channel's conversation row); throwing undoes the ticket.
     */
    alongside?: (tx: Transaction, ticketId: string) => Promise<void>;
  } = {},
) {
  const { requester } = await checkReferences(
    platform,
    platform.db,
    auth.tenantId,
    body,
    () => true,
  );
  const custom = await customToStore(platform, auth.tenantId, body.custom);
  // A requester's organization is the ticket's unless another is chosen.
  const organizationId =
    body.organization_id === undefined ? (requester?.organizationId ?? null) : body.organization_id;
  // Drawn on its own, not by the insert's trigger inside the transaction: the tenant's counter row
  // is then locked for one statement, not until the commit, so new tickets (a burst of first
  // messages on the channels) are written side by side. A creation undone leaves a gap.
  const number = await nextRecordNumber(platform.db, auth.tenantId, 'ticket');
  const created = await platform.db.transaction(async (tx) => {
    const row = await repo.insertTicket(tx, {
      tenantId: auth.tenantId,
      number,
      ...ticketColumns({ ...body, custom, organization_id: organizationId }),
      ...statusStamps(undefined, body.status, { solvedAt: null, closedAt: null, reopenCount: 0 }),
      createdBy: actorOf(auth),
      updatedBy: actorOf(auth),
    });
    const fresh = { fresh: true };
    await repo.replaceTags(tx, auth.tenantId, row.id, [...new Set(body.tag_ids)], fresh);
    await repo.replaceFollowers(tx, auth.tenantId, row.id, [...new Set(body.follower_ids)], fresh);
    await refreshTicketSla(tx, auth.tenantId, row.id, { resolve: true, memo: platform.memo });
    const ticket = await readTicket(tx, auth.tenantId, row.id);
    // The event and the audit entry in one statement.
    await appendEvent(
      tx,
      {
        tenantId: auth.tenantId,
        aggregate: 'ticket',
        aggregateId: row.id,
        type: 'ticket.created',
        payload: { ticket, ...options.eventPayload, ...(options.via ? { via: options.via } : {}) },
        actorId: actorOf(auth),
      },
      auditInsert({
        tenantId: auth.tenantId,
        impersonatorId: auth.impersonatorId,
        actorId: actorOf(auth),
        action: 'create',
        entity: 'ticket',
        entityId: row.id,
        after: snapshotOf(ticket),
        ...(options.via ? { via: options.via } : {}),
      }),
    );
    if (ticket.requester) await writeRequesterTimeline(tx, auth, ticket.requester._id, ticket);
    await options.alongside?.(tx, row.id);
    // Into a department that assigns automatically, without an assignee: the system picks one.
    const auto = await autoAssignTicket(tx, auth.tenantId, row.id);
    return auto ? await readTicket(tx, auth.tenantId, row.id) : ticket;
  });
  return created;
}

/**
 * POST /v2/tickets by a person. An agent's ticket sent without `assignee_id` is theirs when the
 * tenant says so (`assign_own_tickets`, on by default), unless it goes to a department they are
 * not a member of (the department's own assignment then decides). `assignee_id: null` is an
 * unassigned ticket on purpose and stays so.
 */
export async function createStaffTicket(platform: Platform, auth: AuthContext, body: TicketBody) {
  if (
    auth.role === 'agent' &&
    body.assignee_id === undefined &&
    (await getTenantConfig(platform, auth.tenantId)).assign_own_tickets &&
    (!body.group_id || (await repo.isGroupMember(platform.db, body.group_id, auth.userId)))
  )
    return createTicket(platform, auth, { ...body, assignee_id: auth.userId });
  return createTicket(platform, auth, body);
}
