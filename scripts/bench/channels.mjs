// npm run bench:channels [-- flags]: inbound webhooks of the chat channels, on one server (fresh
// embedded database). The local fakes of Zalo OA, Messenger and the WhatsApp Cloud API (the
// server's own, from apps/server/dist) sign deliveries exactly as the providers document; an
// administrator connects one channel of each through the API (Zalo by its OAuth flow against its
// fake) and keeps a socket open as the chat workspace does.
// For --duration seconds the three channels deliver --rate webhooks a second in all (spread
// evenly, each a text message of one of --senders customers per channel), --redeliver of them a
// second delivery of an earlier one (the same signed body, as providers retry).
// Printed: the acknowledgement latency (p50/p95/p99; target p95 < 50 ms: the webhook only
// stores), the time from the first delivery until the message is on the agent's open /chat
// socket (`conversation:message`; target p95 < 1 s), split at the message's write in the
// database (processing, then the outbox's push), messages per second, the server's and its
// PostgreSQL's CPU per message, statements per message (BENCH_STATEMENTS, see _server.mjs), and
// what was lost or doubled: messages never heard or heard twice, and in the database provider
// message ids written twice (targets 0 and 0). Deliveries are awaited after the phase until none
// came for 15 s (at most 180 s).
//
// Flags: --rate 500  --duration 60  --redeliver 0.1  --senders 200  --statements 8
import { existsSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { at, ensureBuilt } from '../lib.mjs';
import { login, startServer } from './_harness.mjs';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '60' },
    redeliver: { type: 'string', default: '0.1' },
    senders: { type: 'string', default: '200' },
    statements: { type: 'string', default: '8' },
  },
});
const RATE = Number(flags.rate);
const DURATION_MS = Number(flags.duration) * 1000;
const REDELIVER = Number(flags.redeliver);
const SENDERS = Number(flags.senders);
const DRAIN_IDLE_MS = 15_000;
const DRAIN_MAX_MS = 180_000;
/** The slices of the run whose p95 is printed apart. */
const SLICE_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
function fmt(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return 'no samples';
  const f = (p) => percentile(sorted, p).toFixed(1);
  return `p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  max ${sorted.at(-1).toFixed(0)} ms  (n=${sorted.length})`;
}

ensureBuilt();
const fakes = (name) => import(at('apps', 'server', 'dist', 'modules', 'channels', `${name}.js`));
const [{ fakeZalo }, { fakeFacebook }, { fakeWhatsApp }] = await Promise.all([
  fakes('zalo-fake'),
  fakes('facebook-fake'),
  fakes('whatsapp-fake'),
]);

