import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportDimension } from '@omnicare/shared/reports/reports.schemas';
import { dayAndTimeIn, startOfDayIn } from '@omnicare/shared/platform/time';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { contextForUser, type AuthContext } from '../../platform/auth.js';
import {
  figureSets,
  metricContext,
  rollRecentDays,
  rollTenantDays,
  type MetricQuery,
} from './metrics.service.js';
import { ROLLED_FAMILIES, rolledKeysOf } from './metrics-rollup.repository.js';

/*
 * The rollups against the raw rows: a tenant with two weeks of varied tickets, messages,
 * reopens, ratings, surveys and calls; every rolled key, whole and cut by every rolled
 * dimension, under each filter, read through the rollups and from the raw rows, must agree.
 * Then the changes that reach a rolled day (a reassignment, a late message, a call's late
 * end, another time zone) unroll it, and the figures follow.
 */

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: AuthContext;
const ids = {
  groups: [] as string[],
  agents: [] as string[],
  queues: [] as string[],
  tickets: [] as string[],
};
const DAY_MS = 86_400_000;
const KEYS = ROLLED_FAMILIES.flatMap(rolledKeysOf);
const DIMENSIONS: (ReportDimension | undefined)[] = [
  undefined,
  'day',
  'hour',
  'source',
  'group',
  'agent',
  'queue',
  'hotline',
];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const today = () => dayAndTimeIn(new Date(), 'Asia/Bangkok')!.day;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Bangkok wall time `hour` on the day `daysAgo` before today, as an instant. */
const at = (daysAgo: number, hour: number) =>
  new Date(
    Date.parse(`${shift(today(), -daysAgo)}T00:00:00+07:00`) + hour * 3_600_000,
  ).toISOString();
const RANGE = () => ({ from: shift(today(), -14), to: today() });
/** The day holding the instant an hour ago (in Bangkok): the days before it roll whole. */
const settledDay = () => dayAndTimeIn(new Date(Date.now() - 3_600_000), 'Asia/Bangkok')!.day;
/** The days of RANGE rolled whole once every settled day is. */
const settledDays = () => {
  const days: string[] = [];
  for (let day = RANGE().from; day < settledDay(); day = shift(day, 1)) days.push(day);
  return days;
};

