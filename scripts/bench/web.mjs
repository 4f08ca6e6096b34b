// npm run bench:web: the web app over a real network. Debian's Chromium (playwright-core, as the
// e2e tests drive it) throttled through the DevTools protocol to 10 Mbit/s down and up with 40 ms
// latency opens the ticket list of a fresh server holding 200 tickets: cold (empty cache: the
// list's address, the sign-in form, then the list) and warm (a second visit, cache kept). It
// prints the JavaScript transferred before the rows showed (bytes on the wire of .js answers,
// compressed as sent, headers included), what loaded after them (the deferred softphone) and the
// time until the list shows its rows, beside the targets; then the server's CPU time per ticket
// list answer (50 rows) with and without compression. Figures are printed, never asserted.
// BENCH_WEB_FILES=1 lists every answer (start and end ms, bytes, path); BENCH_WEB_TICKETS and
// BENCH_WEB_LIST_REQUESTS change the 200 tickets and the 2 000 list requests per CPU scenario.
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { load, login, startServer } from './_harness.mjs';

const CHROMIUM = '/usr/bin/chromium';
const TICKETS = Number(process.env.BENCH_WEB_TICKETS ?? 200);
/** Per CPU scenario: enough requests that the readings of /proc are not rounding. */
const LIST_REQUESTS = Number(process.env.BENCH_WEB_LIST_REQUESTS ?? 2_000);
/** BENCH_WEB_FILES=1: every answer's bytes on the wire and path, as they finish. */
const LIST_FILES = process.env.BENCH_WEB_FILES === '1';
const ADMIN = 'admin@demo.vn';
const PASSWORD = 'Demo@123456';
/** The profile: 10 Mbit/s each way, 40 ms latency. */
const NETWORK = {
  offline: false,
  latency: 40,
  downloadThroughput: (10 * 1_000_000) / 8,
  uploadThroughput: (10 * 1_000_000) / 8,
};
const TARGET_JS_KB = 250;
const TARGET_ROWS_MS = 2_500;
/** A data row of the ticket list (the skeleton rows shown while loading hold no link). */
const ROW = 'tbody a[href^="/tickets/"]';

const SUBJECTS = [
  'Mất kết nối Internet từ sáng',
  'Yêu cầu nâng cấp gói cước',
  'Khiếu nại cước tháng trước tính sai',
  'Truyền hình bị mất tín hiệu',
  'Không nhận được hóa đơn điện tử',
  'Modem báo đèn đỏ',
  'Thanh toán cước nhưng chưa được ghi nhận',
  'Tốc độ mạng thấp hơn cam kết',
];

async function seedTickets(url, token) {
  for (let n = 0; n < TICKETS; n++) {
    const response = await fetch(`${url}/v2/tickets`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: `${SUBJECTS[n % SUBJECTS.length]} (${n + 1})`,
        description: `<p>Khách hàng báo lần thứ ${n + 1}, cần kiểm tra và phản hồi sớm.</p>`,
      }),
    });
    if (response.status !== 201 && response.status !== 200)
      throw new Error(`creating a ticket answered ${response.status}: ${await response.text()}`);
  }
}

