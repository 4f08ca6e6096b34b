import { sql, type SQL } from 'drizzle-orm';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import { PRESENCE } from '@omnicare/shared/users/presence';
import {
  presenceMetricKey,
  SHORT_ABANDON_DEFAULT_SECONDS,
  SERVICE_LEVEL_DEFAULT,
  staffPresenceKey,
} from '@omnicare/shared/reports/metrics';
import type { ReportDimension, ReportRowKind } from '@omnicare/shared/reports/reports.schemas';
import type { Database } from '../../platform/db.js';

/*
 * Every metric of the registry (packages/shared/src/reports/metrics.ts), computed here and
 * nowhere else, in SQL over the raw rows. A metric reads one "family" of facts: a subquery with
 * one row per thing that happened (a ticket created, a reply, a call...) and the same columns
 * in every family:
 *   kind, id          what the drill-down lists (REPORT_ROW_KIND) and its id
 *   ticket_id         the ticket to open (null for an agent's presence or a customer)
 *   at                the instant that places it in the range and in a day or hour bucket
 *   group_id, agent_id, source, queue_id, hotline, customer_id   the dimensions
 *   value             a duration in seconds (or a rating) where the family measures one
 *   + the family's own flags (f_*), which metrics filter on.
 * A figure is an aggregate over its family's rows with its filter; the drill-down lists the same
 * rows with the same filter, so its count is the figure (for a percentage, its denominator; for
 * a duration, the rows measured). Derived figures (sla_met_pct, handled, occupancy) combine
 * other aggregates and drill down to the rows of their parts.
 */

/** The business-hours clock handed to SQL's `business_clock` (migration 0038). */
export interface SqlClock {
  /** Postgres array literals: the open intervals' starts, lengths and open seconds before each. */
  starts: string;
  lengths: string;
  before: string;
}

export interface FactFilters {
  groupId?: string;
  agentId?: string;
  queueId?: string;
  source?: string;
  tagId?: string;
  priorityId?: string;
  /** Tickets with a message through this channel (calls have none: none counted). */
  channelId?: string;
}

export interface FactContext {
  tenantId: string;
  /** The range as the tenant's calendar days (yyyy-MM-dd), where it was asked so. */
  days?: { from: string; to: string };
  /** false: every figure from the raw rows (what the rollups are checked against). */
  rollups?: false;
  start: Date;
  end: Date;
  now: Date;
  timeZone: string;
  filters: FactFilters;
  /** Null: durations in calendar time. */
  clock: SqlClock | null;
  shortAbandonSeconds: number;
  serviceLevelSeconds: number;
  /** The caller's data scope on each kind of row (undefined: everything). */
  scope: {
    tickets?: SQL;
    calls?: SQL;
    staff?: SQL;
    customers?: SQL;
    jobs?: SQL;
  };
}

export const DEFAULTS = {
  shortAbandonSeconds: SHORT_ABANDON_DEFAULT_SECONDS,
  serviceLevelSeconds: SERVICE_LEVEL_DEFAULT.seconds,
};

const chatSources = sql.join(
  CHAT_SOURCES.map((source) => sql`${source}`),
  sql`, `,
);

/** Seconds from a to b, in calendar or business time. */
function duration(context: FactContext, a: SQL, b: SQL): SQL {
  if (!context.clock) return sql`extract(epoch from (${b} - ${a}))::float8`;
  const { starts, lengths, before } = context.clock;
  const clock = (t: SQL) =>
    sql`business_clock(${t}, ${starts}::timestamptz[], ${lengths}::float8[], ${before}::float8[])`;
  return sql`greatest(${clock(b)} - ${clock(a)}, 0)`;
}

const inRange = (context: FactContext, column: SQL) =>
  sql`${column} >= ${context.start.toISOString()}::timestamptz and ${column} < ${context.end.toISOString()}::timestamptz`;

/** The filters and the data scope on `tickets` (the table under its own name). */
function ticketConditions(context: FactContext): SQL {
  const { filters, scope } = context;
  const parts: SQL[] = [sql`tickets.tenant_id = ${context.tenantId}`];
  if (filters.groupId) parts.push(sql`tickets.group_id = ${filters.groupId}`);
  if (filters.agentId) parts.push(sql`tickets.assignee_id = ${filters.agentId}`);
  if (filters.source) parts.push(sql`tickets.source = ${filters.source}`);
  if (filters.priorityId) parts.push(sql`tickets.priority_id = ${filters.priorityId}`);
  if (filters.channelId)
    parts.push(
      sql`exists (select 1 from messages m where m.ticket_id = tickets.id and m.channel_id = ${filters.channelId})`,
    );
  if (filters.tagId)
    parts.push(
      sql`exists (select 1 from ticket_tags tt where tt.ticket_id = tickets.id and tt.tag_id = ${filters.tagId})`,
    );
  if (scope.tickets) parts.push(scope.tickets);
  return sql.join(parts, sql` and `);
}

/** The columns every ticket-based family shares. */
const ticketDimensions = sql`tickets.group_id, tickets.assignee_id as agent_id, tickets.source,
  null::uuid as queue_id, null::text as hotline, tickets.requester_id as customer_id`;

/** The filters and the data scope on `calls`. */
function callConditions(context: FactContext): SQL {
  const { filters, scope } = context;
  const parts: SQL[] = [sql`calls.tenant_id = ${context.tenantId}`];
  if (filters.agentId) parts.push(sql`calls.agent_id = ${filters.agentId}`);
  if (filters.queueId) parts.push(sql`calls.queue_id = ${filters.queueId}`);
  if (filters.source) parts.push(sql`calls.direction = ${filters.source}`);
  // A call comes through no chat or mail channel.
  if (filters.channelId) parts.push(sql`false`);
  if (filters.groupId)
    parts.push(
      sql`calls.agent_id in (select gm.user_id from group_members gm where gm.group_id = ${filters.groupId})`,
    );
  if (filters.priorityId)
    parts.push(
      sql`calls.ticket_id in (select t.id from tickets t where t.priority_id = ${filters.priorityId})`,
    );
  if (filters.tagId)
    parts.push(
      sql`calls.ticket_id in (select tt.ticket_id from ticket_tags tt where tt.tag_id = ${filters.tagId})`,
    );
  if (scope.calls) parts.push(scope.calls);
  return sql.join(parts, sql` and `);
}

/** The filters and the data scope on `users` (staff), for the presence families. */
function staffConditions(context: FactContext): SQL {
  const { filters, scope } = context;
  const parts: SQL[] = [sql`users.tenant_id = ${context.tenantId}`];
  if (filters.agentId) parts.push(sql`users.id = ${filters.agentId}`);
  if (filters.groupId)
    parts.push(
      sql`users.id in (select gm.user_id from group_members gm where gm.group_id = ${filters.groupId})`,
    );
  if (scope.staff) parts.push(scope.staff);
  return sql.join(parts, sql` and `);
}

