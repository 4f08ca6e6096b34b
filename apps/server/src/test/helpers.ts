import type { TenantSettings } from '../db/schema/tenants.js';
import { testPort } from './ports.js';
import { inject } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../platform/db.js';
import type { ServerModule } from '../platform/modules.js';
import { seedDemoSamples } from '../db/seed/demo-samples.js';
import { DEMO_PASSWORD } from '../db/seed/demo.js';

export { DEMO_PASSWORD };

/** Tenant settings letting every staff role import and export customers. */
export const EVERYONE_TRANSFERS = {
  import_export_roles: ['administrator', 'supervisor', 'team_leader', 'agent'],
} satisfies Omit<TenantSettings, 'workflow'>;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Signs a demo account in and returns its token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** This worker's own database (a copy of the migrated, seeded one: see global-setup.ts). */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('No test database was prepared');
  return url;
}

/** The real app on the suite's PostgreSQL, driven with `app.inject()`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Modules registered after the real ones (probes of platform helpers). */
  extraModules: readonly ServerModule[] = [],
): Promise<TestApp> {
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'omnicare-outbox-'));
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: testDatabaseUrl(),
      NODE_ENV: 'test',
      DATA_DIR: path.dirname(outbox),
    }),
    outboxDir: outbox,
    webDist: path.join(outbox, 'no-web-build'),
    loginRatePerIp: 10_000,
    // Mailboxes are read when a test says so (email-idle.test.ts turns IDLE on).
    emailIdle: false,
    ...overrides,
  };
  const database = connectDatabase(config.databaseUrl ?? '', 4);
  const app = await buildApp(config, database, { logger: false, extraModules });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
      return response.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A tenant made by `seedTenant` with the demo samples (customers, tickets, workflows, calls)
 * seeded into it, spread over its staff as the demo tenant's are over the demo accounts.
 */
export async function seedSampleTenant(t: TestApp, label: string) {
  const tenant = await seedTenant(t, label);
  const staff = Object.fromEntries(
    ['admin', 'supervisor', 'leader', 'agent', 'agent2'].map((role) => [
      `${role}@demo.vn`,
      tenant.id(role),
    ]),
  );
  await t.database.db.transaction((tx) => seedDemoSamples(tx, tenant.tenantId, staff));
  return tenant;
}

let tenantCounter = 0;

/**
 * A fresh tenant with one staff member per role (and a second agent), for tests that change
 * data; emails are `<role>@<slug>.test`, password the demo one.
 */
export async function seedTenant(
  t: Pick<TestApp, 'database'>,
  label = 'Thử nghiệm',
  settings: TenantSettings = {},
) {
  const slug = `t${Date.now().toString(36)}${(tenantCounter++).toString(36)}`;
  const { hashSecret } = await import('../platform/passwords.js');
  const { insertTenantWithStaff } = await import('../db/seed/demo.js');
  const email = (name: string) => `${name}@${slug}.test`;
  const created = await insertTenantWithStaff(
    t.database.db,
    {
      slug,
      name: `${label} ${slug}`,
      settings: { workflow: 'enabled', ...settings },
      staff: [
        {
          email: email('admin'),
          name: 'Quản Trị Viên',
          role: 'administrator',
          agentId: 'A1',
          phone: '0911000001',
        },
        {
          email: email('supervisor'),
          name: 'Giám Sát Viên',
          role: 'supervisor',
          agentId: 'S1',
          phone: '0911000002',
        },
        {
          email: email('leader'),
          name: 'Trưởng Nhóm',
          role: 'team_leader',
          agentId: 'L1',
          phone: '0911000003',
        },
        {
          email: email('agent'),
          name: 'Chuyên Viên Một',
          role: 'agent',
          agentId: 'G1',
          phone: '0911000004',
        },
        {
          email: email('agent2'),
          name: 'Chuyên Viên Hai',
          role: 'agent',
          agentId: 'G2',
          phone: '0911000005',
        },
      ],
    },
    await hashSecret(DEMO_PASSWORD),
  );
  if (!created) throw new Error('tenant not created');
  const id = (name: string) => created.staff[email(name)] as string;
  return { tenantId: created.tenantId, slug, email, id };
}

/**
 * A Redis for multi-instance tests: REDIS_URL or 127.0.0.1:6379 when it answers, else a
 * throwaway redis-server on a free port when the binary exists; undefined when neither.
 */
export async function testRedis(): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  const { createClient } = await import('redis');
  const { spawn, spawnSync } = await import('node:child_process');
  const answers = async (url: string) => {
    const client = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.quit();
      return true;
    } catch {
      return false;
    }
  };
  const existing = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answers(existing)) return { url: existing, stop: async () => {} };
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = testPort('redis');
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 40 && !(await answers(url)); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return { url, stop: async () => void server.kill() };
}

/**
 * How long a test waits for an outbox delivery. The relay passes an event only once every older
 * transaction of the database has ended, and the suite's files share one database, where an
 * import or a bulk job may run for several seconds under load.
 */
export const OUTBOX_DELIVERY_WAIT_MS = 25_000;

/**
 * Runs `work` while `seen` is told each statement the process's PostgreSQL clients send (its
 * text and client): tests that count what an operation costs the database.
 */
export async function whileWatchingStatements<Result>(
  work: () => Promise<Result>,
  seen: (text: string, client: pg.Client) => void,
): Promise<Result> {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const query = args[0] as string | { text?: string };
    seen(typeof query === 'string' ? query : (query?.text ?? ''), this);
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return await work();
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** A small valid PDF, for tests that send a document. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * A public text reply with files, posted as the browser posts it (`POST
 * /v2/tickets/{id}/comments`, multipart: the fields, then each file under `files`).
 */
export function postReplyWithFiles(
  t: TestApp,
  token: string,
  ticketId: string,
  body: string,
  files: { name: string; type: string; content: Buffer }[],
) {
  const boundary = '----omnicare-reply';
  const fields = { body, public: 'true', format: 'text' };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/v2/tickets/${ticketId}/comments`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
