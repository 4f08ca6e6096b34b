import { isChatSource } from '@omnicare/shared/conversations/conversations.schemas';
import { AWAY_PRESENCES } from '@omnicare/shared/routing/routing-rules';
import { formatTicketCode, isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import type { Presence } from '@omnicare/shared/users/presence';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { appendEvent, type DeliveredEvent, type EventFilter } from '../../platform/outbox.js';
import { writeAudit } from '../audit/audit.service.js';
import { getChatConfig } from '../conversations/chat-config.service.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './assignment.repository.js';
import type { RoutingKind } from './assignment.repository.js';

/**
 * Routing: the one place that decides who gets a ticket or a conversation automatically (calls
 * ring by their queue, telephony's `routing.service.ts`, on the same presence rule).
 *
 * Tickets (issue 13): a department (group target 'user') with `auto_assign` gives each of its
 * unassigned open tickets to one member: active, presence AVAILABLE, holding fewer open tickets
 * than `assign_capacity` (null = no limit), the one whose last assignment in that department
 * (`group_members.last_assigned_at`) is oldest.
 * Conversations (tickets from a chat channel, issue 31): the same round-robin among the members
 * of the channel's department, but on the tenant's chat settings: `auto_assign`, and a capacity
 * of `max_chats_per_agent` open conversations. Tickets and conversations are counted apart.
 * Nobody eligible: it waits unassigned in the department's queue, handed out oldest first when
 * someone becomes eligible. Every decision happens under the department's row lock, so
 * concurrent creates see each other's assignments and stay fair.
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

export type AssignmentReason = 'auto_assign' | 'logout_reassign' | 'away_requeue' | 'call_answered';

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
  // A conversation opens in the chat workspace.
  const chat = isChatSource(ticket.source);
  await notify(platform, {
    tenantId: event.tenantId,
    userIds: [assigneeId],
    kind: 'ticket.assigned',
    title: `Bạn được giao ${chat ? 'hội thoại' : 'ticket'} ${formatTicketCode(ticket.number)}`,
    body: ticket.subject,
    link: chat ? `/chat/${event.aggregateId}` : `/tickets/${ticket.number}`,
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

/** Whether a department hands a kind out by itself, and how much of it one member holds. */
async function rulesOf(
  tx: Transaction,
  tenantId: string,
  department: { autoAssign: boolean; capacity: number | null },
  kind: RoutingKind,
) {
  if (kind === 'ticket')
    return { autoAssign: department.autoAssign, capacity: department.capacity };
  const chat = await getChatConfig(tx, tenantId);
  return { autoAssign: chat.auto_assign, capacity: chat.max_chats_per_agent };
}

const kindOf = (ticket: { source: string }): RoutingKind =>
  isChatSource(ticket.source) ? 'chat' : 'ticket';

/** The next eligible member, and their cursor moved when there is one. */
async function pick(
  tx: Transaction,
  tenantId: string,
  departmentId: string,
  rules: { capacity: number | null },
  kind: RoutingKind,
  exceptUserId?: string,
) {
  const member = await repo.nextMember(
    tx,
    tenantId,
    departmentId,
    rules.capacity,
    kind,
    exceptUserId,
  );
  if (member) await repo.markAssigned(tx, departmentId, member._id);
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
  const kind = kindOf(ticket);
  // Read first, lock only departments that assign (others never wait on each other).
  const settings = await repo.departmentSettings(tx, tenantId, ticket.groupId);
  if (!settings || !(await rulesOf(tx, tenantId, settings, kind)).autoAssign) return undefined;
  const department = await repo.lockDepartment(tx, tenantId, ticket.groupId);
  if (!department) return undefined;
  const rules = await rulesOf(tx, tenantId, department, kind);
  if (!rules.autoAssign) return undefined;
  const member = await pick(tx, tenantId, department.id, rules, kind, exceptUserId);
  return member ? record(tx, tenantId, ticket, member, 'auto_assign') : undefined;
}

/**
 * Hands a department's waiting tickets and conversations out, oldest first, while someone is
 * eligible (in the caller's transaction; each kind only where it is assigned automatically).
 */
export async function drainDepartmentQueue(
  tx: Transaction,
  tenantId: string,
  groupId: string,
): Promise<AutoAssignment[]> {
  const settings = await repo.departmentSettings(tx, tenantId, groupId);
  if (!settings) return [];
  const kinds: RoutingKind[] = [];
  for (const kind of ['ticket', 'chat'] as const)
    if ((await rulesOf(tx, tenantId, settings, kind)).autoAssign) kinds.push(kind);
  if (kinds.length === 0) return [];
  const department = await repo.lockDepartment(tx, tenantId, groupId);
  if (!department) return [];
  const made: AutoAssignment[] = [];
  for (const kind of kinds) {
    const rules = await rulesOf(tx, tenantId, department, kind);
    for (const ticket of await repo.openTicketsHeldBy(tx, tenantId, groupId, null, kind, BATCH)) {
      const member = await pick(tx, tenantId, department.id, rules, kind);
      if (!member) break;
      made.push(await record(tx, tenantId, ticket, member, 'auto_assign'));
    }
  }
  return made;
}

/**
 * Someone may take work again (became AVAILABLE, or has room after a ticket or conversation
 * left them): the queues of their departments are handed out (tickets where the department
 * assigns automatically, conversations where the chat settings do), each department in its own
 * transaction. Answers the assignments made.
 */
export async function handOutQueuesOf(platform: Platform, tenantId: string, userId: string) {
  const chats = (await getChatConfig(platform.db, tenantId)).auto_assign;
  const departments = await repo.departmentsOf(
    platform.db,
    tenantId,
    userId,
    chats ? 'any' : 'autoAssign',
  );
  const made: AutoAssignment[] = [];
  for (const groupId of departments)
    made.push(
      ...(await platform.db.transaction((tx) => drainDepartmentQueue(tx, tenantId, groupId))),
    );
  return made;
}

/**
 * An agent's work handed on, in each of their departments: to the other eligible members
 * round-robin (capacity counts), or back to the department's queue, unassigned, when nobody is.
 * Each department in its own transaction.
 */
async function handOnHeldWork(
  platform: Platform,
  tenantId: string,
  userId: string,
  departments: string[],
  kind: RoutingKind,
  reason: AssignmentReason,
) {
  const made: AutoAssignment[] = [];
  for (const groupId of departments) {
    const moved = await platform.db.transaction(async (tx) => {
      const department = await repo.lockDepartment(tx, tenantId, groupId);
      if (!department || (kind === 'ticket' && !department.reassignOnLogout)) return [];
      const rules = await rulesOf(tx, tenantId, department, kind);
      const done: AutoAssignment[] = [];
      for (const ticket of await repo.openTicketsHeldBy(
        tx,
        tenantId,
        groupId,
        userId,
        kind,
        BATCH,
      )) {
        const member = rules.autoAssign
          ? await pick(tx, tenantId, department.id, rules, kind, userId)
          : undefined;
        done.push(await record(tx, tenantId, ticket, member ?? null, reason));
      }
      return done;
    });
    made.push(...moved);
  }
  return made;
}

/**
 * The agent left (presence LOGOUT, or NOT AVAILABLE for conversations): on LOGOUT their
 * unsolved tickets move on in each department that says so (`reassign_on_logout`); on either,
 * their open conversations move on when the chat settings say `requeue`.
 */
export async function reassignAfterAway(
  platform: Platform,
  tenantId: string,
  userId: string,
  presence: Presence,
) {
  const made: AutoAssignment[] = [];
  if (presence === 'LOGOUT') {
    const departments = await repo.departmentsOf(platform.db, tenantId, userId, 'reassignOnLogout');
    made.push(
      ...(await handOnHeldWork(
        platform,
        tenantId,
        userId,
        departments,
        'ticket',
        'logout_reassign',
      )),
    );
  }
  if (AWAY_PRESENCES.includes(presence)) {
    const chat = await getChatConfig(platform.db, tenantId);
    if (chat.on_agent_away === 'requeue') {
      const departments = await repo.departmentsOf(platform.db, tenantId, userId, 'any');
      made.push(
        ...(await handOnHeldWork(platform, tenantId, userId, departments, 'chat', 'away_requeue')),
      );
    }
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

/**
 * Calls: the member of the call's queue to ring now, by the one eligibility rule (AVAILABLE,
 * active) and the calls' capacity (one call at a time; chats and tickets held do not count),
 * ordered by the queue's strategy. Telephony keeps the gateway's side: it asks this under the
 * tenant's routing lock, rings, waits or overflows.
 */
export const nextCallAgent = repo.nextCallMember;