/** Families filtered by a queue are calls only: a queue filter leaves the others empty. */
const notQueueFiltered = (context: FactContext) =>
  context.filters.queueId ? sql`false` : sql`true`;

export type FamilyName =
  | 'created'
  | 'solved'
  | 'reopens'
  | 'breaches'
  | 'missed_chats'
  | 'backlog'
  | 'replies'
  | 'messages'
  | 'ratings'
  | 'surveys'
  | 'calls'
  | 'presence'
  | 'chat_load'
  | 'contacts'
  | 'customers_created'
  | 'imports'
  | 'ads'
  | 'ad_spend';

/** Each family's facts (see the file's comment for the columns). */
export const FAMILIES: Record<FamilyName, (context: FactContext) => SQL> = {
  created: (c) => sql`
    select 'ticket' as kind, tickets.id, tickets.id as ticket_id, tickets.created_at as at,
      ${ticketDimensions}, null::float8 as value,
      tickets.source in (${chatSources}) as f_chat
    from tickets
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and ${inRange(c, sql`tickets.created_at`)}`,

  // Solved in the range (the last solve: a reopen clears solved_at), with the resolution time.
  solved: (c) => sql`
    select 'ticket' as kind, tickets.id, tickets.id as ticket_id, tickets.solved_at as at,
      ${ticketDimensions},
      ${duration(c, sql`tickets.created_at`, sql`tickets.solved_at`)} as value,
      tickets.sla_policy_id is not null and tickets.sla_breached_at is null as f_sla_met
    from tickets
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.solved_at is not null
      and ${inRange(c, sql`tickets.solved_at`)}`,

  // Each reopen (the audit log's line of a move from solved or closed back to work).
  reopens: (c) => sql`
    select 'ticket' as kind, a.id, tickets.id as ticket_id, a.created_at as at,
      ${ticketDimensions}, null::float8 as value
    from audit_log a join tickets on tickets.id::text = a.entity_id
    where a.tenant_id = ${c.tenantId} and a.entity = 'ticket'
      and a.before->>'status' in ('solved', 'closed') and a.after->>'status' in ('new', 'open', 'pending')
      and ${inRange(c, sql`a.created_at`)} and ${ticketConditions(c)} and ${notQueueFiltered(c)}`,

  breaches: (c) => sql`
    select 'ticket' as kind, tickets.id, tickets.id as ticket_id, tickets.sla_breached_at as at,
      ${ticketDimensions}, null::float8 as value
    from tickets
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.sla_breached_at is not null
      and ${inRange(c, sql`tickets.sla_breached_at`)}`,

  // Chats the visitor left (resolved or closed) before any public staff reply: whether a chat
  // was missed is settled when it ends (a later reply does not change it, so a rolled day holds).
  missed_chats: (c) => {
    const done = sql`coalesce(tickets.solved_at, tickets.closed_at)`;
    return sql`
    select 'conversation' as kind, tickets.id, tickets.id as ticket_id, ${done} as at,
      ${ticketDimensions}, null::float8 as value
    from tickets
    cross join lateral (
      select bool_or(m.author_type = 'customer') as asked,
        bool_or(m.author_type = 'user' and m.public and m.direction = 'out' and m.kind <> 'event')
          as answered
      from messages m where m.ticket_id = tickets.id and m.created_at <= ${done}) said
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.source in (${chatSources})
      and ${inRange(c, done)} and said.asked and not said.answered`;
  },

  // Open at the range's end: created before it, and not solved or closed by then. Not a flow:
  // no instant (its day and hour buckets are empty). Two branches: the tickets open now (read
  // from an index alone, tickets_open_backlog_idx) and those done since the range's end.
  backlog: (c) => {
    const end = sql`${c.end.toISOString()}::timestamptz`;
    const open = (done: SQL) => sql`
      select 'ticket' as kind, tickets.id, tickets.id as ticket_id, null::timestamptz as at,
        ${ticketDimensions}, null::float8 as value
      from tickets
      where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.created_at < ${end}
        and tickets.merged_into_id is null and ${done}`;
    return sql`${open(sql`coalesce(tickets.solved_at, tickets.closed_at) is null`)}
      union all ${open(sql`coalesce(tickets.solved_at, tickets.closed_at) >= ${end}`)}`;
  },

  // One row per answered block of customer messages whose reply falls in the range: the reply
  // time (block's first message → the next public staff reply) and whether it is the first
  // response of its cycle (the ticket's life cut at each reopen: a reopen restarts it).
  replies: (c) => sql`
    with answered as (
      select distinct m.ticket_id from messages m
      where m.tenant_id = ${c.tenantId} and ${inRange(c, sql`m.created_at`)}
        and m.author_type = 'user' and m.public and m.direction = 'out' and m.kind <> 'event'
    ), flow as (
      select m.ticket_id, m.id, m.created_at, (m.author_type = 'customer') as from_customer,
        count(*) filter (where m.author_type = 'user')
          over (partition by m.ticket_id order by m.created_at, m.id) as replies_so_far
      from messages m join answered using (ticket_id)
      where (m.author_type = 'customer' and m.direction = 'in')
         or (m.author_type = 'user' and m.public and m.direction = 'out' and m.kind <> 'event')
    ), blocks as (
      -- Customer messages after the same number of replies form one block; the reply after
      -- them is the (replies_so_far + 1)-th.
      select ticket_id, replies_so_far, min(created_at) as first_at
      from flow where from_customer group by ticket_id, replies_so_far
    ), reply as (
      select ticket_id, id, created_at, replies_so_far from flow where not from_customer
    ), measured as (
      select r.id, b.ticket_id, b.first_at, r.created_at as reply_at,
        (select count(*) from audit_log a where a.tenant_id = ${c.tenantId} and a.entity = 'ticket'
          and a.entity_id = b.ticket_id::text and a.before->>'status' in ('solved', 'closed')
          and a.after->>'status' in ('new', 'open', 'pending') and a.created_at <= r.created_at) as cycle
      from blocks b join reply r on r.ticket_id = b.ticket_id and r.replies_so_far = b.replies_so_far + 1
    )
    select 'ticket' as kind, measured.id, tickets.id as ticket_id, measured.reply_at as at,
      ${ticketDimensions}, ${duration(c, sql`measured.first_at`, sql`measured.reply_at`)} as value,
      measured.reply_at = min(measured.reply_at) over (partition by measured.ticket_id, measured.cycle)
        as f_first
    from measured join tickets on tickets.id = measured.ticket_id
    where ${inRange(c, sql`measured.reply_at`)} and ${ticketConditions(c)} and ${notQueueFiltered(c)}`,

  messages: (c) => sql`
    select 'message' as kind, m.id, tickets.id as ticket_id, m.created_at as at,
      ${ticketDimensions}, null::float8 as value,
      (m.direction = 'in' and m.author_type = 'customer') as f_in,
      (m.direction = 'out' and m.public and m.author_type in ('user', 'bot') and m.kind <> 'event') as f_out
    from messages m join tickets on tickets.id = m.ticket_id
    where m.tenant_id = ${c.tenantId} and ${inRange(c, sql`m.created_at`)}
      and ${ticketConditions(c)} and ${notQueueFiltered(c)}`,

  ratings: (c) => sql`
    select 'conversation' as kind, tickets.id, tickets.id as ticket_id, cv.rated_at as at,
      ${ticketDimensions}, cv.rating::float8 as value, cv.rating >= 4 as f_satisfied
    from conversations cv join tickets on tickets.id = cv.ticket_id
    where cv.tenant_id = ${c.tenantId} and cv.rated_at is not null and cv.rating is not null
      and ${inRange(c, sql`cv.rated_at`)} and ${ticketConditions(c)} and ${notQueueFiltered(c)}`,

  surveys: (c) => sql`
    select 'conversation' as kind, tickets.id, tickets.id as ticket_id, cv.survey_asked_at as at,
      ${ticketDimensions}, null::float8 as value, cv.rating is not null as f_answered
    from conversations cv join tickets on tickets.id = cv.ticket_id
    where cv.tenant_id = ${c.tenantId} and cv.survey_asked_at is not null
      and ${inRange(c, sql`cv.survey_asked_at`)} and ${ticketConditions(c)} and ${notQueueFiltered(c)}`,

  // A call counts as answered once it is (in progress too), so a live tile and a report agree
  // all day; an ended call's wait is the one recorded, a call still on its way waits until now.
  calls: (c) => sql`
    select 'call' as kind, calls.id, calls.ticket_id, calls.started_at as at,
      null::uuid as group_id, calls.agent_id, calls.direction as source, calls.queue_id,
      calls.hotline, calls.customer_id, null::float8 as value,
      w.wait_s, calls.talk_seconds::float8 as talk_s, calls.acw_seconds::float8 as acw_s,
      (calls.talk_seconds + calls.acw_seconds)::float8 as handle_s,
      calls.direction = 'CALL_INBOUND' as f_inbound,
      calls.direction = 'CALL_OUTBOUND' as f_outbound,
      w.inbound and w.answered as f_answered,
      w.inbound and w.answered and w.wait_s <= ${c.serviceLevelSeconds} as f_in_level,
      w.inbound and w.abandoned as f_abandoned,
      w.inbound and w.abandoned and calls.queued_at is not null as f_abandoned_queue,
      w.inbound and w.abandoned and calls.queued_at is null as f_abandoned_ivr,
      calls.ended_on_hold as f_abandoned_hold,
      w.inbound and w.abandoned and w.wait_s < ${c.shortAbandonSeconds} as f_short,
      w.inbound and calls.ended_at is not null and not w.answered as f_missed
    from calls
    cross join lateral (select
      calls.direction = 'CALL_INBOUND' as inbound,
      (calls.answered_at is not null or coalesce(calls.result = 'answered', false)) as answered,
      coalesce(calls.result = 'abandoned', false) as abandoned,
      case when calls.result is not null or calls.answered_at is null and calls.ended_at is not null
        then calls.wait_seconds::float8
        else greatest(0, extract(epoch from coalesce(calls.answered_at, ${c.now.toISOString()}::timestamptz)
          - coalesce(calls.queued_at, calls.started_at)))::float8 end as wait_s) w
    where ${callConditions(c)} and ${inRange(c, sql`calls.started_at`)}`,

  // Each stretch an agent spent in one presence, clipped to the range (and to now) and cut at the
  // tenant's midnights and at every hour after one (an hour holds its own part of a stretch
  // across it, so an hour rolls alone), each piece placed at its start. The stretch holding the
  // range's start begins with the last change before it.
  presence: (c) => {
    const start = sql`${c.start.toISOString()}::timestamptz`;
    const end = sql`least(${c.end.toISOString()}::timestamptz, ${c.now.toISOString()}::timestamptz)`;
    const midnight = (day: SQL) => sql`(${day})::timestamp at time zone ${c.timeZone}`;
    return sql`
    with changes as (
      select l.id, l.user_id, l.presence, l.at from presence_log l
      where l.tenant_id = ${c.tenantId} and l.at >= ${start} and l.at < ${end}
      union all
      select p.id, p.user_id, p.presence, p.at from users u cross join lateral (
        select l.id, l.user_id, l.presence, l.at from presence_log l
        where l.user_id = u.id and l.at < ${start} order by l.at desc limit 1) p
      where u.tenant_id = ${c.tenantId}
    ), stretches as (
      select id, user_id, presence, greatest(at, ${start}) as from_at,
        least(coalesce(lead(at) over (partition by user_id order by at, id), ${end}), ${end}) as to_at
      from changes
    ), days as (
      select s.*, greatest(s.from_at, m.at) as day_from, least(s.to_at, m.next) as day_to, m.at as midnight
      from stretches s
      cross join lateral generate_series((s.from_at at time zone ${c.timeZone})::date,
        (s.to_at at time zone ${c.timeZone})::date, interval '1 day') g
      cross join lateral (select ${midnight(sql`g::date`)} as at, ${midnight(sql`g::date + 1`)} as next) m
      where s.to_at > s.from_at
    ), pieces as (
      select d.id, d.user_id, d.presence, greatest(d.day_from, h.at) as from_at,
        least(d.day_to, h.at + interval '1 hour') as to_at
      from days d
      cross join lateral generate_series(d.midnight
        + floor(extract(epoch from d.day_from - d.midnight) / 3600) * interval '1 hour',
        d.day_to, interval '1 hour') h(at)
    )
    select 'agent' as kind, s.id, null::uuid as ticket_id, s.from_at as at,
      null::uuid as group_id, s.user_id as agent_id, null::text as source, null::uuid as queue_id,
      null::text as hotline, null::uuid as customer_id,
      extract(epoch from (s.to_at - s.from_at))::float8 as value, s.presence
    from pieces s join users on users.id = s.user_id
    where s.to_at > s.from_at and ${staffConditions(c)}`;
  },

  // Each chat's open time with its assignee while they were AVAILABLE (one row per chat and
  // piece of availability that overlap): over the available time, the chats held at once. A
  // department filter picks the chats by theirs (not also their assignee's).
  chat_load: (c) => {
    const start = sql`${c.start.toISOString()}::timestamptz`;
    const end = sql`least(${c.end.toISOString()}::timestamptz, ${c.now.toISOString()}::timestamptz)`;
    const ended = sql`coalesce(tickets.solved_at, tickets.closed_at)`;
    const done = sql`coalesce(${ended}, ${end})`;
    const pieceEnd = sql`(p.at + p.value * interval '1 second')`;
    const day = (at: SQL) => sql`(${at} at time zone ${c.timeZone})::date`;
    // Pieces of presence lie within a day: each chat meets those of the days it is open (a join
    // on agent and day, not every piece of its agent's year).
    return sql`
    with p as (
      select p.*, ${day(sql`p.at`)} as day
      from (${FAMILIES.presence({ ...c, filters: { ...c.filters, groupId: undefined } })}) p
      where p.presence = 'AVAILABLE'
    )
    select 'conversation' as kind, tickets.id, tickets.id as ticket_id,
      greatest(tickets.created_at, p.at) as at, ${ticketDimensions},
      extract(epoch from (least(${done}, ${pieceEnd}) - greatest(tickets.created_at, p.at)))::float8 as value
    from tickets
    cross join lateral generate_series(${day(sql`greatest(tickets.created_at, ${start})`)},
      ${day(sql`least(${done}, ${end})`)}, interval '1 day') open_day
    join p on p.agent_id = tickets.assignee_id and p.day = open_day::date
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.source in (${chatSources})
      and tickets.created_at < ${end} and (${ended} is null or ${ended} > ${start})
      and tickets.created_at < ${pieceEnd} and ${done} > p.at`;
  },

  // A customer's contacts: their tickets (chats included) and inbound calls begun in the range.
  // f_first: no contact of the customer before it; f_returning: one before the range. Each
  // customer's first contact is kept by triggers (customer_first_contacts, migration 0056),
  // rather than looked up in their history per report.
  contacts: (c) => {
    const start = sql`${c.start.toISOString()}::timestamptz`;
    return sql`
    select f.*, f.at <= fc.first_at as f_first, fc.first_at < ${start} as f_returning
    from (
      select 'ticket' as kind, tickets.id, tickets.id as ticket_id, tickets.created_at as at,
        ${ticketDimensions}, null::float8 as value
      from tickets
      where ${ticketConditions(c)} and ${notQueueFiltered(c)} and tickets.requester_id is not null
        and ${inRange(c, sql`tickets.created_at`)}
      union all
      select 'call' as kind, calls.id, calls.ticket_id, calls.started_at as at,
        null::uuid as group_id, calls.agent_id, calls.direction as source, calls.queue_id,
        calls.hotline, calls.customer_id, null::float8 as value
      from calls
      where ${callConditions(c)} and calls.direction = 'CALL_INBOUND' and calls.customer_id is not null
        and ${inRange(c, sql`calls.started_at`)}
    ) f
    left join customer_first_contacts fc on fc.customer_id = f.customer_id
      and fc.tenant_id = ${c.tenantId}`;
  },

  customers_created: (c) => sql`
    select 'customer' as kind, customers.id, null::uuid as ticket_id, customers.created_at as at,
      null::uuid as group_id, customers.owner_id as agent_id, customers.source, null::uuid as queue_id,
      null::text as hotline, customers.id as customer_id, null::float8 as value
    from customers
    where customers.tenant_id = ${c.tenantId} and ${inRange(c, sql`customers.created_at`)}
      and ${c.filters.agentId ? sql`customers.owner_id = ${c.filters.agentId}` : sql`true`}
      and ${c.scope.customers ?? sql`true`}`,

  imports: (c) => sql`
    select 'import' as kind, jobs.id, null::uuid as ticket_id, jobs.created_at as at,
      null::uuid as group_id, jobs.user_id as agent_id, null::text as source, null::uuid as queue_id,
      null::text as hotline, null::uuid as customer_id, null::float8 as value
    from jobs
    where jobs.tenant_id = ${c.tenantId} and jobs.kind = 'customer_import'
      and ${inRange(c, sql`jobs.created_at`)}
      and ${c.filters.agentId ? sql`jobs.user_id = ${c.filters.agentId}` : sql`true`}
      and ${c.scope.jobs ?? sql`true`}`,

  // Conversations begun from an ad in the range, and how far each got: answered by a person;
  // its customer's ticket outside chat made since (the follow-up the ad led to); that ticket
  // solved or closed by the range's end.
  ads: (c) => sql`
    select 'conversation' as kind, tickets.id, tickets.id as ticket_id, tickets.created_at as at,
      ${ticketDimensions}, null::float8 as value, cv.ad_id, cv.channel_id,
      exists (select 1 from messages m where m.ticket_id = tickets.id and m.author_type = 'user'
        and m.public and m.direction = 'out' and m.kind <> 'event') as f_answered,
      follow.id is not null as f_ticketed,
      coalesce(follow.solved, false) as f_solved
    from tickets
    -- A conversation row is made with its ticket or after it (never before), so one begun in the
    -- range was made since its start: the condition lets conversations_ad_created_idx find the
    -- range's ad conversations rather than the ticket of every one the tenant ever had.
    join conversations cv on cv.ticket_id = tickets.id and cv.ad_id is not null
      and cv.tenant_id = tickets.tenant_id and cv.created_at >= ${c.start.toISOString()}::timestamptz
    left join lateral (
      -- least() passes over a null: the first of solved and closed.
      select t2.id, least(t2.solved_at, t2.closed_at) < ${c.end.toISOString()}::timestamptz as solved
      from tickets t2
      where t2.tenant_id = tickets.tenant_id and t2.requester_id = tickets.requester_id
        and t2.id <> tickets.id and t2.source not in (${chatSources}) and t2.merged_into_id is null
        and t2.created_at >= tickets.created_at and t2.created_at < ${c.end.toISOString()}::timestamptz
      order by 2 desc nulls last, t2.created_at limit 1
    ) follow on true
    where ${ticketConditions(c)} and ${notQueueFiltered(c)} and ${inRange(c, sql`tickets.created_at`)}`,

  // Spend uploaded for ads, the part of each line's days inside the range (spread evenly).
  // Tenant-wide marketing figures: no agent, department or data scope narrows them.
  ad_spend: (c) => {
    const firstDay = sql`(${c.start.toISOString()}::timestamptz at time zone ${c.timeZone})::date`;
    const lastDay = sql`((${c.end.toISOString()}::timestamptz - interval '1 second') at time zone ${c.timeZone})::date`;
    const narrowed =
      c.filters.groupId || c.filters.agentId || c.filters.queueId || c.filters.tagId
        ? sql`false`
        : sql`true`;
    return sql`
      select 'ad_spend' as kind, s.id, null::uuid as ticket_id,
        (greatest(s.from_day, ${firstDay})::timestamp at time zone ${c.timeZone}) as at,
        null::uuid as group_id, null::uuid as agent_id, null::text as source, null::uuid as queue_id,
        null::text as hotline, null::uuid as customer_id,
        (s.amount * ((least(s.to_day, ${lastDay}) - greatest(s.from_day, ${firstDay}) + 1)::float8
          / (s.to_day - s.from_day + 1)))::float8 as value,
        s.ad_id, null::uuid as channel_id
      from ad_spend s
      where s.tenant_id = ${c.tenantId} and s.to_day >= ${firstDay} and s.from_day <= ${lastDay}
        and ${narrowed}`;
  },
};

