import { sql, type SQL } from 'drizzle-orm';
import type { CallStatus } from '@omnicare/shared/telephony/call-enums';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import type { Database } from '../../platform/db.js';

const chatSources = sql.raw(CHAT_SOURCES.map((source) => `'${source}'`).join(', '));
/** A call is live while not ended; the bounds only guard against a lost `call.ended`. */
const liveCall = sql`c.ended_at is null and c.status in ('QUEUEING', 'RINGING', 'ANSWERING', 'MUTING', 'HOLDING', 'DIALING')
  and c.started_at > now() - interval '4 hours'`;
/** In progress with an agent: ringing them, talking, muted, on hold or dialling out. */
const withAgent = sql`c.status in ('RINGING', 'ANSWERING', 'MUTING', 'HOLDING', 'DIALING')`;

export type AgentRow = {
  id: string;
  name: string;
  agent_id: string;
  role: string;
  avatar_url: string | null;
  presence: string;
  presence_changed_at: Date | null;
  organization_id: string | null;
  department_ids: string[] | null;
  calls_now: number;
  chats_now: number;
  call_id: string | null;
  call_status: CallStatus | null;
  call_since: Date | null;
  wrap_up_call_id: string | null;
  wrap_up_since: Date | null;
  wrap_up_until: Date | null;
};

/** Every active staff member with their presence, departments and what they hold now. */
export async function agents(db: Database, tenantId: string) {
  const { rows } = await db.execute<AgentRow>(sql`
    select u.id, u.name, u.agent_id, u.role, u.avatar_url, u.presence, u.presence_changed_at,
      u.organization_id,
      (select array_agg(gm.group_id order by gm.group_id) from group_members gm
        join groups g on g.id = gm.group_id and g.target = 'user'
        where gm.user_id = u.id) as department_ids,
      (select count(*)::int from calls c where c.tenant_id = ${tenantId} and c.agent_id = u.id
        and ${liveCall} and ${withAgent}) as calls_now,
      (select count(*)::int from tickets t where t.tenant_id = ${tenantId} and t.assignee_id = u.id
        and t.status in ('new', 'open', 'pending') and t.source in (${chatSources})) as chats_now,
      cc.id as call_id, cc.status as call_status, cc.since as call_since,
      wu.id as wrap_up_call_id, wu.ended_at as wrap_up_since, wu.acw_until as wrap_up_until
    from users u
    left join lateral (select c.id, c.status, coalesce(c.answered_at, c.offered_at, c.started_at) as since
      from calls c where c.tenant_id = ${tenantId} and c.agent_id = u.id and ${liveCall} and ${withAgent}
      order by c.started_at desc limit 1) cc on true
    left join lateral (select c.id, c.ended_at, c.acw_until from calls c
      where c.agent_id = u.id and c.acw_until > now() and c.tenant_id = ${tenantId}
      order by c.acw_until desc limit 1) wu on true
    where u.tenant_id = ${tenantId} and u.active and u.role <> 'end_user'
    order by u.name, u.id`);
  return rows;
}

/**
 * `handled` today per agent: inbound calls they answered, chats they replied to publicly and
 * other tickets they solved, in [start, end).
 */
export async function handledBetween(db: Database, tenantId: string, start: Date, end: Date) {
  const from = start.toISOString();
  const to = end.toISOString();
  const { rows } = await db.execute<{ user_id: string; n: number }>(sql`
    select user_id, sum(n)::int as n from (
      select c.agent_id as user_id, count(*) as n from calls c
        where c.tenant_id = ${tenantId} and c.agent_id is not null and c.answered_at >= ${from}
          and c.answered_at < ${to}
        group by 1
      union all
      select m.author_user_id, count(distinct m.ticket_id) from messages m
        join tickets t on t.id = m.ticket_id and t.source in (${chatSources})
        where m.tenant_id = ${tenantId} and m.author_type = 'user' and m.public
          and m.created_at >= ${from} and m.created_at < ${to}
        group by 1
      union all
      select t.assignee_id, count(*) from tickets t
        where t.tenant_id = ${tenantId} and t.assignee_id is not null and t.source not in (${chatSources})
          and t.solved_at >= ${from} and t.solved_at < ${to}
        group by 1
    ) handled where user_id is not null group by 1`);
  return new Map(rows.map((row) => [row.user_id, row.n]));
}

