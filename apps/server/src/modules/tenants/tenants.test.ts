import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION } from '@omnicare/shared/audit/audit-actions';
import { TENANT_MESSAGES } from '@omnicare/shared/tenants/tenants.schemas';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const config = {
  name: 'Công ty Thử nghiệm',
  logo_url: '/logo.png',
  time_zone: 'Asia/Bangkok',
  data_scopes: {
    administrator: 'all',
    supervisor: 'my_organization',
    team_leader: 'my_group',
    agent: 'me',
  },
  workflow: 'enabled',
};

describe('tenant configuration', () => {
  it('starts from the default data scopes per role', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/tenant/config',
      headers: bearer(admin),
    });
    expect(response.json().data).toMatchObject({
      time_zone: 'Asia/Bangkok',
      workflow: 'enabled',
      data_scopes: {
        administrator: 'all',
        supervisor: 'all',
        team_leader: 'my_group',
        agent: 'me',
      },
      import_export_roles: ['administrator', 'supervisor'],
    });
  });

  it('saves switches and scopes; turning automation off shows in my-account at once', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        ...config,
        workflow: 'disabled',
        data_scopes: { ...config.data_scopes, agent: 'my_group' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.data_scopes.agent).toBe('my_group');
    const agent = await t.login(tenant.email('agent'));
    const account = await t.app.inject({
      method: 'GET',
      url: '/v2/my-account',
      headers: bearer(agent),
    });
    expect(account.json().data.workflow).toBe('disabled');
    expect(account.json().data.tenant.name).toBe('Công ty Thử nghiệm');
    const log = await t.app.inject({
      method: 'GET',
      url: '/v2/audit-logs?entity=tenant',
      headers: bearer(admin),
    });
    expect(log.json().data[0].before.workflow).toBe('enabled');
    expect(log.json().data[0].after.workflow).toBe('disabled');
  });

  it("keeps the settings its screen does not show (a provider's credentials) across a save", async () => {
    const own = await seedTenant(t, 'Nhà cung cấp', {
      sms: { base_url: 'https://sms.example', api_key: 'k', secret_key: 's', brandname: 'B' },
    } as object);
    const token = await t.login(own.email('admin'));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(token),
      payload: config,
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, own.tenantId));
    expect((row?.settings as Record<string, unknown>).sms).toEqual({
      base_url: 'https://sms.example',
      api_key: 'k',
      secret_key: 's',
      brandname: 'B',
    });
  });

  it('validates time zone, scopes and switches in Vietnamese', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        ...config,
        time_zone: 'Mars/Olympus',
        workflow: 'maybe',
        data_scopes: { ...config.data_scopes, agent: 'everyone' },
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = Object.fromEntries(
      response.json().errors.map((e: { param: string; message: string }) => [e.param, e.message]),
    );
    expect(errors).toEqual({
      time_zone: 'Múi giờ không hợp lệ',
      workflow: 'Giá trị không hợp lệ',
      'data_scopes.agent': 'Phạm vi dữ liệu không hợp lệ',
    });
  });

  it('is changed only by administrators; other tenants only by the platform administrator', async () => {
    const supervisor = await t.login(tenant.email('supervisor'));
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v2/tenant/config',
          headers: bearer(supervisor),
          payload: config,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/tenant/config/${tenant.tenantId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(401);
    const platformAdmin = await t.login('admin@demo.vn');
    const other = await t.app.inject({
      method: 'GET',
      url: `/v2/tenant/config/${tenant.tenantId}`,
      headers: bearer(platformAdmin),
    });
    expect(other.json().data.name).toBe('Công ty Thử nghiệm');
  });
});

