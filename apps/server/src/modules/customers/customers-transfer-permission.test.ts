import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const REFUSED = 'Vai trò của bạn không được phép nhập hoặc xuất khách hàng';

function csvUpload(token: string) {
  const boundary = '----omnicare-permission';
  return t.app.inject({
    method: 'POST',
    url: '/v2/customers/import/preview',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from('Họ tên,Số điện thoại\nNgô Thị Lan,0905111001\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const startExport = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/customers/export',
    headers: bearer(token),
    payload: {},
  });

const startImport = (token: string, fileId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/customers/import',
    headers: bearer(token),
    payload: { file_id: fileId, mapping: { name: 0, phone: 1 }, duplicate: 'skip' },
  });

const editable = (config: Record<string, unknown>) => ({
  name: config.name,
  time_zone: config.time_zone,
  workflow: config.workflow,
  data_scopes: config.data_scopes,
});

async function setRoles(roles: string[]) {
  const config = (
    await t.app.inject({ method: 'GET', url: '/v2/tenant/config', headers: bearer(admin) })
  ).json().data;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/v2/tenant/config',
    headers: bearer(admin),
    payload: { ...editable(config), import_export_roles: roles },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json().data;
}

async function finished(token: string, id: string) {
  for (let i = 0; i < 100; i++) {
    const job = (
      await t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: bearer(token) })
    ).json().data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('job did not finish');
}

describe('importing and exporting customers is a tenant setting per role', () => {
  it('lets administrators and supervisors by default, and refuses team leaders and agents on the server', async () => {
    const config = (
      await t.app.inject({ method: 'GET', url: '/v2/tenant/config', headers: bearer(admin) })
    ).json().data;
    expect(config.import_export_roles).toEqual(['administrator', 'supervisor']);

    const supervisor = await t.login(tenant.email('supervisor'));
    const preview = await csvUpload(supervisor);
    expect(preview.statusCode).toBe(200);
    const fileId = preview.json().data.file_id as string;
    expect((await startExport(supervisor)).statusCode).toBe(201);
    expect((await startExport(admin)).statusCode).toBe(201);

    for (const role of ['leader', 'agent']) {
      const token = await t.login(tenant.email(role));
      for (const response of [
        await csvUpload(token),
        await startImport(token, fileId),
        await startExport(token),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(REFUSED);
      }
      const account = (
        await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) })
      ).json().data;
      expect(account.customer_import_export).toBe(false);
    }
    const account = (
      await t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(supervisor) })
    ).json().data;
    expect(account.customer_import_export).toBe(true);
  });

  it("follows the administrator's setting, including the download of a finished job's file", async () => {
    expect((await setRoles(['administrator', 'agent'])).import_export_roles).toEqual([
      'administrator',
      'agent',
    ]);
    const agent = await t.login(tenant.email('agent'));
    const started = await startExport(agent);
    expect(started.statusCode).toBe(201);
    const job = await finished(agent, started.json().data._id);
    expect(job.status).toBe('completed');
    const download = () =>
      t.app.inject({ method: 'GET', url: job.download_url, headers: bearer(agent) });
    expect((await download()).statusCode).toBe(200);

    const supervisor = await t.login(tenant.email('supervisor'));
    expect((await startExport(supervisor)).statusCode).toBe(401);

    // Taken away: the file made before is no longer handed out either.
    await setRoles(['administrator']);
    const refused = await download();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(REFUSED);
  });

  it('refuses an unknown role in the setting', async () => {
    const config = (
      await t.app.inject({ method: 'GET', url: '/v2/tenant/config', headers: bearer(admin) })
    ).json().data;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: { ...editable(config), import_export_roles: ['end_user'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].param).toBe('import_export_roles.0');
  });
});
