import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The invitation link of the newest mail to `email` in the outbox. */
async function invitationLink(email: string) {
  await t.app.platform.background.idle();
  const files = (await readdir(t.config.outboxDir))
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error('no mail in outbox');
  const text = decodeQuotedPrintable(await readFile(path.join(t.config.outboxDir, last), 'utf8'));
  const link = /(http\S+\/accept-invite\?\S+)/.exec(text)?.[1];
  if (!link) throw new Error('no link in mail');
  const url = new URL(link);
  return { email: url.searchParams.get('email'), token: url.searchParams.get('token') ?? '' };
}

const invitee = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lê Thu Hà',
  email: `ha.${Math.random().toString(36).slice(2, 8)}@${tenant.slug}.test`,
  role: 'agent',
  ...overrides,
});

describe('inviting staff by email', () => {
  it('mails a link through the outbox; the invitee sets a password, is signed in, and leaves the pending state', async () => {
    const body = invitee({ sip_username: `ha.le.${tenant.slug}` });
    const sent = await inject('POST', '/v2/invite-user', admin, body);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Đã gửi lời mời');
    const user = sent.json().data;
    expect(user).toMatchObject({
      invite_pending: true,
      active: true,
      sip_username: `ha.le.${tenant.slug}`,
    });
    // The seeded tenant's agent ids are not numbers: the first free number is 1001.
    expect(user.agent_id).toBe('1001');

    // Nobody can sign in before the invitation is accepted.
    const early = await inject('POST', '/v2/login', null, { email: body.email, password: 'x' });
    expect(early.statusCode).toBe(400);

    const link = await invitationLink(body.email);
    expect(link.email).toBe(body.email);
    const wrong = await inject('POST', '/v2/accept-invite', null, {
      email: body.email,
      token: 'x'.repeat(32),
      password: 'Matkhau123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { param: 'token', message: 'Liên kết mời không đúng hoặc đã hết hạn' },
    ]);
    const weak = await inject('POST', '/v2/accept-invite', null, { ...link, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors[0].param).toBe('password');

    const accepted = await inject('POST', '/v2/accept-invite', null, {
      ...link,
      password: 'Matkhau123',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ email: body.email, role: 'agent' });
    const me = await inject('GET', '/v2/my-account', accepted.json().data.token);
    expect(me.statusCode).toBe(200);
    expect(await t.login(body.email, 'Matkhau123')).toBeTruthy();

    // The link works once.
    const again = await inject('POST', '/v2/accept-invite', null, {
      ...link,
      password: 'Matkhau456',
    });
    expect(again.statusCode).toBe(422);
    const listed = await inject('GET', `/v2/users/${user._id}`, admin);
    expect(listed.json().data.invite_pending).toBe(false);
    const resend = await inject('POST', `/v2/resend-invite/${user._id}`, admin);
    expect(resend.statusCode).toBe(422);
  });

  it('resends: only the newest link works', async () => {
    const body = invitee();
    const user = (await inject('POST', '/v2/invite-user', admin, body)).json().data;
    const first = await invitationLink(body.email);
    const resent = await inject('POST', `/v2/resend-invite/${user._id}`, admin);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Đã gửi lại lời mời');
    const second = await invitationLink(body.email);
    expect(second.token).not.toBe(first.token);
    const old = await inject('POST', '/v2/accept-invite', null, {
      ...first,
      password: 'Matkhau123',
    });
    expect(old.statusCode).toBe(422);
    const ok = await inject('POST', '/v2/accept-invite', null, {
      ...second,
      password: 'Matkhau123',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('assigns the next free agent id and reports a taken email and agent id together', async () => {
    const first = (
      await inject('POST', '/v2/invite-user', admin, invitee({ agent_id: '2040' }))
    ).json().data;
    expect(first.agent_id).toBe('2040');
    const next = (await inject('POST', '/v2/invite-user', admin, invitee({ agent_id: '' }))).json()
      .data;
    expect(next.agent_id).toBe('2041');

    const both = await inject(
      'POST',
      '/v2/invite-user',
      admin,
      invitee({ email: tenant.email('agent'), agent_id: 'G1' }),
    );
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual([
      { param: 'email', message: 'Email đã tồn tại' },
      { param: 'agent_id', message: 'Mã nhân viên đã tồn tại' },
    ]);
    // The same rule when an administrator creates a user with a password.
    const created = await inject('POST', '/v2/create-user', admin, {
      ...invitee({ email: tenant.email('leader'), agent_id: 'L1' }),
      password: 'Matkhau123',
    });
    expect(created.json().errors.map((error: { param: string }) => error.param)).toEqual([
      'email',
      'agent_id',
    ]);
  });

  it('lets an administrator invite an equal, and nobody below an administrator invite', async () => {
    const plainAdmin = (
      await inject('POST', '/v2/create-user', admin, {
        ...invitee({ role: 'administrator' }),
        password: 'Matkhau123',
      })
    ).json().data;
    const plain = await t.login(plainAdmin.email, 'Matkhau123');
    // A plain administrator may invite an administrator (equal power)...
    expect(
      (await inject('POST', '/v2/invite-user', plain, invitee({ role: 'administrator' })))
        .statusCode,
    ).toBe(201);
    // A supervisor may not invite at all.
    const supervisor = await t.login(tenant.email('supervisor'));
    const refused = await inject('POST', '/v2/invite-user', supervisor, invitee());
    expect(refused.statusCode).toBe(401);
  });
});

describe('my profile', () => {
  it('changes name and default presence; the default presence is set at the next sign-in', async () => {
    const token = await t.login(tenant.email('agent2'));
    const saved = await inject('PUT', '/v2/my-profile', token, {
      name: 'Chuyên Viên Hai Mới',
      default_presence: 'AVAILABLE',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Chuyên Viên Hai Mới',
      default_presence: 'AVAILABLE',
      avatar_url: null,
    });
    await inject('PUT', '/v2/my-presence', token, { presence: 'ATLUNCH' });
    const again = await t.login(tenant.email('agent2'));
    expect((await inject('GET', '/v2/my-account', again)).json().data.presence).toBe('AVAILABLE');
  });

  it('keeps an email signature of up to 2000 characters, kept when a save leaves it out', async () => {
    const token = await t.login(tenant.email('agent2'));
    const put = (body: object) =>
      inject('PUT', '/v2/my-profile', token, {
        name: 'Chuyên Viên Hai',
        default_presence: null,
        ...body,
      });
    expect((await put({ email_signature: 'An\r\nCSKH  \n\n' })).json().data.email_signature).toBe(
      'An\nCSKH',
    );
    // A client that knows nothing of signatures does not erase it.
    expect((await put({})).json().data.email_signature).toBe('An\nCSKH');
    const tooLong = await put({ email_signature: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      errors: [{ param: 'email_signature', message: 'Chữ ký tối đa 2000 ký tự' }],
    });
    const wrongType = await put({ email_signature: ['x'] });
    expect(wrongType.statusCode).toBe(422);
    expect((await inject('GET', '/v2/my-profile', token)).json().data.email_signature).toBe(
      'An\nCSKH',
    );
  });

  it('takes an avatar picture up to 2 MB and refuses a larger one with a size message', async () => {
    const token = await t.login(tenant.email('agent2'));
    const upload = (content: Buffer) => {
      const boundary = '----omnicare';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/v2/my-avatar',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a2b6d50000000049454e44ae426082',
      'hex',
    );
    const ok = await upload(png);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.avatar_url).toMatch(/avatars\/.+\.png$/);
    const big = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors[0]).toEqual({ param: 'file', message: 'Ảnh đại diện tối đa 2 MB' });
    const account = (await inject('GET', '/v2/my-account', token)).json().data;
    expect(account.avatar_url).toBe(ok.json().data.avatar_url);
  });

  it('changes the password with the current one, and keeps this session while ending the others', async () => {
    const email = tenant.email('leader');
    const other = await t.login(email);
    const current = await t.login(email);
    const wrong = await inject('PUT', '/v2/my-password', current, {
      current_password: 'not-it-1',
      password: 'Moimoi123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { param: 'current_password', message: 'Mật khẩu hiện tại không đúng' },
    ]);
    const weak = await inject('PUT', '/v2/my-password', current, {
      current_password: DEMO_PASSWORD,
      password: 'abcdefgh',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors[0].param).toBe('password');

    const changed = await inject('PUT', '/v2/my-password', current, {
      current_password: DEMO_PASSWORD,
      password: 'Moimoi123',
    });
    expect(changed.statusCode).toBe(200);
    expect((await inject('GET', '/v2/my-account', current)).statusCode).toBe(200);
    expect((await inject('GET', '/v2/my-account', other)).statusCode).toBe(403);
    expect(await t.login(email, 'Moimoi123')).toBeTruthy();
  });

  it('signs out of the other sessions only', async () => {
    const email = tenant.email('supervisor');
    const first = await t.login(email);
    const second = await t.login(email);
    const current = await t.login(email);
    const revoked = await inject('POST', '/v2/my-sessions/revoke-others', current);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked).toBeGreaterThanOrEqual(2);
    expect((await inject('GET', '/v2/my-account', current)).statusCode).toBe(200);
    for (const token of [first, second])
      expect((await inject('GET', '/v2/my-account', token)).statusCode).toBe(403);
  });
});
