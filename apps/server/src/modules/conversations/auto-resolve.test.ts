import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_CONFIG_DEFAULTS } from '@omnicare/shared/conversations/chat-config.schemas';
import { VISITOR_TOKEN_HEADER } from '@omnicare/shared/conversations/livechat.schemas';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import {
  AUTO_RESOLVE_CRON,
  AUTO_RESOLVE_JOB,
  findSilentConversations,
  resolveSilent,
  runAutoResolve,
} from './auto-resolve.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SITE = 'https://shop.example';
const delivered = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };
type Method = 'GET' | 'POST' | 'PUT';
const staff = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
let visitorAddress = '10.1.0.1';
let addresses = 1;
beforeEach(() => {
  visitorAddress = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`;
});
const widget = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: visitorAddress,
    headers: { origin: SITE, ...(token ? { [VISITOR_TOKEN_HEADER]: token } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A tenant with a livechat channel, its chat settings saved with `hours` (undefined: never saved). */
async function tenantWith(label: string, hours: number | undefined) {
  const tenant = await seedTenant(t, label);
  const admin = await t.login(tenant.email('admin'));
  if (hours !== undefined) {
    const saved = await staff(admin, 'PUT', '/v2/chat-config', {
      ...CHAT_CONFIG_DEFAULTS,
      auto_resolve_hours: hours,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const channel = await staff(admin, 'POST', '/v2/channels', {
    kind: 'livechat',
    name: 'Website',
    settings: { allowed_domains: ['shop.example'] },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  return { tenant, admin, base: `/v2/livechat/${channel.json().data._id as string}` };
}

/** A visitor's conversation (one message); answers its ticket id once the list row exists. */
async function conversationOf(base: string, name: string) {
  const visitor = await widget('POST', `${base}/visitors`, undefined, { name });
  expect(visitor.statusCode, visitor.body).toBe(201);
  const token = visitor.json().data.visitor_token as string;
  const sent = await widget('POST', `${base}/messages`, token, {
    client_message_id: `${name}-1`,
    body: 'Cho mình hỏi đơn hàng',
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const { rows } = await t.database.pool.query<{ ticket_id: string }>(
    'select ticket_id from messages where id = $1',
    [sent.json().data._id],
  );
  const ticketId = rows[0]!.ticket_id;
  await expect.poll(() => rowOf(ticketId), delivered).toBeDefined();
  return { ticketId, token };
}

const rowOf = async (ticketId: string) =>
  (
    await t.database.pool.query<{ survey_asked_at: Date | null }>(
      'select survey_asked_at from conversations where ticket_id = $1',
      [ticketId],
    )
  ).rows[0];

/** Its last message `hours` ago (what the list shows as its last activity). */
/**
 * Moves the conversation's last message back, once the `conversations` subscriber has taken
 * every event of the ticket so far (a late one would set the time again).
 */
async function silentFor(ticketId: string, hours: number) {
  const refreshed = async () =>
    (
      await t.database.pool.query(
        `select 1 from outbox_progress p where p.subscriber = 'conversations'
           and p.aggregate_id = $1
           and p.delivered_id >= (select max(id) from domain_events where aggregate_id = $1)`,
        [ticketId],
      )
    ).rowCount;
  await expect.poll(refreshed, { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 50 }).toBe(1);
  await t.database.pool.query(
    `update conversations set last_message_at = now() - make_interval(hours => $2) where ticket_id = $1`,
    [ticketId, hours],
  );
}

const statusOf = async (ticketId: string) =>
  (
    await t.database.pool.query<{ status: string }>('select status from tickets where id = $1', [
      ticketId,
    ])
  ).rows[0]!.status;

describe('auto-resolve after hours of silence', () => {
  it('is a cron job of pg-boss', async () => {
    const scheduled = await t.database.pool.query(
      'select cron from pgboss.schedule where name = $1',
      [AUTO_RESOLVE_JOB],
    );
    expect(scheduled.rows).toEqual([{ cron: AUTO_RESOLVE_CRON }]);
  });

  it('resolves a conversation silent longer than its tenant’s setting, as the job, with the survey; a recent one stays', async () => {
    const { admin, base } = await tenantWith('Tự đóng 2 giờ', 2);
    const silent = await conversationOf(base, 'Lan');
    const recent = await conversationOf(base, 'Mai');
    await silentFor(silent.ticketId, 3);
    await silentFor(recent.ticketId, 1);

    await runAutoResolve(t.app.platform);
    expect(await statusOf(silent.ticketId)).toBe('solved');
    expect(await statusOf(recent.ticketId)).toBe('new');

    // One change of the ticket, credited to the job in the activity log.
    const activities = await staff(admin, 'GET', `/v2/tickets/${silent.ticketId}/activities`);
    expect(activities.statusCode, activities.body).toBe(200);
    const entry = (
      activities.json().data as { actor: unknown; via?: { label: string }; changes: object[] }[]
    ).find((item) => item.via);
    expect(entry).toMatchObject({
      actor: null,
      via: {
        kind: 'job',
        name: 'Tự động giải quyết hội thoại',
        label: 'Hệ thống: Tự động giải quyết hội thoại',
      },
      changes: [expect.objectContaining({ field: 'status', to: 'Đã giải quyết' })],
    });
    // The survey and the widget's status follow the ticket's change.
    await expect
      .poll(
        async () => (await widget('GET', `${base}/conversation`, silent.token)).json().data,
        delivered,
      )
      .toMatchObject({ status: 'resolved', survey_pending: true });
    // A second run finds nothing more.
    await runAutoResolve(t.app.platform);
    expect(await statusOf(recent.ticketId)).toBe('new');
  });

  it('follows each tenant’s own setting (the default 24 hours when never saved) and never acts with 0', async () => {
    const short = await tenantWith('Tự đóng 5 giờ', 5);
    const never = await tenantWith('Không tự đóng', 0);
    const unsaved = await tenantWith('Mặc định', undefined);
    const a = await conversationOf(short.base, 'An');
    const b = await conversationOf(never.base, 'Bình');
    const c = await conversationOf(unsaved.base, 'Chi');
    const d = await conversationOf(unsaved.base, 'Dung');
    await silentFor(a.ticketId, 6);
    await silentFor(b.ticketId, 700);
    await silentFor(c.ticketId, 6);
    await silentFor(d.ticketId, CHAT_CONFIG_DEFAULTS.auto_resolve_hours + 1);

    await runAutoResolve(t.app.platform);
    expect(await statusOf(a.ticketId)).toBe('solved');
    expect(await statusOf(b.ticketId)).toBe('new');
    expect(await statusOf(c.ticketId)).toBe('new');
    expect(await statusOf(d.ticketId)).toBe('solved');
  });

  it('leaves a conversation that is already solved or closed alone', async () => {
    const { admin, base } = await tenantWith('Đã đóng', 1);
    const done = await conversationOf(base, 'Hà');
    const solved = await staff(admin, 'PUT', `/v2/tickets/${done.ticketId}`, { status: 'solved' });
    expect(solved.statusCode, solved.body).toBe(200);
    await silentFor(done.ticketId, 5);
    const before = await t.database.pool.query(
      `select count(*)::int as n from audit_log where entity_id = $1`,
      [done.ticketId],
    );
    await runAutoResolve(t.app.platform);
    const after = await t.database.pool.query(
      `select count(*)::int as n from audit_log where entity_id = $1`,
      [done.ticketId],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('a conversation that moved after it was found', () => {
  it('is not resolved by that run: a customer wrote in between', async () => {
    const { base } = await tenantWith('Vừa nhắn', 1);
    const found = await conversationOf(base, 'Quân');
    await silentFor(found.ticketId, 2);
    const rows = (await findSilentConversations(t.app.platform, new Date())).filter(
      (row) => row.ticketId === found.ticketId,
    );
    expect(rows).toHaveLength(1);
    const wrote = await widget('POST', `${base}/messages`, found.token, {
      client_message_id: 'Quân-2',
      body: 'Mình vẫn đang chờ',
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    expect(await resolveSilent(t.app.platform, rows)).toBe(0);
    expect(await statusOf(found.ticketId)).toBe('new');
  });
});
