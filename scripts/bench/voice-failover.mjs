// The failover part of `npm run bench:voice`: the real web app's softphone in Debian's Chromium
// (playwright-core, as the e2e tests drive it), signed in as an agent whose SIP account names two
// gateways, primary first. When the softphone sends its first REGISTER to the primary, the
// primary's Kamailio is killed (SIGKILL: its sockets drop, nothing more is sent); the time from
// that kill to the softphone registered on the backup is measured twice: at the SIP level (the
// backup's 200 to a REGISTER, seen on the page's WebSocket) and as the agent sees it (the header's
// connection state 'registered' naming the backup). JsSIP alone does not fail over; the web
// app's watchdog and failover reducer (softphone-engine.ts, softphone-rules.ts) do, so only the
// real browser running the real bundle measures them. Figures are printed, never asserted.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS } from '../lib/chromium.mjs';
import { findProgram, startGateway } from '../lib/gateway-harness.mjs';

const isRegisterOk = (payload) =>
  /^SIP\/2\.0 200 /.test(payload) && /^CSeq:\s*\d+\s+REGISTER\s*$/im.test(payload);

/** Why the failover cannot be measured here, or null. */
export async function failoverMissing() {
  if (!findProgram('chromium')) return 'chromium (apt-get install chromium)';
  try {
    await import('playwright-core');
    return null;
  } catch {
    return 'playwright-core (npm ci)';
  }
}

/**
 * Measures `trials` failovers. `api(method, url, body)` calls the server as an administrator;
 * `backup` is a running gateway; each trial starts its own primary on `portBase + 20 * trial`.
 * Returns one entry per trial: `{kill, sipMs, uiMs, primaryRegistered, load}` (ms from the
 * kill; whether the primary had already answered 200 to a REGISTER when it was killed; the
 * 1-minute load average before the trial).
 */
export async function measureFailover({ serverUrl, secret, api, backup, work, trials, portBase }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: findProgram('chromium'),
    args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS],
  });
  const results = [];
  const stamp = Date.now().toString(36);
  try {
    for (let trial = 0; trial < trials; trial++) {
      const port = portBase + 20 * trial;
      const primary = await startGateway({
        serverUrl,
        secret,
        wsPort: port,
        sipPort: port + 1,
        rtpengineNgPort: port + 2,
        rtpPorts: [port + 5, port + 19],
        logDir: path.join(work, `primary-${trial}`),
      });
      try {
        const email = `bench.failover.${stamp}.${trial}@demo.vn`;
        await api('POST', '/v2/create-user', {
          name: `Chuyển dự phòng ${trial + 1}`,
          email,
          role: 'agent',
          agent_id: `BF${stamp}${trial}`,
          password: 'Matkhau123',
          sip_username: `bf${stamp}${trial}`,
          sip_password: 'bench-sip-pass',
          sip_gateway_url: `${primary.wsUrl},${backup.wsUrl}`,
        });
        const login = await fetch(`${serverUrl}/v2/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Matkhau123' }),
        });
        const user = (await login.json()).data;
        const load = os.loadavg()[0];

        const context = await browser.newContext({
          baseURL: serverUrl,
          locale: 'vi-VN',
          timezoneId: 'Asia/Bangkok',
          permissions: ['microphone'],
        });
        const page = await context.newPage();
        // signed in as the login screen leaves it
        await page.goto('/page-404');
        await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);

        let killedAt = 0;
        let killing;
        let primaryRegistered = false;
        let backupOkAt = 0;
        page.on('websocket', (socket) => {
          if (socket.url().startsWith(primary.wsUrl)) {
            socket.on('framereceived', ({ payload }) => {
              if (isRegisterOk(String(payload))) primaryRegistered = true;
            });
            socket.on('framesent', ({ payload }) => {
              if (killing || !String(payload).startsWith('REGISTER ')) return;
              killedAt = performance.now();
              killing = primary.kill();
            });
          } else if (socket.url().startsWith(backup.wsUrl)) {
            socket.on('framereceived', ({ payload }) => {
              if (killedAt && !backupOkAt && isRegisterOk(String(payload)))
                backupOkAt = performance.now();
            });
          }
        });
        await page.goto('/tickets');
        await page.waitForSelector(
          `[data-testid="softphone-connection"][data-state="registered"][title*="${backup.wsUrl}"]`,
          { timeout: 30_000 },
        );
        const uiAt = performance.now();
        await killing;
        results.push({
          sipMs: backupOkAt ? backupOkAt - killedAt : NaN,
          uiMs: killedAt ? uiAt - killedAt : NaN,
          primaryRegistered,
          load,
        });
        await context.close();
      } finally {
        await primary.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
