import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import { UNSOLVED_STATUSES } from '@omnicare/shared/tickets/ticket-enums';
import { preparedOnce, type Database, type Transaction } from '../../platform/db.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { calls, queueMembers } from '../../db/schema/telephony.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import { routableStaff } from './routable-staff.js';

type Db = Database | Transaction;

const isOpen = inArray(tickets.status, [...UNSOLVED_STATUSES]);

/** What is routed: tickets, and conversations (tickets from a chat channel), counted apart. */
export type RoutingKind = 'ticket' | 'chat';
const chatSources = sql.raw(CHAT_SOURCES.map((source) => `'${source}'`).join(', '));
/** The condition on a tickets alias's source that keeps one kind. */
const ofKind = (source: ReturnType<typeof sql.raw>, kind: RoutingKind) =>
  kind === 'chat' ? sql`${source} in (${chatSources})` : sql`${source} not in (${chatSources})`;

const departmentColumns = {
  id: groups.id,
  autoAssign: groups.autoAssign,
  capacity: groups.assignCapacity,
  reassignOnLogout: groups.reassignOnLogout,
};
export type AssignmentDepartment = { id: string; autoAssign: boolean; capacity: number | null };

/** A department's assignment settings (no lock). */
export async function departmentSettings(db: Db, tenantId: string, groupId: string) {
  const [row] = await db
    .select(departmentColumns)
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), eq(groups.id, groupId)));
  return row;
}

/**
 * The department's row held until the transaction ends, so assignments in it are made one at
 * a time (each sees the cursor and loads the previous one committed). FOR NO KEY UPDATE, not
 * FOR UPDATE: inserting a ticket takes FOR KEY SHARE on its department (the foreign key), which
 * FOR UPDATE would wait on (two concurrent creates would deadlock) and this does not.
 */
export async function lockDepartment(tx: Transaction, tenantId: string, groupId: string) {
  const [row] = await tx
    .select(departmentColumns)
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), eq(groups.id, groupId)))
    .for('no key update', { of: groups });
  return row;
}

/**
 * The next member to receive a ticket or conversation of the department: active staff whose
 * presence is AVAILABLE (`ROUTABLE_PRESENCE`), holding fewer open items of that kind (over the
 * whole tenant) than the capacity, the one whose last assignment here is oldest (never first),
 * then by id so ties are stable.
 */
export async function nextMember(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  capacity: number | null,
  kind: RoutingKind,
  exceptUserId?: string,
) {
  // UNSOLVED_STATUSES written out, as the partial index tickets_open_assignee_idx says them.
  const load = sql`(select count(*) from ${tickets} t where t.tenant_id = ${tenantId}
    and t.assignee_id = ${users.id} and t.status in ('new', 'open', 'pending')
    and ${ofKind(sql.raw('t.source'), kind)})`;
  const [row] = await tx
    .select({ _id: users.id, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(users.tenantId, tenantId),
        routableStaff(),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
        capacity === null ? undefined : sql`${load} < ${capacity}`,
      ),
    )
    .orderBy(sql`${groupMembers.lastAssignedAt} asc nulls first`, asc(users.id))
    .limit(1);
  return row;
}

