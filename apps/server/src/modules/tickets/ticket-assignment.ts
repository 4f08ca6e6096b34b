import { formatTicketCode, isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { appendEvent, type DeliveredEvent, type EventFilter } from '../../platform/outbox.js';
import { writeAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './ticket-assignment.repository.js';

/**
 * Automatic assignment per department (issue 13), the only place it is decided.
 *
 * A department (group target 'user') with `auto_assign` gives each of its unassigned open
 * tickets to one member: active, presence AVAILABLE, holding fewer open tickets (new, open,
 * pending, over the whole tenant) than `assign_capacity` (null = no limit), the one whose last
 * assignment in that department (`group_members.last_assigned_at`) is oldest. Nobody eligible:
 * the ticket waits unassigned in the department's queue, handed out oldest first when someone
 * becomes eligible. Every decision happens under the department's row lock, so concurrent
 * creates see each other's assignments and stay fair.
 *
 * An assignment is recorded as a manual one would be but by nobody: a `ticket.updated` event
 * (`{changes: {assignee_id}, reason}`) and an audit 'update' entry with no actor, SLA untouched;
 * the assignee is notified by the outbox's `notifications` subscriber (`notifyAssignment`), as
 * for a manual assignment.
 */

/** One assignment made (the callers count them; the event notifies the assignee). */
export interface AutoAssignment {
  tenantId: string;
  ticketId: string;
  number: number;
  subject: string;
  assigneeId: string | null;
}

export type AssignmentReason = 'auto_assign' | 'logout_reassign' | 'call_answered';

/** Tickets one hand-out takes from a queue at most (the rest waits for the next occasion). */
const BATCH = 500;

/**
 * Whom an event gives its ticket to: a ticket created with an assignee (`ticket.created`
 * carrying the ticket), or any `ticket.updated` whose changes set `assignee_id` (a person's
 * change, a bulk item, an automatic assignment).
 */
export function assigneeGiven(event: Parameters<EventFilter>[0]): string | undefined {
  let assigneeId: unknown;
  if (event.type === 'ticket.created')
    assigneeId = (event.payload.ticket as { assignee?: { _id?: unknown } | null } | undefined)
      ?.assignee?._id;
  else if (event.type === 'ticket.updated') assigneeId = event.payload.changes.assignee_id?.after;
  return typeof assigneeId === 'string' ? assigneeId : undefined;
}

/**
 * The bell notification of an assignment, the same whoever made it ('Bạn được giao ticket
 * #000123'): the outbox's `notifications` subscriber, so it is sent even when the process that
 * committed the assignment dies right after, and once (`source_event_id`) however often the
 * event is delivered.
 */
export async function notifyAssignment(platform: Platform, event: DeliveredEvent) {
  const assigneeId = assigneeGiven(event);
  // Taking a ticket oneself is no news.
  if (!assigneeId || assigneeId === event.actorId) return;
  const ticket = await repo.ticketHeading(platform.db, event.tenantId, event.aggregateId);
  if (!ticket) return;
  await notify(platform, {
    tenantId: event.tenantId,
    userIds: [assigneeId],
    kind: 'ticket.assigned',
    title: `Bạn được giao ticket ${formatTicketCode(ticket.number)}`,
    body: ticket.subject,
    link: `/tickets/${ticket.number}`,
    sourceEventId: event.id,
  });
}

/** Writes the assignee change (or its removal) with its event and audit entry, by the system. */
async function record(
  tx: Transaction,
  tenantId: string,
  ticket: repo.AssignmentCandidate,
  assignee: { _id: string; name: string } | null,
  reason: AssignmentReason,
): Promise<AutoAssignment> {
  await repo.setAssignee(tx, tenantId, ticket.id, assignee?._id ?? null);
  const before = ticket.assigneeId
    ? { _id: ticket.assigneeId, name: ticket.assigneeName ?? '' }
    : null;
  await appendEvent(tx, {
    tenantId,
    aggregate: 'ticket',
    aggregateId: ticket.id,
    type: 'ticket.updated',
    payload: {
      changes: { assignee_id: { before: before?._id ?? null, after: assignee?._id ?? null } },
      reason,
    },
    actorId: null,
  });
  await writeAudit(tx, {
    tenantId,
    impersonatorId: null,
    actorId: null,
    action: 'update',
    entity: 'ticket',
    entityId: ticket.id,
    before: { assignee: before },
    after: { assignee },
  });
  return {
    tenantId,
    ticketId: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    assigneeId: assignee?._id ?? null,
  };
}

/** The next eligible member, and their cursor moved when there is one. */
async function pick(
  tx: Transaction,
  tenantId: string,
  department: repo.AssignmentDepartment,
  exceptUserId?: string,
) {
  const member = await repo.nextMember(
    tx,
    tenantId,
    department.id,
    department.capacity,
    exceptUserId,
  );
  if (member) await repo.markAssigned(tx, department.id, member._id);
  return member;
}

const waiting = (ticket: repo.AssignmentCandidate | undefined) =>
  !!ticket && !!ticket.groupId && !ticket.assigneeId && isUnsolved(ticket.status);

/**
 * A ticket just created or moved into a department (or left without an assignee there), in the
 * caller's transaction (which holds the ticket): assigned when the department assigns
 * automatically and someone is eligible (`exceptUserId`: not the one just removed from it).
 * Answers the assignment made, if any.
 */
export async function autoAssignTicket(
  tx: Transaction,
  tenantId: string,
  ticketId: string,
  exceptUserId?: string,
): Promise<AutoAssignment | undefined> {
  const ticket = await repo.candidate(tx, tenantId, ticketId);
  if (!waiting(ticket) || !ticket?.groupId) return undefined;
  // Read first, lock only departments that assign (others never wait on each other).
  const settings = await repo.departmentSettings(tx, tenantId, ticket.groupId);
  if (!settings?.autoAssign) return undefined;
  const department = await repo.lockDepartment(tx, tenantId, ticket.groupId);
  if (!department?.autoAssign) return undefined;
  const member = await pick(tx, tenantId, department, exceptUserId);
  return member ? record(tx, tenantId, ticket, member, 'auto_assign') : undefined;
}

/**
 * Hands a department's waiting tickets out, oldest first, while someone is eligible (in the
 * caller's transaction; a department without auto assignment hands nothing out).
 */
export async function drainDepartmentQueue(
  tx: Transaction,
  tenantId: string,
  groupId: string,
): Promise<AutoAssignment[]> {
  const settings = await repo.departmentSettings(tx, tenantId, groupId);
  if (!settings?.autoAssign) return [];
  const department = await repo.lockDepartment(tx, tenantId, groupId);
  if (!department?.autoAssign) return [];
  const made: AutoAssignment[] = [];
  for (const ticket of await repo.openTicketsHeldBy(tx, tenantId, groupId, null, BATCH)) {
    const member = await pick(tx, tenantId, department);
    if (!member) break;
    made.push(await record(tx, tenantId, ticket, member, 'auto_assign'));
  }
  return made;
}

/**
 * Someone may take tickets again (became AVAILABLE, or has room after a ticket left them): the
 * queues of their auto-assign departments are handed out, each department in its own
 * transaction. Answers the assignments made.
 */
export async function handOutQueuesOf(platform: Platform, tenantId: string, userId: string) {
  const made: AutoAssignment[] = [];
  for (const groupId of await repo.departmentsOf(platform.db, tenantId, userId, 'autoAssign'))
    made.push(
      ...(await platform.db.transaction((tx) => drainDepartmentQueue(tx, tenantId, groupId))),
    );
  return made;
}

/**
 * The agent signed out (presence LOGOUT): in each of their departments that says so, their
 * unsolved tickets go round-robin to the other eligible members (the department's capacity
 * counts), or back to the department's queue, unassigned, when nobody is. Each department in
 * its own transaction.
 */
export async function reassignAfterLogout(platform: Platform, tenantId: string, userId: string) {
  const made: AutoAssignment[] = [];
  for (const groupId of await repo.departmentsOf(
    platform.db,
    tenantId,
    userId,
    'reassignOnLogout',
  )) {
    const moved = await platform.db.transaction(async (tx) => {
      const department = await repo.lockDepartment(tx, tenantId, groupId);
      if (!department?.reassignOnLogout) return [];
      const done: AutoAssignment[] = [];
      for (const ticket of await repo.openTicketsHeldBy(tx, tenantId, groupId, userId, BATCH)) {
        const member = await pick(tx, tenantId, department, userId);
        done.push(await record(tx, tenantId, ticket, member ?? null, 'logout_reassign'));
      }
      return done;
    });
    made.push(...moved);
  }
  return made;
}

/**
 * A call's ticket goes to the agent who answered the call, when it has nobody yet and is still
 * unsolved (a ticket someone holds keeps them). Recorded like an automatic assignment (reason
 * 'call_answered').
 */
export async function assignToCallAgent(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  userId: string,
) {
  const made = await platform.db.transaction(async (tx) => {
    const ticket = await repo.lockedCandidate(tx, tenantId, ticketId);
    if (!ticket || ticket.assigneeId || !isUnsolved(ticket.status)) return undefined;
    const agent = await repo.activeStaffRef(tx, tenantId, userId);
    return agent ? record(tx, tenantId, ticket, agent, 'call_answered') : undefined;
  });
  return made;
}
