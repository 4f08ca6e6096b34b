import { sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db.js';

/*
 * Two months of history for the demo tenant's reports, written set-based (a few statements,
 * whatever the volume): closed tickets of every channel with their customer messages and staff
 * replies (some chats missed, some reopened and answered again), satisfaction surveys and
 * ratings, SLA breaches, inbound calls answered and abandoned (short ones among them) and
 * outbound ones, and the staff's presence changes of each working day. The history tickets and
 * calls are 15 to 60 days old, behind the recent samples every list opens with; presence covers
 * every day up to now. Random draws are seeded, so two seeds give the same shape.
 */

/** History tickets per day, over HISTORY_DAYS days ending HISTORY_NEWEST_DAY days ago. */
export const HISTORY_TICKETS_PER_DAY = 12;
export const HISTORY_CALLS_PER_DAY = 24;
export const HISTORY_NEWEST_DAY = 15;
export const HISTORY_OLDEST_DAY = 60;
export const HISTORY_TICKET_COUNT =
  HISTORY_TICKETS_PER_DAY * (HISTORY_OLDEST_DAY - HISTORY_NEWEST_DAY + 1);

const ZONE = 'Asia/Bangkok';

/** The demo's three ads (Meta ad ids) and their headlines. */
const DEMO_ADS = [
  ['120210000000001', 'Ưu đãi Black Friday'],
  ['120210000000002', 'Gói dịch vụ mới'],
  ['120210000000003', 'Tuyển đại lý'],
] as const;
const DEMO_ADS_SQL = {
  ids: sql.raw(`array[${DEMO_ADS.map(([id]) => `'${id}'`).join(', ')}]`),
  titles: sql.raw(`array[${DEMO_ADS.map(([, title]) => `'${title}'`).join(', ')}]`),
};
/** A constant of this file written into the statement (a bound number would have no type). */
const number = (value: number) => sql.raw(String(Math.trunc(value)));

export async function seedDemoReportHistory(
  tx: Transaction,
  tenantId: string,
  staff: Record<string, string>,
) {
  const agents = ['agent@demo.vn', 'agent2@demo.vn', 'leader@demo.vn']
    .map((email) => staff[email])
    .filter((id): id is string => !!id);
  if (agents.length === 0) return;
  const agentArray = sql`(array[${sql.join(
    agents.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}])`;
  await tx.execute(sql`select setseed(0.33)`);

  // The tickets, one row each with every draw it needs, kept for the statements after.
  await tx.execute(sql`
    create temp table demo_history on commit drop as
    select gen_random_uuid() as id, s.*,
      s.created_at + (1 + 89 * power(s.r_reply, 2)) * interval '1 minute' as reply_at,
      s.r_second < 0.4 as second_block
    from (
      select d.day, n,
        (((now() at time zone ${ZONE})::date - d.day) + interval '7 hours'
          + random() * interval '14 hours') at time zone ${ZONE} as created_at,
        (array['zalo', 'zalo', 'zalo', 'web', 'web', 'facebook', 'facebook', 'email', 'email', 'hand', 'whatsapp'])[1 + floor(random() * 11)::int] as source,
        ${agentArray}[1 + floor(random() * ${number(agents.length)})::int] as assignee_id,
        random() as r_reply, random() as r_second, random() as r_missed, random() as r_reopen,
        random() as r_solve, random() as r_survey, random() as r_rating, random() as r_breach,
        random() as r_customer, random() as r_priority
      from generate_series(${number(HISTORY_NEWEST_DAY)}, ${number(HISTORY_OLDEST_DAY)}) as d(day),
        generate_series(1, ${number(HISTORY_TICKETS_PER_DAY)}) as n
    ) s`);
  await tx.execute(sql`
    alter table demo_history add column missed boolean, add column reopened boolean,
      add column second_at timestamptz, add column second_reply_at timestamptz,
      add column reopen_at timestamptz, add column reopen_reply_at timestamptz,
      add column solved_at timestamptz`);
  await tx.execute(sql`
    update demo_history set
      missed = source in ('zalo', 'web', 'facebook', 'whatsapp') and r_missed < 0.08,
      reopened = r_reopen < 0.07,
      second_at = case when second_block then reply_at + (10 + 110 * r_second) * interval '1 minute' end`);
  await tx.execute(sql`
    update demo_history set
      second_reply_at = second_at + (1 + 29 * r_reply) * interval '1 minute',
      solved_at = case when missed then created_at + (20 + 40 * r_solve) * interval '1 minute'
        else coalesce(second_at + (1 + 29 * r_reply) * interval '1 minute', reply_at)
          + (10 + 290 * r_solve) * interval '1 minute' end`);
  // A reopen: the customer writes again a few hours after the solve; answered, solved again.
  await tx.execute(sql`
    update demo_history set
      reopen_at = solved_at + (1 + 20 * r_reopen * 10) * interval '1 hour',
      reopen_reply_at = solved_at + (1 + 20 * r_reopen * 10) * interval '1 hour'
        + (5 + 55 * r_solve) * interval '1 minute'
    where reopened and not missed`);
  await tx.execute(sql`
    insert into tickets (id, tenant_id, subject, description, requester_id, status, priority_id,
      group_id, assignee_id, source, created_at, updated_at, first_response_at, solved_at,
      closed_at, reopen_count, reply_count, sla_policy_id, sla_breached_at, subject_key)
    select h.id, ${tenantId},
      (array['Hỏi về đơn hàng', 'Đổi trả sản phẩm', 'Tư vấn gói dịch vụ', 'Báo lỗi thanh toán', 'Cập nhật thông tin tài khoản'])[1 + (h.n % 5)],
      '', (select c.id from customers c where c.tenant_id = ${tenantId}
           order by c.created_at, c.id offset floor(h.r_customer * 200)::int limit 1),
      'closed',
      (select p.id from ticket_priorities p where p.tenant_id = ${tenantId}
       order by p.position offset floor(h.r_priority * 3)::int limit 1),
      (select g.id from groups g where g.tenant_id = ${tenantId} and g.target = 'user'
       order by g.created_at limit 1),
      h.assignee_id, h.source, h.created_at,
      coalesce(h.reopen_reply_at, h.solved_at) + interval '3 days',
      case when not h.missed then h.reply_at end,
      coalesce(h.reopen_reply_at + (30 + 90 * h.r_solve) * interval '1 minute', h.solved_at),
      coalesce(h.reopen_reply_at, h.solved_at) + interval '3 days',
      case when h.reopen_at is not null then 1 else 0 end,
      case when h.missed then 0 else 1 + (h.second_block::int) + (h.reopen_at is not null)::int end,
      (select sp.id from sla_policies sp where sp.tenant_id = ${tenantId} order by sp.position limit 1),
      case when h.r_breach < 0.12 then h.created_at + interval '4 hours' end,
      ''
    from demo_history h`);
  // Their messages: the customer's, the staff's public replies.
  await tx.execute(sql`
    insert into messages (tenant_id, ticket_id, author_type, author_user_id, author_customer_id,
      direction, body_format, body, public, created_at)
    select ${tenantId}, h.id, m.author_type,
      case when m.author_type = 'user' then h.assignee_id end,
      case when m.author_type = 'customer' then t.requester_id end,
      case when m.author_type = 'user' then 'out' else 'in' end, 'text', m.body, true, m.at
    from demo_history h join tickets t on t.id = h.id
    cross join lateral (values
      ('customer', 'Chào shop, mình cần hỗ trợ ạ', h.created_at),
      ('user', 'Dạ em chào anh/chị, em hỗ trợ ngay ạ', case when not h.missed then h.reply_at end),
      ('customer', 'Mình gửi thêm thông tin nhé', h.second_at),
      ('user', 'Em đã ghi nhận, cảm ơn anh/chị', h.second_reply_at),
      ('customer', 'Vẫn chưa được, nhờ shop xem lại giúp', h.reopen_at - interval '1 second'),
      ('user', 'Em kiểm tra lại và đã xử lý xong ạ', h.reopen_reply_at)
    ) as m(author_type, body, at)
    where m.at is not null and not (h.missed and m.author_type = 'user')`);
  // The reopens, as the ticket pipeline records them (its audit line).
  await tx.execute(sql`
    insert into audit_log (tenant_id, actor_id, action, entity, entity_id, before, after, created_at)
    select ${tenantId}, null, 'reopen', 'ticket', h.id::text, '{"status":"solved"}'::jsonb,
      '{"status":"open"}'::jsonb, h.reopen_at
    from demo_history h where h.reopen_at is not null`);
  // Chats: the conversation beside the ticket, a survey after most solves, ratings for many.
  await tx.execute(sql`
    insert into conversations (ticket_id, tenant_id, last_message_at, waiting_since, rating,
      rated_at, survey_asked_at, created_at)
    select h.id, ${tenantId}, coalesce(h.reopen_reply_at, h.second_reply_at, h.reply_at, h.created_at),
      null,
      case when h.r_survey < 0.45 then
        case when h.r_rating < 0.5 then 5 when h.r_rating < 0.75 then 4 when h.r_rating < 0.85 then 3
          when h.r_rating < 0.93 then 2 else 1 end end,
      case when h.r_survey < 0.45 then h.solved_at + interval '10 minutes' end,
      case when h.r_survey < 0.7 and not h.missed then h.solved_at end,
      h.created_at
    from demo_history h
    where h.source in ('zalo', 'web', 'facebook', 'whatsapp')`);
  // Many Messenger and WhatsApp chats began from one of three ads, whose spend was uploaded
  // week by week (the ad-funnel report).
  await tx.execute(sql`
    update conversations cv set ad_id = a.ad_id,
      referral = jsonb_build_object('kind', 'ad', 'ad_id', a.ad_id, 'title', a.title, 'url', null, 'ref', null)
    from demo_history h
    cross join lateral (select (${DEMO_ADS_SQL.ids})[1 + h.n % 3] as ad_id,
      (${DEMO_ADS_SQL.titles})[1 + h.n % 3] as title) a
    where cv.ticket_id = h.id and h.source in ('facebook', 'whatsapp') and h.r_second < 0.7`);
  const uploader = staff['admin@demo.vn'];
  if (uploader)
    await tx.execute(sql`
      insert into ad_spend (tenant_id, ad_id, from_day, to_day, amount, uploaded_by)
      select ${tenantId}, (${DEMO_ADS_SQL.ids})[a], w.first, w.first + 6,
        (array[1500000, 900000, 600000])[a] + 100000 * (w.week % 4), ${uploader}
      from generate_series(0, ${number(Math.ceil((HISTORY_OLDEST_DAY - HISTORY_NEWEST_DAY) / 7))}) as w0(week)
      cross join lateral (select w0.week,
        (now() at time zone ${ZONE})::date - ${number(HISTORY_OLDEST_DAY)} + 7 * w0.week as first) w
      cross join generate_series(1, 3) as a`);

  // Calls: inbound through the demo queue (answered, abandoned, missed) and outbound.
  await tx.execute(sql`
    insert into calls (tenant_id, call_id, direction, from_number, to_number, from_national,
      to_national, hotline, customer_id, queue_id, agent_id, status, started_at, queued_at,
      answered_at, ended_at, talk_seconds, acw_seconds, wait_seconds, result, cause)
    select ${tenantId}, 'history-' || s.day || '-' || s.n, s.direction,
      case when s.direction = 'CALL_INBOUND' then coalesce(p.phone, '0900000000') else '1004' end,
      case when s.direction = 'CALL_INBOUND' then ${'19006789'} else coalesce(p.phone, '0900000000') end,
      coalesce(p.national, ''), '', case when s.direction = 'CALL_INBOUND' then ${'19006789'} end,
      p.customer_id, case when s.direction = 'CALL_INBOUND' and not s.ivr then q.id end,
      case when s.result = 'answered' or s.direction = 'CALL_OUTBOUND' then s.agent_id end,
      'ENDED', s.started_at,
      case when s.direction = 'CALL_INBOUND' and not s.ivr then s.started_at + interval '8 seconds' end,
      case when s.result = 'answered' then s.started_at + s.wait * interval '1 second' end,
      s.started_at + (s.wait + s.talk) * interval '1 second', s.talk,
      -- After-call work: 5 to 30 s after a call that was talked on.
      case when s.talk > 0 then 5 + (s.n * 7 + s.day) % 26 else 0 end, s.wait, s.result,
      case s.result when 'answered' then 'agent_hangup' when 'missed' then 'no_answer' else 'caller_hangup' end
    from (
      select d.day, n,
        case when n % 5 = 0 then 'CALL_OUTBOUND' else 'CALL_INBOUND' end as direction,
        (((now() at time zone ${ZONE})::date - d.day) + interval '8 hours'
          + random() * interval '10 hours') at time zone ${ZONE} as started_at,
        ${agentArray}[1 + floor(random() * ${number(agents.length)})::int] as agent_id,
        random() as r_result, random() as r_wait, random() as r_talk, random() as r_phone,
        false as ivr, 'answered'::text as result, 0 as wait, 0 as talk
      from generate_series(${number(HISTORY_NEWEST_DAY)}, ${number(HISTORY_OLDEST_DAY)}) as d(day),
        generate_series(1, ${number(HISTORY_CALLS_PER_DAY)}) as n
    ) s0
    cross join lateral (
      select s0.day, s0.n, s0.direction, s0.started_at, s0.agent_id,
        case when s0.direction = 'CALL_OUTBOUND' then (case when s0.r_result < 0.8 then 'answered' else 'missed' end)
          when s0.r_result < 0.76 then 'answered' when s0.r_result < 0.92 then 'abandoned' else 'missed' end as result,
        s0.direction = 'CALL_INBOUND' and s0.r_result >= 0.76 and s0.r_result < 0.79 as ivr,
        case when s0.r_result < 0.76 then 3 + floor(57 * power(s0.r_wait, 2))::int
          when s0.r_result < 0.81 then 1 + floor(4 * s0.r_wait)::int
          else 6 + floor(84 * s0.r_wait)::int end as wait,
        case when s0.r_result < 0.76 or (s0.direction = 'CALL_OUTBOUND' and s0.r_result < 0.8)
          then 30 + floor(570 * s0.r_talk)::int else 0 end as talk
    ) s
    left join lateral (
      select cp.customer_id, cp.phone, cp.national from customer_phones cp
      where cp.tenant_id = ${tenantId}
      order by cp.customer_id, cp.phone offset floor(s0.r_phone * 150)::int limit 1
    ) p on true
    left join lateral (
      select qu.id from queues qu where qu.tenant_id = ${tenantId} order by qu.created_at limit 1
    ) q on true`);

  // Presence: each working day, the staff start at about 08:00, lunch at 12:00, a short break
  // mid-afternoon, and sign out at about 17:30 (Bangkok); only what has happened by now.
  const people = ['agent@demo.vn', 'agent2@demo.vn', 'leader@demo.vn', 'supervisor@demo.vn']
    .map((email) => staff[email])
    .filter((id): id is string => !!id);
  await tx.execute(sql`
    insert into presence_log (tenant_id, user_id, presence, previous, at)
    select ${tenantId}, person, step.presence,
      lag(step.presence) over (partition by person order by d.day desc, step.minute),
      (((now() at time zone ${ZONE})::date - d.day) + step.minute * interval '1 minute'
        + floor(random() * 12) * interval '1 minute') at time zone ${ZONE}
    from unnest(array[${sql.join(
      people.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) as person,
      generate_series(0, ${number(HISTORY_OLDEST_DAY)}) as d(day),
      (values (475, 'AVAILABLE'), (720, 'ATLUNCH'), (780, 'AVAILABLE'), (930, 'NOT AVAILABLE'),
        (945, 'AVAILABLE'), (1050, 'LOGOUT')) as step(minute, presence)
    where extract(isodow from (now() at time zone ${ZONE})::date - d.day) < 6
      and (((now() at time zone ${ZONE})::date - d.day) + step.minute * interval '1 minute')
        at time zone ${ZONE} < now()`);
  await tx.execute(sql`drop table demo_history`);
}
