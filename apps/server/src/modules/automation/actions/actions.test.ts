import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { chain, insertWorkflow, recordingServer } from '../engine/engine.test-support.js';
import { fakeEsms, fakeZns } from './provider-fakes.js';
import { isPrivateAddress, maskHeaders, RefusedAddressError, safeRequest } from './safe-http.js';

process.env.AUTOMATION_TIME_SCALE = '0.001';

describe('private addresses', () => {
  it('refuses loopback, private, link-local, metadata and unspecified, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a literal private address and a name resolving to one, before connecting', async () => {
    const server = await recordingServer();
    try {
      const call = { method: 'GET', headers: {}, timeoutMs: 2_000, allowPrivate: false };
      await expect(safeRequest({ ...call, url: `${server.url}/x` })).rejects.toBeInstanceOf(
        RefusedAddressError,
      );
      await expect(
        safeRequest({ ...call, url: `http://localhost:${server.port}/x` }),
      ).rejects.toThrow(M.webhookPrivate('localhost'));
      await expect(
        safeRequest({ ...call, url: 'http://[::ffff:127.0.0.1]/' }),
      ).rejects.toBeInstanceOf(RefusedAddressError);
      expect(server.hits).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('follows redirects by hand, at most five', async () => {
    const server = await recordingServer((hit) => {
      const hop = Number(hit.url.slice(1));
      return hop < 10
        ? { status: 302, headers: { location: `/${hop + 1}` } }
        : { status: 200, body: 'ok' };
    });
    try {
      const call = { method: 'GET', headers: {}, timeoutMs: 2_000, allowPrivate: true };
      const answer = await safeRequest({ ...call, url: `${server.url}/5` });
      expect(answer).toMatchObject({ status: 200, body: 'ok', url: `${server.url}/10` });
      await expect(safeRequest({ ...call, url: `${server.url}/0` })).rejects.toThrow(
        M.webhookRedirects,
      );
    } finally {
      await server.close();
    }
  });

  it('masks secret-looking headers', () => {
    expect(
      maskHeaders({
        Authorization: 'Bearer x',
        'X-Api-Key': 'k',
        Cookie: 'c',
        'X-Auth-Token': 't',
        'Idempotency-Key': 'r:n',
        Accept: 'json',
      }),
    ).toEqual({
      Authorization: '***',
      'X-Api-Key': '***',
      Cookie: '***',
      'X-Auth-Token': '***',
      'Idempotency-Key': 'r:n',
      Accept: 'json',
    });
  });
});

describe('SMS and ZNS through their providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the template to the requester through the eSMS and ZNS fakes', async () => {
    const esms = await fakeEsms();
    const zns = await fakeZns();
    try {
      const tenant = await seedTenant(t, 'Tin nhắn', {});
      await t.database.pool.query(
        `update tenants set settings = settings || $2::jsonb where id = $1`,
        [
          tenant.tenantId,
          JSON.stringify({
            sms: {
              base_url: esms.url,
              api_key: 'esms-key',
              secret_key: 'esms-secret',
              brandname: 'OMNICARE',
            },
            zns: { base_url: zns.url, access_token: 'zns-token' },
          }),
        ],
      );
      const template = async (kind: string, content: string, znsId: string | null = null) =>
        (
          await t.database.pool.query<{ id: string }>(
            `insert into message_templates (tenant_id, kind, name, content, visibility, owner_id, zns_template_id)
             values ($1, $2, $3, $4, 'shared', $5, $6) returning id`,
            [tenant.tenantId, kind, `${kind} mẫu`, content, tenant.id('admin'), znsId],
          )
        ).rows[0]!.id;
      const sms = await template('sms', 'Ticket {{ticket.code}} da duoc tiep nhan');
      const znsTemplate = await template('zns', 'ZNS', '7895417a7d3f9461cd2e');
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        chain({}, [
          { type: 'send_sms', id: 'sms', data: { template_id: sms } },
          { type: 'send_zns', id: 'zns', data: { template_id: znsTemplate } },
        ]),
      );
      const admin = await t.login(tenant.email('admin'));
      const customer = await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name: 'Nguyễn Văn An', phones: [{ phone: '0912345678', is_primary: true }] },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const created = await t.app.inject({
        method: 'POST',
        url: '/v2/tickets',
        headers: bearer(admin),
        payload: { subject: 'Cần gọi lại', requester_id: customer.json().data._id },
      });
      expect(created.statusCode, created.body).toBe(201);
      const code = created.json().data.code as string;
      const run = await vi.waitFor(
        async () => {
          const rows = await t.database.pool.query<{
            id: string;
            status: string;
            error: string | null;
          }>('select id, status, error from workflow_runs where workflow_id = $1', [flow]);
          expect(['completed', 'failed']).toContain(rows.rows[0]?.status);
          return rows.rows[0]!;
        },
        { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 50 },
      );
      expect(run.status, run.error ?? '').toBe('completed');
      expect(esms.sent).toEqual([
        expect.objectContaining({
          Phone: '0912345678',
          Content: `Ticket ${code} da duoc tiep nhan`,
          Brandname: 'OMNICARE',
          SmsType: '2',
          IsUnicode: '0',
          RequestId: `${run.id}:sms`,
        }),
      ]);
      expect(zns.sent).toEqual([
        expect.objectContaining({
          phone: '84912345678',
          template_id: '7895417a7d3f9461cd2e',
          tracking_id: `${run.id}:zns`,
          template_data: expect.objectContaining({
            ticket_code: code,
            customer_name: 'Nguyễn Văn An',
          }),
        }),
      ]);
    } finally {
      await esms.close();
      await zns.close();
    }
  });
});