/** In the page, before its scripts: when the form was submitted and when rows first showed. */
function watchRows(rowSelector) {
  const marks = {};
  Object.defineProperty(window, '__benchMarks', { value: marks });
  document.addEventListener(
    'submit',
    () => {
      marks.submit ??= performance.now();
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (marks.rows === undefined && document.querySelector(rowSelector)) {
      marks.rows = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Opens a page of `context` on the throttled network and records, through the DevTools
 * protocol, every answer: its path, its bytes on the wire (the encoded length: what was sent,
 * compressed, headers included; 0 for one served from the cache) and when it finished (epoch ms).
 */
async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const requests = new Map();
  const answers = [];
  /** The protocol's clock (monotonic s) to the page's (epoch ms): from a request's two stamps. */
  let wallOffset;
  let origin;
  cdp.on('Network.requestWillBeSent', ({ requestId, timestamp, wallTime }) => {
    wallOffset ??= wallTime * 1000 - timestamp * 1000;
    origin ??= timestamp;
    requests.set(requestId, { started: timestamp, cached: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = requests.get(requestId);
    if (!request) return;
    request.path = new URL(response.url).pathname;
    request.headerBytes = response.encodedDataLength ?? 0;
    request.cached ||= Boolean(response.fromDiskCache || response.fromPrefetchCache);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const request = requests.get(requestId);
    if (request) request.cached = true;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    const request = requests.get(requestId);
    if (!request?.path) return;
    answers.push({
      path: request.path,
      js: request.path.endsWith('.js'),
      bytes: encodedDataLength,
      bodyBytes: Math.max(0, encodedDataLength - (request.headerBytes ?? 0)),
      cached: request.cached,
      finishedAt: timestamp * 1000 + wallOffset,
    });
    if (LIST_FILES) {
      const at = (time) => String(Math.round((time - origin) * 1000)).padStart(6);
      console.log(
        `  ${at(request.started)} ${at(timestamp)} ms` +
          ` ${String(encodedDataLength).padStart(8)} B ${request.path}`,
      );
    }
  });
  await page.addInitScript(watchRows, ROW);
  return { page, answers };
}

/** The page's marks as epoch ms, and as ms from the navigation's start. */
const marksOf = (page) =>
  page.evaluate(() => {
    const marks = window.__benchMarks;
    const at = (mark) => (mark === undefined ? undefined : performance.timeOrigin + mark);
    return { ...marks, rowsAt: at(marks.rows), submitAt: at(marks.submit) };
  });

/** Waits until no answer finished for a second (what the screen loads after its rows). */
async function settled(answers) {
  let seen = -1;
  for (let waited = 0; waited < 15_000 && seen !== answers.length; waited += 1_000) {
    seen = answers.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** JavaScript answers finished within (from, to] (epoch ms): bytes, files, from the cache. */
function javascript(answers, from, to) {
  const chosen = answers.filter((one) => one.js && one.finishedAt > from && one.finishedAt <= to);
  return {
    bytes: chosen.reduce((sum, one) => sum + one.bytes, 0),
    bodyBytes: chosen.reduce((sum, one) => sum + one.bodyBytes, 0),
    files: chosen.length,
    cached: chosen.filter((one) => one.cached).length,
  };
}

/** Opens the list's address, signs in on the form when asked, and waits for rows. */
async function visit(context, url, { signIn }) {
  const { page, answers } = await throttledPage(context);
  await page.goto(`${url}/tickets`);
  if (signIn) {
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
  }
  await page.locator(ROW).first().waitFor({ timeout: 60_000 });
  const marks = await marksOf(page);
  await settled(answers);
  await page.close();
  return {
    marks,
    /** What the first screen needed: finished before its rows showed. */
    firstScreen: javascript(answers, 0, marks.rowsAt),
    beforeSignIn: signIn ? javascript(answers, 0, marks.submitAt) : undefined,
    /** Loaded after the rows (the deferred softphone and JsSIP). */
    afterRows: javascript(answers, marks.rowsAt, Infinity),
    other: answers.filter((one) => !one.js).reduce((sum, one) => sum + one.bytes, 0),
  };
}

/** One answer as sent: its Content-Encoding and its bytes on the wire (undecoded). */
function sentAnswer(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'] ?? 'identity', bytes }),
        );
      })
      .on('error', reject);
  });
}

/** The server's CPU ms per ticket list answer of 50 rows, asked with `headers`. */
async function listCpu(server, token, headers) {
  const path = '/v2/tickets?page=1&page_size=50';
  const sent = await sentAnswer(server.url + path, { ...headers, authorization: token });
  const options = { url: server.url, token, paths: [path], concurrency: 4, headers };
  await load({ ...options, requests: 200 });
  const before = await server.cpu();
  const latency = await load({ ...options, requests: LIST_REQUESTS });
  const after = await server.cpu();
  return { ...sent, cpuMs: (after.server - before.server) / LIST_REQUESTS, latency };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');

if (!existsSync(CHROMIUM)) {
  console.log("bench:web needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium).");
  process.exit(1);
}
const { chromium } = await import('playwright-core');
console.log(`Starting a fresh server and seeding ${TICKETS} tickets...`);
const server = await startServer();
try {
  const token = await login(server.url, ADMIN, PASSWORD);
  await seedTickets(server.url, token);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      locale: 'vi-VN',
      timezoneId: 'Asia/Bangkok',
      viewport: { width: 1440, height: 900 },
    });
    // Cold: an empty cache opens the list's address, is sent to the sign-in form, signs in.
    const cold = await visit(context, server.url, { signIn: true });
    // Warm: a second visit in the same browser profile (cache and session kept).
    const warm = await visit(context, server.url, { signIn: false });
    await browser.close();

    console.log(
      `\nTicket list over ${NETWORK.downloadThroughput / 125_000} Mbit/s, ${NETWORK.latency} ms latency` +
        ` (load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores: times grow with it)`,
    );
    const coldRows = cold.marks.rows;
    console.log(
      `  cold  JS ${kb(cold.firstScreen.bytes).padStart(9)} in ${cold.firstScreen.files} files` +
        ` before the rows (target <= ${TARGET_JS_KB} KB: ${verdict(cold.firstScreen.bytes <= TARGET_JS_KB * 1024)});` +
        ` ${kb(cold.firstScreen.bodyBytes)} of it bodies, the rest headers;` +
        ` ${kb(cold.beforeSignIn.bytes)} before the sign-in click`,
    );
    console.log(
      `        JS ${kb(cold.afterRows.bytes).padStart(9)} in ${cold.afterRows.files} files after the rows (deferred: softphone)`,
    );
    console.log(
      `        rows ${seconds(coldRows).padStart(7)} from opening the address, sign-in included` +
        ` (target <= ${seconds(TARGET_ROWS_MS)}: ${verdict(coldRows <= TARGET_ROWS_MS)});` +
        ` ${seconds(coldRows - cold.marks.submit)} from the sign-in click`,
    );
    const warmAll = {
      bytes: warm.firstScreen.bytes + warm.afterRows.bytes,
      files: warm.firstScreen.files + warm.afterRows.files,
      cached: warm.firstScreen.cached + warm.afterRows.cached,
    };
    console.log(
      `  warm  JS ${kb(warmAll.bytes).padStart(9)} in ${warmAll.files} files` +
        ` (${warmAll.cached} from the cache); other answers ${kb(warm.other)}`,
    );
    console.log(`        rows ${seconds(warm.marks.rows).padStart(7)} from opening the address`);
  } finally {
    if (browser.isConnected()) await browser.close();
  }

  console.log(
    `\nServer CPU per ticket list answer (50 rows, ${LIST_REQUESTS} requests, 4 clients)`,
  );
  for (const [label, headers] of [
    ['identity', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['br, gzip (a browser)', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
  ]) {
    const result = await listCpu(server, token, headers);
    console.log(
      `  ${label.padEnd(22)} sent ${result.encoding.padEnd(8)} ${kb(result.bytes).padStart(9)}` +
        `  CPU ${result.cpuMs.toFixed(2)} ms/request  p50 ${result.latency.p50.toFixed(1)} ms`,
    );
  }
} finally {
  await server.stop();
}
