import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
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

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Đặng Thị Mai',
  email: `mai.${Math.random().toString(36).slice(2, 8)}@${tenant.slug}.test`,
  phone: '0912345678',
  role: 'agent',
  agent_id: `M${Math.floor(Math.random() * 1e6)}`,
  password: 'Matkhau123',
  sip_username: `mai.${Math.random().toString(36).slice(2, 8)}`,
  sip_gateway_url: 'wss://sip1.example.vn:7443, wss://sip2.example.vn:7443',
  sip_password: 'sip-secret-1',
  hotline: '19001234',
  ...overrides,
});
const create = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v2/create-user', headers: bearer(token), payload: body });

describe('creating and editing staff', () => {
  it('creates a user who can sign in, keeping the SIP password encrypted and never returning it', async () => {
    const body = newUser();
    const response = await create(admin, body);
    expect(response.statusCode).toBe(201);
    const user = response.json().data;
    expect(user).toMatchObject({
      name: 'Đặng Thị Mai',
      role: 'agent',
      active: true,
      has_sip_password: true,
      hotline: '19001234',
    });
    expect(JSON.stringify(response.json())).not.toContain('sip-secret-1');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.sipPasswordEncrypted).toMatch(/^v1\./);
    expect(row?.sipPasswordEncrypted).not.toContain('sip-secret-1');

    const token = await t.login(body.email, body.password);
    const softphone = await t.app.inject({
      method: 'GET',
      url: '/v2/my-softphone',
      headers: bearer(token),
    });
    expect(softphone.json().data).toMatchObject({
      username: body.sip_username,
      sipPass: 'sip-secret-1',
      sipGatewayUrl: body.sip_gateway_url,
    });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/v2/users?keyword=dang thi`,
      headers: bearer(admin),
    });
    expect(listed.json().data.map((u: { _id: string }) => u._id)).toContain(user._id);
    expect(JSON.stringify(listed.json())).not.toContain('sip-secret-1');
  });

  it('refuses a taken email or agent id and bad fields, in Vietnamese', async () => {
    const taken = await create(admin, newUser({ email: 'agent@demo.vn' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([{ param: 'email', message: 'Email đã tồn tại' }]);
    const agentId = await create(admin, newUser({ agent_id: 'G1' }));
    expect(agentId.json().errors).toEqual([
      { param: 'agent_id', message: 'Mã nhân viên đã tồn tại' },
    ]);
    const bad = await create(
      admin,
      newUser({ role: 'end_user', sip_gateway_url: 'http://x, wss://a, wss://b', name: ' ' }),
    );
    expect(bad.statusCode).toBe(422);
    const params = bad
      .json()
      .errors.map((e: { param: string }) => e.param)
      .sort();
    expect(params).toEqual(['name', 'role', 'sip_gateway_url']);
  });

  it('keeps the stored SIP password when an edit leaves it empty', async () => {
    const body = newUser();
    const id = (await create(admin, body)).json().data._id;
    const { password: _password, ...edit } = body;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${id}`,
      headers: bearer(admin),
      payload: { ...edit, sip_password: '', name: 'Đặng Thị Mai Anh', role: 'team_leader' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Đặng Thị Mai Anh',
      role: 'team_leader',
      has_sip_password: true,
    });
    const token = await t.login(body.email, body.password);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/v2/my-softphone', headers: bearer(token) })
      ).json().data.sipPass,
    ).toBe('sip-secret-1');
  });

  it('lets only administrators change staff, and only their own tenant', async () => {
    const supervisor = await t.login(tenant.email('supervisor'));
    expect((await create(supervisor, newUser())).statusCode).toBe(401);
    const agent = await t.login(tenant.email('agent'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/users', headers: bearer(agent) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/users', headers: bearer(supervisor) }))
        .statusCode,
    ).toBe(200);

    const demoAgentId = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/my-account',
        headers: bearer(await t.login('agent@demo.vn')),
      })
    ).json().data._id;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/users/${demoAgentId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
    const { password: _p, ...edit } = newUser();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v2/update-user/${demoAgentId}`,
          headers: bearer(admin),
          payload: edit,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v2/disable-user/${demoAgentId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('filters the staff list by role, state and keyword, with the pagination total', async () => {
    const agents = await t.app.inject({
      method: 'GET',
      url: '/v2/users?role=agent&page_size=1',
      headers: bearer(admin),
    });
    expect(agents.json().data).toHaveLength(1);
    expect(agents.json().total).toBeGreaterThanOrEqual(2);
    const byPhone = await t.app.inject({
      method: 'GET',
      url: '/v2/users?keyword=0911000002',
      headers: bearer(admin),
    });
    expect(byPhone.json().data.map((u: { email: string }) => u.email)).toEqual([
      tenant.email('supervisor'),
    ]);
    const found = await t.app.inject({
      method: 'GET',
      url: `/v2/find-user?keyword=${tenant.email('leader')}`,
      headers: bearer(admin),
    });
    expect(found.json().data.role).toBe('team_leader');
    const none = await t.app.inject({
      method: 'GET',
      url: '/v2/find-user?keyword=agent@demo.vn',
      headers: bearer(admin),
    });
    expect(none.json().data).toBeNull();
    const listAgents = await t.app.inject({
      method: 'GET',
      url: '/v2/list-agents',
      headers: bearer(admin),
    });
    expect(
      listAgents
        .json()
        .data.every((u: { role: string; active: boolean }) => u.role === 'agent' && u.active),
    ).toBe(true);
  });
});

describe('activating and disabling', () => {
  it('disables a user, signing them out at once, and activates them again', async () => {
    const body = newUser();
    const id = (await create(admin, body)).json().data._id;
    const token = await t.login(body.email, body.password);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/v2/disable-user/${id}`,
      headers: bearer(admin),
    });
    expect(disabled.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/v2/users?status=disabled',
      headers: bearer(admin),
    });
    expect(filtered.json().data.map((u: { _id: string }) => u._id)).toContain(id);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v2/active-user/${id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect((await t.login(body.email, body.password)).length).toBeGreaterThan(20);
  });

  it('reports bulk results per item', async () => {
    const a = (await create(admin, newUser())).json().data._id;
    const b = (await create(admin, newUser())).json().data._id;
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/disable-users',
      headers: bearer(admin),
      payload: { ids: [a, b, missing] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(response.json().data.results).toEqual([
      { id: a, name: 'Đặng Thị Mai', ok: true },
      { id: b, name: 'Đặng Thị Mai', ok: true },
      { id: missing, ok: false, message: 'Không tìm thấy người dùng' },
    ]);
    // A single activation with a JSON content type and no body at all is fine.
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/v2/active-user/${a}`,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect(response.json().message).toBe('2/3 thành công, 1 thất bại');
    const back = await t.app.inject({
      method: 'POST',
      url: '/v2/active-users',
      headers: bearer(admin),
      payload: { ids: [a, b] },
    });
    expect(back.json()).toMatchObject({
      message: 'Kích hoạt thành công',
      data: { succeeded: 2, failed: 0 },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/active-users',
          headers: bearer(admin),
          payload: { ids: [] },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('never leaves a tenant without an active administrator', async () => {
    const adminId = tenant.id('admin');
    const self = await t.app.inject({
      method: 'PUT',
      url: `/v2/disable-user/${adminId}`,
      headers: bearer(admin),
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(
      'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng',
    );

    const me = (
      await t.app.inject({ method: 'GET', url: `/v2/users/${adminId}`, headers: bearer(admin) })
    ).json().data;
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${adminId}`,
      headers: bearer(admin),
      payload: { name: me.name, email: me.email, role: 'agent', agent_id: me.agent_id },
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual([
      {
        param: 'role',
        message:
          'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng',
      },
    ]);

    // With a second administrator, the first may go.
    const second = newUser({ role: 'administrator' });
    const secondId = (await create(admin, second)).json().data._id;
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/v2/disable-users',
      headers: bearer(admin),
      payload: { ids: [adminId, secondId] },
    });
    expect(bulk.json().data.results).toEqual([
      { id: adminId, name: 'Quản Trị Viên', ok: true },
      {
        id: secondId,
        name: 'Đặng Thị Mai',
        ok: false,
        message:
          'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng',
      },
    ]);
    const secondToken = await t.login(second.email, second.password);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v2/active-user/${adminId}`,
          headers: bearer(secondToken),
        })
      ).statusCode,
    ).toBe(200);
    admin = await t.login(tenant.email('admin'));
  });

  it("lets an administrator reset a password, ending that user's sessions", async () => {
    const body = newUser();
    const id = (await create(admin, body)).json().data._id;
    const token = await t.login(body.email, body.password);
    const weak = await t.app.inject({
      method: 'POST',
      url: `/v2/reset-password/${id}`,
      headers: bearer(admin),
      payload: { password: '123' },
    });
    expect(weak.statusCode).toBe(422);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/v2/reset-password/${id}`,
      headers: bearer(admin),
      payload: { password: 'Moi12345' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    expect((await t.login(body.email, 'Moi12345')).length).toBeGreaterThan(20);
  });
});

