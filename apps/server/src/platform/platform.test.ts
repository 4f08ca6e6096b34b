import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp, loggerOptions } from '../app.js';
import { readdir } from 'node:fs/promises';
import { connectDatabase } from './db.js';
import { SERVER_MODULES } from '../modules.js';
import { randomUUID } from 'node:crypto';
import { TENANT_FEATURES } from '@omnicare/shared/tenants/features';
import { bearer, createTestApp, DEMO_PASSWORD, seedTenant, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route catalogue', () => {
  it('has an access declaration on every API route', () => {
    const api = t.app.routeCatalogue.filter((route) => route.url.startsWith('/v2'));
    expect(api.length).toBeGreaterThan(10);
    const undeclared = api.filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
  });

  it('declares the success response of every API operation (one contract per operation)', () => {
    const undeclared = t.app.routeCatalogue
      .filter((route) => route.url.startsWith('/v2') && route.method !== 'HEAD')
      .filter((route) => !route.responses.some((status) => /^2\d\d$/.test(status)))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('opens to anonymous callers exactly the routes meant to be public', () => {
    const open = t.app.routeCatalogue
      .filter(
        (route) =>
          route.url.startsWith('/v2') && (route.access === 'public' || route.access === 'optional'),
      )
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual([
      'GET /v2/health',
      // The livechat widget's, for a site's visitor: the channel's allowed origins and the
      // visitor's token instead (conversations/livechat.routes.ts).
      'GET /v2/livechat/:channelId/attachments/:attachmentId',
      'GET /v2/livechat/:channelId/config',
      'GET /v2/livechat/:channelId/conversation',
      'GET /v2/webhooks/facebook/:channelId',
      'GET /v2/webhooks/whatsapp/:channelId',
      'OPTIONS /v2/livechat/*',
      'POST /v2/accept-invite',
      'POST /v2/client-errors',
      'POST /v2/forgot-password',
      'POST /v2/forgot-password/confirm',
      'POST /v2/livechat/:channelId/attachments',
      'POST /v2/livechat/:channelId/messages',
      'POST /v2/livechat/:channelId/offline',
      'POST /v2/livechat/:channelId/rating',
      'POST /v2/livechat/:channelId/seen',
      'POST /v2/livechat/:channelId/visitors',
      'POST /v2/login',
      // The SIP gateway's: no session, its shared secret header instead (telephony/gateway-secret.ts).
      'POST /v2/telephony/credentials',
      'POST /v2/telephony/events',
      'POST /v2/telephony/gateway-started',
      'POST /v2/telephony/route',
      // The providers' webhooks: their signatures instead (Zalo's X-ZEvent-Signature, Meta's
      // X-Hub-Signature-256; Meta's GET handshake checks the channel's verify token).
      'POST /v2/webhooks/facebook/:channelId',
      'POST /v2/webhooks/whatsapp/:channelId',
      'POST /v2/webhooks/zalo/:channelId',
    ]);
  });

  it('refuses to start when an API route declares no access', async () => {
    const database = connectDatabase(t.config.databaseUrl ?? '', 4);
    const app = await buildApp(t.config, database, { logger: false });
    app.get('/v2/forgotten', async () => ({ ok: true }));
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/v2/forgotten' });
    expect(response.statusCode).toBe(500);
    expect(
      app.routeCatalogue.find((route) => route.url === '/v2/forgotten')?.access,
    ).toBeUndefined();
    await app.close();
    await database.close();
  });
});

describe('server modules', () => {
  it('answers every route of a module needing a tenant feature with 404 while it is off', async () => {
    const off = await seedTenant(t, 'Tắt tính năng', { workflow: 'disabled' });
    const token = await t.login(off.email('admin'));
    const gated = t.app.routeCatalogue.filter(
      (route) => route.config.feature && route.method !== 'HEAD',
    );
    const needing = SERVER_MODULES.filter((module) => module.feature).map((module) => module.name);
    expect(needing).toEqual(['automation']);
    expect(gated.length).toBeGreaterThan(5);
    for (const { method, url, config } of gated) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/:[^/]+/g, randomUUID()),
        headers: bearer(token),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(TENANT_FEATURES[config.feature!].offMessage);
    }
  });

  it('registers every module folder once, through its module file', async () => {
    const folders = await readdir(new URL('../modules/', import.meta.url));
    expect(SERVER_MODULES.map((module) => module.name).sort()).toEqual(folders.sort());
  });

  it('declares each memo topic with exactly the tables whose triggers announce it', async () => {
    // tgargs holds the trigger's one argument (the topic) and a NUL byte.
    const { rows } = await t.database.pool.query<{ topic: string; table: string }>(
      `select distinct convert_from(substr(tgargs, 1, length(tgargs) - 1), 'UTF8') as topic,
              relname as table
         from pg_trigger
         join pg_class on pg_class.oid = tgrelid
         join pg_proc on pg_proc.oid = tgfoid
        where proname = 'notify_tenant_change'`,
    );
    const byTopic = (pairs: { topic: string; table: string }[]) =>
      Object.fromEntries(
        [...new Set(pairs.map((pair) => pair.topic))].sort().map((topic) => [
          topic,
          pairs
            .filter((pair) => pair.topic === topic)
            .map((pair) => pair.table)
            .sort(),
        ]),
      );
    const declared = SERVER_MODULES.flatMap((module) => module.memoTopics ?? []).flatMap(
      ({ topic, tables }) => tables.map((table) => ({ topic, table })),
    );
    expect(byTopic(declared)).toEqual(byTopic(rows));
  });
});

