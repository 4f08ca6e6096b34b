import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { metricOf } from '@omnicare/shared/reports/metrics';
import { REPORTS } from '@omnicare/shared/reports/reports.schemas';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { contextForUser } from '../../platform/auth.js';
import { computeMetrics } from './metrics.service.js';

/*
 * Golden fixtures: a hand-built day of tickets, messages, calls and presence changes in
 * Asia/Bangkok (UTC+7), with every expected figure worked out by hand beside it. The report
 * day is Monday 2026-03-02 (Bangkok), which is [2026-03-01T17:00Z, 2026-03-02T17:00Z).
 */

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let leader: string;
let agent: string;
const ids: Record<string, string> = {};

const DAY = { from: '2026-03-02', to: '2026-03-02' };

async function insertTicket(
  tenantId: string,
  values: {
    key: string;
    source: string;
    created: string;
    group?: string | null;
    assignee?: string | null;
    requester?: string | null;
    solved?: string | null;
    closed?: string | null;
    status?: string;
  },
) {
  const result = await t.database.db.execute<{ id: string }>(sql`
    insert into tickets (tenant_id, subject, status, source, group_id, assignee_id, requester_id,
      created_at, updated_at, solved_at, closed_at)
    values (${tenantId}, ${values.key}, ${values.status ?? (values.solved ? 'solved' : 'open')},
      ${values.source}, ${values.group ?? null}, ${values.assignee ?? null}, ${values.requester ?? null},
      ${values.created}::timestamptz, ${values.created}::timestamptz, ${values.solved ?? null}::timestamptz,
      ${values.closed ?? null}::timestamptz)
    returning id`);
  ids[values.key] = result.rows[0]!.id;
  return ids[values.key]!;
}

async function message(
  tenantId: string,
  ticket: string,
  at: string,
  who: 'customer' | 'agent' | 'note' | 'bot',
  userId?: string,
) {
  const author = { customer: 'customer', agent: 'user', note: 'user', bot: 'bot' }[who];
  const direction = who === 'customer' ? 'in' : 'out';
  const isPublic = who !== 'note';
  await t.database.db.execute(sql`
    insert into messages (tenant_id, ticket_id, author_type, author_user_id, direction, body, public, created_at)
    values (${tenantId}, ${ticket}, ${author}, ${userId ?? null}, ${direction}, 'x', ${isPublic}, ${at}::timestamptz)`);
}

async function insertCustomer(tenantId: string, name: string) {
  const result = await t.database.db.execute<{ id: string }>(
    sql`insert into customers (tenant_id, name) values (${tenantId}, ${name}) returning id`,
  );
  return result.rows[0]!.id;
}

async function call(
  tenantId: string,
  key: string,
  values: {
    direction?: string;
    started: string;
    result: string;
    wait: number;
    talk: number;
    /** After-call work (the agent's wrap-up), seconds. */
    acw?: number;
    agent?: string | null;
    queued?: boolean;
    queue?: string | null;
    /** The customer hung up while held. */
    endedOnHold?: boolean;
  },
) {
  const result = await t.database.db.execute<{ id: string }>(sql`
    insert into calls (tenant_id, call_id, direction, from_number, status, started_at, queued_at,
      answered_at, ended_at, talk_seconds, acw_seconds, wait_seconds, result, agent_id, queue_id,
      ended_on_hold)
    values (${tenantId}, ${key}, ${values.direction ?? 'CALL_INBOUND'}, '0912000111', 'ENDED',
      ${values.started}::timestamptz, ${values.queued === false ? null : values.started}::timestamptz,
      ${values.result === 'answered' ? values.started : null}::timestamptz,
      ${values.started}::timestamptz + interval '5 minutes', ${values.talk}, ${values.acw ?? 0},
      ${values.wait}, ${values.result}, ${values.agent ?? null}, ${values.queue ?? null}, ${values.endedOnHold ?? false})
    returning id`);
  ids[key] = result.rows[0]!.id;
}