export async function departments(db: Database, tenantId: string) {
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select id, name from groups where tenant_id = ${tenantId} and target = 'user' order by name, id`);
  return rows;
}

export type QueueRow = {
  id: string;
  name: string;
  waiting: number;
  oldest_queued_at: Date | null;
  available: number;
};

/** Each queue with its calls waiting now and its members AVAILABLE (`agents_available`). */
/** A scope's condition (on `users`, `tickets` or `calls`) applied to the row of alias `alias`. */
const within = (table: 'users' | 'tickets' | 'calls', alias: string, seen: SQL | undefined) =>
  seen
    ? sql`and exists (select 1 from ${sql.raw(table)} where ${sql.raw(table)}.id = ${sql.raw(alias)}.id and ${seen})`
    : sql``;

/**
 * The tenant's queues now: calls waiting (everyone's, as on the screen) and members AVAILABLE
 * (only those `staffSeen`, a condition on `users`, covers).
 */
export async function queuesNow(db: Database, tenantId: string, staffSeen: SQL | undefined) {
  const { rows } = await db.execute<QueueRow>(sql`
    select q.id, q.name,
      (select count(*)::int from calls c where c.tenant_id = ${tenantId} and c.queue_id = q.id
        and ${liveCall} and c.status = 'QUEUEING') as waiting,
      (select min(coalesce(c.queued_at, c.started_at)) from calls c where c.tenant_id = ${tenantId}
        and c.queue_id = q.id and ${liveCall} and c.status = 'QUEUEING') as oldest_queued_at,
      (select count(*)::int from queue_members qm join users u on u.id = qm.user_id
        where qm.queue_id = q.id and u.active and u.presence = 'AVAILABLE'
          ${within('users', 'u', staffSeen)}) as available
    from queues q where q.tenant_id = ${tenantId} order by q.name, q.id`);
  return rows;
}

export type CallRow = {
  id: string;
  direction: string;
  from_number: string;
  to_number: string;
  customer_name: string | null;
  queue_id: string | null;
  queue_name: string | null;
  agent_id: string | null;
  agent_name: string | null;
  status: CallStatus;
  started_at: Date;
  queued_at: Date | null;
  answered_at: Date | null;
  held_since: Date | null;
  ended_at: Date | null;
  acw_until: Date | null;
  ticket_id: string | null;
};

/** Calls live now: waiting in a queue, ringing or in progress; and those their agent wraps up. */
export async function liveCalls(db: Database, tenantId: string) {
  const { rows } = await db.execute<CallRow>(sql`
    select c.id, c.direction, c.from_number, c.to_number,
      cu.name as customer_name, c.queue_id, q.name as queue_name, c.agent_id, u.name as agent_name,
      c.status, c.started_at, c.queued_at, c.answered_at, c.held_since, c.ended_at, c.acw_until,
      c.ticket_id
    from calls c
    left join queues q on q.id = c.queue_id
    left join users u on u.id = c.agent_id
    left join customers cu on cu.id = c.customer_id
    where c.tenant_id = ${tenantId} and c.started_at > now() - interval '4 hours'
      and (${liveCall} or c.acw_until > now())
    order by c.started_at, c.id
    limit 500`);
  return rows;
}

export type ChannelRow = {
  id: string;
  name: string;
  kind: string;
  status: string;
  status_reason: string | null;
  waiting: number;
  unassigned: number;
  oldest_waiting_since: Date | null;
};

/** Each channel with its open conversations waiting for a reply and unassigned, now. */
/** The tenant's channels with their open conversations now (those `ticketsSeen` covers). */
export async function channelsNow(db: Database, tenantId: string, ticketsSeen: SQL | undefined) {
  const { rows } = await db.execute<ChannelRow>(sql`
    select ch.id, ch.name, ch.kind, ch.status, ch.status_reason,
      coalesce(live.waiting, 0)::int as waiting, coalesce(live.unassigned, 0)::int as unassigned,
      live.oldest_waiting_since
    from channels ch
    left join lateral (
      select count(*) filter (where v.waiting_since is not null) as waiting,
        count(*) filter (where t.assignee_id is null) as unassigned,
        min(v.waiting_since) as oldest_waiting_since
      from conversations v join tickets t on t.id = v.ticket_id
      where v.tenant_id = ${tenantId} and v.channel_id = ch.id and t.status in ('new', 'open', 'pending')
        ${within('tickets', 't', ticketsSeen)}
    ) live on true
    where ch.tenant_id = ${tenantId}
    order by ch.name, ch.id`);
  return rows;
}

/** The user an agent-presence change acts on (tenant's, staff, within the caller's scope). */
export async function staffMember(
  db: Database,
  tenantId: string,
  userId: string,
  scope: SQL | undefined,
) {
  const { rows } = await db.execute<{
    id: string;
    role: string;
    is_admin: boolean;
    presence: string;
    name: string;
  }>(sql`select id, role, is_admin, presence, name from users
    where tenant_id = ${tenantId} and id = ${userId} and role <> 'end_user'
      ${scope ? sql`and ${scope}` : sql``}`);
  return rows[0];
}

// ---- drill-down rows

export type CallListRow = {
  id: string;
  from_number: string;
  customer_name: string | null;
  queue_name: string | null;
  agent_name: string | null;
  status: string;
  result: string | null;
  at: Date;
  ticket_id: string | null;
};

/** The calls `where` names that `seen` (a condition on `calls`: a data scope) covers. */
export async function callRows(
  db: Database,
  tenantId: string,
  where: ReturnType<typeof sql>,
  seen: SQL | undefined,
  limit: number,
) {
  const { rows } = await db.execute<CallListRow>(sql`
    select c.id, c.from_number, cu.name as customer_name, q.name as queue_name,
      u.name as agent_name, c.status, c.result, coalesce(c.queued_at, c.started_at) as at, c.ticket_id
    from calls c
    left join queues q on q.id = c.queue_id
    left join users u on u.id = c.agent_id
    left join customers cu on cu.id = c.customer_id
    where c.tenant_id = ${tenantId} and ${where} ${within('calls', 'c', seen)}
    order by coalesce(c.queued_at, c.started_at) desc, c.id
    limit ${limit}`);
  return rows;
}

export type TicketListRow = {
  id: string;
  number: number | null;
  subject: string;
  source: string;
  status: string;
  assignee_name: string | null;
  at: Date;
};

/** The tickets `where` names that `seen` (a condition on `tickets`: a data scope) covers. */
export async function ticketRows(
  db: Database,
  tenantId: string,
  where: ReturnType<typeof sql>,
  at: ReturnType<typeof sql>,
  seen: SQL | undefined,
  limit: number,
) {
  const { rows } = await db.execute<TicketListRow>(sql`
    select t.id, t.number, t.subject, t.source, t.status, u.name as assignee_name, ${at} as at
    from tickets t
    left join conversations v on v.ticket_id = t.id
    left join users u on u.id = t.assignee_id
    where t.tenant_id = ${tenantId} and ${where} ${within('tickets', 't', seen)}
    order by ${at} desc nulls last, t.id
    limit ${limit}`);
  return rows;
}

export type AgentListRow = {
  id: string;
  name: string;
  presence: string;
  presence_changed_at: Date | null;
};

export async function availableMembers(
  db: Database,
  tenantId: string,
  queueId: string | undefined,
  /** A condition on `users` (the caller's data scope). */
  seen: SQL | undefined,
) {
  const queue = queueId
    ? sql`and exists (select 1 from queue_members qm where qm.queue_id = ${queueId} and qm.user_id = u.id)`
    : sql`and exists (select 1 from queue_members qm where qm.user_id = u.id)`;
  const { rows } = await db.execute<AgentListRow>(sql`
    select u.id, u.name, u.presence, u.presence_changed_at from users u
    where u.tenant_id = ${tenantId} and u.active and u.presence = 'AVAILABLE' ${queue}
      ${within('users', 'u', seen)}
    order by u.name, u.id`);
  return rows;
}

export const callConditions = { liveCall, withAgent, chatSources };