describe('contract', () => {
  it('answers an unknown API path with 404 and the catalogue message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      message: 'Kiểm tra URL hoặc endpoint có đúng không!',
    });
  });

  it('reports database health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.database.status).toBe('ok');
    expect(response.json().data.database.version).toMatch(/^\d+/);
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(
      doc.paths['/v2/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    const account = doc.paths['/v2/my-account'].get.responses['200'].content['application/json'];
    expect(account.schema.properties.data.required).toEqual(
      expect.arrayContaining(['role', 'presence', 'tenant', 'workflow']),
    );
    // Every reference resolves to a component of the document (the organization tree's nodes).
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
    const names = refs.map((match) => match[1] ?? '');
    expect(names).toContain('OrganizationNode');
    expect(names.filter((name) => !doc.components.schemas?.[name])).toEqual([]);
  });
});

describe('request logs', () => {
  it('never contain tokens or passwords', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const database = connectDatabase(t.config.databaseUrl ?? '', 2);
    const options = loggerOptions('trace') as pino.LoggerOptions;
    const app = await buildApp(t.config, database, { loggerInstance: pino(options, sink) });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { email: 'agent@demo.vn', password: DEMO_PASSWORD },
      });
      const token = login.json().data.token as string;
      await app.inject({
        method: 'GET',
        url: `/v2/my-account?token=${token}`,
        headers: bearer(token),
      });
      const text = lines.join('');
      expect(text).toContain('/v2/my-account');
      expect(text).not.toContain(token);
      expect(text).not.toContain(DEMO_PASSWORD);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes, hashed assets for good, and JSON 404s for the API', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'omnicare-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>OmniCare</title>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ webDist });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/customers/123?tab=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>OmniCare</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const root = await web.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>OmniCare</title>');
      expect(root.headers['cache-control']).toBe('no-cache');
      const folder = await web.app.inject({ method: 'GET', url: '/assets/' });
      expect(folder.body).toContain('<title>OmniCare</title>');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A file built after start is served too.
      await writeFile(path.join(webDist, 'assets', 'late-def456.js'), 'console.log(2)');
      expect(
        (await web.app.inject({ method: 'GET', url: '/assets/late-def456.js' })).statusCode,
      ).toBe(200);
      const api = await web.app.inject({ method: 'GET', url: '/v2/nothing-here' });
      expect(api.json()).toEqual({
        statusCode: 404,
        message: 'Kiểm tra URL hoặc endpoint có đúng không!',
      });
      expect((await web.app.inject({ method: 'POST', url: '/customers' })).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
