import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_KIND, CHANNEL_MESSAGES as M } from '@omnicare/shared/channels/channels.schemas';
import { dayAndTimeIn, startOfDayIn } from '@omnicare/shared/platform/time';
import { LIVECHAT_SETTINGS_MESSAGES as LC } from '@omnicare/shared/channels/livechat-settings';
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
      (await send('POST', '/v2/channels', admin, { kind: 'tiktok', name: 'TikTok Shop' })).json(),
    ).toEqual(unprocessable('kind', M.kindNotYet('TikTok')));
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

describe('POST /v2/channels/{id}/avatar', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a2b6d50000000049454e44ae426082',
    'hex',
  );
  const boundary = '----omnicare-avatar';
  const upload = (token: string, id: string, content: Buffer, fileName = 'logo.png') =>
    t.app.inject({
      method: 'POST',
      url: `/v2/channels/${id}/avatar`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  const livechat = async (token: string, name: string) => {
    const created = await send('POST', '/v2/channels', token, {
      kind: 'livechat',
      name,
      settings: { title: 'Hỗ trợ', allowed_domains: ['shop.example'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as { _id: string; settings: Record<string, unknown> };
  };

  it('stores an image checked by its content as the widget’s avatar, served publicly, and audits it', async () => {
    const channel = await livechat(admin, 'Website ảnh');
    const response = await upload(admin, channel._id, PNG);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(LC.avatarSaved);
    const url = response.json().data.settings.avatar_url as string;
    expect(url).toMatch(new RegExp(`^/files/livechat/${tenant.tenantId}/[0-9a-f-]+\\.png$`));
    // Served without a session (the widget is on the customer's site) ...
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // ... and named by the widget's config.
    const config = await t.app.inject({
      method: 'GET',
      url: `/v2/livechat/${channel._id}/config`,
      headers: { origin: 'https://shop.example' },
    });
    expect(config.json().data.avatar_url).toBe(url);
    // Saving the form with it again keeps it; the rest of the settings stayed.
    const again = await send('PUT', `/v2/channels/${channel._id}`, admin, {
      kind: 'livechat',
      name: 'Website ảnh',
      settings: { ...channel.settings, avatar_url: url },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.settings).toMatchObject({ avatar_url: url, title: 'Hỗ trợ' });
    const audit = await t.database.pool.query<{ after: { settings: { avatar_url: string } } }>(
      `select after from audit_log where entity = 'channel' and entity_id = $1 and action = 'update' order by created_at`,
      [channel._id],
    );
    expect(audit.rows[0]!.after.settings.avatar_url).toBe(url);
  });

  it('refuses what is not an image whatever it is called, and an image over 2 MB, in Vietnamese', async () => {
    const channel = await livechat(admin, 'Website sai ảnh');
    const page = await upload(admin, channel._id, Buffer.from('<html><script>alert(1)</script>'));
    expect(page.statusCode).toBe(422);
    expect(page.json()).toEqual(unprocessable('file', LC.avatarType));
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(admin, channel._id, big);
    expect(tooBig.json()).toEqual(unprocessable('file', LC.avatarSize));
    const sms = (await send('POST', '/v2/channels', admin, { ...SMS, name: 'SMS ảnh' })).json()
      .data;
    expect((await upload(admin, sms._id, PNG)).json()).toEqual(
      unprocessable('file', LC.avatarNotLivechat),
    );
    // Only administrators manage channels.
    const agent = await t.login(tenant.email('agent'));
    expect((await upload(agent, channel._id, PNG)).statusCode).toBe(401);
    const unchanged = await send('GET', `/v2/channels/${channel._id}`, admin);
    expect(unchanged.json().data.settings.avatar_url).toBeNull();
  });

  it('another tenant can neither upload to the channel nor point its own channel at the file', async () => {
    const channel = await livechat(admin, 'Website của Kênh');
    const mine = (await upload(admin, channel._id, PNG)).json().data.settings.avatar_url as string;
    const other = await seedTenant(t, 'Kênh khác');
    const otherAdmin = await t.login(other.email('admin'));
    const refused = await upload(otherAdmin, channel._id, PNG);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(M.notFound);
    const stillMine = await send('GET', `/v2/channels/${channel._id}`, admin);
    expect(stillMine.json().data.settings.avatar_url).toBe(mine);

    const borrowed = await send('POST', '/v2/channels', otherAdmin, {
      kind: 'livechat',
      name: 'Mượn ảnh',
      settings: { avatar_url: mine },
    });
    expect(borrowed.json()).toEqual(unprocessable('settings.avatar_url', LC.avatar));
    for (const avatar_url of [
      '/files/avatars/x/y.png',
      `/files/livechat/${tenant.tenantId}/../a.png`,
    ])
      expect(
        (
          await send('POST', '/v2/channels', admin, {
            kind: 'livechat',
            name: `Ảnh lạ ${avatar_url.length}`,
            settings: { avatar_url },
          })
        ).json(),
      ).toEqual(unprocessable('settings.avatar_url', LC.avatar));
    // An https:// address stays allowed.
    const remote = await send('POST', '/v2/channels', otherAdmin, {
      kind: 'livechat',
      name: 'Ảnh ngoài',
      settings: { avatar_url: 'https://cdn.example/logo.png' },
    });
    expect(remote.statusCode, remote.body).toBe(201);
  });
});

describe('GET /v2/channels/summary', () => {
  it("answers every kind with the tenant's channels, their state and today's messages in and out", async () => {
    const own = await seedTenant(t, 'Tổng quan');
    const token = await t.login(own.email('admin'));
    const connect = async (name: string) =>
      (await send('POST', '/v2/channels', token, { ...SMS, name })).json().data._id as string;
    const [working, broken, paused] = [
      await connect('SMS chính'),
      await connect('SMS lỗi'),
      await connect('SMS dừng'),
    ];
    await t.database.pool.query(
      `update channels set status = 'error', status_reason = 'Sai API key (101)' where id = $1`,
      [broken],
    );
    await t.database.pool.query(`update channels set status = 'disabled' where id = $1`, [paused]);

    // Today in the tenant's zone (Asia/Bangkok by default) and the instant just before it.
    const today = dayAndTimeIn(new Date(), 'Asia/Bangkok')!.day;
    const start = startOfDayIn(today, 'Asia/Bangkok');
    const before = new Date(start.getTime() - 1000);
    const ticket = async (tenantId: string) =>
      (
        await t.database.pool.query<{ id: string }>(
          `insert into tickets (tenant_id, subject) values ($1, 'Tổng quan') returning id`,
          [tenantId],
        )
      ).rows[0]!.id;
    const write = (
      tenantId: string,
      ticketId: string,
      channelId: string | null,
      direction: 'in' | 'out',
      at: Date,
      isPublic = true,
    ) =>
      t.database.pool.query(
        `insert into messages (tenant_id, ticket_id, channel_id, author_type, direction, body, public, created_at)
         values ($1, $2, $3, $4, $5, 'x', $6, $7)`,
        [
          tenantId,
          ticketId,
          channelId,
          direction === 'in' ? 'customer' : 'user',
          direction,
          isPublic,
          at,
        ],
      );
    const mine = await ticket(own.tenantId);
    await write(own.tenantId, mine, working, 'in', start); // the first instant of today counts
    await write(own.tenantId, mine, working, 'in', new Date());
    await write(own.tenantId, mine, working, 'out', new Date());
    await write(own.tenantId, mine, working, 'in', before); // yesterday: not counted
    await write(own.tenantId, mine, working, 'out', new Date(), false); // a note: not counted
    // A public reply written without a channel counts for its conversation's channel.
    const chat = await ticket(own.tenantId);
    await t.database.pool.query(
      `insert into conversations (ticket_id, tenant_id, channel_id, last_message_at) values ($1, $2, $3, now())`,
      [chat, own.tenantId, broken],
    );
    await write(own.tenantId, chat, null, 'out', new Date());

    // Another tenant's channel and messages are not seen.
    const other = await seedTenant(t, 'Tổng quan khác');
    const stranger = await t.login(other.email('admin'));
    const theirs = (
      await send('POST', '/v2/channels', stranger, { ...SMS, name: 'SMS của họ' })
    ).json().data._id as string;
    await write(other.tenantId, await ticket(other.tenantId), theirs, 'in', new Date());

    const answer = await send('GET', '/v2/channels/summary', token);
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json().data;
    expect(summary).toMatchObject({ date: today, time_zone: 'Asia/Bangkok' });
    expect(summary.kinds.map((row: { kind: string }) => row.kind)).toEqual(CHANNEL_KIND.values);
    const kind = (name: string) => summary.kinds.find((row: { kind: string }) => row.kind === name);
    expect(kind('tiktok')).toEqual({ kind: 'tiktok', connectable: false, channels: [] });
    expect(kind('email')).toMatchObject({ connectable: true, channels: [] });
    expect(kind('sms').connectable).toBe(true);
    expect(kind('sms').channels).toEqual([
      expect.objectContaining({
        _id: working,
        name: 'SMS chính',
        status: 'active',
        status_reason: null,
        messages_in: 2,
        messages_out: 1,
      }),
      expect.objectContaining({
        _id: broken,
        status: 'error',
        status_reason: 'Sai API key (101)',
        status_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        messages_in: 0,
        messages_out: 1,
      }),
      expect.objectContaining({ _id: paused, status: 'disabled', messages_in: 0, messages_out: 0 }),
    ]);
    expect(answer.body).not.toContain(theirs);

    const strangers = (await send('GET', '/v2/channels/summary', stranger)).json().data;
    expect(strangers.kinds.find((row: { kind: string }) => row.kind === 'sms').channels).toEqual([
      expect.objectContaining({ _id: theirs, messages_in: 1, messages_out: 0 }),
    ]);

    for (const role of ['supervisor', 'leader', 'agent'] as const) {
      const refused = await send('GET', '/v2/channels/summary', await t.login(own.email(role)));
      expect(refused.statusCode).toBe(401);
    }
  });
});