/** How a figure is aggregated over its family's rows (`f` is a row; `where` its filter). */
type Aggregate =
  | { kind: 'count'; distinct?: 'customer_id' }
  | { kind: 'mean' | 'median' | 'p90' | 'sum'; of: string }
  | { kind: 'ratio'; numerator: string; denominatorDistinct?: 'customer_id' };

export interface BaseMetric {
  family: FamilyName;
  /** A condition on the family's row `f` (its f_* flags); none: every row. */
  where?: string;
  aggregate: Aggregate;
  /** Not bucketed by time: its day and hour series are null. */
  instantOnly?: boolean;
}

export interface DerivedMetric {
  /** The figures it is made of (internal ones start with `_`). */
  parts: readonly string[];
  combine(values: readonly (number | null)[]): number | null;
  /** The parts whose rows its drill-down lists. */
  rowsOf: readonly string[];
}

export type MetricSpec = BaseMetric | DerivedMetric | { unmeasured: true };

const durations = (
  base: string,
  family: FamilyName,
  where?: string,
): Record<string, BaseMetric> => ({
  [`${base}_mean_s`]: { family, where, aggregate: { kind: 'mean', of: 'value' } },
  [`${base}_median_s`]: { family, where, aggregate: { kind: 'median', of: 'value' } },
  [`${base}_p90_s`]: { family, where, aggregate: { kind: 'p90', of: 'value' } },
});

