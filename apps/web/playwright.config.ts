import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { workerServer } from './e2e/worker-server';

/**
 * End-to-end tests against running servers (API + built SPA), in Debian's Chromium: one server
 * per worker (`scripts/e2e.mjs`), so as many workers as servers.
 */
export default defineConfig({
  testDir: './e2e',
  workers: Math.max(JSON.parse(process.env.E2E_SERVERS ?? '[]').length, 1),
  fullyParallel: false,
  // One more try: the machine is shared and its speed drifts, so a browser step can time out
  // on a slow minute. `npm test` names every test that needed it, to be looked at.
  retries: 1,
  // Two workers share two cores with their servers: long scenarios need more than 60 s.
  timeout: 90_000,
  // Generous: CI shares two cores between the server, its database and the browser.
  expect: { timeout: 12_000 },
  reporter: 'list',
  use: {
    baseURL: workerServer().baseUrl,
    locale: 'vi-VN',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1280, height: 800 },
    // DOM snapshots only: the screencast a trace records by default costs the browser a JPEG
    // per paint, in every test, to keep only a failure's.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