async function seedFixtures() {
  const tenantId = tenant.tenantId;
  const db = t.database.db;
  const group = async (name: string, members: string[]) => {
    const result = await db.execute<{ id: string }>(
      sql`insert into groups (tenant_id, target, name) values (${tenantId}, 'user', ${name}) returning id`,
    );
    const id = result.rows[0]!.id;
    for (const member of members)
      await db.execute(
        sql`insert into group_members (tenant_id, group_id, user_id) values (${tenantId}, ${id}, ${member})`,
      );
    return id;
  };
  ids.g1 = await group('CSKH', [tenant.id('leader'), tenant.id('agent')]);
  ids.g2 = await group('Kỹ thuật', [tenant.id('agent2')]);
  const customer = await db.execute<{ id: string }>(
    sql`insert into customers (tenant_id, name) values (${tenantId}, 'Khách Một') returning id`,
  );
  ids.c1 = customer.rows[0]!.id;
  // Working hours Monday–Friday 08:00–17:00 Bangkok, the tenant's default schedule.
  const schedule = await db.execute<{ id: string }>(sql`
    insert into working_schedules (tenant_id, name, time_zone, is_default)
    values (${tenantId}, 'Giờ hành chính', 'Asia/Bangkok', true) returning id`);
  for (let weekday = 1; weekday <= 5; weekday++)
    await db.execute(sql`
      insert into working_periods (schedule_id, weekday, start_minute, end_minute)
      values (${schedule.rows[0]!.id}, ${weekday}, ${8 * 60}, ${17 * 60})`);

  const agentId = tenant.id('agent');
  const agent2Id = tenant.id('agent2');

  // T1 (Zalo chat, CSKH, agent): first response 600 s, a second block answered in 300 s,
  // solved 2 h after creation; rated 2 (unsatisfied). A note and a bot message do not count.
  const t1 = await insertTicket(tenantId, {
    key: 't1',
    source: 'zalo',
    created: '2026-03-02T01:00:00Z',
    group: ids.g1,
    assignee: agentId,
    requester: ids.c1,
    solved: '2026-03-02T03:00:00Z',
  });
  await message(tenantId, t1, '2026-03-02T01:00:00Z', 'customer');
  await message(tenantId, t1, '2026-03-02T01:02:00Z', 'bot');
  await message(tenantId, t1, '2026-03-02T01:05:00Z', 'note', agentId);
  await message(tenantId, t1, '2026-03-02T01:10:00Z', 'agent', agentId);
  await message(tenantId, t1, '2026-03-02T02:00:00Z', 'customer');
  await message(tenantId, t1, '2026-03-02T02:01:00Z', 'customer');
  await message(tenantId, t1, '2026-03-02T02:05:00Z', 'agent', agentId);
  await db.execute(sql`
    insert into conversations (ticket_id, tenant_id, last_message_at, rating, rated_at, survey_asked_at)
    values (${t1}, ${tenantId}, '2026-03-02T02:05:00Z', 2, '2026-03-02T03:30:00Z', '2026-03-02T03:00:00Z')`);

  // T2 (livechat, CSKH, agent): answered in 1200 s, solved, then reopened by the customer at
  // 04:00Z and answered again in 300 s: the reopen restarts the first response (two of them).
  const t2 = await insertTicket(tenantId, {
    key: 't2',
    source: 'web',
    created: '2026-03-02T02:00:00Z',
    group: ids.g1,
    assignee: agentId,
    status: 'open',
  });
  await message(tenantId, t2, '2026-03-02T02:00:00Z', 'customer');
  await message(tenantId, t2, '2026-03-02T02:20:00Z', 'agent', agentId);
  await message(tenantId, t2, '2026-03-02T04:00:00Z', 'customer');
  await message(tenantId, t2, '2026-03-02T04:05:00Z', 'agent', agentId);
  await db.execute(sql`
    insert into audit_log (tenant_id, action, entity, entity_id, before, after, created_at)
    values (${tenantId}, 'reopen', 'ticket', ${t2}, '{"status":"solved"}', '{"status":"open"}',
      '2026-03-02T04:00:00.5Z')`);
  await db.execute(sql`
    insert into conversations (ticket_id, tenant_id, last_message_at, rating, rated_at, survey_asked_at)
    values (${t2}, ${tenantId}, '2026-03-02T04:05:00Z', 5, '2026-03-02T05:00:00Z', '2026-03-02T04:30:00Z')`);

  // T3 (email, Kỹ thuật, agent2) at 23:30 Bangkok on the 2nd = 16:30Z: that Bangkok day.
  await insertTicket(tenantId, {
    key: 't3',
    source: 'email',
    created: '2026-03-02T16:30:00Z',
    group: ids.g2,
    assignee: agent2Id,
  });
  // T4 (livechat, nobody) at 00:30 Bangkok on the 3rd = 17:30Z on the 2nd: the 3rd in Bangkok.
  // The visitor left unanswered: a missed chat of the 3rd.
  const t4 = await insertTicket(tenantId, {
    key: 't4',
    source: 'web',
    created: '2026-03-02T17:30:00Z',
    solved: '2026-03-03T01:00:00Z',
  });
  await message(tenantId, t4, '2026-03-02T17:30:00Z', 'customer');

  // T5 (Facebook, CSKH, agent): the customer writes at 07:30 Bangkok, before opening; the reply
  // at 08:30: 3600 s in calendar time, 1800 s in business hours.
  const t5 = await insertTicket(tenantId, {
    key: 't5',
    source: 'facebook',
    created: '2026-03-02T00:30:00Z',
    group: ids.g1,
    assignee: agentId,
  });
  await message(tenantId, t5, '2026-03-02T00:30:00Z', 'customer');
  await message(tenantId, t5, '2026-03-02T01:30:00Z', 'agent', agentId);

  // Calls of the 2nd, queue Q1.
  const queue = await db.execute<{ id: string }>(
    sql`insert into queues (tenant_id, name) values (${tenantId}, 'Tổng đài CSKH') returning id`,
  );
  ids.q1 = queue.rows[0]!.id;
  const q = ids.q1;
  await call(tenantId, 'k1', {
    started: '2026-03-02T01:00:00Z',
    result: 'answered',
    wait: 10,
    talk: 120,
    acw: 30,
    agent: agentId,
    queue: q,
  });
  await call(tenantId, 'k2', {
    started: '2026-03-02T02:00:00Z',
    result: 'answered',
    wait: 30,
    talk: 60,
    acw: 12,
    agent: agent2Id,
    queue: q,
    // Put on hold, and the customer hung up meanwhile.
    endedOnHold: true,
  });
  await call(tenantId, 'k3', {
    started: '2026-03-02T03:00:00Z',
    result: 'abandoned',
    wait: 3,
    talk: 0,
    queue: q,
  });
  await call(tenantId, 'k4', {
    started: '2026-03-02T04:00:00Z',
    result: 'abandoned',
    wait: 40,
    talk: 0,
    queue: q,
  });
  await call(tenantId, 'k5', {
    started: '2026-03-02T05:00:00Z',
    result: 'abandoned',
    wait: 8,
    talk: 0,
    queued: false,
  });
  await call(tenantId, 'k6', {
    direction: 'CALL_OUTBOUND',
    started: '2026-03-02T06:00:00Z',
    result: 'answered',
    wait: 0,
    talk: 30,
    // Outbound: not among the handled inbound calls AHT and ACW are taken over.
    acw: 20,
    agent: agentId,
  });

  // The agent's presence: AVAILABLE since 23:00 Bangkok the day before, NOT AVAILABLE at
  // 08:00, AVAILABLE at 09:00, LOGOUT at 10:00 Bangkok.
  for (const [presence, at] of [
    ['AVAILABLE', '2026-03-01T16:00:00Z'],
    ['NOT AVAILABLE', '2026-03-02T01:00:00Z'],
    ['AVAILABLE', '2026-03-02T02:00:00Z'],
    ['LOGOUT', '2026-03-02T03:00:00Z'],
  ] as const)
    await db.execute(sql`
      insert into presence_log (tenant_id, user_id, presence, at)
      values (${tenantId}, ${agentId}, ${presence}, ${at}::timestamptz)`);
}