describe('audit log and platform administration', () => {
  it('records who changed what, before and after, for administrators to read', async () => {
    const body = newUser();
    const id = (await create(admin, body)).json().data._id;
    const { password: _p, ...edit } = body;
    await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${id}`,
      headers: bearer(admin),
      payload: { ...edit, name: 'Tên Mới' },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/v2/audit-logs?entity=user&entity_id=${id}`,
      headers: bearer(admin),
    });
    expect(log.statusCode).toBe(200);
    const [update, creation] = log.json().data;
    expect(creation.action).toBe('create');
    expect(update).toMatchObject({
      action: 'update',
      actor: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
    });
    expect(update.before.name).toBe('Đặng Thị Mai');
    expect(update.after.name).toBe('Tên Mới');
    expect(JSON.stringify(log.json())).not.toContain('sip-secret-1');
    const supervisor = await t.login(tenant.email('supervisor'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/audit-logs', headers: bearer(supervisor) }))
        .statusCode,
    ).toBe(401);
  });

  it('gives the history of a staff member as timeline entries, its changes worked out by the server', async () => {
    const body = newUser();
    const id = (await create(admin, body)).json().data._id;
    const { password: _p, ...edit } = body;
    await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${id}`,
      headers: bearer(admin),
      payload: { ...edit, name: 'Tên Mới', role: 'team_leader', hotline: '' },
    });
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/v2/users/${id}/timeline?page=1&page_size=10`,
      headers: bearer(admin),
    });
    expect(timeline.statusCode).toBe(200);
    const [update, creation] = timeline.json().data;
    expect(timeline.json().total).toBe(2);
    expect(creation).toMatchObject({
      kind: 'user.create',
      objects: ['Đặng Thị Mai'],
      changes: [],
      impersonator: null,
    });
    expect(update).toMatchObject({
      kind: 'user.update',
      actor: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      objects: [],
      changes: [
        { field: 'name', label: 'Họ tên', from: 'Đặng Thị Mai', to: 'Tên Mới' },
        { field: 'role', label: 'Vai trò', from: 'Chuyên viên', to: 'Trưởng bộ phận' },
        { field: 'hotline', label: 'Hotline', from: '19001234', to: null },
      ],
    });
    expect(JSON.stringify(timeline.json())).not.toContain('sip-secret-1');

    const supervisor = await t.login(tenant.email('supervisor'));
    const refused = await t.app.inject({
      method: 'GET',
      url: `/v2/users/${id}/timeline`,
      headers: bearer(supervisor),
    });
    expect(refused.statusCode).toBe(401);
    const other = await t.login('admin@other.vn', DEMO_PASSWORD);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v2/users/${id}/timeline`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows all tenants only to an administrator with the admin flag', async () => {
    const platformAdmin = await t.login('admin@demo.vn', DEMO_PASSWORD);
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/settings/accounts-all',
      headers: bearer(platformAdmin),
    });
    expect(accounts.statusCode).toBe(200);
    const names = accounts.json().data.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Demo', 'Other']));
    const demo = accounts.json().data.find((a: { name: string }) => a.name === 'Demo');
    expect(demo.user_count).toBeGreaterThanOrEqual(5);
    const tenantUsers = await t.app.inject({
      method: 'GET',
      url: `/v2/admin/settings/${tenant.tenantId}/users`,
      headers: bearer(platformAdmin),
    });
    expect(tenantUsers.json().data.map((u: { email: string }) => u.email)).toContain(
      tenant.email('agent'),
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v2/admin/settings/accounts-all',
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('power over other accounts', () => {
  it('lets a plain administrator take no action on the flagged one, single or in bulk', async () => {
    const own = await seedTenant(t, 'Quyền hạn');
    const flaggedId = own.id('admin');
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, flaggedId));
    const flagged = await t.login(own.email('admin'));
    const plainBody = newUser({ role: 'administrator', email: `plain@${own.slug}.test` });
    const created = await create(flagged, plainBody);
    expect(created.statusCode).toBe(201);
    const plain = await t.login(plainBody.email, plainBody.password);
    const refused = { statusCode: 401, message: 'Bạn không có quyền truy cập' };

    const reset = await t.app.inject({
      method: 'POST',
      url: `/v2/reset-password/${flaggedId}`,
      headers: bearer(plain),
      payload: { password: 'Chiemquyen1' },
    });
    expect(reset.json()).toEqual(refused);
    await expect(t.login(own.email('admin'), 'Chiemquyen1')).rejects.toThrow();

    const target = (
      await t.app.inject({ method: 'GET', url: `/v2/users/${flaggedId}`, headers: bearer(plain) })
    ).json().data;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${flaggedId}`,
      headers: bearer(plain),
      payload: {
        name: target.name,
        email: `taken-over@${own.slug}.test`,
        role: 'administrator',
        agent_id: target.agent_id,
      },
    });
    expect(update.json()).toEqual(refused);

    const disable = await t.app.inject({
      method: 'PUT',
      url: `/v2/disable-user/${flaggedId}`,
      headers: bearer(plain),
    });
    expect(disable.json()).toEqual(refused);
    const agentId = own.id('agent');
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/v2/disable-users',
      headers: bearer(plain),
      payload: { ids: [flaggedId, agentId] },
    });
    expect(bulk.json().data.results).toEqual([
      { id: flaggedId, name: 'Quản Trị Viên', ok: false, message: 'Bạn không có quyền truy cập' },
      { id: agentId, name: 'Chuyên Viên Một', ok: true },
    ]);

    // The flagged administrator is untouched and still signed in.
    const account = await t.app.inject({
      method: 'GET',
      url: '/v2/my-account',
      headers: bearer(flagged),
    });
    expect(account.json().data).toMatchObject({ email: own.email('admin'), is_admin: true });
    // The flagged administrator acts on the plain one as before.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v2/reset-password/${created.json().data._id}`,
          headers: bearer(flagged),
          payload: { password: 'Matkhau456' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses to raise an account above its editor', async () => {
    const own = await seedTenant(t, 'Thăng cấp');
    const plain = await t.login(own.email('admin'));
    // A flag on an agent does nothing, until the agent becomes an administrator.
    const agentId = own.id('agent');
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, agentId));
    const agent = (
      await t.app.inject({ method: 'GET', url: `/v2/users/${agentId}`, headers: bearer(plain) })
    ).json().data;
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${agentId}`,
      headers: bearer(plain),
      payload: { name: agent.name, email: agent.email, role: 'administrator', agent_id: 'G1' },
    });
    expect(promote.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, agentId));
    expect(row?.role).toBe('agent');
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${agentId}`,
      headers: bearer(plain),
      payload: { name: 'Tên Khác', email: agent.email, role: 'agent', agent_id: 'G1' },
    });
    expect(rename.statusCode).toBe(200);
  });
});

describe('optional staff fields', () => {
  it('take null, empty or missing alike, as a form that parsed them first sends them', async () => {
    const body = newUser({
      phone: null,
      sip_username: '',
      sip_gateway_url: null,
      sip_password: null,
      hotline: null,
    });
    const response = await create(admin, body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      phone: null,
      sip_username: null,
      sip_gateway_url: null,
      hotline: null,
      has_sip_password: false,
    });
  });
});
