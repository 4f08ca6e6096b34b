import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { DOVECOT_MISSING, rawMail, startDovecot, type TestDovecot } from '../../test/dovecot.js';
import { watchMailboxes } from './email-idle.js';
import { fakeOauth2, type OauthFake } from './oauth2-fake.js';

const MAILBOX = 'idle@shop.test';
const PASSWORD = 'idle-secret-1';

let t: TestApp;
let dovecot: TestDovecot;
let tenant: Awaited<ReturnType<typeof seedTenant>>;

const subjectsOf = async () =>
  (
    await t.database.pool.query<{ subject: string }>(
      `select subject from tickets where tenant_id = $1 and source = 'email' order by subject`,
      [tenant.tenantId],
    )
  ).rows.map((row) => row.subject);

const deliver = (subject: string) =>
  dovecot.deliver(
    MAILBOX,
    rawMail({ from: 'khach@khach.test', to: MAILBOX, subject, text: subject }),
  );

/** A mailbox of the test Dovecot read by IMAP (its SMTP side unused). */
const mailboxBody = (name: string, user: string, port: number) => ({
  kind: 'email',
  name,
  settings: {
    imap_host: '127.0.0.1',
    imap_port: port,
    imap_tls: false,
    imap_user: user,
    // The minute's poll would come only after an hour: what arrives is IDLE's doing.
    poll_minutes: 60,
    smtp_host: '127.0.0.1',
    smtp_port: 1,
    smtp_security: 'none',
    from_address: user,
  },
  secrets: { imap_password: PASSWORD, smtp_password: 'unused-secret' },
});

describe.skipIf(DOVECOT_MISSING)('email by IMAP IDLE', () => {
  beforeAll(async () => {
    dovecot = await startDovecot({ [MAILBOX]: PASSWORD });
    t = await createTestApp({ emailIdle: true });
    tenant = await seedTenant(t, 'IDLE');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  it('mail already waiting and mail arriving later become tickets without a poll', async () => {
    await deliver('Thư chờ sẵn');
    const admin = await t.login(tenant.email('admin'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/channels',
      headers: bearer(admin),
      payload: mailboxBody('Hộp thư IDLE', MAILBOX, dovecot.port),
    });
    expect(created.statusCode, created.body).toBe(201);
    // Saved: watched at once, and what waited in the folder is read on connecting.
    await vi.waitFor(async () => expect(await subjectsOf()).toEqual(['Thư chờ sẵn']), {
      timeout: OUTBOX_DELIVERY_WAIT_MS,
      interval: 100,
    });
    // The server announces the new mail on the open connection.
    await deliver('Thư mới đến');
    await vi.waitFor(
      async () => expect(await subjectsOf()).toEqual(['Thư chờ sẵn', 'Thư mới đến']),
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
  });
});

describe.skipIf(DOVECOT_MISSING)('email by IMAP IDLE, several instances', () => {
  const SHARED = 'shared@shop.test';
  let app: TestApp;
  let server: TestDovecot;
  const instances: ReturnType<typeof watchMailboxes>[] = [];

  beforeAll(async () => {
    server = await startDovecot({ [SHARED]: PASSWORD });
    app = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await app?.close();
    await server?.stop();
  });

  it('one instance watches a mailbox; another takes over when it goes', async () => {
    // Two instances of one deployment (each with its own connections), one mailbox.
    instances.push(watchMailboxes(app.app.platform), watchMailboxes(app.app.platform));
    const [first, second] = instances as [
      ReturnType<typeof watchMailboxes>,
      ReturnType<typeof watchMailboxes>,
    ];
    const owner = await seedTenant(app, 'IDLE chung');
    const admin = await app.login(owner.email('admin'));
    const created = await app.app.inject({
      method: 'POST',
      url: '/v2/channels',
      headers: bearer(admin),
      payload: mailboxBody('Hộp thư chung', SHARED, server.port),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const watchers = () => [...first.watching(), ...second.watching()].filter((x) => x === id);
    await vi.waitFor(() => expect(watchers()).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [holder, other] = first.watching().includes(id) ? [first, second] : [second, first];
    await holder.stop();
    // (Mailboxes of other tests' tenants may be watched beside it.)
    await vi.waitFor(() => expect(other.watching()).toContain(id), {
      timeout: 15_000,
      interval: 100,
    });
  }, 40_000);
});

describe.skipIf(DOVECOT_MISSING)('email by IMAP IDLE, an OAuth2 mailbox', () => {
  const OAUTH_USER = 'oauth-idle@shop.test';
  let app: TestApp;
  let server: TestDovecot;
  let oauth: OauthFake;

  beforeAll(async () => {
    oauth = await fakeOauth2({ username: OAUTH_USER });
    server = await startDovecot(
      { [OAUTH_USER]: PASSWORD },
      // XOAUTH2 only, as Microsoft 365 offers it (the other test file's Dovecot offers
      // OAUTHBEARER too, which imapflow then prefers).
      { oauth2: { introspectionUrl: oauth.introspectionUrl, mechanisms: ['xoauth2'] } },
    );
    app = await createTestApp({ emailIdle: true });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await server?.stop();
    await oauth?.close();
  });

  it('is held open in IDLE by an access token once connected, and new mail comes in', async () => {
    const owner = await seedTenant(app, 'IDLE OAuth2');
    const admin = await app.login(owner.email('admin'));
    const body = mailboxBody('Hộp thư OAuth2 IDLE', OAUTH_USER, server.port);
    const created = await app.app.inject({
      method: 'POST',
      url: '/v2/channels',
      headers: bearer(admin),
      payload: {
        ...body,
        settings: {
          ...body.settings,
          auth_method: 'oauth2',
          oauth_provider: 'custom',
          oauth_client_id: oauth.clientId,
          oauth_authorize_url: oauth.authorizeUrl,
          oauth_token_url: oauth.tokenUrl,
        },
        secrets: { oauth_client_secret: oauth.clientSecret },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const started = await app.app.inject({
      method: 'POST',
      url: `/v2/channels/${id}/email/oauth/connect`,
      headers: bearer(admin),
    });
    const consent = await fetch(started.json().data.url, { redirect: 'manual' });
    const params = Object.fromEntries(new URL(consent.headers.get('location') ?? '').searchParams);
    const completed = await app.app.inject({
      method: 'POST',
      url: '/v2/email/oauth/complete',
      headers: bearer(admin),
      payload: params,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The connection is heard (channels.saved) and the mailbox watched with its token: the mail
    // delivered now is announced on the open connection (polls come only hourly).
    const seen = oauth.introspections.length;
    await vi.waitFor(() => expect(oauth.introspections.length).toBeGreaterThan(seen), {
      timeout: 10_000,
      interval: 50,
    });
    await server.deliver(
      OAUTH_USER,
      rawMail({ from: 'khach@khach.test', to: OAUTH_USER, subject: 'Thư qua OAuth2' }),
    );
    await vi.waitFor(
      async () => {
        const { rows } = await app.database.pool.query<{ subject: string }>(
          `select subject from tickets where tenant_id = $1 and source = 'email'`,
          [owner.tenantId],
        );
        expect(rows.map((row) => row.subject)).toEqual(['Thư qua OAuth2']);
      },
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
  }, 40_000);
});
