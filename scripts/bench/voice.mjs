// npm run bench:voice [calls] [rate]: the server + the real SIP gateway (Kamailio + rtpengine)
// + sipp. 20 agents (one sipp UAS answering for 20 registered SIP usernames, 180 at once, 200
// after 200 ms) in a queue whose hotline sipp calls 200 times at 5 calls/s (2 s of talk each).
// Prints set-up time to ringing (INVITE -> first 180) and to answered (INVITE -> 200), p50/p95,
// from sipp's per-call response times; the routing decision as Kamailio sees it (the HTTP round
// trip of POST /v2/telephony/route, which includes the server's decision), p50/p95; and call
// records lost or doubled (the Call-IDs sipp placed against the calls table). Then failover
// (voice-failover.mjs): the web app's softphone in Chromium with a primary and a backup gateway,
// the primary killed during its registration; prints the time until it is registered on the
// backup (BENCH_FAILOVER_TRIALS times, default 3).
// Targets (issue 15): routing p95 < 20 ms, ringing p95 < 700 ms, zero lost, failover < 3 s.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  findProgram,
  missingForGateway,
  runSipp,
  startGateway,
  writeInjectionFile,
  INSTALL_LINE,
} from '../lib/gateway-harness.mjs';
import { login, startServer } from './_harness.mjs';
import { failoverMissing, measureFailover } from './voice-failover.mjs';

const CALLS = Number(process.argv[2] ?? process.env.BENCH_CALLS ?? 200);
const RATE = Number(process.argv[3] ?? process.env.BENCH_RATE ?? 5);
const AGENTS = 20;
const TALK_MS = 2000;
const HOTLINE = '19009999';
const SIP_PASSWORD = 'bench-sip-pass';
const FAILOVER_TRIALS = Number(process.env.BENCH_FAILOVER_TRIALS ?? 3);