const percentOf = (numerator: number | null, denominator: number | null) =>
  numerator === null || denominator === null || denominator === 0
    ? null
    : (100 * numerator) / denominator;

/** Every range metric of the registry (and the internal parts of derived ones). */
export const METRIC_SPECS: Record<string, MetricSpec> = {
  tickets_created: { family: 'created', aggregate: { kind: 'count' } },
  tickets_solved: { family: 'solved', aggregate: { kind: 'count' } },
  tickets_reopened: { family: 'reopens', aggregate: { kind: 'count' } },
  tickets_backlog: { family: 'backlog', aggregate: { kind: 'count' }, instantOnly: true },
  ...durations('first_response', 'replies', 'f_first'),
  ...durations('reply_time', 'replies'),
  ...durations('resolution', 'solved'),
  sla_met: { family: 'solved', where: 'f_sla_met', aggregate: { kind: 'count' } },
  sla_breached: { family: 'breaches', aggregate: { kind: 'count' } },
  sla_met_pct: {
    parts: ['sla_met', 'sla_breached'],
    combine: ([met, breached]) =>
      percentOf(
        met ?? null,
        met === null || breached === null ? null : (met ?? 0) + (breached ?? 0),
      ),
    rowsOf: ['sla_met', 'sla_breached'],
  },
  chats_created: { family: 'created', where: 'f_chat', aggregate: { kind: 'count' } },
  chats_missed: { family: 'missed_chats', aggregate: { kind: 'count' } },
  messages_in: { family: 'messages', where: 'f_in', aggregate: { kind: 'count' } },
  messages_out: { family: 'messages', where: 'f_out', aggregate: { kind: 'count' } },
  csat_answers: { family: 'ratings', aggregate: { kind: 'count' } },
  csat_pct: { family: 'ratings', aggregate: { kind: 'ratio', numerator: 'f_satisfied' } },
  csat_answer_rate_pct: {
    family: 'surveys',
    aggregate: { kind: 'ratio', numerator: 'f_answered' },
  },

  calls_offered: { family: 'calls', where: 'f_inbound', aggregate: { kind: 'count' } },
  calls_answered: { family: 'calls', where: 'f_answered', aggregate: { kind: 'count' } },
  calls_abandoned: { family: 'calls', where: 'f_abandoned', aggregate: { kind: 'count' } },
  calls_abandoned_queue: {
    family: 'calls',
    where: 'f_abandoned_queue',
    aggregate: { kind: 'count' },
  },
  calls_abandoned_ivr: { family: 'calls', where: 'f_abandoned_ivr', aggregate: { kind: 'count' } },
  // A caller who hung up while held (the gateway's call.held without a call.resumed).
  calls_abandoned_hold: {
    family: 'calls',
    where: 'f_abandoned_hold',
    aggregate: { kind: 'count' },
  },
  calls_short_abandoned: { family: 'calls', where: 'f_short', aggregate: { kind: 'count' } },
  service_level_pct: {
    family: 'calls',
    where: 'f_inbound and not f_short',
    aggregate: { kind: 'ratio', numerator: 'f_in_level' },
  },
  abandon_rate_pct: {
    family: 'calls',
    where: 'f_inbound and not f_short',
    aggregate: { kind: 'ratio', numerator: 'f_abandoned' },
  },
  asa_s: { family: 'calls', where: 'f_answered', aggregate: { kind: 'mean', of: 'wait_s' } },
  // Talk time runs from the answer to the hang-up, time on hold included; after-call work is
  // the agent's wrap-up after it (recorded once the wrap-up ends).
  aht_s: { family: 'calls', where: 'f_answered', aggregate: { kind: 'mean', of: 'handle_s' } },
  acw_s: { family: 'calls', where: 'f_answered', aggregate: { kind: 'mean', of: 'acw_s' } },
  calls_outbound: { family: 'calls', where: 'f_outbound', aggregate: { kind: 'count' } },
  calls_missed: { family: 'calls', where: 'f_missed', aggregate: { kind: 'count' } },
  callbacks: { unmeasured: true },

  handled: {
    parts: ['calls_answered', 'tickets_solved'],
    combine: ([calls, solved]) =>
      calls === null && solved === null ? null : (calls ?? 0) + (solved ?? 0),
    rowsOf: ['calls_answered', 'tickets_solved'],
  },
  _handle_s: { family: 'calls', where: 'f_answered', aggregate: { kind: 'sum', of: 'handle_s' } },
  _ready_s: {
    family: 'presence',
    where: "presence in ('AVAILABLE', 'TYPING')",
    aggregate: { kind: 'sum', of: 'value' },
  },
  _available_s: {
    family: 'presence',
    where: "presence = 'AVAILABLE'",
    aggregate: { kind: 'sum', of: 'value' },
  },
  _chat_s: { family: 'chat_load', aggregate: { kind: 'sum', of: 'value' } },
  occupancy_pct: {
    parts: ['_handle_s', '_ready_s'],
    combine: ([handle, ready]) => percentOf(handle ?? 0, ready ?? null),
    rowsOf: ['_ready_s'],
  },
  chat_concurrency_mean: {
    parts: ['_chat_s', '_available_s'],
    combine: ([chat, available]) =>
      available === null || available === undefined || available === 0
        ? null
        : (chat ?? 0) / available,
    rowsOf: ['_available_s'],
  },
  ...Object.fromEntries(
    PRESENCE.values.map((presence) => [
      presenceMetricKey(presence),
      {
        family: 'presence',
        where: `presence = '${presence}'`,
        aggregate: { kind: 'sum', of: 'value' },
      } satisfies BaseMetric,
    ]),
  ),

  customers_created: { family: 'customers_created', aggregate: { kind: 'count' } },
  customer_imports: { family: 'imports', aggregate: { kind: 'count' } },
  customer_contacts: { family: 'contacts', aggregate: { kind: 'count' } },
  customers_new: {
    family: 'contacts',
    where: 'f_first',
    aggregate: { kind: 'count', distinct: 'customer_id' },
  },
  customers_returning: {
    family: 'contacts',
    where: 'f_returning',
    aggregate: { kind: 'count', distinct: 'customer_id' },
  },
  contacts_per_customer: {
    family: 'contacts',
    aggregate: { kind: 'ratio', numerator: 'true', denominatorDistinct: 'customer_id' },
  },

  ad_conversations: { family: 'ads', aggregate: { kind: 'count' } },
  ad_conversations_answered: { family: 'ads', where: 'f_answered', aggregate: { kind: 'count' } },
  ad_conversations_ticketed: { family: 'ads', where: 'f_ticketed', aggregate: { kind: 'count' } },
  ad_conversations_solved: { family: 'ads', where: 'f_solved', aggregate: { kind: 'count' } },
  ad_spend: { family: 'ad_spend', aggregate: { kind: 'sum', of: 'value' } },
  cost_per_ad_conversation: {
    parts: ['ad_spend', 'ad_conversations'],
    combine: ([spend, conversations]) =>
      spend === null || !conversations ? null : (spend ?? 0) / conversations,
    rowsOf: ['ad_conversations'],
  },
};

