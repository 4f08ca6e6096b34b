import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { znsSentText } from '@omnicare/shared/channels/channels.schemas';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { chain, insertWorkflow, recordingServer } from '../engine/engine.test-support.js';
import { fakeEsms, fakeZns } from '../../channels/provider-fakes.js';
import { canonicalAddress } from '../../../platform/blocked-addresses.js';
import {
  RefusedAddressError,
  safeRequest,
  systemNetwork,
  type WebhookNetwork,
} from '../../../platform/safe-http.js';

process.env.AUTOMATION_TIME_SCALE = '0.001';

/** A stand-in for DNS and the block list: names map to addresses, `blocked` (IPv4) are refused. */
function fakeNetwork(names: Record<string, string>, blocked: string[]) {
  const asked: string[] = [];
  const network: WebhookNetwork = {
    resolve: async (hostname) => {
      asked.push(hostname);
      const address = names[hostname];
      if (!address) throw new Error(`ENOTFOUND ${hostname}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    isBlocked: (address) => blocked.includes(canonicalAddress(address) ?? address),
  };
  return { network, asked };
}

describe('outbound webhook calls', () => {
  const call = { method: 'GET', headers: {}, timeoutMs: 2_000, allowPrivate: false };

  it('refuses a literal private address and a name resolving to one, before connecting', async () => {
    const server = await recordingServer();
    try {
      await expect(safeRequest({ ...call, url: `${server.url}/x` })).rejects.toBeInstanceOf(
        RefusedAddressError,
      );
      await expect(
        safeRequest({ ...call, url: `http://localhost:${server.port}/x` }),
      ).rejects.toThrow(M.webhookPrivate('localhost'));
      for (const host of ['[::ffff:127.0.0.1]', '[::127.0.0.1]', '[::ffff:0:7f00:1]', '2130706433'])
        await expect(
          safeRequest({ ...call, url: `http://${host}:${server.port}/` }),
          host,
        ).rejects.toBeInstanceOf(RefusedAddressError);
      // A public-looking name the resolver answers with a loopback address.
      const { network } = fakeNetwork({ 'hooks.example.com': '127.0.0.1' }, []);
      await expect(
        safeRequest(
          { ...call, url: `http://hooks.example.com:${server.port}/x` },
          {
            ...network,
            isBlocked: systemNetwork.isBlocked,
          },
        ),
      ).rejects.toThrow(M.webhookPrivate('hooks.example.com'));
      expect(server.hits).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('connects to the address it checked, resolving once, with the host name in Host', async () => {
    const server = await recordingServer();
    try {
      // No real resolver knows these names: an answer proves the socket used the checked address.
      const { network, asked } = fakeNetwork({ 'public.test': '127.0.0.1' }, ['127.0.0.2']);
      const answer = await safeRequest(
        { ...call, url: `http://public.test:${server.port}/pinned?q=1` },
        network,
      );
      expect(answer.status).toBe(200);
      expect(asked).toEqual(['public.test']);
      expect(server.hits).toEqual([
        expect.objectContaining({
          url: '/pinned?q=1',
          headers: expect.objectContaining({ host: `public.test:${server.port}` }),
        }),
      ]);
      await expect(
        safeRequest({ ...call, url: `http://nowhere.test:${server.port}/` }, network),
      ).rejects.toThrow(M.webhookDns('nowhere.test'));
    } finally {
      await server.close();
    }
  });

  it('over HTTPS connects to the checked address while the TLS name and certificate stay the host name', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'omnicare-tls-'));
    // A certificate for secure.test only, trusted by this call alone.
    const selfSigned = (name: string) => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          `/CN=${name}`,
          '-addext',
          `subjectAltName=DNS:${name}`,
          '-keyout',
          path.join(dir, `${name}.key`),
          '-out',
          path.join(dir, `${name}.crt`),
        ],
        { stdio: 'ignore' },
      );
      return {
        key: readFileSync(path.join(dir, `${name}.key`), 'utf8'),
        cert: readFileSync(path.join(dir, `${name}.crt`), 'utf8'),
      };
    };
    const tls = selfSigned('secure.test');
    const names: (string | false | null)[] = [];
    const server = https.createServer(tls, (req, res) => {
      names.push((req.socket as TLSSocket).servername);
      res.end(JSON.stringify({ host: req.headers.host }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const { network } = fakeNetwork(
        { 'secure.test': '127.0.0.1', 'other.test': '127.0.0.1' },
        [],
      );
      const trusted = { ...network, ca: tls.cert };
      const answer = await safeRequest({ ...call, url: `https://secure.test:${port}/x` }, trusted);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ host: `secure.test:${port}` });
      expect(names).toEqual(['secure.test']);
      // Another name resolving to the same address gets the same certificate, which is not its
      // own: refused, as a browser would.
      await expect(
        safeRequest({ ...call, url: `https://other.test:${port}/x` }, trusted),
      ).rejects.toThrow(/other\.test|altnames|certificate/i);
      // Without trusting the certificate at all: refused too.
      await expect(
        safeRequest({ ...call, url: `https://secure.test:${port}/x` }, network),
      ).rejects.toThrow(/certificate/i);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks every redirect again: an allowed host redirecting to a blocked one is refused', async () => {
    const server = await recordingServer((hit) => {
      const to = new URLSearchParams(hit.url.split('?')[1]).get('to');
      return to ? { status: 302, headers: { location: to } } : { status: 200, body: 'ok' };
    });
    try {
      const { network, asked } = fakeNetwork(
        { 'public.test': '127.0.0.1', 'internal.test': '127.0.0.2' },
        ['127.0.0.2'],
      );
      const start = (to: string) =>
        `http://public.test:${server.port}/start?to=${encodeURIComponent(to)}`;
      for (const target of [
        `http://internal.test:${server.port}/secret`,
        `http://127.0.0.2:${server.port}/secret`,
        `http://[::ffff:127.0.0.2]:${server.port}/secret`,
      ])
        await expect(
          safeRequest({ ...call, url: start(target) }, network),
          target,
        ).rejects.toBeInstanceOf(RefusedAddressError);
      expect(asked).toEqual(['public.test', 'internal.test', 'public.test', 'public.test']);
      expect(server.hits.map((hit) => hit.url.split('?')[0])).toEqual([
        '/start',
        '/start',
        '/start',
      ]);
      // Allowed targets are followed, each hop resolved and checked on its own.
      const answer = await safeRequest(
        { ...call, url: start(`http://public.test:${server.port}/done`) },
        network,
      );
      expect(answer).toMatchObject({ status: 200, body: 'ok' });
    } finally {
      await server.close();
    }
  });

  it('keeps secret headers for the first origin only', async () => {
    const server = await recordingServer((hit) =>
      hit.url === '/same'
        ? { status: 302, headers: { location: '/other' } }
        : hit.url === '/other'
          ? { status: 302, headers: { location: `http://other.test:${server.port}/last` } }
          : { status: 200 },
    );
    try {
      const { network } = fakeNetwork(
        { 'public.test': '127.0.0.1', 'other.test': '127.0.0.1' },
        [],
      );
      await safeRequest(
        {
          ...call,
          url: `http://public.test:${server.port}/same`,
          headers: { Authorization: 'Bearer s', 'X-Api-Key': 'k', 'X-Trace': 't' },
        },
        network,
      );
      const seen = server.hits.map((hit) => [
        hit.url,
        hit.headers.authorization,
        hit.headers['x-api-key'],
        hit.headers['x-trace'],
      ]);
      expect(seen).toEqual([
        ['/same', 'Bearer s', 'k', 't'],
        ['/other', 'Bearer s', 'k', 't'],
        ['/last', undefined, undefined, 't'],
      ]);
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
      const allowed = { ...call, allowPrivate: true };
      const answer = await safeRequest({ ...allowed, url: `${server.url}/5` });
      expect(answer).toMatchObject({ status: 200, body: 'ok', url: `${server.url}/10` });
      await expect(safeRequest({ ...allowed, url: `${server.url}/0` })).rejects.toThrow(
        M.webhookRedirects,
      );
    } finally {
      await server.close();
    }
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
      // The providers are the tenant's SMS and ZNS channels, connected as an administrator does.
      const admin = await t.login(tenant.email('admin'));
      for (const payload of [
        {
          kind: 'sms',
          name: 'eSMS',
          settings: { base_url: esms.url, brandname: 'OMNICARE' },
          secrets: { api_key: 'esms-key', secret_key: 'esms-secret' },
        },
        {
          kind: 'zns',
          name: 'ZNS',
          settings: { base_url: zns.url },
          secrets: { access_token: 'zns-token' },
        },
      ]) {
        const connected = await t.app.inject({
          method: 'POST',
          url: '/v2/channels',
          headers: bearer(admin),
          payload,
        });
        expect(connected.statusCode, connected.body).toBe(201);
      }
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
      // The notification is in the ticket's conversation, by the bot, as sent through ZNS.
      const messages = await t.database.pool.query<Record<string, unknown>>(
        `select author_type, direction, kind, body, public, delivery, provider_message_id, channel_id
         from messages where ticket_id = $1`,
        [created.json().data._id],
      );
      expect(messages.rows).toEqual([
        expect.objectContaining({
          author_type: 'bot',
          direction: 'out',
          kind: 'template',
          body: znsSentText('zns mẫu', '0912345678'),
          public: true,
          delivery: 'sent',
          provider_message_id: 'zns-1',
        }),
      ]);
      // Zalo's answer carried the OA's quota: the channel keeps it, and a save cannot change it.
      const channels = await t.app.inject({
        method: 'GET',
        url: '/v2/channels?kind=zns',
        headers: bearer(admin),
      });
      const channel = (
        channels.json().data as { _id: string; settings: Record<string, unknown> }[]
      )[0]!;
      expect(channel.settings).toMatchObject({ daily_quota: 5000, remaining_quota: 4999 });
      expect(Date.parse(String(channel.settings.quota_at))).toBeGreaterThan(Date.now() - 60_000);
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/v2/channels/${channel._id}`,
        headers: bearer(admin),
        payload: {
          kind: 'zns',
          name: 'ZNS',
          settings: { base_url: zns.url, daily_quota: 1, remaining_quota: 1 },
          secrets: {},
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.settings).toMatchObject({
        daily_quota: 5000,
        remaining_quota: 4999,
      });
    } finally {
      await esms.close();
      await zns.close();
    }
  });
});
