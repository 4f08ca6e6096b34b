// End-to-end tests: the built app on a fresh embedded database, driven by Playwright in Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { at, ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, installed on the spot where this machine allows it. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'Chromium is missing: install Debian\'s "chromium" package (apt-get install chromium).',
    );
  }
  console.log('Installing Chromium for the browser tests (apt-get install chromium)...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(url, child, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/v2/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy');
}

/**
 * Browser workers, each with a server of its own: two on this two-core machine roughly halve the
 * run (the specs mostly wait on the browser and the network); `E2E_WORKERS` overrides.
 */
const WORKERS = Math.max(Number(process.env.E2E_WORKERS ?? 2) || 1, 1);

/** The built server on a fresh embedded database of its own, healthy; answers how to reach it. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'omnicare-e2e-'));
  const port = await freePort();
  const pgPort = await freePort();
  const inboundSmtpPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [at('apps', 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links the server writes (Zalo's OAuth redirect_uri…) lead back to this same origin.
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      // A throwaway database: no fsync.
      EMBEDDED_PG_FSYNC: '0',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_IP: '100000',
      LOGIN_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: '100000',
      // The specs make their own records; the demo tenant starts with its staff only.
      DEMO_SAMPLES: '0',
      // The switchboard spec plays the SIP gateway's part (apps/web/e2e/switchboard.spec.ts).
      TELEPHONY_GATEWAY_SECRET: 'e2e-gateway-secret-0123456789',
      // Mail forwarded to a mailbox's own address (apps/web/e2e/email.spec.ts).
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_MAIL_DOMAIN: 'in.omnicare.test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    // what a worker reads (apps/web/e2e/worker-server.ts)
    server: {
      baseUrl,
      outboxDir: path.join(dataDir, 'outbox'),
      inboundSmtpPort,
      // for specs that put rows no API writes (automation run traces)
      databaseUrl: `postgres://postgres:omnicare-local@127.0.0.1:${pgPort}/omnicare`,
    },
    stop,
  };
}

/** Returns Playwright's exit code; its JSON report goes to `reportFile`. */
export async function runE2E({ reportFile, extraArgs = [] } = {}) {
  ensureChromium();
  const started = await Promise.allSettled(Array.from({ length: WORKERS }, () => startServer()));
  const servers = started.filter((result) => result.status === 'fulfilled').map((r) => r.value);
  try {
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const reporters = reportFile ? ['--reporter=list,json'] : [];
    const child = spawn(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...reporters, ...extraArgs],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_SERVERS: JSON.stringify(servers.map(({ server }) => server)),
          ...(reportFile ? { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile } : {}),
        },
      },
    );
    return await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    await Promise.all(servers.map(({ stop }) => stop()));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureInstalled();
  ensureBuilt();
  process.exit(await runE2E({ extraArgs: process.argv.slice(2) }));
}
