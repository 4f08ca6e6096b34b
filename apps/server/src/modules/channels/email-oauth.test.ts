import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  EMAIL_OAUTH_MESSAGES as M,
  EMAIL_OAUTH_PROVIDERS,
} from '@omnicare/shared/channels/email-oauth.schemas';
import { EMAIL_TEST_MESSAGES as T } from '@omnicare/shared/channels/email-settings';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { DOVECOT_MISSING, rawMail, startDovecot, type TestDovecot } from '../../test/dovecot.js';
import { mailboxesRead, pollMailbox } from './email.service.js';
import { accessTokenOf, forgetAccessToken } from './email-oauth.js';
import { loadChannel } from './channel-loader.js';
import { fakeOauth2, type OauthFake } from './oauth2-fake.js';

process.env.EMAIL_RETRY_SECONDS = '0.001';
process.env.EMAIL_TIMEOUT_MS = '5000';

if (DOVECOT_MISSING) console.warn(DOVECOT_MISSING);

const MAILBOX = 'support@shop.test';
/** Only for delivering test mail into the folder (PLAIN); OmniCare logs in with tokens. */
const DELIVERY_PASSWORD = 'delivery-only-1';
const CLIENT_SECRET = 'fake-client-secret';
/** A public client registered at the fake (RFC 8252: no secret, PKCE only). */
const PUBLIC_CLIENT = 'omnicare-public-client.apps.example';

let t: TestApp;
let dovecot: TestDovecot;
let oauth: OauthFake;
let smtp: SMTPServer;
let smtpPort = 0;
const received: ParsedMail[] = [];
/** The SASL mechanism and user of each SMTP login the server accepted or refused. */
const smtpLogins: { method: string; user: string; ok: boolean }[] = [];
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const oauthMailbox = (
  name: string,
  overrides: Record<string, unknown> = {},
  secrets: Record<string, string> = { oauth_client_secret: CLIENT_SECRET },
) => ({
  kind: 'email',
  name,
  settings: {
    auth_method: 'oauth2',
    oauth_provider: 'custom',
    oauth_client_id: oauth.clientId,
    oauth_authorize_url: oauth.authorizeUrl,
    oauth_token_url: oauth.tokenUrl,
    oauth_scope: 'mail offline_access',
    imap_host: '127.0.0.1',
    imap_port: dovecot.port,
    imap_tls: false,
    imap_user: MAILBOX,
    poll_minutes: 60,
    smtp_host: '127.0.0.1',
    smtp_port: smtpPort,
    smtp_security: 'none',
    from_address: MAILBOX,
    from_name: 'CSKH Shop',
    ...overrides,
  },
  secrets,
});

