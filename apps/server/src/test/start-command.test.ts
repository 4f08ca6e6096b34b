import { afterAll, describe, expect, it } from 'vitest';
import { testPort } from './ports.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_CUSTOMER_COUNT } from '../db/seed/demo-samples.js';
import { DEMO_CONVERSATION_COUNT } from '../db/seed/demo-conversations.js';
import { SAMPLE_TICKET_COUNT } from '../db/seed/demo-tickets.js';
import { HISTORY_TICKET_COUNT } from '../db/seed/demo-report-history.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const port = testPort('startCommand');
const pgPort = testPort('startCommandPostgres');
let dataDir = '';
let current: ChildProcess | undefined;

/** Runs `npm start`'s script as a user would, on a fresh DATA_DIR, and waits for its banner. */
async function start() {
  dataDir ||= await mkdtemp(path.join(os.tmpdir(), 'omnicare-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner within 150 s:\n${output}`)),
      150_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The banner ends with the last demo login.
      if (output.includes('admin@other.vn')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

async function login() {
  const response = await fetch(`http://127.0.0.1:${port}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.vn', password: 'Demo@123456' }),
  });
  return { status: response.status, body: (await response.json()) as { data: { token: string } } };
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

afterAll(async () => {
  if (current && current.exitCode === null) {
    current.kill('SIGINT');
    await exited(current);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it(
    'serves a seeded app, survives kill -9 with its data, and stops the database on Ctrl-C',
    { timeout: 400_000 },
    async () => {
      const first = await start();
      expect(first.output()).toContain('admin@demo.vn');
      expect(first.output()).toContain('Demo data seeded.');
      const signedIn = await login();
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.data.token;
      // A user trying the product finds customers, their fields and groups already there.
      const read = async <T>(url: string) =>
        (await (
          await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: token } })
        ).json()) as T;
      expect((await read<{ total: number }>('/v2/customers?page_size=1')).total).toBe(
        SAMPLE_CUSTOMER_COUNT,
      );
      expect((await read<{ data: unknown[] }>('/v2/fields?entity=customer')).data).toHaveLength(5);
      expect((await read<{ total: number }>('/v2/tickets?page_size=1')).total).toBe(
        SAMPLE_TICKET_COUNT + DEMO_CONVERSATION_COUNT + HISTORY_TICKET_COUNT,
      );
      const groups = await read<{ data: { total: number } }>(
        '/v2/groups?target=end_user&offset=0&limit=10',
      );
      expect(groups.data.total).toBe(4);
      // The SMS settings screen shows a paused channel whose keys are stored, never shown.
      expect((await read<{ data: unknown[] }>('/v2/channels?kind=sms')).data).toEqual([
        expect.objectContaining({
          name: 'eSMS CSKH',
          status: 'disabled',
          secrets: { api_key: true, secret_key: true },
        }),
      ]);
      // The ZNS section shows a paused channel with the quota Zalo last reported.
      expect((await read<{ data: unknown[] }>('/v2/channels?kind=zns')).data).toEqual([
        expect.objectContaining({
          status: 'disabled',
          settings: expect.objectContaining({ daily_quota: 5000, remaining_quota: 4862 }),
          secrets: { access_token: true },
        }),
      ]);
      const sent = await fetch(`http://127.0.0.1:${port}/v2/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ title: 'Còn đây sau khi khởi động lại' }),
      });
      expect(sent.status).toBe(201);

      // kill -9 the server itself: PostgreSQL is left running with its pid file.
      const serverPid = Number(await readFile(path.join(dataDir, 'server.pid'), 'utf8'));
      const firstExit = exited(first.child);
      process.kill(serverPid, 'SIGKILL');
      await firstExit;

      const second = await start();
      expect(second.output()).toContain('clearing a stale server');
      expect(second.output()).toContain('Demo data already present.');
      const again = await login();
      expect(again.status).toBe(200);
      const list = await fetch(`http://127.0.0.1:${port}/v2/notifications`, {
        headers: { authorization: again.body.data.token },
      });
      const titles = ((await list.json()) as { data: { title: string }[] }).data.map(
        (n) => n.title,
      );
      expect(titles).toContain('Còn đây sau khi khởi động lại');
      // The session from before the crash is still valid: it lives in the database.
      const old = await fetch(`http://127.0.0.1:${port}/v2/my-account`, {
        headers: { authorization: token },
      });
      expect(old.status).toBe(200);

      // Ctrl-C while requests are running: the app drains them before the database stops, so
      // none fails on a database going away.
      const stoppedAt = second.output().length;
      const requests = Array.from({ length: 40 }, () =>
        fetch(`http://127.0.0.1:${port}/v2/tickets?page_size=100&sort=subject:asc`, {
          headers: { authorization: again.body.data.token },
        }).then(
          (response) => response.status,
          () => 0,
        ),
      );
      await Promise.race(requests);
      const stopped = exited(second.child);
      second.child.kill('SIGINT');
      const statuses = await Promise.all(requests);
      expect(await stopped, second.output().slice(stoppedAt)).toBe(0);
      // Each one answered, or refused as the server closes (503, or the connection closed).
      expect(statuses.filter((status) => ![200, 503, 0].includes(status))).toEqual([]);
      expect(second.output().slice(stoppedAt)).not.toMatch(
        /terminating connection|Uncaught exception|Unhandled rejection/,
      );
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    },
  );
});