/** Moves the member's fairness cursor (clock time: several assignments in one transaction). */
export async function markAssigned(tx: Transaction, groupId: string, userId: string) {
  await tx
    .update(groupMembers)
    .set({ lastAssignedAt: sql`clock_timestamp()` })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

const candidateColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  status: tickets.status,
  source: tickets.source,
  groupId: tickets.groupId,
  assigneeId: tickets.assigneeId,
  assigneeName: sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${tickets.assigneeId})`,
};
export type AssignmentCandidate = {
  id: string;
  number: number;
  subject: string;
  status: string;
  source: string;
  groupId: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
};

/** A ticket's number and subject, for the notification of its assignment (undefined: deleted). */
export async function ticketHeading(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ number: tickets.number, subject: tickets.subject, source: tickets.source })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
  return row;
}

/** A ticket as automatic assignment reads it (the caller holds its lock or just made it). */
export async function candidate(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select(candidateColumns)
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
  return row as AssignmentCandidate | undefined;
}

/**
 * Open tickets or conversations of a department held by `assigneeId` (null: its waiting queue,
 * unassigned), oldest first, locked; one another transaction holds (being edited) is skipped,
 * never waited for.
 */
export async function openTicketsHeldBy(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  assigneeId: string | null,
  kind: RoutingKind,
  limit: number,
) {
  const rows = await tx
    .select(candidateColumns)
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.groupId, groupId),
        assigneeId === null ? isNull(tickets.assigneeId) : eq(tickets.assigneeId, assigneeId),
        isOpen,
        ofKind(sql.raw('"tickets"."source"'), kind),
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(limit)
    .for('update', { of: tickets, skipLocked: true });
  return rows as AssignmentCandidate[];
}

/** Sets a ticket's assignee (SLA fields untouched). */
export async function setAssignee(
  tx: Transaction,
  tenantId: string,
  id: string,
  assigneeId: string | null,
) {
  await tx
    .update(tickets)
    .set({ assigneeId, updatedAt: new Date() })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

/**
 * The departments a user is a member of whose setting is on (`any`: all of them), in id order
 * (the lock order).
 */
export async function departmentsOf(
  db: Db,
  tenantId: string,
  userId: string,
  setting: 'autoAssign' | 'reassignOnLogout' | 'any',
) {
  const rows = await db
    .select({ id: groups.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groups.tenantId, tenantId),
        eq(groups.target, 'user'),
        setting === 'any'
          ? undefined
          : eq(setting === 'autoAssign' ? groups.autoAssign : groups.reassignOnLogout, true),
      ),
    )
    .orderBy(asc(groups.id));
  return rows.map((row) => row.id);
}

/** A ticket as automatic assignment reads it, locked until the transaction ends. */
export async function lockedCandidate(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select(candidateColumns)
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)))
    .for('update', { of: tickets });
  return row as AssignmentCandidate | undefined;
}

/** An active staff member of the tenant, named (an assignee). */
export async function activeStaffRef(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        eq(users.active, true),
        ne(users.role, 'end_user'),
      ),
    );
  return row;
}

/** How long a ring offered by routing keeps its agent busy without any event (safety net). */
const RING_HOLD = sql`interval '130 seconds'`;
/** An answered call with no end event stops counting as "in a call" after this long. */
const TALK_HOLD = sql`interval '4 hours'`;

/** SQL: the user is busy with a call other than `exceptCallId`. */
const inCallCondition = (userColumn: SQL | typeof users.id, exceptCallId?: string) => sql`exists (
  select 1 from ${calls} c where c.agent_id = ${userColumn} and c.ended_at is null
  ${exceptCallId ? sql`and c.id <> ${exceptCallId}` : sql``}
  and (
    (c.status = 'RINGING' and coalesce(c.offered_at, c.started_at) > now() - ${RING_HOLD})
    or (c.status in ('ANSWERING', 'DIALING', 'HOLDING', 'MUTING') and coalesce(c.answered_at, c.started_at) > now() - ${TALK_HOLD})
  ))`;

/**
 * In after-call work (wrap-up) after a call of theirs: offered no call until it ends
 * (telephony/wrap-up.service.ts; a due time passed needs no sweep to free them).
 */
const inWrapUpCondition = (userColumn: SQL | typeof users.id) => sql`exists (
  select 1 from ${calls} w where w.agent_id = ${userColumn} and w.acw_until > now())`;

/**
 * The member the queue rings next: active staff with a SIP account, presence AVAILABLE, not in
 * another call nor wrapping one up, not the one rung just before (`except.previousAgent`, an agent id or SIP
 * username, else `except.userId`); agents not yet tried for this call first; then by the
 * strategy's cursor (never first), then id. One prepared statement whatever the call (the
 * previous agent is looked up inside it, the tried agents are one array parameter).
 */
export async function nextCallMember(
  tx: Transaction,
  queue: { id: string; tenantId: string; strategy: string },
  call: { id: string; triedUserIds: string[] },
  except: { previousAgent: string | null; userId: string | null },
) {
  const cursor =
    queue.strategy === 'round_robin' ? queueMembers.lastOfferedAt : queueMembers.lastCallEndedAt;
  const rungBefore = sql`coalesce(
    (select p.id from ${users} p where p.tenant_id = ${queue.tenantId}
      and (p.agent_id = ${except.previousAgent}::text or p.sip_username = ${except.previousAgent}::text)
      order by p.id limit 1),
    ${except.userId}::uuid)`;
  const tried = sql`${users.id} = any(${sql.param(call.triedUserIds)}::uuid[]) asc`;
  const [row] = await preparedOnce(
    tx
      .select({
        userId: users.id,
        agentId: users.agentId,
        sipUsername: sql<string>`${users.sipUsername}`,
      })
      .from(queueMembers)
      .innerJoin(users, eq(users.id, queueMembers.userId))
      .where(
        and(
          eq(queueMembers.queueId, queue.id),
          eq(users.tenantId, queue.tenantId),
          // The one routing's rule of who takes new work; a call's capacity is below (one call).
          routableStaff(),
          sql`coalesce(${users.sipUsername}, '') <> ''`,
          sql`${users.id} is distinct from ${rungBefore}`,
          sql`not ${inCallCondition(users.id, call.id)}`,
          sql`not ${inWrapUpCondition(users.id)}`,
        ),
      )
      .orderBy(tried, sql`${cursor} asc nulls first`, asc(users.id))
      .limit(1),
    'route-next-agent',
  ).execute();
  return row;
}