async function createMailbox(body: object) {
  const created = await send('POST', '/v2/channels', admin, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data._id as string;
}

/** What the browser does: the provider's page (the fake consents at once) and its redirect. */
async function consent(url: string) {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  return { back, params: Object.fromEntries(back.searchParams) };
}

/** Connects a saved mailbox through the fake: the channel view after completion. */
async function connect(channelId: string, token = admin) {
  const started = await send('POST', `/v2/channels/${channelId}/email/oauth/connect`, token);
  expect(started.statusCode, started.body).toBe(200);
  const { params } = await consent(started.json().data.url);
  const completed = await send('POST', '/v2/email/oauth/complete', token, params);
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json().data;
}

const channelOf = async (id: string) => (await send('GET', `/v2/channels/${id}`, admin)).json();
const refreshGrants = () =>
  oauth.tokenRequests.filter((request) => request.grant_type === 'refresh_token').length;

async function ticketOfMessage(providerMessageId: string) {
  const { rows } = await t.database.pool.query<{ ticket_id: string; source: string }>(
    `select m.ticket_id, t.source from messages m join tickets t on t.id = m.ticket_id
      where m.tenant_id = $1 and m.provider_message_id = $2`,
    [tenant.tenantId, providerMessageId],
  );
  return rows;
}

describe.skipIf(DOVECOT_MISSING)('email channel with OAuth2 (XOAUTH2)', () => {
  beforeAll(async () => {
    oauth = await fakeOauth2({
      username: MAILBOX,
      clientSecret: CLIENT_SECRET,
      publicClientIds: [PUBLIC_CLIENT],
    });
    dovecot = await startDovecot(
      { [MAILBOX]: DELIVERY_PASSWORD },
      { oauth2: { introspectionUrl: oauth.introspectionUrl } },
    );
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      authMethods: ['XOAUTH2', 'PLAIN', 'LOGIN'],
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        const ok =
          auth.method === 'XOAUTH2' &&
          auth.username === MAILBOX &&
          oauth.isLive(auth.accessToken ?? '', auth.username ?? '');
        smtpLogins.push({ method: auth.method, user: auth.username ?? '', ok });
        if (ok) return callback(null, { user: auth.username });
        // What Gmail answers a refused token (smtp-server turns `data` into the 334 challenge).
        return callback(null, {
          data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' },
        });
      },
      onData(stream, _session, callback) {
        void simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp();
    tenant = await seedTenant(t, 'Email OAuth2');
    admin = await t.login(tenant.email('admin'));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await dovecot?.stop();
    await oauth?.close();
  });

  it('an OAuth2 mailbox needs its client id and secret, not passwords; bad input is a Vietnamese 422', async () => {
    const refused = async (body: object) => {
      const answer = await send('POST', '/v2/channels', admin, body);
      expect(answer.statusCode, answer.body).toBe(422);
      return answer.json().errors;
    };
    expect(await refused(oauthMailbox('Thiếu client id', { oauth_client_id: '' }))).toContainEqual({
      param: 'settings.oauth_client_id',
      message: M.clientIdRequired,
    });
    expect(await refused(oauthMailbox('Thiếu secret', {}, {}))).toEqual([
      { param: 'secrets.oauth_client_secret', message: 'Client secret không được bỏ trống' },
    ]);
    expect(
      await refused(
        oauthMailbox('Thiếu địa chỉ', { oauth_authorize_url: '', oauth_token_url: '' }),
      ),
    ).toEqual([
      { param: 'settings.oauth_authorize_url', message: M.authorizeUrlRequired },
      { param: 'settings.oauth_token_url', message: M.tokenUrlRequired },
    ]);
    expect(
      await refused(oauthMailbox('Địa chỉ sai', { oauth_token_url: 'ftp://x y' })),
    ).toContainEqual({ param: 'settings.oauth_token_url', message: M.urlInvalid });
    expect(await refused(oauthMailbox('Kiểu sai', { auth_method: 'kerberos' }))).toContainEqual({
      param: 'settings.auth_method',
      message: M.methodInvalid,
    });
    expect(
      await refused(oauthMailbox('Nhà cung cấp sai', { oauth_provider: 'yahoo' })),
    ).toContainEqual({ param: 'settings.oauth_provider', message: M.providerInvalid });
    // The refresh token is the connection's to write, never a body's.
    expect(
      await refused(
        oauthMailbox('Tự ghi token', {}, { oauth_client_secret: 'x', oauth_refresh_token: 'x' }),
      ),
    ).toContainEqual(expect.objectContaining({ param: 'secrets.oauth_refresh_token' }));

    // Google's and Microsoft's endpoints and scope are filled when left blank.
    for (const provider of ['google', 'microsoft'] as const) {
      const id = await createMailbox(
        oauthMailbox(`Hộp thư ${provider}`, {
          oauth_provider: provider,
          oauth_authorize_url: '',
          oauth_token_url: '',
          oauth_scope: '',
        }),
      );
      const { data } = await channelOf(id);
      expect(data.settings).toMatchObject({
        auth_method: 'oauth2',
        oauth_authorize_url: EMAIL_OAUTH_PROVIDERS[provider].authorize_url,
        oauth_token_url: EMAIL_OAUTH_PROVIDERS[provider].token_url,
        oauth_scope: EMAIL_OAUTH_PROVIDERS[provider].scope,
      });
      expect(data.secrets).toEqual({
        imap_password: false,
        smtp_password: false,
        oauth_client_secret: true,
        oauth_refresh_token: false,
      });
    }
  });

  it('connects by the authorization code with PKCE and a one-use state; mail comes in by IMAP and a reply goes out by SMTP with access tokens', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư OAuth2'));
    // Not connected yet: the mailbox says it needs a connection.
    await pollMailbox(t.app.platform, id);
    expect((await channelOf(id)).data).toMatchObject({
      status: 'error',
      status_reason: M.notConnected,
    });

    const started = await send('POST', `/v2/channels/${id}/email/oauth/connect`, admin);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(oauth.authorizeUrl);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: oauth.clientId,
      redirect_uri: `${t.config.publicUrl.replace(/\/$/, '')}/email-redirect`,
      scope: 'mail offline_access',
      code_challenge_method: 'S256',
      login_hint: MAILBOX,
    });
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    const { params } = await consent(url.toString());
    expect(params.state).toBe(query.state);

    // A state that was never started, or another administrator's, is refused.
    const forged = await send('POST', '/v2/email/oauth/complete', admin, {
      ...params,
      state: 'forged-state-value-123456',
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toEqual([{ param: 'state', message: M.stateInvalid }]);
    const supervisorOfOther = await t.login((await seedTenant(t, 'Khác')).email('admin'));
    expect(
      (await send('POST', '/v2/email/oauth/complete', supervisorOfOther, params)).json().errors,
    ).toEqual([{ param: 'state', message: M.stateInvalid }]);

    const completed = await send('POST', '/v2/email/oauth/complete', admin, params);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().message).toBe(M.connected);
    const view = completed.json().data;
    expect(view).toMatchObject({ status: 'active', status_reason: null });
    expect(view.secrets.oauth_refresh_token).toBe(true);
    expect(Date.parse(view.settings.oauth_connected_at)).toBeGreaterThan(Date.now() - 60_000);
    // The server sent the verifier whose S256 is the challenge (the fake checked it too).
    const exchange = oauth.tokenRequests.findLast((one) => one.grant_type === 'authorization_code');
    expect(createHash('sha256').update(exchange!.code_verifier!, 'ascii').digest('base64url')).toBe(
      query.code_challenge,
    );
    expect(exchange).toMatchObject({ client_secret: CLIENT_SECRET, code: params.code });
    // The state is spent.
    expect((await send('POST', '/v2/email/oauth/complete', admin, params)).json().errors).toEqual([
      { param: 'state', message: M.stateInvalid },
    ]);

    // Mail in: Dovecot checks the token against the fake's introspection endpoint.
    const seen = oauth.introspections.length;
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'Lan <lan@khach.test>',
        to: MAILBOX,
        subject: 'Hỏi về bảo hành',
        messageId: '<oauth-in-1@khach.test>',
        text: 'Máy của tôi còn bảo hành không?',
      }),
    );
    const outcomes = await pollMailbox(t.app.platform, id);
    expect(outcomes.map((one) => one.outcome)).toEqual(['written']);
    expect(oauth.introspections.length).toBeGreaterThan(seen);
    const [ticket] = await ticketOfMessage('<oauth-in-1@khach.test>');
    expect(ticket?.source).toBe('email');

    // A reply out, logged in to SMTP by XOAUTH2.
    const reply = await send('POST', `/v2/tickets/${ticket!.ticket_id}/comments`, admin, {
      body: 'Dạ máy của chị còn bảo hành 6 tháng ạ.',
      public: true,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const state = async () =>
      (
        await t.database.pool.query<{ delivery: string; delivery_error: string | null }>(
          'select delivery, delivery_error from messages where id = $1',
          [reply.json().data._id],
        )
      ).rows[0]!;
    await vi.waitFor(async () => expect((await state()).delivery).toBe('sent'), {
      timeout: OUTBOX_DELIVERY_WAIT_MS,
      interval: 50,
    });
    expect(received.find((mail) => mail.text?.includes('còn bảo hành 6 tháng'))).toBeDefined();
    expect(smtpLogins.at(-1)).toEqual({ method: 'XOAUTH2', user: MAILBOX, ok: true });

    // Secrets (client secret, refresh and access tokens) are in no answer.
    const listed = await send('GET', '/v2/channels?kind=email', admin);
    const fakeSecrets = [CLIENT_SECRET, ...oauth.tokenRequests.map((one) => one.refresh_token)];
    for (const body of [listed.body, completed.body, (await channelOf(id)) && listed.body])
      for (const secret of fakeSecrets.filter(Boolean)) expect(body).not.toContain(secret);
    expect(listed.body).not.toMatch(/ya29\.fake-access|1\/\/fake-refresh/);
  });

  it('keeps an access token until shortly before it expires, and replaces one a server refuses', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư token'));
    oauth.control.expiresIn = 3600;
    await connect(id);
    const before = refreshGrants();
    await pollMailbox(t.app.platform, id);
    await pollMailbox(t.app.platform, id);
    // The token from the code exchange served both polls.
    expect(refreshGrants()).toBe(before);

    // The server stops accepting it (expired early, revoked): IMAP refuses, one refresh, retried.
    oauth.expireAccessTokens();
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'b@khach.test',
        to: MAILBOX,
        subject: 'x',
        messageId: '<oauth-r@k>',
        text: 'x',
      }),
    );
    const outcomes = await pollMailbox(t.app.platform, id);
    expect(outcomes.map((one) => one.outcome)).toContain('written');
    expect(refreshGrants()).toBe(before + 1);
    expect((await channelOf(id)).data.status).toBe('active');
    // A refused SMTP login is retried with a new token as well (the connection test's SMTP side).
    oauth.expireAccessTokens();
    const tested = await send('POST', `/v2/channels/${id}/test`, admin);
    expect(tested.json().data.ok, tested.body).toBe(true);

    // A token with little time left is not used: each use asks for a new one.
    oauth.control.expiresIn = 120;
    oauth.expireAccessTokens();
    await pollMailbox(t.app.platform, id);
    const short = refreshGrants();
    await pollMailbox(t.app.platform, id);
    expect(refreshGrants()).toBe(short + 1);
    oauth.control.expiresIn = 3600;

    // A server rotating refresh tokens: the new one is stored and used next time.
    oauth.control.rotateRefreshTokens = true;
    oauth.expireAccessTokens();
    await pollMailbox(t.app.platform, id);
    await pollMailbox(t.app.platform, id);
    oauth.control.rotateRefreshTokens = false;
    expect((await channelOf(id)).data.status).toBe('active');
  });

  it('a refused refresh (invalid_grant) fails a reply with the reason and puts the mailbox in error with "Cần kết nối lại", and connecting again clears it', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư thu hồi'));
    await connect(id);
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'Hoa <hoa@khach.test>',
        to: MAILBOX,
        subject: 'Đổi địa chỉ giao hàng',
        messageId: '<oauth-revoked-1@khach.test>',
        text: 'Giao giúp tôi về địa chỉ mới.',
      }),
    );
    await pollMailbox(t.app.platform, id);
    const [ticket] = await ticketOfMessage('<oauth-revoked-1@khach.test>');
    expect(ticket).toBeDefined();
    oauth.revokeRefreshTokens();
    oauth.expireAccessTokens();
    // A reply then: SMTP refuses the kept token, the refresh is refused, and the reply fails at
    // once with the provider's reason (not tried again: only a new connection can help).
    const reply = await send('POST', `/v2/tickets/${ticket!.ticket_id}/comments`, admin, {
      body: 'Dạ em đã đổi địa chỉ cho chị.',
      public: true,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const delivery = async () =>
      (
        await t.database.pool.query<{
          delivery: string;
          delivery_error_code: string | null;
          delivery_error: string | null;
        }>('select delivery, delivery_error_code, delivery_error from messages where id = $1', [
          reply.json().data._id,
        ])
      ).rows[0]!;
    await vi.waitFor(async () => expect((await delivery()).delivery).toBe('failed'), {
      timeout: OUTBOX_DELIVERY_WAIT_MS,
      interval: 50,
    });
    expect(await delivery()).toEqual({
      delivery: 'failed',
      delivery_error_code: 'OAUTH2',
      delivery_error: M.refreshRefused('invalid_grant: Token has been expired or revoked.'),
    });
    expect(received.find((mail) => mail.text?.includes('đổi địa chỉ cho chị'))).toBeUndefined();
    await pollMailbox(t.app.platform, id);
    const { data } = await channelOf(id);
    expect(data.status).toBe('error');
    expect(data.status_reason).toBe(
      M.refreshRefused('invalid_grant: Token has been expired or revoked.'),
    );
    expect(data.status_reason).toMatch(/^Cần kết nối lại hộp thư/);
    const summary = await send('GET', '/v2/channels/summary', admin);
    const row = summary
      .json()
      .data.kinds.find((kind: { kind: string }) => kind.kind === 'email')
      .channels.find((one: { _id: string }) => one._id === id);
    expect(row.status_reason).toMatch(/^Cần kết nối lại hộp thư/);

    // The connection test names the token endpoint as what failed, and tries no login.
    const tested = await send('POST', `/v2/channels/${id}/test`, admin);
    expect(tested.json().data).toEqual({
      ok: false,
      message: data.status_reason,
      checks: [{ name: 'OAuth2', ok: false, message: data.status_reason }],
    });

    await connect(id);
    expect((await channelOf(id)).data).toMatchObject({ status: 'active', status_reason: null });
    await pollMailbox(t.app.platform, id);
    expect((await channelOf(id)).data.status).toBe('active');
  });

  it('the connection test says which login refused the token; a token endpoint that cannot be reached is named', async () => {
    // Connected, but for an account that is not the mailbox's: both servers refuse the token.
    const id = await createMailbox(oauthMailbox('Hộp thư khác', { imap_user: 'other@shop.test' }));
    await connect(id);
    const tested = (await send('POST', `/v2/channels/${id}/test`, admin)).json().data;
    expect(tested.ok).toBe(false);
    expect(tested.checks).toEqual([
      { name: 'OAuth2', ok: true, message: M.tokenOk(oauth.tokenUrl) },
      { name: 'IMAP', ok: false, message: T.tokenRefused('IMAP', 'other@shop.test') },
      { name: 'SMTP', ok: false, message: T.tokenRefused('SMTP', 'other@shop.test') },
    ]);

    // All three pass for the right account.
    const good = await createMailbox(oauthMailbox('Hộp thư đúng'));
    await connect(good);
    expect((await send('POST', `/v2/channels/${good}/test`, admin)).json().data).toMatchObject({
      ok: true,
      checks: [
        { name: 'OAuth2', ok: true },
        { name: 'IMAP', ok: true },
        { name: 'SMTP', ok: true },
      ],
    });

    // The token endpoint down: said so, and the mailbox is not told to reconnect.
    const down = await createMailbox(oauthMailbox('Hộp thư mất mạng'));
    await connect(down);
    const { data } = await channelOf(down);
    const moved = await send('PUT', `/v2/channels/${down}`, admin, {
      kind: 'email',
      name: data.name,
      settings: { ...data.settings, oauth_token_url: 'http://127.0.0.1:1/token' },
      secrets: {},
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Another token endpoint: the refresh token of the old one is forgotten.
    expect(moved.json().data.secrets.oauth_refresh_token).toBe(false);
    expect(moved.json().data.settings.oauth_connected_at).toBeUndefined();
    // The endpoint unreachable while connected (written behind the settings' back).
    const back = await send('PUT', `/v2/channels/${down}`, admin, {
      kind: 'email',
      name: data.name,
      settings: { ...data.settings, oauth_token_url: oauth.tokenUrl },
      secrets: {},
    });
    expect(back.statusCode, back.body).toBe(200);
    await connect(down);
    await t.database.pool.query(
      `update channels set settings = settings || '{"oauth_token_url": "http://127.0.0.1:1/token"}'
        where id = $1`,
      [down],
    );
    const unreachable = (await send('POST', `/v2/channels/${down}/test`, admin)).json().data;
    expect(unreachable.ok).toBe(false);
    expect(unreachable.checks).toHaveLength(1);
    expect(unreachable.checks[0].message).toMatch(
      /^Không lấy được access token từ máy chủ OAuth2 http:\/\/127\.0\.0\.1:1\/token: /,
    );
    // Passing trouble is not a refusal: the mailbox is not told to reconnect.
    expect((await channelOf(down)).data.status).toBe('active');
  });

  it('only administrators of the tenant start or complete a connection', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư quyền'));
    const agent = await t.login(tenant.email('agent'));
    expect((await send('POST', `/v2/channels/${id}/email/oauth/connect`, agent)).statusCode).toBe(
      401,
    );
    expect(
      (await send('POST', '/v2/email/oauth/complete', agent, { state: 'x', code: 'y' })).statusCode,
    ).toBe(401);
    const other = await t.login((await seedTenant(t, 'Khác 2')).email('admin'));
    expect((await send('POST', `/v2/channels/${id}/email/oauth/connect`, other)).statusCode).toBe(
      404,
    );
    // A password mailbox cannot be connected by OAuth2.
    const password = await createMailbox({
      ...oauthMailbox('Hộp thư mật khẩu', { auth_method: 'password' }),
      secrets: { imap_password: DELIVERY_PASSWORD, smtp_password: 'x' },
    });
    const refused = await send('POST', `/v2/channels/${password}/email/oauth/connect`, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ param: 'settings.auth_method', message: M.notOauth }]);
    // The provider's refusal comes back in Vietnamese on `code`.
    oauth.control.denyNext = true;
    const started = await send('POST', `/v2/channels/${id}/email/oauth/connect`, admin);
    const { params } = await consent(started.json().data.url);
    expect(params.error).toBe('access_denied');
    const denied = await send('POST', '/v2/email/oauth/complete', admin, params);
    expect(denied.statusCode).toBe(422);
    expect(denied.json().errors).toEqual([
      { param: 'code', message: M.denied('The user denied the request') },
    ]);
    // Garbage in the body: 422, never 500.
    const garbage = await send('POST', '/v2/email/oauth/complete', admin, { state: 5, code: [] });
    expect(garbage.statusCode).toBe(422);
  });

  async function mailboxWithTicket(name: string, messageId: string, overrides = {}) {
    const id = await createMailbox(oauthMailbox(name, overrides));
    await connect(id);
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'Lan <lan@khach.test>',
        to: MAILBOX,
        subject: `Hỏi về đơn hàng ${name}`,
        messageId,
        text: 'Đơn của tôi đến đâu rồi?',
      }),
    );
    await pollMailbox(t.app.platform, id);
    const [ticket] = await ticketOfMessage(messageId);
    expect(ticket).toBeDefined();
    return { id, ticketId: ticket!.ticket_id };
  }

  const readIds = async () => (await mailboxesRead(t.app.platform)).map((row) => row.id);

  it('disconnect revokes the refresh token at the provider (RFC 7009), forgets it, stops reading the mailbox and says in Vietnamese to connect again; a reply then fails with that reason', async () => {
    const { id, ticketId } = await mailboxWithTicket('Hộp thư ngắt', '<oauth-disc-1@khach.test>', {
      oauth_revoke_url: oauth.revokeUrl,
    });
    expect(await readIds()).toContain(id);
    const revokesBefore = oauth.revokeRequests.length;
    const done = await send('POST', `/v2/channels/${id}/email/oauth/disconnect`, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(M.disconnected);
    const view = done.json().data;
    expect(view).toMatchObject({ status: 'error', status_reason: M.notConnected });
    expect(view.status_reason).toMatch(/^Cần kết nối lại hộp thư/);
    expect(view.secrets).toMatchObject({ oauth_refresh_token: false, oauth_client_secret: true });
    expect(view.settings.oauth_connected_at).toBeUndefined();
    expect(done.body).not.toContain('fake-refresh');
    // The fake received the revocation of the refresh token, the client authenticated.
    expect(oauth.revokeRequests.length).toBe(revokesBefore + 1);
    expect(oauth.revokeRequests.at(-1)).toEqual({
      token: expect.stringMatching(/^1\/\/fake-refresh/),
      token_type_hint: 'refresh_token',
      client_id: oauth.clientId,
      client_secret: CLIENT_SECRET,
    });
    // No IDLE, no polls: the mailbox is no longer among those read.
    expect(await readIds()).not.toContain(id);
    // Audited as a change of the channel.
    const audit = await t.database.pool.query<{ action: string }>(
      'select action from audit_log where entity_id = $1 order by created_at desc limit 1',
      [id],
    );
    expect(audit.rows[0]?.action).toBe('update');

    // An IMAP read now (the fetch button): the Vietnamese state, not a 500.
    const fetched = await send('POST', `/v2/channels/${id}/email/fetch`, admin);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).toMatchObject({ status: 'error', status_reason: M.notConnected });
    // A reply fails with the same reason, never tried again.
    const reply = await send('POST', `/v2/tickets/${ticketId}/comments`, admin, {
      body: 'Dạ đơn của chị đang được giao.',
      public: true,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const delivery = async () =>
      (
        await t.database.pool.query<{ delivery: string; delivery_error: string | null }>(
          'select delivery, delivery_error from messages where id = $1',
          [reply.json().data._id],
        )
      ).rows[0]!;
    await vi.waitFor(async () => expect((await delivery()).delivery).toBe('failed'), {
      timeout: OUTBOX_DELIVERY_WAIT_MS,
      interval: 50,
    });
    expect((await delivery()).delivery_error).toBe(M.notConnected);
    expect(received.find((mail) => mail.text?.includes('đang được giao'))).toBeUndefined();

    // Saving it (its name changed) does not make it look active: it still needs connecting.
    const saved = await send('PUT', `/v2/channels/${id}`, admin, {
      kind: 'email',
      name: 'Hộp thư ngắt (đổi tên)',
      status: 'active',
      settings: view.settings,
      secrets: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'error', status_reason: M.notConnected });

    // Connecting again makes it read again.
    await connect(id);
    const again = (await channelOf(id)).data;
    expect(again).toMatchObject({ status: 'active', status_reason: null });
    expect(again.settings.oauth_disconnected_at).toBeUndefined();
    expect(await readIds()).toContain(id);
  });

  it('without a revocation endpoint (Microsoft has none) a disconnect only forgets, and says so; only administrators of the tenant disconnect', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư không thu hồi'));
    await connect(id);
    expect((await channelOf(id)).data.settings.oauth_revoke_url).toBe('');
    const agent = await t.login(tenant.email('agent'));
    const url = `/v2/channels/${id}/email/oauth/disconnect`;
    expect((await send('POST', url, agent)).statusCode).toBe(401);
    const other = await t.login((await seedTenant(t, 'Khác ngắt')).email('admin'));
    expect((await send('POST', url, other)).statusCode).toBe(404);
    // Still connected after both refusals.
    expect((await channelOf(id)).data.secrets.oauth_refresh_token).toBe(true);
    const revokes = oauth.revokeRequests.length;
    const done = await send('POST', url, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(M.disconnectedNoRevocation);
    expect(oauth.revokeRequests.length).toBe(revokes);
    expect(done.json().data.secrets.oauth_refresh_token).toBe(false);
    // A Microsoft mailbox gets no revocation endpoint, a Google one Google's.
    const microsoft = await createMailbox(
      oauthMailbox('Hộp thư Microsoft thu hồi', {
        oauth_provider: 'microsoft',
        oauth_authorize_url: '',
        oauth_token_url: '',
      }),
    );
    expect((await channelOf(microsoft)).data.settings.oauth_revoke_url).toBe('');
    const google = await createMailbox(
      oauthMailbox('Hộp thư Google thu hồi', {
        oauth_provider: 'google',
        oauth_authorize_url: '',
        oauth_token_url: '',
      }),
    );
    expect((await channelOf(google)).data.settings.oauth_revoke_url).toBe(
      EMAIL_OAUTH_PROVIDERS.google.revoke_url,
    );
    // A password mailbox has no OAuth2 to disconnect; a garbage id is a 422, never a 500.
    const password = await createMailbox({
      ...oauthMailbox('Hộp thư mật khẩu 2', { auth_method: 'password' }),
      secrets: { imap_password: DELIVERY_PASSWORD, smtp_password: 'x' },
    });
    const refused = await send('POST', `/v2/channels/${password}/email/oauth/disconnect`, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ param: 'settings.auth_method', message: M.notOauth }]);
    expect((await send('POST', '/v2/channels/x/email/oauth/disconnect', admin)).statusCode).toBe(
      422,
    );
  });

  it('a public client (PKCE, no secret) connects and refreshes sending no client_secret; a confidential client without its secret, or a public one sending one, is refused', async () => {
    // Saved without a secret when public; a confidential client still needs one.
    const id = await createMailbox(
      oauthMailbox(
        'Hộp thư công khai',
        { oauth_client_id: PUBLIC_CLIENT, oauth_public_client: true },
        {},
      ),
    );
    const needsSecret = await send(
      'POST',
      '/v2/channels',
      admin,
      oauthMailbox('Hộp thư bí mật', {}, {}),
    );
    expect(needsSecret.statusCode).toBe(422);
    expect(needsSecret.json().errors).toEqual([
      { param: 'secrets.oauth_client_secret', message: 'Client secret không được bỏ trống' },
    ]);
    const view = await connect(id);
    expect(view).toMatchObject({ status: 'active', secrets: { oauth_refresh_token: true } });
    const exchange = oauth.tokenRequests.findLast((r) => r.grant_type === 'authorization_code')!;
    expect(exchange.client_id).toBe(PUBLIC_CLIENT);
    expect('client_secret' in exchange).toBe(false);
    expect(exchange.code_verifier).toMatch(/^[\w-]{43,128}$/);
    // The refresh grant too sends no secret, and the mailbox is read with its token.
    forgetAccessToken(id);
    await pollMailbox(t.app.platform, id);
    const refresh = oauth.tokenRequests.at(-1)!;
    expect(refresh).toMatchObject({ grant_type: 'refresh_token', client_id: PUBLIC_CLIENT });
    expect('client_secret' in refresh).toBe(false);
    expect((await channelOf(id)).data.status).toBe('active');

    // The confidential client marked public (so sending no secret): the fake refuses it.
    const confidential = await createMailbox(
      oauthMailbox('Hộp thư thiếu secret', { oauth_public_client: true }, {}),
    );
    const started = await send('POST', `/v2/channels/${confidential}/email/oauth/connect`, admin);
    expect(started.statusCode, started.body).toBe(200);
    const { params } = await consent(started.json().data.url);
    const refused = await send('POST', '/v2/email/oauth/complete', admin, params);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        param: 'code',
        message: M.exchangeFailed('invalid_client: Unauthorized client or wrong secret'),
      },
    ]);
    // A public client sending a secret is refused as well.
    const sending = await createMailbox(
      oauthMailbox('Hộp thư gửi secret', { oauth_client_id: PUBLIC_CLIENT }),
    );
    const startedToo = await send('POST', `/v2/channels/${sending}/email/oauth/connect`, admin);
    const back = await consent(startedToo.json().data.url);
    const refusedToo = await send('POST', '/v2/email/oauth/complete', admin, back.params);
    expect(refusedToo.statusCode).toBe(422);
    expect(refusedToo.json().errors[0].message).toBe(
      M.exchangeFailed('invalid_client: A public client must not send a client secret'),
    );
    // The secret never comes back.
    const listed = await send('GET', '/v2/channels?kind=email', admin);
    expect(listed.body).not.toContain(CLIENT_SECRET);
  });

  it('two concurrent refreshes of one mailbox make one token request, with no transaction or row lock held while the provider answers; a refresh waits for another instance’s lease', async () => {
    const id = await createMailbox(oauthMailbox('Hộp thư song song'));
    await connect(id);
    const channel = (await loadChannel(t.app.platform, 'email', id))!;
    forgetAccessToken(id);
    oauth.control.rotateRefreshTokens = true;
    const before = refreshGrants();
    const release = oauth.holdTokenAnswers();
    const both = Promise.all([
      accessTokenOf(t.app.platform, channel),
      accessTokenOf(t.app.platform, channel),
    ]);
    try {
      await vi.waitFor(() => expect(oauth.inFlight.now).toBe(1), { timeout: 5000, interval: 20 });
      // While the provider is answering: no transaction is open on the channels and the row is
      // free (an administrator's save would not wait).
      const open = await t.database.pool.query(
        `select pid from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'
            and query ilike '%"channels"%'`,
      );
      expect(open.rows).toEqual([]);
      const client = await t.database.pool.connect();
      try {
        await client.query('begin');
        await client.query('select 1 from channels where id = $1 for update nowait', [id]);
        await client.query('commit');
      } finally {
        client.release();
      }
    } finally {
      release();
    }
    const [first, second] = await both;
    expect(first).toBe(second);
    expect(refreshGrants()).toBe(before + 1);
    expect(oauth.inFlight.most).toBe(1);

    // Another instance holds the lease: this one waits for it (no token request meanwhile), then
    // refreshes with the refresh token that instance stored.
    forgetAccessToken(id);
    await t.database.pool.query(
      `update channels set token_lease_id = gen_random_uuid(),
         token_lease_until = now() + interval '1 minute' where id = $1`,
      [id],
    );
    const waiting = accessTokenOf(t.app.platform, channel);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(refreshGrants()).toBe(before + 1);
    await t.database.pool.query(
      'update channels set token_lease_id = null, token_lease_until = null where id = $1',
      [id],
    );
    expect(await waiting).toMatch(/^ya29\.fake-access/);
    expect(refreshGrants()).toBe(before + 2);
    oauth.control.rotateRefreshTokens = false;
    // Each rotated refresh token was stored: none was refused.
    expect((await channelOf(id)).data.status).toBe('active');
    const { rows } = await t.database.pool.query(
      'select token_lease_id from channels where id = $1',
      [id],
    );
    expect(rows[0].token_lease_id).toBeNull();
  });
});