async function api(url, method, route, body, token) {
  const response = await fetch(url + route, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** One channel of each kind, connected as an administrator would; a `deliver(id)` per kind. */
async function connectChannels(url, token) {
  const zalo = await fakeZalo();
  const fb = await fakeFacebook();
  const wa = await fakeWhatsApp();
  const stamp = Date.now().toString(36);

  const zaloChannel = await api(
    url,
    'POST',
    '/v2/channels',
    {
      kind: 'zalo',
      name: `Zalo ${stamp}`,
      settings: { app_id: zalo.account.appId, oauth_base_url: zalo.url, api_base_url: zalo.url },
      secrets: { app_secret_key: zalo.account.appSecret, oa_secret_key: zalo.account.oaSecret },
    },
    token,
  );
  const { url: permission } = await api(
    url,
    'POST',
    `/v2/channels/${zaloChannel._id}/zalo/connect`,
    undefined,
    token,
  );
  const granted = new URL(
    (await fetch(permission, { redirect: 'manual' })).headers.get('location'),
  );
  await api(
    url,
    'POST',
    '/v2/zalo/oauth/complete',
    {
      code: granted.searchParams.get('code'),
      state: granted.searchParams.get('state'),
      oa_id: granted.searchParams.get('oa_id') ?? '',
    },
    token,
  );

  const fbChannel = await api(
    url,
    'POST',
    '/v2/channels',
    {
      kind: 'facebook',
      name: `Facebook ${stamp}`,
      settings: { page_id: fb.page.pageId, page_name: fb.page.pageName, graph_base_url: fb.url },
      secrets: {
        page_access_token: fb.page.pageToken,
        app_secret: fb.page.appSecret,
        verify_token: 'bench-verify-token',
      },
    },
    token,
  );
  const waChannel = await api(
    url,
    'POST',
    '/v2/channels',
    {
      kind: 'whatsapp',
      name: `WhatsApp ${stamp}`,
      settings: {
        phone_number_id: wa.account.phoneNumberId,
        business_account_id: wa.account.businessAccountId,
        display_phone_number: wa.account.displayPhoneNumber,
        graph_base_url: wa.url,
        api_version: 'v21.0',
      },
      secrets: {
        access_token: wa.account.accessToken,
        app_secret: wa.account.appSecret,
        verify_token: wa.account.verifyToken,
      },
    },
    token,
  );

  for (let i = 0; i < SENDERS; i++) {
    zalo.follow(`zu${i}`, `Khách Zalo ${i}`);
    fb.person(`ps${i}`, `Khách Facebook ${i}`);
  }
  const hook = (kind, id) => `${url}/v2/webhooks/${kind}/${id}`;
  return {
    kinds: [
      {
        kind: 'zalo',
        url: hook('zalo', zaloChannel._id),
        signed: (id, sender) =>
          zalo.webhook({
            event_name: 'user_send_text',
            sender: `zu${sender}`,
            message: { text: `${id} Zalo` },
          }),
      },
      {
        kind: 'facebook',
        url: hook('facebook', fbChannel._id),
        signed: (id, sender) => fb.webhook([fb.message(`ps${sender}`, { text: `${id} Facebook` })]),
      },
      {
        kind: 'whatsapp',
        url: hook('whatsapp', waChannel._id),
        signed: (id, sender) =>
          wa.message(`8490${String(sender).padStart(7, '0')}`, `Khách WhatsApp ${sender}`, {
            type: 'text',
            text: { body: `${id} WhatsApp` },
          }),
      },
    ],
    close: () => Promise.all([zalo.close(), fb.close(), wa.close()]),
  };
}

/** The statements the server sent so far, by kind (written on SIGUSR2). */
async function statementsOf(server, file) {
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 50 && (existsSync(file) ? statSync(file).mtimeMs : 0) === before; i++)
    await sleep(20);
  return new Map(Object.entries(JSON.parse(await readFile(file, 'utf8'))));
}

const statementsFile = path.join(os.tmpdir(), `omnicare-bench-channels-${process.pid}.json`);
console.log('starting the server...');
const server = await startServer({ env: { BENCH_STATEMENTS: statementsFile } });
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let channels;
let socket;
try {
  const token = await login(server.url, 'admin@demo.vn');
  channels = await connectChannels(server.url, token);
  socket = connect(server.url, { auth: { token }, forceNew: true, transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  const sentAt = new Map();
  // Wall clock times, to place the database's write of each message between send and hearing.
  const sentWall = new Map();
  const heardWall = new Map();
  const heard = new Map();
  const onChat = [];
  let lastHeard = performance.now();
  socket.on('conversation:message', ({ message }) => {
    if (message?.direction !== 'in') return;
    const id = String(message.body).split(' ')[0];
    const count = (heard.get(id) ?? 0) + 1;
    heard.set(id, count);
    lastHeard = performance.now();
    if (count === 1 && sentAt.has(id)) {
      onChat.push(lastHeard - sentAt.get(id));
      heardWall.set(id, Date.now());
    }
  });

  const acks = [];
  let refused = 0;
  const post = (target, signed) =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.request(
        target,
        { method: 'POST', agent, headers: signed.headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            acks.push(performance.now() - started);
            if (res.statusCode !== 200) refused++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        refused++;
        resolve();
      });
      request.end(signed.payload);
    });

  const cpuBefore = await server.cpu();
  const statementsBefore = await statementsOf(server, statementsFile);
  console.log(
    `delivering ${RATE} webhooks/s for ${DURATION_MS / 1000} s over Zalo, Messenger and WhatsApp (${REDELIVER * 100}% redelivered)...`,
  );
  const delivered = [];
  const inflight = new Set();
  let sent = 0;
  let redelivered = 0;
  const started = performance.now();
  while (performance.now() - started < DURATION_MS) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    for (; sent < due; sent++) {
      let promise;
      if (delivered.length > 20 && Math.random() < REDELIVER) {
        const earlier = delivered[Math.floor(Math.random() * delivered.length)];
        promise = post(earlier.url, earlier.signed);
        redelivered++;
      } else {
        const channel = channels.kinds[sent % channels.kinds.length];
        const id = `b${sent.toString(36)}`;
        const signed = channel.signed(id, Math.floor(Math.random() * SENDERS));
        sentAt.set(id, performance.now());
        sentWall.set(id, Date.now());
        promise = post(channel.url, signed);
        delivered.push({ url: channel.url, signed });
      }
      inflight.add(promise);
      void promise.then(() => inflight.delete(promise));
    }
    await sleep(5);
  }
  await Promise.all(inflight);
  const phaseSeconds = (performance.now() - started) / 1000;
  const drainStarted = performance.now();
  while (
    [...sentAt.keys()].some((id) => !heard.has(id)) &&
    performance.now() - lastHeard < DRAIN_IDLE_MS &&
    performance.now() - drainStarted < DRAIN_MAX_MS
  )
    await sleep(200);
  const cpuAfter = await server.cpu();
  const statementsAfter = await statementsOf(server, statementsFile);

  const unique = sentAt.size;
  const lost = [...sentAt.keys()].filter((id) => !heard.has(id)).length;
  const twice = [...heard.values()].filter((count) => count > 1).length;
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as written,
       (select count(*)::int from (select channel_id, provider_message_id from messages
          where provider_message_id is not null group by 1, 2 having count(*) > 1) x) as "writtenTwice"
     from messages where direction = 'in' and channel_id is not null`,
  );
  const writes = await client.query(
    `select split_part(body, ' ', 1) as id, (extract(epoch from created_at) * 1000)::float8 as at
     from messages where direction = 'in' and channel_id is not null`,
  );
  await client.end();
  const toWritten = [];
  const writtenToHeard = [];
  for (const { id, at } of writes.rows) {
    if (sentWall.has(id)) toWritten.push(at - sentWall.get(id));
    if (heardWall.has(id)) writtenToHeard.push(heardWall.get(id) - at);
  }
  const statements = [...statementsAfter].map(([key, n]) => [
    key,
    n - (statementsBefore.get(key) ?? 0),
  ]);
  const totalStatements = statements.reduce((sum, [, n]) => sum + n, 0);

  console.log(
    `\nwebhooks posted: ${sent} (${redelivered} redeliveries) in ${phaseSeconds.toFixed(1)} s = ${(sent / phaseSeconds).toFixed(0)}/s; refused or failed: ${refused}`,
  );
  console.log(`acknowledgement:       ${fmt(acks)}   (target p95 < 50 ms)`);
  console.log(`on the agent's /chat:  ${fmt(onChat)}   (target p95 < 1000 ms)`);
  // When the slow ones were sent: a backlog at the start (every sender new) or all along.
  const bySlice = [];
  for (const [id, sentAtMs] of sentAt) {
    const heardAfter = heardWall.has(id) ? heardWall.get(id) - sentWall.get(id) : undefined;
    if (heardAfter === undefined) continue;
    const slice = Math.floor((sentAtMs - started) / SLICE_MS);
    (bySlice[slice] ??= []).push(heardAfter);
  }
  console.log(
    `  p95 by ${SLICE_MS / 1000} s of the run: ${bySlice
      .map((slice) =>
        Math.round(
          percentile(
            [...(slice ?? [])].sort((a, b) => a - b),
            95,
          ),
        ),
      )
      .join(', ')} ms`,
  );
  console.log(`  of which: sent → message written ${fmt(toWritten)}`);
  console.log(`            written → on /chat     ${fmt(writtenToHeard)}`);
  console.log(
    `messages: ${unique} distinct, ${rows[0].written} written; lost (never on /chat) ${lost}, heard twice ${twice}, written twice ${rows[0].writtenTwice}   (targets 0, 0, 0)`,
  );
  console.log(
    `CPU per message (phase and drain): server ${((cpuAfter.server - cpuBefore.server) / unique).toFixed(2)} ms, PostgreSQL ${((cpuAfter.database - cpuBefore.database) / unique).toFixed(2)} ms`,
  );
  console.log(`statements per message: ${(totalStatements / unique).toFixed(1)}; most frequent:`);
  for (const [key, n] of statements.sort((a, b) => b[1] - a[1]).slice(0, Number(flags.statements)))
    console.log(`  ${(n / unique).toFixed(2).padStart(6)}  ${key}`);
} finally {
  socket?.close();
  agent.destroy();
  await channels?.close();
  await server.stop();
  await rm(statementsFile, { force: true });
}