/** Figures only a snapshot has (the staff now), answered apart from the range's. */
export const STAFF_NOW_KEYS = new Set(['staff_active', ...PRESENCE.values.map(staffPresenceKey)]);

export const isBase = (spec: MetricSpec): spec is BaseMetric => 'family' in spec;

export type PercentileMetric = BaseMetric & { aggregate: { kind: 'median' | 'p90'; of: string } };

/** A median or a p90: taken over its rows' values, not summed. */
export const isPercentile = (spec: MetricSpec | undefined): spec is PercentileMetric =>
  spec !== undefined &&
  isBase(spec) &&
  (spec.aggregate.kind === 'median' || spec.aggregate.kind === 'p90');
export const isDerived = (spec: MetricSpec): spec is DerivedMetric => 'parts' in spec;

/**
 * A dimension over a family's row `f` (tags join `ft`): the column its rows are grouped by (a
 * date, a uuid: cheaper to group than their text) and that value as the text a line is keyed by.
 */
export interface DimensionCut {
  column: SQL;
  text: (value: SQL) => SQL;
}

export const asText = (value: SQL) => sql`${value}::text`;

function cutOf(
  dimension: ReportDimension | undefined,
  timeZone: string,
  family?: FamilyName,
): DimensionCut {
  const column = (expression: SQL, text: (value: SQL) => SQL = asText) => ({
    column: expression,
    text,
  });
  switch (dimension) {
    case undefined:
      return column(sql`null::text`);
    case 'day':
      return column(
        sql`(f.at at time zone ${timeZone})::date`,
        (value) => sql`to_char(${value}, 'YYYY-MM-DD')`,
      );
    case 'hour':
      return column(
        sql`extract(hour from f.at at time zone ${timeZone})::int`,
        (value) => sql`to_char(${value}, 'FM00')`,
      );
    case 'source':
      return column(sql`f.source`);
    case 'group':
      return column(sql`f.group_id`);
    case 'agent':
      return column(sql`f.agent_id`);
    case 'queue':
      return column(sql`f.queue_id`);
    case 'hotline':
      return column(sql`f.hotline`);
    case 'customer':
      return column(sql`f.customer_id`);
    case 'tag':
      return column(sql`ft.tag_id`);
    // Only the ad families carry these: elsewhere they are null.
    case 'ad':
      return column(family && AD_FAMILIES.has(family) ? sql`f.ad_id` : sql`null::text`);
    case 'channel':
      return column(family && AD_FAMILIES.has(family) ? sql`f.channel_id` : sql`null::text`);
  }
}

