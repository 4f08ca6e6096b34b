import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES as M } from '@omnicare/shared/channels/channels.schemas';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Kênh');
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const SMS = {
  kind: 'sms',
  name: 'eSMS CSKH',
  settings: { brandname: 'OMNICARE', base_url: 'https://sms.example' },
  secrets: { api_key: 'esms-key-1', secret_key: 'esms-secret-1' },
};
const unprocessable = (param: string, message: string) => ({
  statusCode: 422,
  message,
  errors: [{ param, message }],
});

describe('/v2/channels', () => {
  it('connects a channel whose secrets are sealed and never answered, and audits no secret', async () => {
    const created = await send('POST', '/v2/channels', admin, SMS);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(M.created);
    const channel = created.json().data;
    expect(channel).toMatchObject({
      kind: 'sms',
      name: 'eSMS CSKH',
      status: 'active',
      group: null,
      settings: { brandname: 'OMNICARE', base_url: 'https://sms.example' },
      secrets: { api_key: true, secret_key: true },
    });
    const listed = await send('GET', '/v2/channels?kind=sms', admin);
    expect(listed.json().data.map((row: { _id: string }) => row._id)).toContain(channel._id);
    for (const body of [created.body, listed.body])
      expect(body).not.toMatch(/esms-key-1|esms-secret-1/);
    const stored = await t.database.pool.query<{ secrets: string }>(
      'select secrets from channels where id = $1',
      [channel._id],
    );
    expect(stored.rows[0]!.secrets).not.toMatch(/esms-key-1|esms-secret-1/);
    const audit = await t.database.pool.query<{ row: string }>(
      `select row_to_json(a)::text as row from audit_log a where entity = 'channel' and entity_id = $1`,
      [channel._id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.row).not.toMatch(/esms-key-1|esms-secret-1/);
  });

  it('keeps a secret left blank on an update, replaces one given, and never changes the kind', async () => {
    const channel = (await send('POST', '/v2/channels', admin, { ...SMS, name: 'Giữ khóa' })).json()
      .data;
    const sealed = async () =>
      (
        await t.database.pool.query<{ secrets: string }>(
          'select secrets from channels where id = $1',
          [channel._id],
        )
      ).rows[0]!.secrets;
    const before = await sealed();
    const kept = await send('PUT', `/v2/channels/${channel._id}`, admin, {
      ...SMS,
      name: 'Giữ khóa',
      status: 'disabled',
      secrets: { api_key: '', secret_key: '' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      status: 'disabled',
      secrets: { api_key: true, secret_key: true },
    });
    const t1 = t.app.platform.secrets.open(await sealed());
    expect(JSON.parse(t1)).toEqual({ api_key: 'esms-key-1', secret_key: 'esms-secret-1' });
    await send('PUT', `/v2/channels/${channel._id}`, admin, {
      ...SMS,
      name: 'Giữ khóa',
      secrets: { secret_key: 'moi' },
    });
    expect(JSON.parse(t.app.platform.secrets.open(await sealed()))).toEqual({
      api_key: 'esms-key-1',
      secret_key: 'moi',
    });
    expect(await sealed()).not.toBe(before);
    const kind = await send('PUT', `/v2/channels/${channel._id}`, admin, {
      kind: 'zns',
      name: 'Giữ khóa',
      secrets: { access_token: 'x' },
    });
    expect(kind.json()).toEqual(unprocessable('kind', M.kindFixed));
  });

  it('refuses what cannot be connected, each in Vietnamese on its field', async () => {
    expect(
      (
        await send('POST', '/v2/channels', admin, {
          ...SMS,
          name: 'Thiếu khóa',
          secrets: { api_key: 'k' },
        })
      ).json(),
    ).toEqual(unprocessable('secrets.secret_key', M.secretRequired('Secret key')));
    expect(
      (await send('POST', '/v2/channels', admin, { kind: 'facebook', name: 'Fanpage' })).json(),
    ).toEqual(unprocessable('kind', M.kindNotYet('Facebook')));
    expect(
      (
        await send('POST', '/v2/channels', admin, {
          ...SMS,
          settings: { brandname: 'X', base_url: 'ftp://x' },
        })
      ).json(),
    ).toEqual(unprocessable('settings.base_url', M.urlInvalid));
    expect(
      (await send('POST', '/v2/channels', admin, { ...SMS, kind: 'telegram' })).statusCode,
    ).toBe(422);
    await send('POST', '/v2/channels', admin, { ...SMS, name: 'Trùng tên' });
    expect(
      (await send('POST', '/v2/channels', admin, { ...SMS, name: 'trùng tên' })).json(),
    ).toEqual(unprocessable('name', M.nameTaken));
    const group = await send('POST', '/v2/channels', admin, {
      ...SMS,
      name: 'Phòng ban lạ',
      group_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(group.json()).toEqual(unprocessable('group_id', M.groupMissing));
  });

  it('is for administrators only, and another tenant sees none of it', async () => {
    const channel = (await send('POST', '/v2/channels', admin, { ...SMS, name: 'Riêng' })).json()
      .data;
    for (const role of ['supervisor', 'agent'] as const) {
      const token = await t.login(tenant.email(role));
      expect((await send('GET', '/v2/channels', token)).statusCode).toBe(401);
      expect((await send('POST', '/v2/channels', token, { ...SMS, name: role })).statusCode).toBe(
        401,
      );
    }
    const other = await seedTenant(t, 'Kênh khác');
    const stranger = await t.login(other.email('admin'));
    expect((await send('GET', '/v2/channels', stranger)).json().data).toEqual([]);
    const notFound = { statusCode: 404, message: M.notFound };
    expect((await send('GET', `/v2/channels/${channel._id}`, stranger)).json()).toEqual(notFound);
    expect(
      (await send('PUT', `/v2/channels/${channel._id}`, stranger, { ...SMS, name: 'x' })).json(),
    ).toEqual(notFound);
    expect((await send('DELETE', `/v2/channels/${channel._id}`, stranger)).json()).toEqual(
      notFound,
    );
    const removed = await send('DELETE', `/v2/channels/${channel._id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await send('GET', `/v2/channels/${channel._id}`, admin)).statusCode).toBe(404);
  });
});