async function seed() {
  const db = t.database.db;
  const tenantId = tenant.tenantId;
  const next = random(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  for (const name of ['CSKH', 'Kỹ thuật']) {
    const group = await db.execute<{ id: string }>(
      sql`insert into groups (tenant_id, target, name) values (${tenantId}, 'user', ${name}) returning id`,
    );
    ids.groups.push(group.rows[0]!.id);
  }
  ids.agents = [tenant.id('agent'), tenant.id('agent2'), tenant.id('leader')];
  for (const [index, agent] of ids.agents.entries())
    await db.execute(
      sql`insert into group_members (tenant_id, group_id, user_id) values (${tenantId}, ${ids.groups[index % 2]}, ${agent})`,
    );
  for (const name of ['Hàng chờ 1', 'Hàng chờ 2']) {
    const queue = await db.execute<{ id: string }>(
      sql`insert into queues (tenant_id, name) values (${tenantId}, ${name}) returning id`,
    );
    ids.queues.push(queue.rows[0]!.id);
  }
  for (let index = 0; index < 120; index++) {
    const daysAgo = Math.floor(next() * 15);
    const hour = Math.floor(next() * 24);
    const created = at(daysAgo, hour);
    const solved = next() < 0.6 ? at(Math.max(daysAgo - Math.floor(next() * 3), 0), 23.5) : null;
    const breached = next() < 0.2 ? at(daysAgo, Math.min(hour + 2, 23)) : null;
    const ticket = await db.execute<{ id: string }>(sql`
      insert into tickets (tenant_id, subject, status, source, group_id, assignee_id, created_at,
        updated_at, solved_at, sla_breached_at)
      values (${tenantId}, ${`T${index}`}, ${solved ? 'solved' : 'open'},
        ${pick(['web', 'zalo', 'email', 'facebook', 'phone'])}, ${next() < 0.15 ? null : pick(ids.groups)},
        ${next() < 0.2 ? null : pick(ids.agents)}, ${created}::timestamptz, ${created}::timestamptz,
        ${solved}::timestamptz, ${breached}::timestamptz)
      returning id`);
    const ticketId = ticket.rows[0]!.id;
    ids.tickets.push(ticketId);
    for (let message = 0; message < 3; message++) {
      const customer = next() < 0.5;
      await db.execute(sql`
        insert into messages (tenant_id, ticket_id, author_type, direction, body, public, created_at)
        values (${tenantId}, ${ticketId}, ${customer ? 'customer' : pick(['user', 'bot'])},
          ${customer ? 'in' : 'out'}, 'x', ${next() < 0.9},
          ${created}::timestamptz + ${`${message * 40} minutes`}::interval)`);
    }
    if (next() < 0.3) {
      const rated = next() < 0.7;
      await db.execute(sql`
        insert into conversations (tenant_id, ticket_id, last_message_at, survey_asked_at, rated_at, rating)
        values (${tenantId}, ${ticketId}, ${created}::timestamptz, ${created}::timestamptz + interval '3 hours',
          ${rated ? sql`${created}::timestamptz + interval '4 hours'` : null},
          ${rated ? 1 + Math.floor(next() * 5) : null})`);
    }
    if (next() < 0.15)
      await db.execute(sql`
        insert into audit_log (tenant_id, entity, entity_id, action, before, after, created_at)
        values (${tenantId}, 'ticket', ${ticketId}, 'update', '{"status":"solved"}', '{"status":"open"}',
          ${created}::timestamptz + interval '5 hours')`);
  }
  // The agents' working days; some run past midnight (no NOT AVAILABLE that evening).
  for (const agent of ids.agents)
    for (let daysAgo = 15; daysAgo >= 0; daysAgo--) {
      const changes: [string, number][] = [
        ['AVAILABLE', 7 + next() * 2],
        ['ATLUNCH', 12],
        ['AVAILABLE', 13],
      ];
      if (next() < 0.7) changes.push(['NOT AVAILABLE', 17 + next() * 3]);
      for (const [presence, hour] of changes)
        await db.execute(sql`
          insert into presence_log (tenant_id, user_id, presence, at)
          values (${tenantId}, ${agent}, ${presence}, ${at(daysAgo, hour)}::timestamptz)`);
    }
  for (let index = 0; index < 150; index++) {
    const started = at(Math.floor(next() * 15), next() * 24);
    const result = pick(['answered', 'answered', 'abandoned', 'missed', null]);
    const inbound = next() < 0.8;
    const ended = result !== null || next() < 0.5;
    await db.execute(sql`
      insert into calls (tenant_id, call_id, direction, from_number, hotline, status, started_at,
        queued_at, answered_at, ended_at, talk_seconds, acw_seconds, wait_seconds, result,
        agent_id, queue_id)
      values (${tenantId}, ${`rollup-${index}`}, ${inbound ? 'CALL_INBOUND' : 'CALL_OUTBOUND'},
        '0912000111', ${pick(['19001000', '19002000'])}, ${ended ? 'ENDED' : 'TALKING'},
        ${started}::timestamptz, ${next() < 0.7 ? started : null}::timestamptz,
        ${result === 'answered' ? started : null}::timestamptz,
        ${ended ? sql`${started}::timestamptz + interval '4 minutes'` : null},
        ${Math.floor(next() * 300)}, ${result === 'answered' ? index % 45 : 0},
        ${Math.floor(next() * 40)}, ${result},
        ${next() < 0.2 ? null : pick(ids.agents)}, ${next() < 0.3 ? null : pick(ids.queues)})`);
  }
}

/**
 * Every rolled key under `query`, whole and cut by each rolled dimension, two ways. The cuts
 * are asked together, without the hour, and the whole alone: each reads another grain.
 */
async function bothWays(query: MetricQuery) {
  const context = await metricContext(t.app.platform, admin, query);
  const asked = [DIMENSIONS, DIMENSIONS.filter((dimension) => dimension !== 'hour'), [undefined]];
  const plain = (sets: Awaited<ReturnType<typeof figureSets>>) =>
    sets.map((lines) =>
      Object.fromEntries([...lines].map(([key, figures]) => [String(key), figures])),
    );
  const ways = async (rollups: boolean) => {
    const sets = [];
    for (const dimensions of asked)
      sets.push(
        ...plain(
          await figureSets(
            t.app.platform,
            rollups ? context : { ...context, rollups: false },
            dimensions.map((dimension) => ({ keys: KEYS, dimension })),
          ),
        ),
      );
    return sets;
  };
  const [rolled, raw] = await Promise.all([ways(true), ways(false)]);
  return { rolled, raw };
}

/** The hours rolled of days not rolled whole, as `day hour`. */
const rolledHours = async () =>
  (
    await t.database.db.execute<{ line: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') || ' ' || hour as line from report_hours
        where tenant_id = ${tenant.tenantId} order by day, hour`,
    )
  ).rows.map((row) => row.line);

const rolledDays = async () =>
  (
    await t.database.db.execute<{ day: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day from report_days where tenant_id = ${tenant.tenantId} order by day`,
    )
  ).rows.map((row) => row.day);

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Rollup');
  await seed();
  const context = await contextForUser(t.database.pool, tenant.id('admin'));
  if (!context) throw new Error('no context');
  admin = context;
});
afterAll(() => t.close());