const report = async (token: string, name: string, query: Record<string, string>) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/reports/${name}?${new URLSearchParams(query)}`,
    headers: bearer(token),
  });
  return response;
};
const figures = async (token: string, name: string, query: Record<string, string>) => {
  const response = await report(token, name, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    metrics: Record<string, number | null>;
    series: { bucket: string; metrics: Record<string, number | null> }[];
    rows: { key: string | null; label: string; metrics: Record<string, number | null> }[];
  };
};
const drill = async (token: string, name: string, query: Record<string, string>) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/reports/${name}/rows?${new URLSearchParams({ page_size: '100', ...query })}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { kind: string; _id: string; ticket_id: string | null; value: number | null }[];
    total: number;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Báo cáo');
  other = await seedTenant(t, 'Tenant khác');
  await seedFixtures();
  admin = await t.login(tenant.email('admin'));
  leader = await t.login(tenant.email('leader'));
  agent = await t.login(tenant.email('agent'));
});
afterAll(() => t.close());

describe('golden fixtures: each metric by hand', () => {
  it('tickets and chats over the Bangkok day (23:30 Bangkok in, 00:30 the next day out)', async () => {
    const { metrics } = await figures(admin, 'ticket', DAY);
    expect(metrics).toMatchObject({
      tickets_created: 4, // t1, t2, t3 (23:30 Bangkok), t5; not t4 (00:30 the 3rd)
      tickets_solved: 1, // t1
      tickets_reopened: 1, // t2
      tickets_backlog: 3, // t2, t3, t5 open at 00:00 the 3rd (t4 was made after)
      // First responses: t1 600, t2 1200, t2 after its reopen 300, t5 3600.
      first_response_mean_s: 1425,
      first_response_median_s: 900,
      first_response_p90_s: 2880,
      // Blocks: t1 600 and 300 (its second block's first message 02:00 → 02:05), t2 1200 and 300, t5 3600.
      reply_time_median_s: 600,
      resolution_mean_s: 7200,
      sla_met: 0,
      sla_breached: 0,
      sla_met_pct: null,
    });
  });

  it('durations in business hours: the wait before opening does not count', async () => {
    const { metrics } = await figures(admin, 'ticket', { ...DAY, business_hours: 'true' });
    // t5: 07:30 → 08:30 Bangkok is 1800 s of business time; the others are inside the hours.
    expect(metrics).toMatchObject({
      first_response_mean_s: 975,
      first_response_median_s: 900,
      first_response_p90_s: 1620,
      // t1: created 08:00, solved 10:00 Bangkok: inside the hours.
      resolution_mean_s: 7200,
    });
  });

  it('the next Bangkok day has t4 and its missed chat', async () => {
    const { metrics } = await figures(admin, 'summary', { from: '2026-03-03', to: '2026-03-03' });
    expect(metrics).toMatchObject({ tickets_created: 1, chats_created: 1, chats_missed: 1 });
  });

  it('chats, messages and satisfaction', async () => {
    const { metrics } = await figures(admin, 'custom', {
      ...DAY,
      metrics: 'chats_created,messages_in,messages_out,csat_answers,csat_pct,csat_answer_rate_pct',
    });
    expect(metrics).toEqual({
      chats_created: 3, // t1 (Zalo), t2 (livechat), t5 (Facebook)
      messages_in: 6, // t1 3, t2 2, t5 1 (t4's is the 3rd in Bangkok)
      messages_out: 6, // t1 bot + 2 replies, t2 2, t5 1 (the note is not public)
      csat_answers: 2,
      csat_pct: 50,
      csat_answer_rate_pct: 100,
    });
  });

  it('calls: a short abandon is counted but kept out of the rates', async () => {
    const { metrics, rows } = await figures(admin, 'call', DAY);
    expect(metrics).toMatchObject({
      calls_offered: 5,
      calls_answered: 2,
      calls_abandoned: 3,
      calls_abandoned_queue: 2,
      calls_abandoned_ivr: 1,
      calls_abandoned_hold: 1, // k2, who hung up on hold (answered: not among the abandoned)
      calls_short_abandoned: 1,
      service_level_pct: 25, // 1 answered within 20 s / (5 offered − 1 short)
      abandon_rate_pct: 50, // (3 − 1) / (5 − 1)
      asa_s: 20,
      aht_s: 111, // ((120 + 30 after-call work) + (60 + 12)) / 2 answered
      acw_s: 21, // (30 + 12) / 2
      calls_outbound: 1,
      calls_missed: 3,
      callbacks: null,
    });
    expect(rows.find((row) => row.key === ids.q1)).toMatchObject({
      label: 'Tổng đài CSKH',
      metrics: { calls_offered: 4, calls_answered: 2 },
    });
  });

  it('agents: time in each presence from the log, handled and occupancy', async () => {
    const { metrics, rows } = await figures(admin, 'agent', DAY);
    // Talk and after-call work 222 s (k1 120 + 30, k2 60 + 12) over 32 400 s AVAILABLE
    // (17:00Z→01:00Z, 02:00Z→03:00Z).
    expect(metrics).toMatchObject({
      handled: 3,
      calls_answered: 2,
      tickets_solved: 1,
      occupancy_pct: 0.7,
    });
    // Chats open while the agent was AVAILABLE: t1 3600 s (02:00–03:00Z), t2 3600 s, t5 1800 s
    // (00:30–01:00Z) + 3600 s: 12 600 s over 32 400 s available.
    expect(metrics.chat_concurrency_mean).toBe(0.4);
    const mine = rows.find((row) => row.key === tenant.id('agent'));
    expect(mine?.metrics).toMatchObject({
      handled: 2,
      presence_available_s: 32_400,
      presence_not_available_s: 3600,
    });
    const logout = await figures(admin, 'custom', { ...DAY, metrics: 'presence_logout_s' });
    expect(logout.metrics.presence_logout_s).toBe(50_400);
  });

  it('a stretch of presence across midnight counts in each day its part', async () => {
    // AVAILABLE from 23:00 Bangkok on the 1st to 08:00 on the 2nd, then 09:00–10:00.
    const { metrics, series } = await figures(admin, 'custom', {
      from: '2026-03-01',
      to: '2026-03-02',
      metrics: 'presence_available_s',
      agent_id: tenant.id('agent'),
    });
    expect(metrics.presence_available_s).toBe(36_000);
    const byDay = Object.fromEntries(
      series.map((point) => [point.bucket, point.metrics.presence_available_s]),
    );
    expect(byDay).toMatchObject({ '2026-03-01': 3600, '2026-03-02': 32_400 });
  });

  it('customers: new on their first contact', async () => {
    const { metrics } = await figures(admin, 'customer', DAY);
    // c1's only contact is t1 (the calls have no customer).
    expect(metrics).toMatchObject({
      customers_new: 1,
      customers_returning: 0,
      customer_contacts: 1,
      contacts_per_customer: 1,
    });
  });
});

describe('computeMetrics, the entry other screens call (the monitors’ tiles)', () => {
  it('answers the keys asked, with the filters flat or apart, in the caller’s scope', async () => {
    const admin = await contextForUser(t.database.pool, tenant.id('admin'));
    const teamLeader = await contextForUser(t.database.pool, tenant.id('leader'));
    if (!admin || !teamLeader) throw new Error('no context');
    const platform = t.app.platform;
    const keys = ['tickets_created', 'calls_answered', 'first_response_median_s', 'staff_active'];
    expect(await computeMetrics(platform, admin, DAY, keys)).toEqual({
      tickets_created: 4,
      calls_answered: 2,
      first_response_median_s: 900,
      staff_active: 5,
    });
    expect(
      await computeMetrics(platform, admin, { ...DAY, filters: { group_id: ids.g2 } }, keys),
    ).toMatchObject({ tickets_created: 1, calls_answered: 1, first_response_median_s: null });
    expect(await computeMetrics(platform, admin, { ...DAY, group_id: ids.g2 }, keys)).toMatchObject(
      { tickets_created: 1 },
    );
    expect(await computeMetrics(platform, teamLeader, DAY, ['tickets_created'])).toEqual({
      tickets_created: 3,
    });
  });
});

describe('one number wherever it is shown', () => {
  it('the figure, the sum of its series and the count of its drill-down rows agree', async () => {
    const range = { from: '2026-03-01', to: '2026-03-04' };
    for (const [name, definition] of Object.entries(REPORTS)) {
      const { metrics, series } = await figures(admin, name, range);
      for (const key of definition.series) {
        const total = series.reduce((sum, point) => sum + (point.metrics[key] ?? 0), 0);
        expect(total, `${name} ${key}`).toBe(metrics[key] ?? 0);
      }
      for (const key of definition.metrics) {
        if (
          ![
            'tickets_created',
            'calls_offered',
            'calls_abandoned',
            'chats_missed',
            'tickets_reopened',
            'messages_in',
            'customers_new',
          ].includes(key)
        )
          continue;
        const rows = await drill(admin, name, { ...range, metric: key });
        expect(rows.total, `${name} ${key}`).toBe(metrics[key]);
        expect(rows.data).toHaveLength(metrics[key] ?? 0);
      }
    }
  });

  it('a cut by tag counts a ticket under each of its tags, while its tiles and chart count it once', async () => {
    const db = t.database.db;
    const tenantId = tenant.tenantId;
    const tagGroup = await db.execute<{ id: string }>(sql`
      insert into tag_groups (tenant_id, name) values (${tenantId}, 'Báo cáo') returning id`);
    const tag = async (name: string) =>
      (
        await db.execute<{ id: string }>(sql`
          insert into tags (tenant_id, tag_group_id, name, key)
          values (${tenantId}, ${tagGroup.rows[0]!.id}, ${name}, ${name.toLowerCase()}) returning id`)
      ).rows[0]!.id;
    const [urgent, billing] = [await tag('Gấp'), await tag('Cước')];
    for (const [ticket, tagId] of [
      [ids.t1, urgent],
      [ids.t1, billing],
      [ids.t2, urgent],
    ])
      await db.execute(
        sql`insert into ticket_tags (tenant_id, ticket_id, tag_id) values (${tenantId}, ${ticket}, ${tagId})`,
      );
    try {
      const { metrics, series, rows } = await figures(admin, 'custom', {
        ...DAY,
        metrics: 'tickets_created',
        dimension: 'tag',
      });
      expect(metrics.tickets_created).toBe(4);
      expect(series.reduce((sum, point) => sum + (point.metrics.tickets_created ?? 0), 0)).toBe(4);
      const byTag = Object.fromEntries(rows.map((row) => [row.label, row.metrics.tickets_created]));
      // t1 under both tags, t2 under one; t3 and t5 have none.
      expect(byTag).toEqual({ Gấp: 2, Cước: 1, 'Không có nhãn': 2 });
    } finally {
      await db.execute(sql`delete from ticket_tags where tenant_id = ${tenantId}`);
    }
  });

  it("a bucket's drill-down lists that bucket's rows", async () => {
    const range = { from: '2026-03-01', to: '2026-03-04' };
    const { series } = await figures(admin, 'ticket', range);
    for (const point of series) {
      const rows = await drill(admin, 'ticket', {
        ...range,
        metric: 'tickets_created',
        dimension: 'day',
        value: point.bucket,
      });
      expect(rows.total).toBe(point.metrics.tickets_created);
    }
    const durations = await drill(admin, 'ticket', { ...DAY, metric: 'first_response_median_s' });
    expect(durations.data.map((row) => row.value).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      300, 600, 1200, 3600,
    ]);
  });
});

/** Starts an export of a report and waits for its job to end. */
async function exportReport(
  token: string,
  name: string,
  query: Record<string, string>,
  body: Record<string, unknown>,
) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/v2/reports/${name}/export?${new URLSearchParams(query)}`,
    headers: bearer(token),
    payload: body,
  });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().data._id as string;
  for (let i = 0; i < 150; i++) {
    const job = (
      await t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: bearer(token) })
    ).json().data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not end');
}