/** The text of a dimension's value over a family's row `f` (tags join `ft`). */
export function dimensionOf(
  dimension: ReportDimension | undefined,
  timeZone: string,
  family?: FamilyName,
): SQL {
  const cut = cutOf(dimension, timeZone, family);
  return cut.text(cut.column);
}

/** The families whose rows carry an ad and its channel (`ad_id`, `channel_id`). */
const AD_FAMILIES = new Set<FamilyName>(['ads', 'ad_spend']);

const tagJoin = (dimension: ReportDimension | undefined) =>
  dimension === 'tag' ? sql`left join ticket_tags ft on ft.ticket_id = f.ticket_id` : sql``;

/** A median or a p90 of `value` over the rows passing `where`. */
function percentileSql(kind: 'median' | 'p90', value: SQL, where: SQL): SQL {
  const fraction = sql.raw(kind === 'median' ? '0.5' : '0.9');
  return sql`percentile_cont(${fraction}) within group (order by ${value}) filter (where ${where})`;
}

/**
 * Sums and means add in numeric, exactly: a float8 sum depends on the order it adds in, so a sum
 * of a month's rows and one of its days' sums could round to different tenths.
 */
function aggregateSql(spec: BaseMetric): SQL {
  const where = sql.raw(spec.where ?? 'true');
  const a = spec.aggregate;
  switch (a.kind) {
    case 'count':
      return a.distinct
        ? sql`count(distinct f.${sql.raw(a.distinct)}) filter (where ${where})`
        : sql`count(*) filter (where ${where})`;
    case 'sum':
      return sql`sum(f.${sql.raw(a.of)}::numeric) filter (where ${where})`;
    case 'mean':
      return sql`sum(f.${sql.raw(a.of)}::numeric) filter (where ${where}) / nullif(count(f.${sql.raw(a.of)}) filter (where ${where}), 0)`;
    case 'median':
    case 'p90':
      return percentileSql(a.kind, sql`f.${sql.raw(a.of)}`, where);
    case 'ratio': {
      const denominator = a.denominatorDistinct
        ? sql`count(distinct f.${sql.raw(a.denominatorDistinct)}) filter (where ${where})`
        : sql`count(*) filter (where ${where})`;
      const scale = a.denominatorDistinct ? sql`1.0` : sql`100.0`;
      return sql`${scale} * count(*) filter (where ${where} and ${sql.raw(a.numerator)}) / nullif(${denominator}, 0)`;
    }
  }
}