const missing = [...missingForGateway(), ...(findProgram('sipp') ? [] : ['sipp'])];
if (missing.length > 0) {
  console.error(`bench:voice needs ${missing.join(', ')}:\n  ${INSTALL_LINE} sip-tester`);
  process.exit(1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (values) =>
  values.length === 0
    ? 'no samples'
    : `p50 ${percentile(values, 50).toFixed(1)} ms   p95 ${percentile(values, 95).toFixed(1)} ms   max ${Math.max(...values).toFixed(1)} ms   (n=${values.length})`;

const work = await mkdtemp(path.join(os.tmpdir(), 'omnicare-bench-voice-'));
const secret = `bench-gateway-${Math.random().toString(36).slice(2)}-secret`;
process.env.TELEPHONY_GATEWAY_SECRET = secret;
const base = 30_000 + Math.floor(Math.random() * 10_000);
const ports = {
  ws: base,
  sip: base + 1,
  ng: base + 2,
  agents: base + 3,
  reg: base + 4,
  caller: base + 5,
};

console.log('Starting the server...');
const server = await startServer();
let gateway;
const runs = [];
try {
  const admin = await login(server.url, 'admin@demo.vn');
  const api = async (method, url, body, token = admin) => {
    const response = await fetch(server.url + url, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
    return json.data;
  };
  console.log(`Creating ${AGENTS} agents with SIP accounts and a queue on ${HOTLINE}...`);
  const stamp = Date.now().toString(36);
  const agents = [];
  for (let i = 1; i <= AGENTS; i++) {
    const n = String(i).padStart(2, '0');
    const email = `bench.voice.${stamp}.${n}@demo.vn`;
    const user = await api('POST', '/v2/create-user', {
      name: `Tổng đài viên ${n}`,
      email,
      role: 'agent',
      agent_id: `BV${stamp}${n}`,
      password: 'Matkhau123',
      sip_username: `bv${stamp}${n}`,
      sip_password: SIP_PASSWORD,
      sip_gateway_url: 'ws://127.0.0.1:8088',
    });
    const token = await login(server.url, email, 'Matkhau123');
    await api('PUT', '/v2/my-presence', { presence: 'AVAILABLE' }, token);
    agents.push({ id: user._id, sip: `bv${stamp}${n}` });
  }
  await api('POST', '/v2/queues', {
    name: 'Bench thoại',
    hotlines: [HOTLINE],
    member_ids: agents.map((agent) => agent.id),
    ring_timeout_seconds: 20,
    max_wait_seconds: 600,
  });

  console.log('Starting the gateway (rtpengine + Kamailio)...');
  gateway = await startGateway({
    serverUrl: server.url,
    secret,
    wsPort: ports.ws,
    sipPort: ports.sip,
    rtpengineNgPort: ports.ng,
    rtpPorts: [ports.ng + 100, ports.ng + 999],
    logDir: path.join(work, 'gateway'),
  });
  const sipp = (scenario, label, args) => {
    const run = runSipp({ scenario, workDir: work, label, remote: `127.0.0.1:${ports.sip}`, args });
    runs.push(run);
    return run.done;
  };

  // one UAS answering for every agent, then their REGISTERs (Contact = that UAS)
  const uas = sipp('agent-uas.xml', 'agents', ['-p', String(ports.agents), '-m', String(CALLS)]);
  const regCsv = writeInjectionFile(
    work,
    'agents.csv',
    agents.map(
      (a) =>
        `${a.sip};[authentication username=${a.sip} password=${SIP_PASSWORD}];127.0.0.1;${ports.agents}`,
    ),
  );
  const registered = await sipp('register.xml', 'register', [
    '-inf',
    regCsv,
    '-key',
    'expires',
    '3600',
    '-m',
    String(AGENTS),
    '-r',
    '20',
    '-p',
    String(ports.reg),
  ]);
  if (registered.code !== 0) throw new Error(`agent registration failed (sipp ${registered.code})`);

  console.log(
    `Placing ${CALLS} calls at ${RATE} calls/s into ${HOTLINE} (${TALK_MS} ms of talk each)...`,
  );
  const callerCsv = writeInjectionFile(
    work,
    'callers.csv',
    Array.from(
      { length: CALLS },
      (_, i) => `09${String(10_000_000 + i).slice(-8)};${HOTLINE};127.0.0.1:${ports.sip}`,
    ),
  );
  const started = Date.now();
  const caller = await sipp('caller.xml', 'callers', [
    '-inf',
    callerCsv,
    '-m',
    String(CALLS),
    '-r',
    String(RATE),
    '-l',
    String(CALLS),
    '-d',
    String(TALK_MS),
    '-trace_rtt',
    '-rtt_freq',
    '1',
    '-p',
    String(ports.caller),
  ]);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `sipp finished in ${seconds.toFixed(1)} s (exit ${caller.code}: 0 = every call answered and hung up)`,
  );

  // response times, per call
  const rttFile = (await readdir(work)).find(
    (f) => f.startsWith('caller_') && f.endsWith('_rtt.csv'),
  );
  const ringing = [];
  const answered = [];
  if (rttFile) {
    for (const line of (await readFile(path.join(work, rttFile), 'utf8')).split('\n').slice(1)) {
      const [, value, name] = line.trim().split(';');
      if (name === 'ringing') ringing.push(Number(value));
      if (name === 'answered') answered.push(Number(value));
    }
  }
  // the routing round trips Kamailio logged ("route ask ... in <t0>..<t1>")
  const routing = [];
  const log = await readFile(gateway.kamailioLog, 'utf8');
  for (const match of log.matchAll(/route ask .*? -> 200 in ([\d.]+)\.\.([\d.]+)/g)) {
    routing.push((Number(match[2]) - Number(match[1])) * 1000);
  }
  // the same decisions as the server timed them (Fastify's responseTime in its log)
  const serverRouting = [];
  const serverLog = path.join(os.tmpdir(), `omnicare-bench-server-${new URL(server.url).port}.log`);
  for (const line of (await readFile(serverLog, 'utf8').catch(() => '')).split('\n')) {
    if (!line.includes('/v2/telephony/route') || !line.includes('responseTime')) continue;
    const time = JSON.parse(line).responseTime;
    if (typeof time === 'number') serverRouting.push(time);
  }
  // wait for the event posters to drain, then compare call records with what sipp placed
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const placed = new Set(
    Array.from({ length: CALLS }, (_, i) => `${i + 1}-${caller.pid}@127.0.0.1`),
  );
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select call_id, count(*)::int as n, max(result) as result, max(status) as status
       from calls where call_id like $1 group by call_id`,
    [`%-${caller.pid}@127.0.0.1`],
  );
  await client.end();
  const found = new Map(rows.map((row) => [row.call_id, row]));
  const lost = [...placed].filter((id) => !found.has(id));
  const doubled = rows.filter((row) => row.n > 1);
  const results = {};
  for (const row of rows)
    results[`${row.status}/${row.result}`] = (results[`${row.status}/${row.result}`] ?? 0) + 1;
  const queuedEvents = (log.match(/ring failed: 480 \(holding=1/g) ?? []).length;

  console.log('');
  console.log(
    `Voice: ${CALLS} calls at ${RATE}/s into a queue of ${AGENTS} sipp agents, real Kamailio + rtpengine`,
  );
  console.log(`  set-up to ringing (INVITE -> 180): ${fmt(ringing)}`);
  console.log(
    `  set-up to answered (INVITE -> 200): ${fmt(answered)}   (the agents answer 200 ms after ringing)`,
  );
  console.log(
    `  routing decision (POST /v2/telephony/route round trip from Kamailio): ${fmt(routing)}`,
  );
  console.log(`  routing decision inside the server (its responseTime): ${fmt(serverRouting)}`);
  console.log(
    `  call records: ${rows.length} for ${CALLS} placed; lost ${lost.length}, doubled ${doubled.length}`,
  );
  console.log(
    `  records by status/result: ${JSON.stringify(results)}; queue waits: ${queuedEvents}`,
  );
  if (lost.length)
    console.log(`  lost: ${lost.slice(0, 10).join(', ')}${lost.length > 10 ? '...' : ''}`);
  console.log(`  targets: routing p95 < 20 ms, ringing p95 < 700 ms, zero lost`);

  const cannot = FAILOVER_TRIALS > 0 ? await failoverMissing() : 'BENCH_FAILOVER_TRIALS=0';
  if (cannot) console.log(`Failover: not measured (${cannot})`);
  else {
    console.log('');
    console.log(
      `Failover: the softphone in Chromium, primary gateway killed at its first REGISTER (${FAILOVER_TRIALS} times)...`,
    );
    const trials = await measureFailover({
      serverUrl: server.url,
      secret,
      api,
      backup: gateway,
      work,
      trials: FAILOVER_TRIALS,
      portBase: base + 2000,
    });
    const seconds = (value) => (Number.isNaN(value) ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
    trials.forEach((trial, index) =>
      console.log(
        `  trial ${index + 1}: registered on the backup ${seconds(trial.sipMs)} after the kill (SIP 200), ` +
          `shown ${seconds(trial.uiMs)} after it; primary had ${trial.primaryRegistered ? 'already' : 'not yet'} ` +
          `answered 200; 1-min load ${trial.load.toFixed(2)} (${os.cpus().length} cores)`,
      ),
    );
    const shown = trials.map((trial) => trial.uiMs).filter((value) => !Number.isNaN(value));
    if (shown.length)
      console.log(
        `  failover to registered on the backup, as shown: p50 ${seconds(percentile(shown, 50))}, ` +
          `max ${seconds(Math.max(...shown))}   (target < 3 s)`,
      );
  }
  if (process.env.BENCH_KEEP === '1') console.log(`  logs kept in ${work}`);
  void uas;
} finally {
  for (const run of runs) run.stop();
  await gateway?.stop();
  await server.stop();
  if (process.env.BENCH_KEEP !== '1') await rm(work, { recursive: true, force: true });
}
