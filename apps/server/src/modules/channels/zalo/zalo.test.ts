import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import { TICKET_CONVERSATION_MESSAGES as TICKET_MESSAGES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  postReplyWithFiles,
  SAMPLE_PDF,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { INBOUND_ATTEMPTS, sweepChannelEvents } from '../channel-events.js';
import { fakeZalo, TINY_PNG, type ZaloFake } from '../zalo-fake.js';
import { signatureValid, webhookMac } from './zalo-api.js';
import { codeChallengeOf } from '../oauth-states.js';
import { refreshAccessToken, refreshDueTokens } from './zalo-channel.js';

let t: TestApp;
let zalo: ZaloFake;
const PUBLIC_URL = 'https://omnicare.example';
const waitJobs = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };

beforeAll(async () => {
  zalo = await fakeZalo();
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await zalo.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const query = async <Row>(sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows as Row[];

const channelBody = (name: string) => ({
  kind: 'zalo',
  name,
  settings: { app_id: zalo.account.appId, oauth_base_url: zalo.url, api_base_url: zalo.url },
  secrets: { app_secret_key: zalo.account.appSecret, oa_secret_key: zalo.account.oaSecret },
});

/** Zalo's permission page "granted" by the fake: the query `/zalo-redirect` receives. */
async function grant(permissionUrl: string) {
  const answer = await fetch(permissionUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/zalo-redirect`);
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    oa_id: back.searchParams.get('oa_id') ?? '',
  };
}

/** A tenant with a connected Zalo channel (its admin's token, the channel's id). */
async function connectedTenant(label: string) {
  const tenant = await seedTenant(t, label);
  const admin = await t.login(tenant.email('admin'));
  const created = await staff(admin, 'POST', '/v2/channels', channelBody(`Zalo ${label}`));
  expect(created.statusCode, created.body).toBe(201);
  const channelId = created.json().data._id as string;
  const started = await staff(admin, 'POST', `/v2/channels/${channelId}/zalo/connect`);
  expect(started.statusCode, started.body).toBe(200);
  const completed = await staff(
    admin,
    'POST',
    '/v2/zalo/oauth/complete',
    await grant(started.json().data.url),
  );
  expect(completed.statusCode, completed.body).toBe(200);
  return { tenant, admin, channelId };
}

const post = (channelId: string, signed: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/webhooks/zalo/${channelId}`,
    headers: signed.headers,
    payload: signed.payload,
  });

const messageOf = async (providerId: string) =>
  (
    await query<{
      ticket_id: string;
      kind: string;
      body: string;
      content: Record<string, unknown> | null;
      author_customer_id: string;
      direction: string;
    }>('select * from messages where provider_message_id = $1', [providerId])
  )[0];

const msgIdOf = (signed: { payload: string }) =>
  (JSON.parse(signed.payload) as { message: { msg_id: string } }).message.msg_id;

/** Posts a follower's event and waits until its message is written. */
async function receive(channelId: string, event: Parameters<ZaloFake['webhook']>[0]) {
  const signed = zalo.webhook(event);
  const answer = await post(channelId, signed);
  expect(answer.statusCode, answer.body).toBe(200);
  await expect.poll(() => messageOf(msgIdOf(signed)), waitJobs).toBeDefined();
  return (await messageOf(msgIdOf(signed)))!;
}

describe('Zalo OA signature (shared channels notes 1.1)', () => {
  it('matches the worked example: sha256(app_id + body + timestamp + OA secret), mac= prefix optional', () => {
    const body =
      '{"app_id":"1234567890","user_id_by_app":"555","event_name":"user_send_text","timestamp":"1699003881354","sender":{"id":"6142494823000000000"},"recipient":{"id":"3662729599332560487"},"message":{"text":"Xin chao","msg_id":"cb31dff1c39642cc1b83"}}';
    const mac = '56d2774bf0e43ee5c76306b6866361c4fc923bea142e8b1493b9610b6e97a55c';
    expect(webhookMac('1234567890', body, '1699003881354', 'OA_SECRET_TEST')).toBe(mac);
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(signatureValid(`mac=${mac}`, body, parsed, 'OA_SECRET_TEST')).toBe(true);
    expect(signatureValid(mac, body, parsed, 'OA_SECRET_TEST')).toBe(true);
    expect(signatureValid(`mac=${mac}`, body, parsed, 'OTHER')).toBe(false);
    expect(signatureValid(`mac=${mac}`, body.replace('Xin', 'Xim'), parsed, 'OA_SECRET_TEST')).toBe(
      false,
    );
  });
});

describe('Zalo OA connection (OAuth v4 with PKCE)', () => {
  it('connects through the permission page: state and S256 challenge out, code and verifier exchanged with the app secret header', async () => {
    const tenant = await seedTenant(t, 'Zalo OAuth');
    const admin = await t.login(tenant.email('admin'));
    const channel = (await staff(admin, 'POST', '/v2/channels', channelBody('OA'))).json().data;
    expect(channel.secrets).toEqual({
      app_secret_key: true,
      oa_secret_key: true,
      access_token: false,
      refresh_token: false,
    });
    const started = await staff(admin, 'POST', `/v2/channels/${channel._id}/zalo/connect`);
    const permission = new URL(started.json().data.url);
    expect(`${permission.origin}${permission.pathname}`).toBe(`${zalo.url}/v4/oa/permission`);
    expect(permission.searchParams.get('app_id')).toBe(zalo.account.appId);
    expect(permission.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/zalo-redirect`);
    const challenge = permission.searchParams.get('code_challenge') ?? '';
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const back = await grant(permission.toString());
    const done = await staff(admin, 'POST', '/v2/zalo/oauth/complete', back);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: M.connected,
      data: {
        settings: { oa_id: zalo.account.oaId, oa_name: zalo.account.oaName },
        secrets: { access_token: true, refresh_token: true },
        status: 'active',
      },
    });
    const exchange = zalo.tokenRequests.at(-1)!;
    expect(exchange).toMatchObject({
      app_id: zalo.account.appId,
      grant_type: 'authorization_code',
      code: back.code,
      secret_key: zalo.account.appSecret,
    });
    expect(codeChallengeOf(exchange.code_verifier!)).toBe(challenge);
    // Tokens are sealed and never answered.
    const listed = await staff(admin, 'GET', '/v2/channels?kind=zalo');
    expect(listed.body).not.toMatch(/access-\d|refresh-\d|app-secret-test|OA_SECRET_TEST/);
    const [row] = await query<{ secrets: string }>('select secrets from channels where id = $1', [
      channel._id,
    ]);
    expect(row!.secrets).not.toMatch(/access-\d|refresh-\d/);
    // A save of the channel keeps what the connection wrote, whatever the form sends.
    const saved = await staff(admin, 'PUT', `/v2/channels/${channel._id}`, {
      ...channelBody('OA đổi tên'),
      settings: { ...channelBody('x').settings, oa_name: 'Giả mạo' },
      secrets: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings.oa_name).toBe(zalo.account.oaName);
    expect(saved.json().data.secrets.access_token).toBe(true);
  });

  it('refuses a state it did not start, one spent, one of another administrator, and a code Zalo refuses', async () => {
    const tenant = await seedTenant(t, 'Zalo state');
    const admin = await t.login(tenant.email('admin'));
    const channel = (await staff(admin, 'POST', '/v2/channels', channelBody('OA'))).json().data;
    const refusedState = { statusCode: 422, errors: [{ param: 'state', message: M.stateInvalid }] };

    const forged = await staff(admin, 'POST', '/v2/zalo/oauth/complete', {
      code: 'x',
      state: 'not-ours',
    });
    expect(forged.json()).toMatchObject(refusedState);

    const started = await staff(admin, 'POST', `/v2/channels/${channel._id}/zalo/connect`);
    const back = await grant(started.json().data.url);
    const other = await seedTenant(t, 'Zalo state khác');
    const stranger = await t.login(other.email('admin'));
    const elsewhere = await staff(stranger, 'POST', '/v2/zalo/oauth/complete', back);
    expect(elsewhere.json()).toMatchObject(refusedState);
    // A code not issued for this challenge (PKCE): Zalo refuses the exchange.
    const again = await staff(admin, 'POST', `/v2/channels/${channel._id}/zalo/connect`);
    const wrongCode = await staff(admin, 'POST', '/v2/zalo/oauth/complete', {
      ...back,
      state: new URL(again.json().data.url).searchParams.get('state'),
    });
    expect(wrongCode.json()).toMatchObject({
      statusCode: 422,
      errors: [{ param: 'code', message: M.exchangeFailed('-14005 Invalid authorization code') }],
    });
    // Zalo spends a code once, whatever the verifier: a fresh grant connects.
    const fresh = await grant(
      (await staff(admin, 'POST', `/v2/channels/${channel._id}/zalo/connect`)).json().data.url,
    );
    const ok = await staff(admin, 'POST', '/v2/zalo/oauth/complete', fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    const spent = await staff(admin, 'POST', '/v2/zalo/oauth/complete', fresh);
    expect(spent.json()).toMatchObject(refusedState);
    // The administrator declined on Zalo's page.
    const third = await staff(admin, 'POST', `/v2/channels/${channel._id}/zalo/connect`);
    const declined = await staff(admin, 'POST', '/v2/zalo/oauth/complete', {
      state: new URL(third.json().data.url).searchParams.get('state'),
      error: 'access_denied',
    });
    expect(declined.json()).toMatchObject({ errors: [{ param: 'code', message: M.denied }] });
  });

  it('keeps another tenant out, and only administrators connect', async () => {
    const { tenant, channelId } = await connectedTenant('Zalo riêng');
    const agent = await t.login(tenant.email('agent'));
    expect((await staff(agent, 'POST', `/v2/channels/${channelId}/zalo/connect`)).statusCode).toBe(
      401,
    );
    const other = await seedTenant(t, 'Zalo khác');
    const stranger = await t.login(other.email('admin'));
    for (const action of ['connect', 'disconnect'])
      expect(
        (await staff(stranger, 'POST', `/v2/channels/${channelId}/zalo/${action}`)).statusCode,
      ).toBe(404);
  });

  it('disconnects: the tokens and the OA are forgotten, the channel stays', async () => {
    const { admin, channelId } = await connectedTenant('Zalo ngắt');
    const done = await staff(admin, 'POST', `/v2/channels/${channelId}/zalo/disconnect`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.secrets).toEqual({
      app_secret_key: true,
      oa_secret_key: true,
      access_token: false,
      refresh_token: false,
    });
    expect(done.json().data.settings.oa_name).toBeUndefined();
  });
});

describe('Zalo OA token refresh', () => {
  it('refreshes a token about to expire (the refresh token spent, the new pair stored), and a refused refresh puts the channel in error', async () => {
    const { admin, channelId } = await connectedTenant('Zalo refresh');
    await t.database.pool.query(
      `update channels set settings = jsonb_set(settings, '{token_expires_at}', to_jsonb((now() + interval '5 minutes')::text)) where id = $1`,
      [channelId],
    );
    const before = zalo.tokenRequests.length;
    await refreshDueTokens(t.app.platform);
    const refresh = zalo.tokenRequests
      .slice(before)
      .find((form) => form.grant_type === 'refresh_token');
    expect(refresh).toMatchObject({
      app_id: zalo.account.appId,
      secret_key: zalo.account.appSecret,
    });
    const view = (await staff(admin, 'GET', `/v2/channels/${channelId}`)).json().data;
    expect(Date.parse(view.settings.token_expires_at)).toBeGreaterThan(Date.now() + 24 * 3600_000);
    // Spending the old refresh token again is refused by Zalo: the channel says to reconnect.
    await t.database.pool.query(
      `update channels set settings = jsonb_set(settings, '{token_expires_at}', to_jsonb((now() + interval '5 minutes')::text)) where id = $1`,
      [channelId],
    );
    const sealed = t.app.platform.secrets;
    const [row] = await query<{ secrets: string }>('select secrets from channels where id = $1', [
      channelId,
    ]);
    const secrets = JSON.parse(sealed.open(row!.secrets)) as Record<string, string>;
    await t.database.pool.query('update channels set secrets = $2 where id = $1', [
      channelId,
      sealed.seal(JSON.stringify({ ...secrets, refresh_token: refresh!.refresh_token })),
    ]);
    await refreshDueTokens(t.app.platform);
    const failed = (await staff(admin, 'GET', `/v2/channels/${channelId}`)).json().data;
    expect(failed.status).toBe('error');
    expect(failed.status_reason).toBe(M.refreshFailed('-14014 Invalid refresh token'));
  });
});

describe('Zalo OA token refresh across instances', () => {
  it('two refreshes at once spend the refresh token once (the second waits for the lease and finds the token fresh); no row lock is held meanwhile', async () => {
    const { channelId } = await connectedTenant('Zalo lease');
    await t.database.pool.query(
      `update channels set settings = jsonb_set(settings, '{token_expires_at}', to_jsonb((now() + interval '5 minutes')::text)) where id = $1`,
      [channelId],
    );
    // Another instance holds the lease: both wait, and no token request is made meanwhile.
    await t.database.pool.query(
      `update channels set token_lease_id = gen_random_uuid(), token_lease_until = now() + interval '1 minute' where id = $1`,
      [channelId],
    );
    const before = zalo.tokenRequests.length;
    const both = Promise.all([
      refreshAccessToken(t.app.platform, channelId),
      refreshAccessToken(t.app.platform, channelId),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(zalo.tokenRequests.length).toBe(before);
    // The row is not locked by the waiting refreshers.
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from channels where id = $1 for update nowait', [channelId]);
      await client.query('commit');
    } finally {
      client.release();
    }
    await t.database.pool.query(
      'update channels set token_lease_id = null, token_lease_until = null where id = $1',
      [channelId],
    );
    const [first, second] = await both;
    expect(zalo.tokenRequests.length).toBe(before + 1);
    expect(first!.secrets.access_token).toBe(second!.secrets.access_token);
    const [row] = await query<{ status: string; token_lease_id: string | null }>(
      'select status, token_lease_id from channels where id = $1',
      [channelId],
    );
    expect(row).toEqual({ status: 'active', token_lease_id: null });
  });
});

describe('Zalo OA webhook', () => {
  it('refuses a bad signature (401, nothing stored) and a body changed after signing', async () => {
    const { channelId } = await connectedTenant('Zalo chữ ký');
    const wrong = zalo.webhook(
      { event_name: 'user_send_text', sender: 'u-bad', message: { text: 'Xin chào' } },
      'another-secret',
    );
    const refused = await post(channelId, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(M.badSignature);
    const signed = zalo.webhook({
      event_name: 'user_send_text',
      sender: 'u-bad',
      message: { text: 'A' },
    });
    const tampered = await post(channelId, {
      ...signed,
      payload: signed.payload.replace('"A"', '"B"'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await post(channelId, {
      ...signed,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      await query('select 1 from channel_events where channel_id = $1', [channelId]),
    ).toHaveLength(0);
    expect((await post('00000000-0000-4000-8000-000000000000', signed)).statusCode).toBe(404);
  });

  it('stores deliveries arriving together, a twin among them once, and marks each processed', async () => {
    const { channelId } = await connectedTenant('Zalo cùng lúc');
    const deliveries = ['u-a', 'u-b', 'u-c'].map((sender) =>
      zalo.webhook({ event_name: 'user_send_text', sender, message: { text: `Từ ${sender}` } }),
    );
    const answers = await Promise.all(
      [...deliveries, deliveries[0]!].map((delivery) => post(channelId, delivery)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    await expect
      .poll(
        () =>
          query('select 1 from channel_events where channel_id = $1 and processed_at is not null', [
            channelId,
          ]),
        waitJobs,
      )
      .toHaveLength(3);
    const written = await query<{ body: string }>(
      'select body from messages where channel_id = $1 order by body',
      [channelId],
    );
    expect(written.map((row) => row.body)).toEqual(['Từ u-a', 'Từ u-b', 'Từ u-c']);
  });

  it('checks each delivery against the channel as last saved (the instance remembers it until it changes)', async () => {
    const { admin, channelId } = await connectedTenant('Zalo khóa mới');
    const text = (sender: string, secret?: string) =>
      zalo.webhook({ event_name: 'user_send_text', sender, message: { text: 'Chào' } }, secret);
    expect((await post(channelId, text('u-1'))).statusCode).toBe(200);
    // A new OA secret key saved by the administrator is the one checked from the next delivery.
    const saved = await staff(admin, 'PUT', `/v2/channels/${channelId}`, {
      ...channelBody('Zalo khóa mới'),
      secrets: { oa_secret_key: 'oa-secret-new' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(channelId, text('u-2'))).statusCode).toBe(401);
    expect((await post(channelId, text('u-3', 'oa-secret-new'))).statusCode).toBe(200);
    // A change written elsewhere (another instance, plain SQL) is heard too: paused, ignored.
    await t.database.pool.query(`update channels set status = 'disabled' where id = $1`, [
      channelId,
    ]);
    await t.app.platform.memo.settled();
    expect((await post(channelId, text('u-4', 'oa-secret-new'))).statusCode).toBe(200);
    const stored = await query<{ event_key: string }>(
      'select event_key from channel_events where channel_id = $1',
      [channelId],
    );
    expect(stored).toHaveLength(2);
  });

  it("makes a follower's text a conversation of the channel's customer (named from Zalo), continues it, ignores a redelivery, and opens a new one once closed", async () => {
    const { tenant, admin, channelId } = await connectedTenant('Zalo hội thoại');
    zalo.follow('u-lan', 'Nguyễn Thị Lan');
    const first = await receive(channelId, {
      event_name: 'user_send_text',
      sender: 'u-lan',
      message: { text: 'Cho mình hỏi giá sản phẩm' },
    });
    const [ticket] = await query<{
      source: string;
      subject: string;
      requester_id: string;
      tenant_id: string;
    }>('select * from tickets where id = $1', [first.ticket_id]);
    expect(ticket).toMatchObject({
      source: 'zalo',
      subject: 'Cho mình hỏi giá sản phẩm',
      tenant_id: tenant.tenantId,
    });
    const [customer] = await query<{ name: string; source: string; avatar_url: string }>(
      'select * from customers where id = $1',
      [ticket!.requester_id],
    );
    expect(customer).toMatchObject({ name: 'Nguyễn Thị Lan', source: 'zalo' });
    expect(
      await query('select channel_id from conversations where ticket_id = $1', [first.ticket_id]),
    ).toEqual([{ channel_id: channelId }]);

    // A redelivery (the same body and signature) is acknowledged and written once.
    const signed = zalo.webhook({
      event_name: 'user_send_text',
      sender: 'u-lan',
      message: { text: 'Còn hàng không?' },
    });
    expect((await post(channelId, signed)).statusCode).toBe(200);
    expect((await post(channelId, signed)).statusCode).toBe(200);
    await expect.poll(() => messageOf(msgIdOf(signed)), waitJobs).toBeDefined();
    const second = (await messageOf(msgIdOf(signed)))!;
    expect(second.ticket_id).toBe(first.ticket_id);
    expect(second.author_customer_id).toBe(ticket!.requester_id);
    await expect
      .poll(
        async () =>
          (
            await query(
              'select 1 from channel_events where channel_id = $1 and processed_at is null',
              [channelId],
            )
          ).length,
        waitJobs,
      )
      .toBe(0);
    expect(
      await query('select 1 from messages where provider_message_id = $1', [msgIdOf(signed)]),
    ).toHaveLength(1);

    // Closed: the next message opens a new conversation for the same customer.
    await t.database.pool.query(`update tickets set status = 'closed' where id = $1`, [
      first.ticket_id,
    ]);
    const later = await receive(channelId, {
      event_name: 'user_send_text',
      sender: 'u-lan',
      message: { text: 'Mình hỏi thêm' },
    });
    expect(later.ticket_id).not.toBe(first.ticket_id);
    expect(later.author_customer_id).toBe(ticket!.requester_id);
    // The conversation is in the chat workspace's list.
    await expect
      .poll(async () => {
        const list = await staff(admin, 'GET', '/v2/conversations?box=all');
        return (list.json().data as { _id?: string; ticket_id?: string }[]).some(
          (row) => (row._id ?? row.ticket_id) === later.ticket_id,
        );
      }, waitJobs)
      .toBe(true);
  });

  it('keeps an event it could not write unprocessed, with the reason, for another try', async () => {
    const { channelId } = await connectedTenant('Zalo hỏng');
    const signed = zalo.webhook({ event_name: 'user_send_text', sender: 'u-rong', message: {} });
    expect((await post(channelId, signed)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await query<{ error: string | null; processed_at: Date | null }>(
              'select error, processed_at from channel_events where channel_id = $1',
              [channelId],
            )
          )[0],
        waitJobs,
      )
      .toMatchObject({ error: TICKET_MESSAGES.bodyRequired, processed_at: null });
  });

  it('sweeps an event left unprocessed (the instance died before it), and gives up after its tries', async () => {
    const { channelId, tenant } = await connectedTenant('Zalo quét');
    zalo.follow('u-sweep', 'Khách quét');
    // Stored as the route does, two minutes ago, never processed: a kill -9 in between.
    const event = JSON.parse(
      zalo.webhook({
        event_name: 'user_send_text',
        sender: 'u-sweep',
        message: { text: 'Còn đó không?' },
      }).payload,
    ) as Record<string, unknown>;
    const msgId = (event.message as { msg_id: string }).msg_id;
    await query(
      `insert into channel_events (tenant_id, channel_id, event_key, body, created_at)
       values ($1, $2, $3, $4, now() - interval '2 minutes')`,
      [tenant.tenantId, channelId, `message:${msgId}`, event],
    );
    // One that can never be written (no text): tried by each sweep until its tries are spent.
    const broken = JSON.parse(
      zalo.webhook({ event_name: 'user_send_text', sender: 'u-sweep', message: {} }).payload,
    ) as Record<string, unknown>;
    await query(
      `insert into channel_events (tenant_id, channel_id, event_key, body, created_at)
       values ($1, $2, 'broken', $3, now() - interval '2 minutes')`,
      [tenant.tenantId, channelId, broken],
    );
    await sweepChannelEvents(t.app.platform);
    expect(await messageOf(msgId)).toMatchObject({ body: 'Còn đó không?', direction: 'in' });
    const state = async () =>
      (
        await query<{ attempts: number; processed_at: Date | null; error: string | null }>(
          `select attempts, processed_at, error from channel_events where channel_id = $1 and event_key = 'broken'`,
          [channelId],
        )
      )[0]!;
    expect(await state()).toMatchObject({
      attempts: 1,
      processed_at: null,
      error: TICKET_MESSAGES.bodyRequired,
    });
    // Not due again within the minute after a try; due once that minute is past.
    await sweepChannelEvents(t.app.platform);
    expect((await state()).attempts).toBe(1);
    for (let round = 0; round < INBOUND_ATTEMPTS + 1; round++) {
      await query(
        `update channel_events set tried_at = now() - interval '2 minutes' where channel_id = $1`,
        [channelId],
      );
      await sweepChannelEvents(t.app.platform);
    }
    expect((await state()).attempts).toBe(INBOUND_ATTEMPTS);
  });

  it('knows the follower again after their customer was merged into another', async () => {
    const { admin, channelId } = await connectedTenant('Zalo gộp');
    const first = await receive(channelId, {
      event_name: 'user_send_text',
      sender: 'u-gop',
      message: { text: 'Lần đầu' },
    });
    const survivor = await staff(admin, 'POST', '/v2/customers', { name: 'Khách Giữ Lại' });
    expect(survivor.statusCode, survivor.body).toBe(201);
    const merged = await staff(admin, 'POST', '/v2/customers/merge', {
      survivor_id: survivor.json().data._id,
      merged_id: first.author_customer_id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const again = await receive(channelId, {
      event_name: 'user_send_text',
      sender: 'u-gop',
      message: { text: 'Lần sau' },
    });
    expect(again.author_customer_id).toBe(survivor.json().data._id);
  });

  it('keeps an image as an attachment, a sticker, a location with its coordinates', async () => {
    const { channelId } = await connectedTenant('Zalo tệp');
    const image = await receive(channelId, {
      event_name: 'user_send_image',
      sender: 'u-anh',
      message: {
        text: 'Ảnh lỗi',
        attachments: [{ type: 'image', payload: { url: `${zalo.url}/files/loi.png` } }],
      },
    });
    expect(image).toMatchObject({ kind: 'image', body: 'Ảnh lỗi' });
    const files = await query<{ content_type: string }>(
      'select content_type from ticket_attachments where ticket_id = $1',
      [image.ticket_id],
    );
    expect(files).toEqual([{ content_type: 'image/png' }]);
    const sticker = await receive(channelId, {
      event_name: 'user_send_sticker',
      sender: 'u-anh',
      message: {
        attachments: [{ type: 'sticker', payload: { id: 'st1', url: `${zalo.url}/files/st.png` } }],
      },
    });
    expect(sticker).toMatchObject({ kind: 'sticker', ticket_id: image.ticket_id });
    expect(sticker.content).toMatchObject({ sticker_id: 'st1' });
    const location = await receive(channelId, {
      event_name: 'user_send_location',
      sender: 'u-anh',
      message: {
        attachments: [
          {
            type: 'location',
            payload: { coordinates: { latitude: '21.0285', longitude: '105.8542' } },
          },
        ],
      },
    });
    expect(location).toMatchObject({
      kind: 'location',
      content: { latitude: 21.0285, longitude: 105.8542 },
    });
    expect(location.body).toContain('21.0285, 105.8542');
  });
});

describe('Zalo OA replies', () => {
  /** A conversation with a follower, and the admin's reply on it. */
  async function conversation(label: string, userId: string) {
    const context = await connectedTenant(label);
    zalo.follow(userId, `Khách ${label}`);
    const first = await receive(context.channelId, {
      event_name: 'user_send_text',
      sender: userId,
      message: { text: 'Xin chào shop' },
    });
    const reply = (body: string) =>
      staff(context.admin, 'POST', `/v2/tickets/${first.ticket_id}/comments`, {
        body,
        public: true,
        format: 'text',
      });
    return { ...context, ticketId: first.ticket_id, reply };
  }
  const deliveryOf = async (id: string) =>
    (
      await query<{
        delivery: string;
        delivery_error: string | null;
        delivery_error_code: string | null;
        provider_message_id: string | null;
      }>(
        'select delivery, delivery_error, delivery_error_code, provider_message_id from messages where id = $1',
        [id],
      )
    )[0];

  it('sends the documented request (access_token header, recipient.user_id, message.text) and marks the message sent', async () => {
    const { reply } = await conversation('Zalo gửi', 'u-gui');
    const written = await reply('Dạ shop chào anh/chị');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().data.delivery).toMatchObject({ state: 'queued' });
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');
    const sent = zalo.sent.find((message) => message.message.text === 'Dạ shop chào anh/chị');
    expect(sent).toMatchObject({ recipient: { user_id: 'u-gui' } });
    expect(zalo.accessTokens.has(sent!.access_token)).toBe(true);
    expect((await deliveryOf(id))!.provider_message_id).toMatch(/^oamsg-/);
  });

  it("uploads a reply's image and file to Zalo, sends the image as a media message with the text and the file by its token", async () => {
    const { admin, ticketId } = await conversation('Zalo tệp', 'u-tep');
    const written = await postReplyWithFiles(t, admin, ticketId, 'Ảnh và báo giá ạ', [
      { name: 'anh-san-pham.png', type: 'image/png', content: TINY_PNG },
      { name: 'bao-gia.pdf', type: 'application/pdf', content: SAMPLE_PDF },
    ]);
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');

    // Each file reached Zalo byte for byte, by the upload its kind takes.
    const image = zalo.uploads.find((upload) => upload.fileName === 'anh-san-pham.png');
    const document = zalo.uploads.find((upload) => upload.fileName === 'bao-gia.pdf');
    expect(image).toMatchObject({ kind: 'image', contentType: 'image/png' });
    expect(image!.content.equals(TINY_PNG)).toBe(true);
    expect(document).toMatchObject({ kind: 'file', contentType: 'application/pdf' });
    expect(document!.content.equals(SAMPLE_PDF)).toBe(true);
    // The text rides with the image; the file follows by its token; nothing was sent twice.
    const mine = zalo.sent.filter((message) => message.recipient.user_id === 'u-tep');
    expect(mine.map((message) => message.message)).toEqual([
      {
        text: 'Ảnh và báo giá ạ',
        attachment: {
          type: 'template',
          payload: {
            template_type: 'media',
            elements: [{ media_type: 'image', attachment_id: image!.handle }],
          },
        },
      },
      { attachment: { type: 'file', payload: { token: document!.handle } } },
    ]);
    expect((await deliveryOf(id))!.provider_message_id).toMatch(/^oamsg-/);
  });

  it("moves a sent reply to delivered, then seen, by Zalo's receipts, never back", async () => {
    const { reply, channelId } = await conversation('Zalo biên nhận', 'u-bien-nhan');
    const id = (await reply('Dạ shop đã nhận đơn')).json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');
    const zaloId = (await deliveryOf(id))!.provider_message_id!;
    const receipt = async (event_name: string, message: Record<string, unknown>) => {
      const answer = await post(channelId, zalo.webhook({ event_name, sender: 'oa', message }));
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await receipt('user_received_message', { msg_id: zaloId });
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('delivered');
    await receipt('user_seen_message', { msg_ids: [zaloId] });
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('seen');
    // A late 'received' does not take it back.
    await receipt('user_received_message', { msg_id: zaloId, late: true });
    await receipt('user_seen_message', { msg_ids: [zaloId], again: true });
    const pending = async () =>
      (
        await query<{ n: number }>(
          'select count(*)::int as n from channel_events where channel_id = $1 and processed_at is null',
          [channelId],
        )
      )[0]!.n;
    await expect.poll(pending, waitJobs).toBe(0);
    expect((await deliveryOf(id))?.delivery).toBe('seen');
  });

  it("moves a ZNS notification to delivered by Zalo's receipt, told apart from a chat receipt by its tracking_id", async () => {
    const { channelId, ticketId, tenant, admin } = await conversation('ZNS biên nhận', 'u-zns');
    const zns = await staff(admin, 'POST', '/v2/channels', {
      kind: 'zns',
      name: 'ZNS',
      settings: {},
      secrets: { access_token: 'zns-token' },
    });
    expect(zns.statusCode, zns.body).toBe(201);
    // What a workflow's ZNS block writes (automation's actions.test sends one for real).
    const [written] = await query<{ id: string }>(
      `insert into messages (tenant_id, ticket_id, author_type, direction, body, public, kind,
         channel_id, delivery, provider_message_id)
       values ($1, $2, 'bot', 'out', 'Tin ZNS', true, 'template', $3, 'sent', 'zns-msg-77')
       returning id`,
      [tenant.tenantId, ticketId, zns.json().data._id],
    );
    const deliveredAt = Date.parse('2026-03-02T03:04:05Z');
    const answer = await post(
      channelId,
      zalo.webhook({
        event_name: 'user_received_message',
        sender: 'oa',
        message: {
          msg_id: 'zns-msg-77',
          tracking_id: 'run-1:zns',
          delivery_time: String(deliveredAt),
        },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    await expect
      .poll(async () => (await deliveryOf(written!.id))?.delivery, waitJobs)
      .toBe('delivered');
    const [row] = await query<{ delivered_at: Date }>(
      'select delivered_at from messages where id = $1',
      [written!.id],
    );
    expect(row!.delivered_at.getTime()).toBe(deliveredAt);
  });

  it("records Zalo's refusal on the message (its code and message), and tries a transient failure again", async () => {
    const { reply } = await conversation('Zalo lỗi', 'u-loi');
    zalo.failNextSend({ status: 200, json: { error: -213, message: 'User has not followed OA' } });
    const refused = await reply('Tin bị từ chối');
    const id = refused.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('failed');
    expect(await deliveryOf(id)).toMatchObject({
      delivery_error_code: '-213',
      delivery_error: 'User has not followed OA',
    });
    const listed = await reply('Tin thử lại');
    zalo.failNextSend({ status: 503, json: { error: -500, message: 'busy' } });
    const retried = listed.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(retried))?.delivery, waitJobs).toBe('sent');
  });

  it('marks a reply failed, never left queued, when the channel was disconnected', async () => {
    const { reply, admin, channelId } = await conversation('Zalo ngắt gửi', 'u-ngat');
    const done = await staff(admin, 'POST', `/v2/channels/${channelId}/zalo/disconnect`);
    expect(done.statusCode, done.body).toBe(200);
    const written = await reply('Tin sau khi ngắt');
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('failed');
    expect(await deliveryOf(id)).toMatchObject({ delivery_error_code: 'not_connected' });
  });

  it('refreshes a token Zalo calls invalid (-216) and sends again', async () => {
    const { reply } = await conversation('Zalo 216', 'u-216');
    zalo.revokeAccessTokens();
    const written = await reply('Sau khi làm mới token');
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');
  });

  it('refuses a reply outside the messaging window, in Vietnamese', async () => {
    const { admin, ticketId, reply } = await conversation('Zalo cửa sổ', 'u-cu');
    await t.database.pool.query(
      `update messages set created_at = now() - interval '8 days' where ticket_id = $1 and direction = 'in'`,
      [ticketId],
    );
    const refused = await reply('Quá hạn');
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: M.outsideWindow,
      errors: [{ param: 'body', message: M.outsideWindow }],
    });
    // An internal note is not sent, so no window applies.
    const note = await staff(admin, 'POST', `/v2/tickets/${ticketId}/comments`, {
      body: 'Ghi chú nội bộ',
      public: false,
      format: 'text',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data.delivery).toBeNull();
  });
});
