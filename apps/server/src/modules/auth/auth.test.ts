import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sessions } from '../../db/schema/auth.js';
import { auditLog } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const myAccount = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) });

describe('POST /v2/login', () => {
  it('returns the stored-user object and a token that opens /v2/my-account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: 'Admin@Demo.vn', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.statusCode).toBe(200);
    expect(body.data).toMatchObject({
      role: 'administrator',
      is_admin: true,
      agent_id: '1001',
      name: 'Nguyễn Văn An',
      email: 'admin@demo.vn',
    });
    expect(body.data._id).toBe(body.data.user_id);
    expect(body.data.tenant_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data).not.toHaveProperty('password_hash');

    const account = await myAccount(body.data.token);
    expect(account.statusCode).toBe(200);
    expect(account.json().data).toMatchObject({ email: 'admin@demo.vn', workflow: 'enabled' });
    expect(account.json().data.tenant).toMatchObject({
      name: 'Demo',
      workflow: 'enabled',
      time_zone: 'Asia/Bangkok',
    });
  });

  it('accepts the token with and without the Bearer prefix', async () => {
    const token = await t.login('agent@demo.vn');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v2/my-account',
          headers: { authorization: token },
        })
      ).statusCode,
    ).toBe(200);
    expect((await myAccount(token)).statusCode).toBe(200);
  });

  it('gives one message for a wrong password and for an unknown email', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: 'leader@demo.vn', password: 'nope-nope-1' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: 'ghost@demo.vn', password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Email hoặc mật khẩu không đúng');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 422 with Vietnamese {param, message} for a bad body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: 'Email không hợp lệ',
      errors: [
        { param: 'email', message: 'Email không hợp lệ' },
        { param: 'password', message: 'Mật khẩu không được bỏ trống' },
      ],
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: '', password: 'x' },
    });
    expect(empty.json().errors).toEqual([{ param: 'email', message: 'Email không được bỏ trống' }]);
  });

  it('answers 400 with the catalogue message for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Dữ liệu gửi lên không hợp lệ');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP with the spec message', async () => {
    const limited = await createTestApp({ loginRatePerIp: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v2/login',
          remoteAddress: '10.9.9.9',
          payload: { email: 'ip-limit@demo.vn', password: 'whatever-1' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(
        'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!',
      );
    } finally {
      await limited.close();
    }
  });

  it('locks an account out of an address after repeated wrong passwords, even for the right one', async () => {
    const clear = () =>
      t.database.db.execute(
        sql`delete from throttles where key like 'login:account:supervisor@demo.vn:%'`,
      );
    await clear();
    const attempt = (password: string, remoteAddress = '10.1.1.1') =>
      t.app.inject({
        method: 'POST',
        url: '/v2/login',
        remoteAddress,
        payload: { email: 'Supervisor@Demo.vn', password },
      });
    for (let i = 0; i < t.config.loginFailuresPerAccount; i++)
      expect((await attempt('wrong-pass-1')).statusCode).toBe(400);
    const blocked = await attempt(DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!',
    );
    // A stranger's guesses do not lock the owner out from elsewhere.
    expect((await attempt(DEMO_PASSWORD, '10.2.2.2')).statusCode).toBe(200);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(429);
    await clear();
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('guesses spread over many addresses', () => {
  it('lock the account out of new addresses, not out of those its owner signed in from', async () => {
    const spread = await createTestApp({ loginFailuresPerAccountAllIps: 3 });
    const email = 'leader@demo.vn';
    const clear = () =>
      spread.database.db.execute(sql`delete from throttles where key like ${`login:%${email}%`}`);
    try {
      await clear();
      const attempt = (password: string, remoteAddress: string) =>
        spread.app.inject({
          method: 'POST',
          url: '/v2/login',
          remoteAddress,
          payload: { email, password },
        });
      // The owner's usual address, known from an earlier sign-in.
      expect((await attempt(DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
      for (const address of ['10.8.0.1', '10.8.0.2', '10.8.0.3'])
        expect((await attempt('wrong-pass-1', address)).statusCode).toBe(400);
      // Below the per-address limit everywhere, yet the account is shut to a new address...
      expect((await attempt(DEMO_PASSWORD, '10.8.0.4')).statusCode).toBe(429);
      // ...while its owner still gets in from where they signed in before.
      expect((await attempt(DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    } finally {
      await clear();
      await spread.close();
    }
  });
});

describe('sessions', () => {
  it('refuses a missing, malformed or forged token with 403 and the expired message', async () => {
    for (const headers of [
      {},
      { authorization: 'garbage' },
      bearer('eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl'),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/v2/my-account', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại!');
    }
  });

  it('revokes the token at once on logout', async () => {
    const token = await t.login('agent@demo.vn');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v2/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect((await myAccount(token)).statusCode).toBe(403);
  });

  it('refuses a token past its expiry, and a session past its end', async () => {
    // The token of a live session, signed to have ended a second ago.
    const token = await t.login('agent@demo.vn');
    const { sid, sub, tid } = decodeJwt(token);
    const past = new Date(Date.now() - 1_000);
    const ended = await t.app.platform.tokens.sign(String(sid), String(sub), String(tid), past);
    expect((await myAccount(token)).statusCode).toBe(200);
    expect((await myAccount(ended)).statusCode).toBe(403);
    // A session whose end has passed, though its token has not yet.
    const other = await t.login('agent@demo.vn');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: past })
      .where(eq(sessions.id, String(decodeJwt(other).sid)));
    expect((await myAccount(other)).statusCode).toBe(403);
  });

  it('refuses the tokens of a user disabled after signing in', async () => {
    const token = await t.login('agent2@demo.vn');
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, 'agent2@demo.vn'));
    try {
      expect((await myAccount(token)).statusCode).toBe(403);
      const again = await t.app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { email: 'agent2@demo.vn', password: DEMO_PASSWORD },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Tài khoản đã bị vô hiệu hóa');
    } finally {
      await t.database.db
        .update(users)
        .set({ active: true })
        .where(eq(users.email, 'agent2@demo.vn'));
    }
  });
});

describe('roles and tenancy', () => {
  it('answers 401 when the role may not call the route', async () => {
    const agent = await t.login('agent@demo.vn');
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/diagnostics',
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Bạn không có quyền truy cập');
  });

  it('gives view-as only to an administrator with the admin flag, inside the tenant, and audits it', async () => {
    const admin = await t.login('admin@demo.vn');
    const agentId = (await myAccount(await t.login('agent@demo.vn'))).json().data._id;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/view-as',
      headers: bearer(admin),
      payload: { user_id: agentId },
    });
    expect(response.statusCode).toBe(200);
    const viewed = response.json().data;
    expect(viewed).toMatchObject({ email: 'agent@demo.vn', role: 'agent' });
    expect(viewed.viewed_by).toBeTruthy();
    expect((await myAccount(viewed.token)).json().data.email).toBe('agent@demo.vn');
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.impersonatorId} is not null`)
      .limit(1);
    expect(session?.userId).toBe(agentId);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'view_as'));
    expect(audits.some((entry) => entry.entityId === agentId)).toBe(true);

    const supervisor = await t.login('supervisor@demo.vn');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/view-as',
          headers: bearer(supervisor),
          payload: { user_id: agentId },
        })
      ).statusCode,
    ).toBe(401);
    // admin@other.vn is an administrator without the admin flag, and of another tenant.
    const otherAdmin = await t.login('admin@other.vn');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/view-as',
          headers: bearer(otherAdmin),
          payload: { user_id: agentId },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never shows another tenant its users', async () => {
    const otherAdmin = await t.login('admin@other.vn');
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/all-user?keyword=demo',
      headers: bearer(otherAdmin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.list).toEqual([]);
    const own = await t.app.inject({
      method: 'GET',
      url: '/v2/all-user?keyword=other',
      headers: bearer(otherAdmin),
    });
    expect(own.json().data.list.map((u: { email: string }) => u.email)).toEqual(['admin@other.vn']);
  });
});

describe('view-as', () => {
  /** A tenant whose administrator has the admin flag, signed in, with a second flagged one. */
  async function flaggedTenant() {
    const tenant = await seedTenant(t, 'Xem dưới quyền');
    await t.database.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, tenant.id('admin')));
    const admin = await t.login(tenant.email('admin'));
    const secondEmail = `admin2@${tenant.slug}.test`;
    const second = await t.app.inject({
      method: 'POST',
      url: '/v2/create-user',
      headers: bearer(admin),
      payload: {
        name: 'Quản Trị Hai',
        email: secondEmail,
        role: 'administrator',
        agent_id: 'A2',
        password: 'Matkhau123',
      },
    });
    const secondId = second.json().data._id as string;
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, secondId));
    return { ...tenant, admin, secondId, secondToken: await t.login(secondEmail, 'Matkhau123') };
  }
  const viewAs = (token: string, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/view-as',
      headers: bearer(token),
      payload: { user_id: userId },
    });

  it("never gives the viewer the target's SIP password", async () => {
    const tenant = await flaggedTenant();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/create-user',
      headers: bearer(tenant.admin),
      payload: {
        name: 'Chuyên Viên SIP',
        email: `sip@${tenant.slug}.test`,
        role: 'agent',
        agent_id: 'SIP1',
        password: 'Matkhau123',
        sip_username: `sip1-${tenant.slug}`,
        sip_password: 'sip-secret-9',
      },
    });
    const viewed = (await viewAs(tenant.admin, created.json().data._id)).json().data;
    const softphone = (token: string) =>
      t.app.inject({ method: 'GET', url: '/v2/my-softphone', headers: bearer(token) });
    const underViewAs = await softphone(viewed.token);
    expect(underViewAs.statusCode).toBe(200);
    expect(underViewAs.json().data).toMatchObject({
      username: `sip1-${tenant.slug}`,
      sipPass: null,
    });
    expect(underViewAs.body).not.toContain('sip-secret-9');
    const own = await softphone(await t.login(`sip@${tenant.slug}.test`, 'Matkhau123'));
    expect(own.json().data.sipPass).toBe('sip-secret-9');
  });

  it('ends when its opener logs out, is disabled or loses the right to open it', async () => {
    const tenant = await flaggedTenant();
    const agentId = tenant.id('agent');

    const afterLogout = (await viewAs(tenant.admin, agentId)).json().data.token;
    expect((await myAccount(afterLogout)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v2/logout', headers: bearer(tenant.admin) });
    expect((await myAccount(afterLogout)).statusCode).toBe(403);

    const admin = await t.login(tenant.email('admin'));
    const afterDisable = (await viewAs(admin, agentId)).json().data.token;
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/v2/disable-user/${tenant.id('admin')}`,
      headers: bearer(tenant.secondToken),
    });
    expect(disabled.statusCode).toBe(200);
    expect((await myAccount(afterDisable)).statusCode).toBe(403);

    // Changed behind the server's back (no revocation): the session check alone ends it.
    const afterFlag = (await viewAs(tenant.secondToken, agentId)).json().data.token;
    expect((await myAccount(afterFlag)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, tenant.secondId));
    await t.app.platform.memo.settled();
    expect((await myAccount(afterFlag)).statusCode).toBe(403);
  });

  it('opens no view-as from a view-as session', async () => {
    const tenant = await flaggedTenant();
    const asSecond = (await viewAs(tenant.admin, tenant.secondId)).json().data.token;
    const nested = await viewAs(asSecond, tenant.id('agent'));
    expect(nested.statusCode).toBe(401);
  });

  it('records the administrator behind every change made under view-as', async () => {
    const tenant = await flaggedTenant();
    const plainEmail = `plain@${tenant.slug}.test`;
    const plainId = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/create-user',
        headers: bearer(tenant.admin),
        payload: {
          name: 'Quản Trị Thường',
          email: plainEmail,
          role: 'administrator',
          agent_id: 'A3',
          password: 'Matkhau123',
        },
      })
    ).json().data._id as string;
    const asPlain = (await viewAs(tenant.admin, plainId)).json().data.token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v2/create-user',
      headers: bearer(asPlain),
      payload: {
        name: 'Người Mới',
        email: `new@${tenant.slug}.test`,
        role: 'agent',
        agent_id: 'N1',
        password: 'Matkhau123',
      },
    });
    expect(made.statusCode).toBe(201);
    const madeId = made.json().data._id as string;
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, madeId));
    expect(row).toMatchObject({
      action: 'create',
      actorId: plainId,
      impersonatorId: tenant.id('admin'),
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/v2/audit-logs?entity=user&entity_id=${madeId}`,
      headers: bearer(tenant.admin),
    });
    expect(log.json().data[0]).toMatchObject({
      actor: { _id: plainId, name: 'Quản Trị Thường' },
      impersonator: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
    });

    // Changes made in one's own session name nobody behind them.
    const own = await t.app.inject({
      method: 'PUT',
      url: `/v2/disable-user/${madeId}`,
      headers: bearer(await t.login(plainEmail, 'Matkhau123')),
    });
    expect(own.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, madeId));
    expect(entries.find((entry) => entry.action === 'disable')?.impersonatorId).toBeNull();
  });
});

async function newestCode(outbox: string, email: string) {
  await t.app.platform.background.idle();
  const files = (await readdir(outbox)).filter((name) => name.endsWith(`${email}.eml`)).sort();
  const last = files.at(-1);
  if (!last) throw new Error('no mail in outbox');
  const text = await readFile(path.join(outbox, last), 'utf8');
  const match = /: (\d{4})\b/.exec(text);
  if (!match?.[1]) throw new Error('no code in mail');
  return { code: match[1], count: files.length, text };
}

describe('password reset', () => {
  const email = 'leader@demo.vn';
  const request = (address: string) =>
    t.app.inject({ method: 'POST', url: '/v2/forgot-password', payload: { email: address } });
  const confirm = (code: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/forgot-password/confirm',
      payload: { email, code, password },
    });

  it('answers the same whether or not the account exists, and mails a code only to a real one', async () => {
    const known = await request(email);
    const unknown = await request('nobody-here@demo.vn');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await newestCode(t.config.outboxDir, email);
    expect(mail.text).toMatch(/^To: leader@demo\.vn/m);
    expect((await readdir(t.config.outboxDir)).some((name) => name.includes('nobody-here'))).toBe(
      false,
    );
  });

  it('voids the code after 5 wrong tries', async () => {
    const { code } = await newestCode(t.config.outboxDir, email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const response = await confirm(wrong, 'NewPass123');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        { param: 'code', message: 'Mã xác nhận không đúng hoặc đã hết hạn' },
      ]);
    }
    expect((await confirm(code, 'NewPass123')).statusCode).toBe(422);
  });

  it('sets the new password with the right code and revokes every session', async () => {
    const before = await t.login(email);
    expect((await request(email)).statusCode).toBe(200);
    const { code } = await newestCode(t.config.outboxDir, email);
    const weak = await confirm(code, 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors[0]).toEqual({
      param: 'password',
      message: 'Mật khẩu phải có ít nhất 8 ký tự',
    });

    const done = await confirm(code, 'NewPass123');
    expect(done.statusCode).toBe(200);
    // A reset of one's own password is recorded under the name an administrator's reset uses.
    const [leader] = await t.database.db.select().from(users).where(eq(users.email, email));
    const recorded = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, leader?.id ?? ''));
    expect(recorded.map((entry) => entry.action)).toContain('reset_password');
    expect(recorded.map((entry) => entry.action)).not.toContain('password_reset');
    expect((await myAccount(before)).statusCode).toBe(403);
    expect((await confirm(code, 'NewPass123')).statusCode).toBe(422);
    const relogin = await t.login(email, 'NewPass123');
    expect((await myAccount(relogin)).statusCode).toBe(200);

    // Back to the demo password for the other suites.
    expect((await request(email)).statusCode).toBe(200);
    const again = await newestCode(t.config.outboxDir, email);
    expect((await confirm(again.code, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits code requests per email', async () => {
    const address = 'flood@example.com';
    for (let i = 0; i < 3; i++) expect((await request(address)).statusCode).toBe(200);
    expect((await request(address)).statusCode).toBe(429);
  });

  it('delivers the code through a real SMTP server when SMTP_URL is set, answering before it does', async () => {
    // The server holds each mail until released, as a slow mail server would.
    const received: string[] = [];
    let mailArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (mailArrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          mailArrived();
          void released.then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const withSmtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const answer = withSmtp.app.inject({
        method: 'POST',
        url: '/v2/forgot-password',
        payload: { email: 'agent@demo.vn' },
      });
      await arrived;
      // An unknown address gets its answer without any mail: a known one may not wait for its mail.
      const response = await Promise.race([
        answer,
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error('the answer waited for the mail')), 5_000),
        ),
      ]);
      expect(response.statusCode).toBe(200);
      release();
      await withSmtp.app.platform.background.idle();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('agent@demo.vn');
      expect(received[0]).toMatch(/Subject: =\?UTF-8\?/);
    } finally {
      release();
      await withSmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