/** One family's figures cut by a dimension: from the dimension's value (null for none) to each key's. */
export type FigureLines = Map<string | null, Record<string, number | null>>;

/**
 * One family's figures (`keys`, base metrics of that family) cut by each of `dimensions`
 * (undefined: the whole range, one line keyed null), from one pass over the family's rows:
 * `group by grouping sets`, one set per dimension. Answers a FigureLines per dimension, in order.
 * A cut by tag joins the tickets' tags (a row per tag), so it runs a statement of its own.
 */
/**
 * A table of the first lines only (the customer report's top 20): its cut's lines ranked by
 * `key` (a count or a sum, most first, then by the cut's value), the first `limit` kept. The
 * statement that computes `key` keeps only those, so it does not send every customer.
 */
export interface TopLines {
  dimension: ReportDimension;
  key: string;
  limit: number;
}

/** Whether a key can rank lines in SQL: a plain count or a sum (what it is over the whole range). */
export const ranksInSql = (key: string) => {
  const spec = METRIC_SPECS[key];
  return (
    spec !== undefined &&
    isBase(spec) &&
    ((spec.aggregate.kind === 'count' && !spec.aggregate.distinct) || spec.aggregate.kind === 'sum')
  );
};

export async function familyFigures(
  db: Database,
  context: FactContext,
  family: FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  tops: readonly TopLines[] = [],
): Promise<FigureLines[]> {
  const distinct = [...new Set(dimensions)];
  const byDimension = new Map<ReportDimension | undefined, FigureLines>();
  const passes = distinct.includes('tag')
    ? [distinct.filter((dimension) => dimension !== 'tag'), ['tag' as const]]
    : [distinct];
  await Promise.all(
    passes
      .filter((pass) => pass.length > 0)
      .map(async (pass) => {
        const lines = await figuresBySets(db, context, family, keys, pass, tops);
        pass.forEach((dimension, index) => byDimension.set(dimension, lines[index]!));
      }),
  );
  return dimensions.map((dimension) => byDimension.get(dimension)!);
}

async function figuresBySets(
  db: Database,
  context: FactContext,
  family: FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  tops: readonly TopLines[],
): Promise<FigureLines[]> {
  const cuts = dimensions.map((dimension) => cutOf(dimension, context.timeZone, family));
  const grouped = byGroupingSets(
    sql`(${FAMILIES[family](context)}) f ${tagJoin(dimensions.includes('tag') ? 'tag' : undefined)}`,
    'f',
    cuts.map((cut) => cut.column),
    keys.map((key) => aggregateSql(METRIC_SPECS[key] as BaseMetric)),
    cuts.map((cut) => cut.text),
  );
  const statement = keepTopLines(
    grouped,
    tops.flatMap((top) => {
      const set = dimensions.indexOf(top.dimension);
      const measure = keys.indexOf(top.key);
      return set >= 0 && measure >= 0 ? [{ set, measure, limit: top.limit }] : [];
    }),
  );
  // Percentiles and distinct counts sort their values: given room to, they need not spill.
  const sorts = keys.some((key) => {
    const spec = METRIC_SPECS[key] as BaseMetric;
    return (
      isPercentile(spec) ||
      (spec.aggregate.kind === 'count' && Boolean(spec.aggregate.distinct)) ||
      (spec.aggregate.kind === 'ratio' && Boolean(spec.aggregate.denominatorDistinct))
    );
  });
  const result = sorts
    ? await sortingExecute(db, statement)
    : await db.execute<Record<string, unknown>>(statement);
  return linesOf(result.rows, keys, dimensions.length);
}

/**
 * A statement whose percentiles sort a range's values: with room to sort them in memory (a
 * month of a busy tenant's reply times is past the default's 4 MB, and spills to disk).
 * `ownSorts`: each ordered aggregate sorts its own group's values; PostgreSQL 16 and later
 * would otherwise sort every row by the groups' keys first (`enable_presorted_aggregate`),
 * twice the work where the groups are keyed by text.
 */
export function sortingExecute(db: Database, statement: SQL, { ownSorts = false } = {}) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    if (ownSorts)
      await tx.execute(sql`select set_config('enable_presorted_aggregate', 'off', true)
        where current_setting('server_version_num')::int >= 160000`);
    return tx.execute<Record<string, unknown>>(statement);
  });
}

/**
 * `measures` over `rows` (a from-clause naming its rows `alias`) grouped by each of `cuts` (one
 * grouping set each): columns d{i} (a cut's value), g{i} (its grouping()) and m{k}, as
 * `linesOf` reads them. `texts[i]`, where given, turns cut i's grouped value into its text
 * (grouping a date or a uuid, then writing each group once, costs less than writing each row).
 */
export function byGroupingSets(
  rows: SQL,
  alias: 'f' | 'r',
  cuts: readonly SQL[],
  measures: readonly SQL[],
  texts?: readonly ((value: SQL) => SQL)[],
): SQL {
  const cut = (index: number) => sql.identifier(`d${index}`);
  return sql`
    select ${sql.join(
      cuts.map(
        (_, index) =>
          sql`${texts ? sql`${texts[index]!(sql`${cut(index)}`)} as ${cut(index)}` : cut(index)}, grouping(${cut(index)}) as ${sql.identifier(`g${index}`)}`,
      ),
      sql`, `,
    )}, ${sql.join(
      measures.map((measure, index) => sql`${measure} as ${sql.identifier(`m${index}`)}`),
      sql`, `,
    )}
    from (select ${sql.raw(alias)}.*, ${sql.join(
      cuts.map((expression, index) => sql`${expression} as ${cut(index)}`),
      sql`, `,
    )} from ${rows}) ${sql.raw(alias)}
    group by grouping sets (${sql.join(
      cuts.map((_, index) => sql`(${cut(index)})`),
      sql`, `,
    )})`;
}

/**
 * `byGroupingSets`' lines, of each set in `tops` only its first `limit` by measure m{measure}
 * (most first, then by the set's value); the other sets' lines all.
 */
function keepTopLines(
  grouped: SQL,
  tops: readonly { set: number; measure: number; limit: number }[],
): SQL {
  if (tops.length === 0) return grouped;
  const id = (prefix: string, index: number) => sql.identifier(`${prefix}${index}`);
  return sql`select * from (
    select lines.*, ${sql.join(
      tops.map(
        (top, index) =>
          sql`row_number() over (partition by ${id('g', top.set)}
            order by ${id('m', top.measure)} desc nulls last, ${id('d', top.set)}) as ${id('rank', index)}`,
      ),
      sql`, `,
    )}
    from (${grouped}) lines) ranked
    where ${sql.join(
      tops.map(
        (top, index) =>
          sql`(${id('g', top.set)} <> 0 or ${id('rank', index)} <= ${sql.raw(String(top.limit))})`,
      ),
      sql` and `,
    )}`;
}