describe('allow_private_webhooks', () => {
  const put = (token: string, payload: Record<string, unknown>, tenantId?: string) =>
    t.app.inject({
      method: 'PUT',
      url: tenantId ? `/v2/tenant/config/${tenantId}` : '/v2/tenant/config',
      headers: bearer(token),
      payload,
    });
  const stored = async (tenantId: string) =>
    (
      await t.database.pool.query<{ allowed: boolean | null }>(
        `select (settings->>'allow_private_webhooks')::boolean as allowed from tenants where id = $1`,
        [tenantId],
      )
    ).rows[0]?.allowed ?? false;

  it('is withdrawn from every tenant by the migration that closed the hole', async () => {
    const opened = await seedTenant(t, 'Mở trước đây', { allow_private_webhooks: true });
    const closed = await seedTenant(t, 'Đóng', { allow_private_webhooks: false });
    const migration = await readFile(
      new URL('../../db/migrations/0031_private_webhooks_withdrawn.sql', import.meta.url),
      'utf8',
    );
    await t.database.pool.query(migration);
    expect(await stored(opened.tenantId)).toBe(false);
    expect(await stored(closed.tenantId)).toBe(false);
  });

  it("cannot be turned on by the tenant's administrator: refused in Vietnamese, nothing saved", async () => {
    const fresh = await seedTenant(t, 'Webhook');
    const token = await t.login(fresh.email('admin'));
    const get = await t.app.inject({
      method: 'GET',
      url: '/v2/tenant/config',
      headers: bearer(token),
    });
    expect(get.json().data.allow_private_webhooks).toBe(false);
    const on = await put(token, { ...config, name: 'Đổi tên', allow_private_webhooks: true });
    expect(on.statusCode).toBe(422);
    expect(on.json()).toEqual({
      statusCode: 422,
      message: TENANT_MESSAGES.privateWebhooksPlatformOnly,
      errors: [
        { param: 'allow_private_webhooks', message: TENANT_MESSAGES.privateWebhooksPlatformOnly },
      ],
    });
    expect(await stored(fresh.tenantId)).toBe(false);
    // Sending back the value it holds, or leaving it out, saves the rest.
    const echo = await put(token, { ...config, allow_private_webhooks: false });
    expect(echo.statusCode, echo.body).toBe(200);
    const wrong = await put(token, { ...config, allow_private_webhooks: 'yes' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { param: 'allow_private_webhooks', message: 'Giá trị không hợp lệ' },
    ]);
  });

  it('is set by the platform administrator per tenant, audited; the tenant keeps it and cannot undo it', async () => {
    const fresh = await seedTenant(t, 'Webhook nền tảng');
    const token = await t.login(fresh.email('admin'));
    // An administrator of the tenant without the admin flag cannot use the platform route.
    const own = await put(token, { ...config, allow_private_webhooks: true }, fresh.tenantId);
    expect(own.statusCode).toBe(401);
    expect(await stored(fresh.tenantId)).toBe(false);

    const platformAdmin = await t.login('admin@demo.vn');
    const on = await put(
      platformAdmin,
      { ...config, allow_private_webhooks: true },
      fresh.tenantId,
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.allow_private_webhooks).toBe(true);
    expect(await stored(fresh.tenantId)).toBe(true);
    const log = await t.app.inject({
      method: 'GET',
      url: '/v2/audit-logs?entity=tenant',
      headers: bearer(token),
    });
    const entries = (log.json().data as { action: string }[]).filter(
      (entry) => entry.action === 'private_webhooks',
    );
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'private_webhooks',
        entity: 'tenant',
        entity_id: fresh.tenantId,
        actor: expect.objectContaining({ name: expect.any(String) }),
        before: { allow_private_webhooks: false },
        after: { allow_private_webhooks: true },
      }),
    ]);
    expect(AUDIT_ACTION.label('tenant.private_webhooks')).not.toBe('tenant.private_webhooks');

    // The tenant's own saves keep it, and cannot turn it off either.
    const kept = await put(token, { ...config, name: 'Đổi tên' });
    expect(kept.json().data.allow_private_webhooks).toBe(true);
    const off = await put(token, { ...config, allow_private_webhooks: false });
    expect(off.statusCode).toBe(422);
    expect(await stored(fresh.tenantId)).toBe(true);
    // An unchanged value writes no further entry.
    await put(platformAdmin, { ...config, allow_private_webhooks: true }, fresh.tenantId);
    const again = await t.app.inject({
      method: 'GET',
      url: '/v2/audit-logs?entity=tenant',
      headers: bearer(token),
    });
    expect(
      (again.json().data as { action: string }[]).filter(
        (entry) => entry.action === 'private_webhooks',
      ),
    ).toHaveLength(1);
  });

  it('cannot be changed by anyone but an administrator', async () => {
    const before = await stored(tenant.tenantId);
    for (const role of ['supervisor', 'leader', 'agent']) {
      const token = await t.login(tenant.email(role));
      const response = await put(token, { ...config, allow_private_webhooks: !before });
      expect(response.statusCode, role).toBe(401);
    }
    expect(await stored(tenant.tenantId)).toBe(before);
  });
});