async function download(token: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** Each sheet of an XLSX by name, its rows as cell values. */
async function sheetsOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

/** A CSV's lines (after its byte order mark), each split on commas (the fixtures hold none). */
const csvLines = (buffer: Buffer) =>
  buffer
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('exports', () => {
  it('the file per day gives the report’s series and totals; the file per row gives its drill-down', async () => {
    const range = { from: '2026-03-01', to: '2026-03-04' };
    const { metrics, series } = await figures(admin, 'ticket', range);
    const job = await exportReport(admin, 'ticket', range, { format: 'xlsx', grain: 'buckets' });
    expect(job.status, job.error).toBe('completed');
    const sheets = await sheetsOf(await download(admin, job.download_url));
    const days = sheets.get('Theo thời gian')!;
    const [header, ...lines] = days;
    expect(header![0]).toBe('Ngày');
    const column = (key: string) =>
      header!.indexOf(metricOf(key)!.label + (metricOf(key)!.unit === 'seconds' ? ' (giây)' : ''));
    for (const point of series) {
      const line = lines.find((cells) => cells[0] === formatCalendarDay(point.bucket))!;
      expect(line[column('tickets_created')], point.bucket).toBe(point.metrics.tickets_created);
    }
    const total = lines.find((cells) => cells[0] === 'Tổng')!;
    for (const key of ['tickets_created', 'tickets_solved', 'first_response_median_s'])
      expect(total[column(key)] ?? null, key).toBe(metrics[key]);
    // The report's table (by source) and what the file was made with.
    expect(sheets.get('Theo kênh')?.length).toBeGreaterThan(1);
    const conditions = new Map(sheets.get('Điều kiện')!.map((cells) => [cells[0], cells[1]]));
    expect(conditions.get('Từ ngày')).toBe('01/03/2026');
    expect(conditions.get('Múi giờ')).toBe('Asia/Bangkok');
    expect(conditions.get('Tính theo giờ làm việc')).toBe('Không');

    const rowsJob = await exportReport(admin, 'ticket', range, {
      format: 'csv',
      grain: 'rows',
      metric: 'tickets_created',
    });
    const [csvHeader, ...csvRows] = csvLines(await download(admin, rowsJob.download_url));
    expect(csvHeader).toEqual(['Loại', 'Mã / Tên', 'Thời điểm', 'Chuyên viên', 'Khách hàng']);
    const drilled = await drill(admin, 'ticket', { ...range, metric: 'tickets_created' });
    expect(csvRows).toHaveLength(drilled.total);
    expect(csvRows).toHaveLength(metrics.tickets_created!);
    expect(rowsJob.result.file_name).toBe('bao-cao-ticket-2026-03-01-2026-03-04.csv');
  });

  it('follows the business-hours switch and the tenant’s hours of a one-day range', async () => {
    const query = { ...DAY, business_hours: 'true' };
    const job = await exportReport(admin, 'ticket', query, {
      format: 'csv',
      grain: 'rows',
      metric: 'first_response_median_s',
    });
    const [header, ...rows] = csvLines(await download(admin, job.download_url));
    expect(header!.at(-1)).toBe(`${metricOf('first_response_median_s')!.label} (giây)`);
    const values = rows.map((cells) => Number(cells.at(-1))).sort((a, b) => a - b);
    const drilled = await drill(admin, 'ticket', { ...query, metric: 'first_response_median_s' });
    expect(values).toEqual(
      drilled.data.map((row) => row.value).sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    // t5 waited 07:30 → 08:30 Bangkok: 1800 s of business time, not 3600.
    expect(values).toContain(1800);
    expect(values).not.toContain(3600);

    const hours = await exportReport(admin, 'ticket', DAY, { format: 'xlsx', grain: 'buckets' });
    const sheet = (await sheetsOf(await download(admin, hours.download_url))).get(
      'Theo thời gian',
    )!;
    expect(sheet[0]![0]).toBe('Giờ');
    // 24 hours of the Bangkok day and the total; t3 came at 23:30 Bangkok.
    expect(sheet).toHaveLength(26);
    expect(sheet.find((cells) => cells[0] === '23:00')![1]).toBe(1);
  });

  it('tells its owner by a notification linking back to the report with the file', async () => {
    const job = await exportReport(admin, 'call', DAY, { format: 'xlsx', grain: 'buckets' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v2/notifications?page_size=5',
      headers: bearer(admin),
    });
    const notification = listed
      .json()
      .data.find((item: { kind: string }) => item.kind === 'report_export');
    expect(notification.title).toBe('Báo cáo đã xuất xong');
    expect(notification.link).toContain(`/report/call?`);
    expect(notification.link).toContain(`export=${job._id}`);
    // Nobody else downloads it.
    const other = await t.app.inject({
      method: 'GET',
      url: job.download_url,
      headers: bearer(leader),
    });
    expect(other.statusCode).toBe(404);
  });

  it("a team leader's file holds their departments' rows; an agent exports only their own reports", async () => {
    const job = await exportReport(leader, 'ticket', DAY, {
      format: 'csv',
      grain: 'rows',
      metric: 'tickets_created',
    });
    const [, ...rows] = csvLines(await download(leader, job.download_url));
    expect(rows).toHaveLength(3);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v2/reports/ticket/export?${new URLSearchParams(DAY)}`,
      headers: bearer(agent),
      payload: { format: 'csv' },
    });
    expect(refused.statusCode).toBe(401);
    const own = await exportReport(agent, 'call', DAY, { format: 'csv', grain: 'rows' });
    const [, ...calls] = csvLines(await download(agent, own.download_url));
    expect(calls).toHaveLength(1);
  });

  it('refuses what it cannot write with 422 {param, message}', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ format: 'pdf' }, 'format', 'Định dạng tệp không hợp lệ'],
      [{ grain: 'week' }, 'grain', 'Kiểu xuất không hợp lệ'],
      [{ grain: 'rows', metric: 'calls_offered' }, 'metric', 'Chỉ số không có trong báo cáo này'],
      [
        { grain: 'rows', metric: 'waiting_now' },
        'metric',
        'Chỉ số này không có dòng dữ liệu để xuất',
      ],
    ];
    for (const [payload, param, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v2/reports/ticket/export?${new URLSearchParams(DAY)}`,
        headers: bearer(admin),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toContainEqual({ param, message });
    }
  });
});

describe('data scope, tenants and roles', () => {
  it("a team leader sees their departments' rows only", async () => {
    const { metrics, rows } = await figures(leader, 'ticket', DAY);
    // t1, t2, t5 (CSKH); not t3 (Kỹ thuật, agent2).
    expect(metrics.tickets_created).toBe(3);
    const calls = await figures(leader, 'call', DAY);
    // k1 only (the agent of CSKH); agent2's and the unanswered calls have no agent of theirs.
    expect(calls.metrics).toMatchObject({ calls_offered: 1, calls_answered: 1 });
    const drilled = await drill(leader, 'ticket', { ...DAY, metric: 'tickets_created' });
    expect(drilled.total).toBe(3);
    expect(drilled.data.map((row) => row._id)).not.toContain(ids.t3);
    expect(rows.reduce((sum, row) => sum + (row.metrics.tickets_created ?? 0), 0)).toBe(3);
  });

  it("another tenant's report has none of these rows", async () => {
    const token = await t.login(other.email('admin'));
    const { metrics } = await figures(token, 'ticket', DAY);
    expect(metrics).toMatchObject({
      tickets_created: 0,
      tickets_solved: 0,
      first_response_median_s: null,
    });
  });

  it('agents read the summary and call reports only, within their own rows', async () => {
    expect((await report(agent, 'ticket', DAY)).statusCode).toBe(401);
    expect((await report(agent, 'agent', DAY)).statusCode).toBe(401);
    const calls = await figures(agent, 'call', DAY);
    expect(calls.metrics.calls_offered).toBe(1);
  });

  it('answers bad input with 422 {param, message} in Vietnamese', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ to: '2026-03-02' }, 'from', 'Vui lòng chọn ngày bắt đầu'],
      [
        { from: '2026-02-30', to: '2026-03-02' },
        'from',
        'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
      ],
      [{ from: '2026-03-03', to: '2026-03-02' }, 'to', 'Ngày bắt đầu không được sau ngày kết thúc'],
      [{ from: '2025-01-01', to: '2026-03-02' }, 'to', 'Khoảng thời gian tối đa là 366 ngày'],
      [{ ...DAY, group_id: 'x' }, 'group_id', 'Bộ phận không hợp lệ'],
      [{ ...DAY, business_hours: 'maybe' }, 'business_hours', 'Giá trị giờ làm việc không hợp lệ'],
      [{ ...DAY, metrics: 'nope' }, 'metrics', 'Chỉ số không hợp lệ'],
    ];
    for (const [query, param, message] of cases) {
      const response = await report(admin, 'custom', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json().errors).toContainEqual({ param, message });
    }
    const unknown = await report(admin, 'nope', DAY);
    expect(unknown.statusCode).toBe(422);
    const badMetric = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/call/rows?from=2026-03-02&to=2026-03-02&metric=tickets_created`,
      headers: bearer(admin),
    });
    expect(badMetric.statusCode).toBe(422);
    expect(badMetric.json().errors).toEqual([
      { param: 'metric', message: 'Chỉ số không có trong báo cáo này' },
    ]);
  });
});

describe('presence log', () => {
  it('writes a line for each change of presence, in the change', async () => {
    const token = await t.login(tenant.email('agent2'));
    for (const presence of ['AVAILABLE', 'AVAILABLE', 'MEETING'])
      await t.app.inject({
        method: 'PUT',
        url: '/v2/my-presence',
        headers: bearer(token),
        payload: { presence },
      });
    const log = await t.database.db.execute<{ presence: string; previous: string | null }>(sql`
      select presence, previous from presence_log where user_id = ${tenant.id('agent2')} order by at, id`);
    const tail = log.rows.slice(-2);
    expect(tail).toEqual([
      { presence: 'AVAILABLE', previous: expect.any(String) },
      { presence: 'MEETING', previous: 'AVAILABLE' },
    ]);
  });
});

describe('DATABASE_READ_URL', () => {
  it('reads reports through a second connection string', async () => {
    const url = new URL(t.config.databaseUrl ?? '');
    // The same database under another connection string (named, so its sessions are told
    // apart): a second pool, as a replica's would be.
    url.searchParams.set('application_name', 'omnicare-reads');
    const replica = await createTestApp({ databaseReadUrl: url.toString() });
    try {
      const platform = replica.app.platform;
      expect(platform.reads).not.toBe(platform.db);
      const token = await replica.login(tenant.email('admin'));
      const response = await replica.app.inject({
        method: 'GET',
        url: `/v2/reports/ticket?from=2026-03-02&to=2026-03-02`,
        headers: bearer(token),
      });
      expect(response.json().data.metrics.tickets_created).toBe(4);
      const reading = await platform.reads.execute<{ name: string }>(
        sql`select current_setting('application_name') as name`,
      );
      expect(reading.rows).toEqual([{ name: 'omnicare-reads' }]);
    } finally {
      await replica.close();
    }
  });
});

describe('DATABASE_READ_URL is where reports read', () => {
  it('a report fails with its read database gone while the rest of the app works', async () => {
    const url = new URL(t.config.databaseUrl ?? '');
    url.pathname = '/no_such_database';
    const broken = await createTestApp({ databaseReadUrl: url.toString() });
    try {
      const token = await broken.login(tenant.email('admin'));
      const response = await broken.app.inject({
        method: 'GET',
        url: `/v2/reports/ticket?from=2026-03-02&to=2026-03-02`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await broken.close();
    }
  });
});

describe('customers: new and returning', () => {
  // Friday 2026-03-20 Bangkok, apart from the other fixtures' days.
  const RANGE = { from: '2026-03-20', to: '2026-03-20' };

  it('a customer is new on the first contact ever, returning with one before the range; calls count when inbound', async () => {
    const tenantId = tenant.tenantId;
    const db = t.database.db;
    const customer = (name: string) => insertCustomer(tenantId, name);
    const callOf = async (key: string, started: string, who: string, direction?: string) => {
      await call(tenantId, key, { started, result: 'answered', wait: 5, talk: 60, direction });
      await db.execute(sql`update calls set customer_id = ${who} where id = ${ids[key]}`);
    };
    const [back, caller, earlyCaller, outbound] = await Promise.all(
      ['Khách cũ', 'Khách gọi trước', 'Khách gọi tuần trước', 'Khách được gọi'].map(customer),
    );
    // A ticket a week before, one in the range: returning.
    await insertTicket(tenantId, {
      key: 'cr1',
      source: 'email',
      created: '2026-03-12T03:00:00Z',
      requester: back,
    });
    await insertTicket(tenantId, {
      key: 'cr2',
      source: 'email',
      created: '2026-03-20T03:00:00Z',
      requester: back,
    });
    // First an inbound call, then a ticket, both in the range: new once, two contacts.
    await callOf('cc1', '2026-03-20T02:00:00Z', caller!);
    await insertTicket(tenantId, {
      key: 'cc2',
      source: 'zalo',
      created: '2026-03-20T05:00:00Z',
      requester: caller,
    });
    // An inbound call before the range: returning.
    await callOf('ce1', '2026-03-15T02:00:00Z', earlyCaller!);
    await insertTicket(tenantId, {
      key: 'ce2',
      source: 'web',
      created: '2026-03-20T06:00:00Z',
      requester: earlyCaller,
    });
    // We called them before (outbound: not a contact of theirs): still new.
    await callOf('co1', '2026-03-14T02:00:00Z', outbound!, 'CALL_OUTBOUND');
    await insertTicket(tenantId, {
      key: 'co2',
      source: 'web',
      created: '2026-03-20T07:00:00Z',
      requester: outbound,
    });

    const { metrics } = await figures(admin, 'customer', RANGE);
    expect(metrics).toMatchObject({
      customer_contacts: 5,
      customers_new: 2,
      customers_returning: 2,
      // 5 contacts over 4 customers.
      contacts_per_customer: 1.3,
    });
    const fresh = await drill(admin, 'customer', { ...RANGE, metric: 'customers_new' });
    expect(fresh.data.every((row) => row.kind === 'customer')).toBe(true);
    expect(fresh.data.map((row) => row._id).sort()).toEqual([caller, outbound].sort());
  });

  it('lists the 20 customers with the most contacts, most first, and their contacts', async () => {
    // Saturday 2026-03-21 Bangkok: one with 3 contacts, 19 with 2, 3 with 1.
    const day = { from: '2026-03-21', to: '2026-03-21' };
    const counts = [3, ...Array<number>(19).fill(2), 1, 1, 1];
    const names = counts.map((_, index) => `Khách nhiều lần ${String(index).padStart(2, '0')}`);
    const ids = await Promise.all(names.map((name) => insertCustomer(tenant.tenantId, name)));
    for (const [index, count] of counts.entries())
      for (let n = 0; n < count; n++)
        await insertTicket(tenant.tenantId, {
          key: `top-${index}-${n}`,
          source: 'web',
          created: `2026-03-21T0${n + 2}:00:00Z`,
          requester: ids[index],
        });
    const { rows, metrics } = await figures(admin, 'customer', day);
    expect(metrics.customer_contacts).toBe(44);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({
      key: ids[0],
      label: names[0],
      metrics: { customer_contacts: 3 },
    });
    expect(rows.slice(1).every((row) => row.metrics.customer_contacts === 2)).toBe(true);
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(ids.slice(0, 20)));
  });
});

describe('ad funnel', () => {
  // Tuesday 2026-03-10 Bangkok, apart from the other fixtures' days.
  const AD_DAY = { from: '2026-03-10', to: '2026-03-10' };

  beforeAll(async () => {
    const tenantId = tenant.tenantId;
    const db = t.database.db;
    const customer = (name: string) => insertCustomer(tenantId, name);
    const conversation = async (
      key: string,
      created: string,
      requester: string,
      ad: string | null,
    ) => {
      const id = await insertTicket(tenantId, { key, source: 'facebook', created, requester });
      await db.execute(sql`
        insert into conversations (ticket_id, tenant_id, last_message_at, referral, ad_id)
        values (${id}, ${tenantId}, ${created}::timestamptz,
          ${ad ? JSON.stringify({ kind: 'ad', ad_id: ad, title: `Quảng cáo ${ad}`, url: null, ref: null }) : null}::jsonb,
          ${ad})`);
      await message(tenantId, id, created, 'customer');
      return id;
    };
    const [k1, k2, k3, k4] = await Promise.all(
      ['Khách QC 1', 'Khách QC 2', 'Khách QC 3', 'Khách QC 4'].map(customer),
    );
    // a1: answered, became a ticket that was solved the same day.
    const a1 = await conversation('a1', '2026-03-10T02:00:00Z', k1!, 'AD1');
    await message(tenantId, a1, '2026-03-10T02:05:00Z', 'agent', tenant.id('agent'));
    await insertTicket(tenantId, {
      key: 'a1-follow',
      source: 'manual',
      created: '2026-03-10T03:00:00Z',
      requester: k1,
      solved: '2026-03-10T04:00:00Z',
    });
    // a2: nobody answered.
    await conversation('a2', '2026-03-10T05:00:00Z', k2!, 'AD1');
    // a3: answered, became a ticket still open.
    const a3 = await conversation('a3', '2026-03-10T06:00:00Z', k3!, 'AD2');
    await message(tenantId, a3, '2026-03-10T06:10:00Z', 'agent', tenant.id('agent'));
    await insertTicket(tenantId, {
      key: 'a3-follow',
      source: 'manual',
      created: '2026-03-10T07:00:00Z',
      requester: k3,
    });
    // a4: no ad, not counted.
    await conversation('a4', '2026-03-10T08:00:00Z', k4!, null);
  });

  /** Uploads a spend file as multipart, the range in the query string. */
  const uploadSpend = (
    token: string,
    csv: string,
    range: Record<string, string>,
    name = 'chi-phi.csv',
  ) => {
    const boundary = 'spend-boundary';
    const payload = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="${name}"`,
      'Content-Type: text/csv',
      '',
      csv,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return t.app.inject({
      method: 'POST',
      url: `/v2/reports/ad-funnel/spend?${new URLSearchParams(range)}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('counts each stage by hand, per ad with its page, and the cost per conversation from the spend file', async () => {
    // AD1's spend on the day; AD2's over three days (100 000 a day), a Vietnamese amount.
    const uploaded = await uploadSpend(
      admin,
      'ad_id,spend,date\nAD1,200000,10/03/2026\nAD2,"300.000",\n',
      { from: '2026-03-09', to: '2026-03-11' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data).toMatchObject({ lines: 2, total: 500000 });

    const { metrics, rows } = await figures(admin, 'ad-funnel', AD_DAY);
    expect(metrics).toMatchObject({
      ad_conversations: 3, // a1, a2, a3 (not a4)
      ad_conversations_answered: 2, // a1, a3
      ad_conversations_ticketed: 2, // a1, a3
      ad_conversations_solved: 1, // a1
      ad_spend: 300000, // 200 000 + a third of 300 000
      cost_per_ad_conversation: 100000,
    });
    const byAd = new Map(rows.map((row) => [row.key, row]));
    expect(byAd.get('AD1')).toMatchObject({
      label: 'Quảng cáo AD1',
      metrics: {
        ad_conversations: 2,
        ad_conversations_answered: 1,
        ad_spend: 200000,
        cost_per_ad_conversation: 100000,
      },
    });
    expect(byAd.get('AD2')?.metrics).toMatchObject({ ad_conversations: 1, ad_spend: 100000 });
    // Each stage's rows are the conversations it counts.
    const solved = await drill(admin, 'ad-funnel', {
      ...AD_DAY,
      metric: 'ad_conversations_solved',
    });
    expect(solved.data.map((row) => row._id)).toEqual([ids.a1]);
    // Every staff member reads it; their data scope holds (the agent has none of these tickets).
    const mine = await figures(agent, 'ad-funnel', AD_DAY);
    expect(mine.metrics.ad_conversations).toBe(0);
  });

  it('refuses a spend file it cannot read, whole, with the line; only managers upload', async () => {
    const range = { from: '2026-03-09', to: '2026-03-11' };
    const cases: [string, string][] = [
      ['ad,cost\nAD1,1\n', 'Tệp cần cột mã quảng cáo (ad_id) và chi phí (spend)'],
      ['ad_id,spend\nAD1,abc\n', 'Dòng 2: mã quảng cáo hoặc chi phí không hợp lệ'],
      [
        'ad_id,spend,date\nAD1,5,2026-13-01\n',
        'Dòng 2: ngày không hợp lệ (YYYY-MM-DD hoặc DD/MM/YYYY)',
      ],
      ['ad_id,spend\n', 'Tệp không có dòng chi phí nào'],
    ];
    for (const [csv, message] of cases) {
      const response = await uploadSpend(admin, csv, range);
      expect(response.statusCode, csv).toBe(422);
      expect(response.json().errors).toContainEqual({ param: 'file', message });
    }
    const pdf = await uploadSpend(admin, 'x', range, 'chi-phi.pdf');
    expect(pdf.json().errors).toContainEqual({
      param: 'file',
      message: 'Chỉ nhận tệp CSV hoặc XLSX',
    });
    expect((await uploadSpend(leader, 'ad_id,spend\nAD9,1\n', range)).statusCode).toBe(401);
    // Nothing of the refused files was stored.
    const { metrics } = await figures(admin, 'ad-funnel', AD_DAY);
    expect(metrics.ad_spend).toBe(300000);
  });
});

describe('reopens as the ticket pipeline records them', () => {
  it('counts each move from solved or closed back to work, by hand or by a customer reply', async () => {
    const fresh = await seedTenant(t, 'Mở lại');
    const token = await t.login(fresh.email('admin'));
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(token), payload });
    const created = await call('POST', '/v2/tickets', { subject: 'Vòng đời' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    await call('PUT', `/v2/tickets/${id}`, { status: 'solved' });
    await call('PUT', `/v2/tickets/${id}`, { status: 'open' });
    await call('PUT', `/v2/tickets/${id}`, { status: 'closed' });
    await call('PUT', `/v2/tickets/${id}`, { status: 'open' });
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Bangkok',
      dateStyle: 'short',
    }).format(new Date());
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/ticket?from=${today}&to=${today}`,
      headers: bearer(token),
    });
    expect(response.json().data.metrics).toMatchObject({ tickets_created: 1, tickets_reopened: 2 });
  });
});