/** FigureLines per grouping set from rows carrying d{i}, g{i} (its grouping()) and m{k} columns. */
export function linesOf(
  rows: readonly Record<string, unknown>[],
  keys: readonly string[],
  sets: number,
): FigureLines[] {
  const lines: FigureLines[] = Array.from({ length: sets }, () => new Map());
  for (const row of rows) {
    const index = lines.findIndex((_, i) => Number(row[`g${i}`]) === 0);
    if (index < 0) continue;
    const values: Record<string, number | null> = {};
    keys.forEach((key, keyIndex) => {
      const value = row[`m${keyIndex}`];
      values[key] = value === null || value === undefined ? null : Number(value);
    });
    lines[index]!.set((row[`d${index}`] as string | null) ?? null, values);
  }
  return lines;
}

/** The staff active now, in all and per presence (scope and filters on `users`). */
export async function staffNow(db: Database, context: FactContext) {
  const result = await db.execute<{ presence: string; total: string }>(sql`
    select users.presence, count(*) as total from users
    where ${staffConditions(context)} and users.active and not users.invite_pending
    group by users.presence`);
  return result.rows.map((row) => ({ presence: row.presence, count: Number(row.total) }));
}

export type FactRow = {
  kind: ReportRowKind;
  id: string;
  ticket_id: string | null;
  at: Date | string | null;
  agent_id: string | null;
  customer_id: string | null;
  value: number | null;
  ticket_number: number | null;
  call_number: string | null;
  agent_name: string | null;
  customer_name: string | null;
};

/**
 * The rows behind figures (each a base metric: its family's rows with its filter), narrowed to
 * one value of a dimension, newest first. A metric counting distinct customers lists each
 * customer once.
 */
function factRowsQuery(
  context: FactContext,
  keys: readonly string[],
  narrow: { dimension: ReportDimension; value: string | null } | undefined,
) {
  const parts = keys.map((key) => {
    const spec = METRIC_SPECS[key] as BaseMetric;
    const where = sql.raw(spec.where ?? 'true');
    const dimension = narrow?.dimension;
    const match = narrow
      ? narrow.value === null
        ? sql`${dimensionOf(dimension, context.timeZone, spec.family)} is null`
        : sql`${dimensionOf(dimension, context.timeZone, spec.family)} = ${narrow.value}`
      : sql`true`;
    const valueOf =
      spec.aggregate.kind === 'count' || spec.aggregate.kind === 'ratio'
        ? sql`null::float8`
        : sql`f.${sql.raw(spec.aggregate.of)}`;
    const distinctCustomers =
      (spec.aggregate.kind === 'count' && spec.aggregate.distinct) ||
      (spec.aggregate.kind === 'ratio' && spec.aggregate.denominatorDistinct);
    const select = sql`select f.kind, f.id, f.ticket_id, f.at, f.agent_id, f.customer_id, ${valueOf} as value
      from (${FAMILIES[spec.family](context)}) f ${tagJoin(dimension)}
      where ${where} and ${match}`;
    return distinctCustomers
      ? sql`select distinct on (d.customer_id) 'customer' as kind, d.customer_id as id,
          null::uuid as ticket_id, d.at, null::uuid as agent_id, d.customer_id, null::float8 as value
          from (${select}) d order by d.customer_id, d.at`
      : select;
  });
  const all = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  const named = sql`select r.kind, r.id, r.ticket_id, r.at, r.agent_id, r.customer_id, r.value,
      t.number as ticket_number, c.from_number as call_number, u.name as agent_name,
      cu.name as customer_name
    from (${all}) r
    left join tickets t on t.id = r.ticket_id
    left join calls c on r.kind = 'call' and c.id = r.id
    left join users u on u.id = r.agent_id
    left join customers cu on cu.id = r.customer_id`;
  return { all, named };
}

/** A page of the rows behind figures (factRowsQuery), and how many there are in all. */
export async function factRows(
  db: Database,
  context: FactContext,
  keys: readonly string[],
  narrow: { dimension: ReportDimension; value: string | null } | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: FactRow[]; total: number }> {
  const { all, named } = factRowsQuery(context, keys, narrow);
  const result = await db.execute<FactRow & { total: string }>(sql`
    select n.*, count(*) over () as total from (${named}) n
    order by n.at desc nulls last, n.id
    offset ${page.offset} limit ${page.limit}`);
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && page.offset > 0) {
    const counted = await db.execute<{ total: string }>(
      sql`select count(*) as total from (${all}) r`,
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { rows: result.rows, total };
}

/**
 * Every row behind figures (factRowsQuery), oldest first, handed over `batch` at a time from a
 * server-side cursor: an export of a million rows holds one batch in memory. Stops after `max`.
 */
export async function streamFactRows(
  db: Database,
  context: FactContext,
  keys: readonly string[],
  onBatch: (rows: FactRow[]) => Promise<void>,
  { batch = 2_000, max }: { batch?: number; max: number },
) {
  const { named } = factRowsQuery(context, keys, undefined);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(
      sql`declare fact_rows no scroll cursor for select n.* from (${named}) n
        order by n.at nulls first, n.id limit ${max}`,
    );
    for (;;) {
      const { rows } = await tx.execute<FactRow>(sql.raw(`fetch ${batch} from fact_rows`));
      if (rows.length > 0) await onBatch(rows);
      if (rows.length < batch) break;
    }
  });
}

/** Names of the values a table shows (groups, agents, queues, tags, customers). */
export async function labelsOf(
  db: Database,
  tenantId: string,
  dimension: ReportDimension,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if (dimension === 'ad') {
    // An ad by its title as its latest referral gave it, and the page (channel) it ran on: one
    // conversation per ad read (conversations_ad_idx), not every one it began.
    const result = await db.execute<{ id: string; name: string }>(sql`
      select ad.id, coalesce(latest.title, ad.id) || coalesce(' — ' || ch.name, '') as name
      from unnest(${sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`}) ad(id)
      cross join lateral (
        select cv.referral->>'title' as title, cv.channel_id from conversations cv
        where cv.tenant_id = ${tenantId} and cv.ad_id = ad.id
        order by cv.created_at desc limit 1) latest
      left join channels ch on ch.id = latest.channel_id`);
    return new Map(result.rows.map((row) => [row.id, row.name]));
  }
  const table = {
    group: sql`groups`,
    agent: sql`users`,
    queue: sql`queues`,
    tag: sql`tags`,
    customer: sql`customers`,
    channel: sql`channels`,
  }[dimension as 'group' | 'agent' | 'queue' | 'tag' | 'customer' | 'channel'];
  if (!table) return new Map();
  const result = await db.execute<{ id: string; name: string }>(sql`
    select id::text as id, name from ${table}
    where tenant_id = ${tenantId} and id::text in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}