describe('rollups', () => {
  it('give every rolled key, whole and cut by each dimension, as the raw rows do, under each filter', async () => {
    const filters: Record<string, string>[] = [
      {},
      { group_id: ids.groups[0]! },
      { agent_id: ids.agents[1]! },
      { queue_id: ids.queues[0]! },
      { source: 'zalo' },
      { source: 'CALL_INBOUND' },
    ];
    for (const filter of filters) {
      const { rolled, raw } = await bothWays({ ...RANGE(), ...filter });
      expect(rolled, JSON.stringify(filter)).toEqual(raw);
    }
    // More days missing than a report rolls itself: it answered from the raw rows (above), and
    // a job rolls the days settled whole (those before the day of an hour ago).
    await vi.waitFor(async () => expect(await rolledDays()).toEqual(settledDays()), {
      timeout: 30_000,
      interval: 100,
    });
    // Something was counted, so the comparison compared figures.
    const { rolled } = await bothWays(RANGE());
    expect(rolled[0]!.null).toMatchObject({
      tickets_created: 120,
      calls_offered: expect.any(Number),
    });
    expect(rolled[0]!.null!.calls_offered).toBeGreaterThan(50);
    expect(rolled[0]!.null!.chats_missed).toBeGreaterThan(0);
    expect(rolled[0]!.null!.first_response_median_s).toBeGreaterThan(0);
    expect(rolled[0]!.null!.resolution_p90_s).toBeGreaterThan(0);
  });

  it('a reassignment, a late message, a late call end and another time zone unroll the days they reach', async () => {
    const db = t.database.db;
    await bothWays(RANGE());
    expect(await rolledDays()).toEqual(settledDays());

    // The oldest ticket moves to the other department: its days unroll, and its figures follow.
    const oldest = await db.execute<{ id: string; day: string; group_id: string | null }>(sql`
      select id, to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, group_id
      from tickets where tenant_id = ${tenant.tenantId} and created_at < ${at(3, 0)}::timestamptz
      order by created_at limit 1`);
    const ticket = oldest.rows[0]!;
    const moved = ticket.group_id === ids.groups[0] ? ids.groups[1]! : ids.groups[0]!;
    await db.execute(sql`update tickets set group_id = ${moved} where id = ${ticket.id}`);
    expect(await rolledDays()).not.toContain(ticket.day);
    const afterMove = await bothWays({ ...RANGE(), group_id: moved });
    expect(afterMove.rolled).toEqual(afterMove.raw);
    // A few days missing: the report rolled them itself before it answered.
    expect(await rolledDays()).toContain(ticket.day);

    // A message written into a rolled day (an import) unrolls it.
    const day = shift(today(), -5);
    expect(await rolledDays()).toContain(day);
    await db.execute(sql`
      insert into messages (tenant_id, ticket_id, author_type, direction, body, public, created_at)
      values (${tenant.tenantId}, ${ids.tickets[1]}, 'customer', 'in', 'x', true, ${at(5, 12)}::timestamptz)`);
    expect(await rolledDays()).not.toContain(day);

    // A customer message written a day before a rolled reply starts that reply's block earlier:
    // the reply's day unrolls too (not only the message's), and its reply time follows.
    await bothWays(RANGE());
    const reply = await db.execute<{ ticket_id: string; created_at: string; day: string }>(sql`
      select m.ticket_id, m.created_at::text,
        to_char(m.created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day
      from messages m where m.tenant_id = ${tenant.tenantId} and m.author_type = 'user'
        and m.public and m.direction = 'out'
        and m.created_at between ${at(10, 0)}::timestamptz and ${at(3, 0)}::timestamptz
      order by m.created_at limit 1`);
    const replied = reply.rows[0]!;
    expect(await rolledDays()).toContain(replied.day);
    await db.execute(sql`
      insert into messages (tenant_id, ticket_id, author_type, direction, body, public, created_at)
      values (${tenant.tenantId}, ${replied.ticket_id}, 'customer', 'in', 'x', true,
        ${replied.created_at}::timestamptz - interval '1 day')`);
    expect(await rolledDays()).not.toContain(replied.day);
    const afterEarlier = await bothWays(RANGE());
    expect(afterEarlier.rolled).toEqual(afterEarlier.raw);

    // A call of a rolled day that ends late unrolls it.
    await bothWays(RANGE());
    const call = await db.execute<{ id: string; day: string }>(sql`
      select id, to_char(started_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day from calls
      where tenant_id = ${tenant.tenantId} and ended_at is null and started_at < ${at(3, 0)}::timestamptz limit 1`);
    await db.execute(
      sql`update calls set ended_at = now(), result = 'abandoned', status = 'ENDED' where id = ${call.rows[0]!.id}`,
    );
    expect(await rolledDays()).not.toContain(call.rows[0]!.day);
    const afterCall = await bothWays(RANGE());
    expect(afterCall.rolled).toEqual(afterCall.raw);

    // A presence change written into a rolled day reaches every day until the next change:
    // here, with no change after it, every day since.
    await bothWays(RANGE());
    await db.execute(sql`
      insert into presence_log (tenant_id, user_id, presence, at)
      values (${tenant.tenantId}, ${ids.agents[0]}, 'MEETING', ${at(6, 23.5)}::timestamptz)`);
    expect((await rolledDays()).filter((rolled) => rolled >= shift(today(), -6))).toEqual([]);
    await db.execute(
      sql`delete from presence_log where user_id = ${ids.agents[0]} and presence = 'MEETING'`,
    );
    const afterPresence = await bothWays(RANGE());
    expect(afterPresence.rolled).toEqual(afterPresence.raw);

    // A chat reassigned after days open: its load leaves every one of those days.
    const open = await db.execute<{ id: string; first: string; last: string }>(sql`
      select id, to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as first,
        to_char(solved_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as last
      from tickets where tenant_id = ${tenant.tenantId} and source in ('web', 'zalo', 'facebook')
        and assignee_id is not null and solved_at < ${at(3, 0)}::timestamptz
        and solved_at - created_at > interval '1 day'
      order by created_at limit 1`);
    const chat = open.rows[0]!;
    const other = ids.agents.find((agent) => agent !== tenant.id('agent'))!;
    await db.execute(sql`
      update tickets set assignee_id = case when assignee_id = ${other} then ${tenant.id('agent')}::uuid
        else ${other}::uuid end where id = ${chat.id}`);
    const rolledAfter = await rolledDays();
    for (let day = chat.first; day <= chat.last; day = shift(day, 1))
      expect(rolledAfter).not.toContain(day);
    const afterReassign = await bothWays(RANGE());
    expect(afterReassign.rolled).toEqual(afterReassign.raw);

    // New messages and calls of today touch no rolled day.
    const rolledNow = await rolledDays();
    await db.execute(sql`
      insert into messages (tenant_id, ticket_id, author_type, direction, body, public)
      values (${tenant.tenantId}, ${ids.tickets[2]}, 'customer', 'in', 'x', true)`);
    expect(await rolledDays()).toEqual(rolledNow);

    // Days are the tenant's: another time zone unrolls them all, and they roll again in it.
    await db.execute(
      sql`update tenants set time_zone = 'Asia/Tokyo' where id = ${tenant.tenantId}`,
    );
    expect(await rolledDays()).toEqual([]);
    const tokyo = await bothWays(RANGE());
    expect(tokyo.rolled).toEqual(tokyo.raw);
    await db.execute(
      sql`update tenants set time_zone = 'Asia/Bangkok' where id = ${tenant.tenantId}`,
    );
  });

  it('the settled hours of the day after the rolled days roll too, and a change reaching one unrolls it', async () => {
    const db = t.database.db;
    // A zone of whole hours where it is now between noon and one: today's hours 0 to 10 have
    // ended more than an hour ago.
    let offset = 12 - new Date().getUTCHours();
    if (offset < -12) offset += 24;
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    await db.execute(sql`update tenants set time_zone = ${zone} where id = ${tenant.tenantId}`);
    try {
      const localToday = dayAndTimeIn(new Date(), zone)!.day;
      const range = { from: shift(localToday, -14), to: localToday };
      const settledHours = () => {
        const hour = Number(dayAndTimeIn(new Date(Date.now() - 3_600_000), zone)!.time.slice(0, 2));
        return Array.from({ length: hour }, (_, index) => `${localToday} ${index}`);
      };
      // Fifteen days missing: a job rolls them, then a report rolls the hours of today itself.
      await bothWays(range);
      await vi.waitFor(
        async () => expect((await rolledDays()).at(-1)).toBe(shift(localToday, -1)),
        { timeout: 30_000, interval: 100 },
      );
      const whole = await bothWays(range);
      expect(whole.rolled).toEqual(whole.raw);
      expect(await rolledHours()).toEqual(settledHours());
      const today = await bothWays({ from: localToday, to: localToday });
      expect(today.rolled).toEqual(today.raw);

      // A call written into a rolled hour (08:20) unrolls that hour alone; its end, later, again.
      const eight = startOfDayIn(localToday, zone).getTime() + 8 * 3_600_000;
      const call = await db.execute<{ id: string }>(sql`
        insert into calls (tenant_id, call_id, direction, from_number, hotline, status, started_at,
          queued_at, agent_id, queue_id)
        values (${tenant.tenantId}, 'late-hour', 'CALL_INBOUND', '0912000111', '19001000', 'RINGING',
          ${new Date(eight + 20 * 60_000).toISOString()}::timestamptz,
          ${new Date(eight + 20 * 60_000).toISOString()}::timestamptz, ${ids.agents[0]}, ${ids.queues[0]})
        returning id`);
      expect(await rolledHours()).toEqual(
        settledHours().filter((hour) => hour !== `${localToday} 8`),
      );
      const afterInsert = await bothWays(range);
      expect(afterInsert.rolled).toEqual(afterInsert.raw);
      expect(await rolledHours()).toEqual(settledHours());
      await db.execute(sql`
        update calls set status = 'ENDED', result = 'abandoned', ended_at = now(), wait_seconds = 30
        where id = ${call.rows[0]!.id}`);
      expect(await rolledHours()).not.toContain(`${localToday} 8`);
      const afterEnd = await bothWays({ ...range, queue_id: ids.queues[0]! });
      expect(afterEnd.rolled).toEqual(afterEnd.raw);

      // A message and a call of now touch no rolled hour.
      const before = await rolledHours();
      await db.execute(sql`
        insert into messages (tenant_id, ticket_id, author_type, direction, body, public)
        values (${tenant.tenantId}, ${ids.tickets[3]}, 'customer', 'in', 'x', true)`);
      await db.execute(sql`
        insert into calls (tenant_id, call_id, direction, from_number, status, started_at)
        values (${tenant.tenantId}, 'now-call', 'CALL_INBOUND', '0912000111', 'RINGING', now())`);
      expect(await rolledHours()).toEqual(before);
    } finally {
      await db.execute(
        sql`update tenants set time_zone = 'Asia/Bangkok' where id = ${tenant.tenantId}`,
      );
    }
    expect(await rolledHours()).toEqual([]);
  });

  it('the hourly job rolls the recent days of every tenant that has rollups', async () => {
    await rollTenantDays(t.app.platform, tenant.tenantId, RANGE().from, shift(today(), -2));
    await t.database.db.execute(
      sql`delete from report_days where tenant_id = ${tenant.tenantId} and day >= ${shift(today(), -4)}::date`,
    );
    await rollRecentDays(t.app.platform);
    expect((await rolledDays()).filter((day) => day >= RANGE().from)).toEqual(settledDays());

    // A tenant whose reports asked only for today has hours rolled and no day: it is kept too,
    // and a day rolled whole drops its hours.
    const old = shift(today(), -3);
    await t.database.db.execute(sql`delete from report_days where tenant_id = ${tenant.tenantId}`);
    await t.database.db.execute(sql`
      insert into report_hours (tenant_id, day, hour) values (${tenant.tenantId}, ${old}::date, 5)
      on conflict do nothing`);
    await rollRecentDays(t.app.platform);
    expect((await rolledDays()).filter((day) => day >= RANGE().from)).toEqual(settledDays());
    expect(await rolledHours()).not.toContain(`${old} 5`);
  });

  it("the triggers' list of chat sources is the product's", async () => {
    const definition = await t.database.db.execute<{ body: string }>(
      sql`select pg_get_functiondef('report_chat_open_days'::regproc) as body`,
    );
    const listed = /IN \(([^)]*)\)/.exec(definition.rows[0]!.body)![1]!;
    expect(listed.split(',').map((source) => source.trim().replace(/'/g, ''))).toEqual([
      ...CHAT_SOURCES,
    ]);
  });

  it('REPORT_ROLLUPS=0 reads the raw rows and rolls nothing', async () => {
    const raw = await createTestApp({ reportRollups: false });
    try {
      const other = await seedTenant(raw, 'Không rollup');
      const token = await raw.login(other.email('admin'));
      const answer = await raw.app.inject({
        method: 'GET',
        url: `/v2/reports/ticket?from=${shift(today(), -10)}&to=${today()}`,
        headers: bearer(token),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const days = await raw.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from report_days where tenant_id = ${other.tenantId}`,
      );
      expect(days.rows[0]!.n).toBe(0);
    } finally {
      await raw.close();
    }
  });
});
