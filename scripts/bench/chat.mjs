// npm run bench:chat [-- flags]: livechat delivery over socket.io, in one run:
// 1. The floor: a bare socket.io relay in its own process (_chat-floor.mjs), the same number of
//    visitor and agent sockets, the same message size and rhythm: visitor -> agent and
//    agent -> visitor one-way latency (client -> server -> client, both clients in this process,
//    one clock).
// 2. One server (fresh embedded database): an administrator makes a department of --agents agents
//    (AVAILABLE, chats per agent raised to 50) and a livechat channel on it; --visitors visitors
//    start (POST /v2/livechat/{channel}/visitors) and connect to /livechat, agents connect with
//    their token. Each visitor first opens their conversation (one message, its figures printed
//    apart), then writes a message every --gap seconds (uniformly random) for --duration seconds
//    and, as the widget does, sends them one at a time (a message written before the previous
//    was acknowledged waits; an acknowledgement not come in 30 s counts as refused and the next
//    goes; what is still queued 30 s after the phase is never sent, and counted). Latency runs
//    from the actual send. No resend of an unacknowledged message (the widget does resend).
//    Visitor -> agent: `livechat:send` to the first `conversation:message` at any agent socket
//    (the client message id is the body's first word). An agent answers --reply of the messages
//    it sees (POST /v2/tickets/{id}/comments, public text): POST to the visitor's `livechat:message`.
//    Printed: p50/p95/p99 both ways and of the send's acknowledgement, messages per second, the
//    server's and its PostgreSQL's CPU per message (visitor messages and replies, from
//    /proc, over the measured phase and its drain), the server's RSS, statements per message (the
//    server counts what it sends, BENCH_STATEMENTS in _server.mjs), the events agent sockets hear
//    per message, and what was lost or doubled: acknowledgements missing or twice, messages no
//    agent socket saw or one saw twice, replies unseen, seen twice or at another visitor, and in
//    the database visitors with more than one conversation and client ids written twice.
//    Deliveries are awaited after the phase until none came for 15 s (at most 180 s).
// 3. The same with two server instances on one database joined by Redis (REDIS_URL; skipped when
//    unset), visitors and agents split between them by index.
// 4. Our p95 over the floor's (targets: p95 < 100 ms, within 3x the floor) and the widget's
//    loader and opened sizes, gzip level 9 (built first if apps/web/dist has no widget.js).
//
// Flags: --visitors 1000  --agents 50  --duration 60 (s, measured phase)  --gap 2-5 (s between a
// visitor's messages)  --reply 0.2 (share of messages an agent answers)  --floor-duration
// (default: --duration)  --only floor,one,redis,widget (parts to run)  --size 120 (body characters)
// --statements 10 (the most frequent statements listed).
// BENCH_PROFILE=<file.cpuprofile> records the (first) server's CPU profile (see _server.mjs).
//
// The widget's visitors all come from this machine: the server trusts X-Forwarded-For here
// (TRUST_PROXY=1) and each visitor sends its own address, so the per-IP limits of the widget's
// routes see 1000 visitors as real sites do instead of one address signing up 1000 times.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { at, run } from '../lib.mjs';
import { login, startServer } from './_harness.mjs';

const { values: flags } = parseArgs({
  options: {
    visitors: { type: 'string', default: '1000' },
    agents: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    gap: { type: 'string', default: '2-5' },
    reply: { type: 'string', default: '0.2' },
    'floor-duration': { type: 'string' },
    only: { type: 'string', default: 'floor,one,redis,widget' },
    size: { type: 'string', default: '120' },
    statements: { type: 'string', default: '10' },
  },
});
const VISITORS = Number(flags.visitors);
const AGENTS = Number(flags.agents);
const DURATION_MS = Number(flags.duration) * 1000;
const FLOOR_DURATION_MS = Number(flags['floor-duration'] ?? flags.duration) * 1000;
const [GAP_MIN_MS, GAP_MAX_MS] = flags.gap.split('-').map((s) => Number(s) * 1000);
const REPLY_SHARE = Number(flags.reply);
const SIZE = Number(flags.size);
const ONLY = new Set(flags.only.split(','));
/** After the last send, deliveries may still come in (a backlog draining) until none came for
 * DRAIN_IDLE_MS, or DRAIN_MAX_MS passed: what is owed then counts as lost. */
const DRAIN_IDLE_MS = 15_000;
const DRAIN_MAX_MS = 180_000;
/** The send's acknowledgement: none by then counts as unacknowledged. */
const ACK_TIMEOUT_MS = 30_000;
/** A visitor's messages still queued behind unacknowledged ones this long after the phase: not sent. */
const GIVE_UP_MS = 30_000;
const PASSWORD = 'Matkhau123';
/** The opening messages come spread over this many ms per visitor (30 s for 1000). */
const OPENING_SPREAD_MS = 30;
const FILLER = 'Cho mình hỏi về đơn hàng giao chậm, bên mình kiểm tra giúp với ạ. ';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low, high) => low + Math.random() * (high - low);
/** A body of SIZE characters whose first word is the message's client id. */
const bodyOf = (id) => `${id} ${FILLER.repeat(Math.ceil(SIZE / FILLER.length))}`.slice(0, SIZE);

const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
const fmt = (s) =>
  s.n === 0
    ? 'no samples'
    : `p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(0)} ms  (n=${s.n})`;

/** Runs `work` over `items`, `width` at a time. */
async function inParallel(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

/** Waits for a socket's connection (or its refusal). */
const connected = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

/**
 * Drives one world (the floor or our server) and counts. A world has `visitors[i].send(id, body)`
 * answering the acknowledgement, `agents[i].reply(ref, visitorIndex, id, body)`, and calls
 * `heard.byAgent(agentIndex, id, ref)` and `heard.byVisitor(visitorIndex, id)` when a message
 * reaches a socket.
 */
function createTracker(world) {
  const phases = [];
  let phase;
  const sent = new Map();
  const replies = new Map();
  world.heard = {
    byAgent(agentIndex, id, ref) {
      const record = sent.get(id);
      if (!record) return;
      record.seenBy.set(agentIndex, (record.seenBy.get(agentIndex) ?? 0) + 1);
      if (record.seenBy.size > 1 || record.seenBy.get(agentIndex) > 1) return;
      record.phase.toAgent.push(performance.now() - record.at);
      if (record.phase.replies && Math.random() < REPLY_SHARE) {
        const replyId = `r${id}`;
        const reply = {
          at: performance.now(),
          visitor: record.visitor,
          seen: 0,
          phase: record.phase,
        };
        replies.set(replyId, reply);
        reply.phase.replied++;
        world.agents[agentIndex]
          .reply(ref, record.visitor, replyId, bodyOf(replyId))
          .then((ok) => {
            if (!ok) reply.phase.replyFailed++;
          })
          .catch(() => reply.phase.replyFailed++);
      }
    },
    /** A reply found by the re-read a widget makes after its socket came back (not live). */
    caughtUp(id) {
      const reply = replies.get(id);
      if (reply && reply.seen === 0) reply.caughtUp = true;
    },
    byVisitor(visitorIndex, id) {
      const reply = replies.get(id);
      if (!reply) return;
      if (reply.visitor !== visitorIndex) reply.phase.misrouted++;
      reply.seen++;
      if (reply.seen === 1) reply.phase.toVisitor.push(performance.now() - reply.at);
    },
  };
  async function send(visitorIndex, id) {
    const record = {
      at: performance.now(),
      visitor: visitorIndex,
      seenBy: new Map(),
      acks: 0,
      phase,
    };
    sent.set(id, record);
    phase.sent++;
    try {
      const ack = await world.visitors[visitorIndex].send(id, bodyOf(id));
      record.acks++;
      if (ack?.ok) {
        record.phase.ack.push(performance.now() - record.at);
        if (ack.messageId) {
          if (record.phase.messageIds.has(ack.messageId)) record.phase.sameMessageId++;
          record.phase.messageIds.add(ack.messageId);
        }
      } else record.phase.refused.push(ack?.message ?? 'no answer');
    } catch (error) {
      record.phase.refused.push(String(error?.message ?? error));
    }
  }
  /**
   * Waits until every delivery owed so far came in, or none came for DRAIN_IDLE_MS (what is still
   * owed then counts as lost), or DRAIN_MAX_MS passed.
   */
  async function drain() {
    const started = performance.now();
    const owed = () =>
      [...sent.values()].filter((r) => r.phase === phase && (r.acks === 0 || r.seenBy.size === 0))
        .length + [...replies.values()].filter((r) => r.phase === phase && r.seen === 0).length;
    let left = owed();
    let movedAt = started;
    while (left > 0) {
      const now = performance.now();
      if (now - movedAt > DRAIN_IDLE_MS || now - started > DRAIN_MAX_MS) break;
      await sleep(100);
      const still = owed();
      if (still < left) movedAt = performance.now();
      left = still;
    }
    return performance.now() - started;
  }
  function begin(label, { replies: answer = true } = {}) {
    phase = {
      label,
      replies: answer,
      sent: 0,
      replied: 0,
      replyFailed: 0,
      misrouted: 0,
      sameMessageId: 0,
      messageIds: new Set(),
      ack: [],
      refused: [],
      queued: 0,
      abandoned: 0,
      toAgent: [],
      toVisitor: [],
    };
    phases.push(phase);
    return phase;
  }
  /** What a phase lost or doubled. */
  function tally(of) {
    const own = [...sent.values()].filter((r) => r.phase === of);
    const ownReplies = [...replies.values()].filter((r) => r.phase === of);
    return {
      unacknowledged: own.filter((r) => r.acks === 0).length,
      ackedTwice: own.filter((r) => r.acks > 1).length,
      refused: of.refused.length,
      firstRefusals: [...new Set(of.refused)].slice(0, 3),
      sameMessageId: of.sameMessageId,
      unseenByAgents: own.filter((r) => r.seenBy.size === 0).length,
      twiceAtOneAgent: own.filter((r) => [...r.seenBy.values()].some((n) => n > 1)).length,
      atSeveralAgents: own.filter((r) => r.seenBy.size > 1).length,
      repliesUnseen: ownReplies.filter((r) => r.seen === 0 && !r.caughtUp).length,
      repliesCaughtUp: ownReplies.filter((r) => r.seen === 0 && r.caughtUp).length,
      firstUnseenReplies: [...replies]
        .filter(([, r]) => r.phase === of && r.seen === 0 && !r.caughtUp)
        .slice(0, 5)
        .map(([id]) => id),
      repliesSeenTwice: ownReplies.filter((r) => r.seen > 1).length,
      replyFailed: of.replyFailed,
      misrouted: of.misrouted,
    };
  }
  return { send, drain, begin, tally };
}

/**
 * Each visitor writes a message every GAP seconds for `durationMs` (the first after a random
 * offset) and, as the widget does, sends them one at a time: a message written before the
 * previous one was acknowledged waits for it (counted in `phase.queued`).
 */
async function traffic(tracker, phase, durationMs, prefix) {
  const end = performance.now() + durationMs;
  let count = 0;
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      let previous = Promise.resolve();
      let unsettled = 0;
      let wait = Math.random() * GAP_MAX_MS;
      while (performance.now() + wait < end) {
        await sleep(wait);
        if (unsettled > 0) phase.queued++;
        const id = `${prefix}${visitor}m${count++}`;
        unsettled++;
        previous = previous
          // A server far behind: what is still queued long after the phase is never sent.
          .then(() =>
            performance.now() > end + GIVE_UP_MS
              ? void phase.abandoned++
              : tracker.send(visitor, id),
          )
          .finally(() => {
            unsettled--;
          });
        wait = between(GAP_MIN_MS, GAP_MAX_MS);
      }
      await previous;
    }),
  );
}

/** The measured phase: traffic, drain, and the load's figures. */
async function measure(tracker, label, durationMs, prefix, readings = {}) {
  const phase = tracker.begin(label);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const before = await readings.before?.();
  const started = performance.now();
  await traffic(tracker, phase, durationMs, prefix);
  const sending = performance.now() - started;
  const drained = await tracker.drain();
  const after = await readings.after?.(before);
  lag.disable();
  return {
    phase,
    seconds: Math.min(sending, durationMs) / 1000,
    drainSeconds: drained / 1000,
    loopP99: lag.percentile(99) / 1e6,
    loopMax: lag.max / 1e6,
    readings: after,
  };
}

function report(result, tally) {
  const { phase } = result;
  const messages = phase.sent + phase.replied;
  console.log(`  ${phase.label}`);
  console.log(`    visitor -> agent:  ${fmt(stats(phase.toAgent))}`);
  if (phase.replies) console.log(`    agent -> visitor:  ${fmt(stats(phase.toVisitor))}`);
  console.log(`    send acknowledged: ${fmt(stats(phase.ack))}`);
  console.log(
    `    ${phase.sent} visitor messages + ${phase.replied} replies in ${result.seconds.toFixed(1)} s: ` +
      `${(phase.sent / result.seconds).toFixed(1)} in/s, ${(messages / result.seconds).toFixed(1)} messages/s offered, ` +
      `${((phase.toAgent.length + phase.toVisitor.length) / (result.seconds + result.drainSeconds)).toFixed(1)} delivered/s over the phase and its drain; ` +
      `drained in ${result.drainSeconds.toFixed(1)} s; ${phase.queued} written while the previous was unacknowledged (sent after it), ` +
      `${phase.abandoned} still queued ${GIVE_UP_MS / 1000} s after the phase (never sent)`,
  );
  const t = tally;
  console.log(
    `    lost/doubled: unacknowledged ${t.unacknowledged}, refused ${t.refused}, acknowledged twice ${t.ackedTwice}, ` +
      `one id written twice ${t.sameMessageId}; unseen by agents ${t.unseenByAgents}, twice at one agent socket ${t.twiceAtOneAgent} ` +
      `(at several agents ${t.atSeveralAgents}); replies failed ${t.replyFailed}, unseen by their visitor ${t.repliesUnseen}, ` +
      `seen twice ${t.repliesSeenTwice}, at another visitor ${t.misrouted}; ` +
      `caught up by the re-read after a dropped socket ${t.repliesCaughtUp ?? 0}` +
      (result.visitorDrops === undefined
        ? ''
        : ` (visitor sockets dropped ${result.visitorDrops} times)`),
  );
  if (t.firstRefusals.length) console.log(`    refusals: ${t.firstRefusals.join(' | ')}`);
  if (t.firstUnseenReplies.length)
    console.log(`    replies never heard by their visitor: ${t.firstUnseenReplies.join(', ')}`);
  if (!Number.isNaN(result.loopP99))
    console.log(
      `    this bench process's event loop delay: p99 ${result.loopP99.toFixed(1)} ms, max ${result.loopMax.toFixed(0)} ms`,
    );
  return messages;
}

// ---------------------------------------------------------------------------------------------
// 1. The floor

async function floorWorld() {
  const child = spawn(process.execPath, [at('scripts', 'bench', '_chat-floor.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('the floor server stopped')));
  });
  const url = `http://127.0.0.1:${port}`;
  const open = (auth) =>
    connect(url, { auth, forceNew: true, transports: ['websocket'], reconnection: false });
  const world = { visitors: [], agents: [] };
  const agentSockets = [];
  for (let i = 0; i < AGENTS; i++) {
    const socket = open({ role: 'agent', id: i });
    await connected(socket);
    socket.on('message', (payload) => world.heard.byAgent(i, payload.id, payload.visitor));
    agentSockets.push(socket);
    world.agents.push({
      reply: (_ref, visitor, id, body) =>
        new Promise((resolve) => socket.emit('reply', { visitor, id, body }, () => resolve(true))),
    });
  }
  const visitorSockets = [];
  await inParallel(
    Array.from({ length: VISITORS }, (_, i) => i),
    50,
    async (i) => {
      const socket = open({ role: 'visitor', id: i });
      await connected(socket);
      socket.on('reply', (payload) => world.heard.byVisitor(i, payload.id));
      visitorSockets[i] = socket;
      world.visitors[i] = {
        send: (id, body) =>
          new Promise((resolve) =>
            socket.emit('send', { agent: i % AGENTS, visitor: i, id, body }, (ack) => resolve(ack)),
          ),
      };
    },
  );
  return {
    world,
    pid: child.pid,
    async close() {
      for (const socket of [...agentSockets, ...visitorSockets]) socket.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. Our server(s)

async function api(url, method, route, body, token, headers = {}) {
  const response = await fetch(url + route, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Department, agents, channel and chat settings, through the API as an administrator would. */
async function prepareTenant(url) {
  const admin = await login(url, 'admin@demo.vn');
  const stamp = Date.now().toString(36);
  const agents = [];
  await inParallel(
    Array.from({ length: AGENTS }, (_, i) => i),
    4,
    async (i) => {
      const n = String(i + 1).padStart(2, '0');
      const email = `bench.chat.${stamp}.${n}@demo.vn`;
      const user = await api(
        url,
        'POST',
        '/v2/create-user',
        {
          name: `Chuyên viên chat ${n}`,
          email,
          role: 'agent',
          agent_id: `BC${stamp}${n}`,
          password: PASSWORD,
        },
        admin,
      );
      agents[i] = { id: user._id, email };
    },
  );
  const department = await api(
    url,
    'POST',
    '/v2/group',
    { target: 'user', name: `Chat bench ${stamp}`, member_ids: agents.map((a) => a.id) },
    admin,
  );
  const channel = await api(
    url,
    'POST',
    '/v2/channels',
    {
      kind: 'livechat',
      name: `Website ${stamp}`,
      group_id: department._id,
      settings: { allowed_domains: [] },
    },
    admin,
  );
  const config = await api(url, 'GET', '/v2/chat-config', undefined, admin);
  delete config.updated_at;
  await api(url, 'PUT', '/v2/chat-config', { ...config, max_chats_per_agent: 50 }, admin);
  return { agents, channelId: channel._id };
}

/** Visitors and agents, split over `urls` by index, connected and listening. */
async function serverWorld(urls, tenant) {
  const world = { visitors: [], agents: [], received: new Map(), visitorDrops: 0 };
  const sockets = [];
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const post = (url, route, token, payload) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(payload);
      const request = http.request(
        url + route,
        {
          method: 'POST',
          agent: httpAgent,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  await inParallel(tenant.agents, 8, async (agent, i) => {
    const url = urls[i % urls.length];
    const token = await login(url, agent.email, PASSWORD);
    await api(url, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' }, token);
    const socket = connect(url, { auth: { token }, forceNew: true, transports: ['websocket'] });
    sockets.push(socket);
    await connected(socket);
    // Everything agent sockets hear, by event (the fan-out a message costs).
    socket.onAny((event) => world.received.set(event, (world.received.get(event) ?? 0) + 1));
    socket.on('conversation:message', ({ conversation_id: conversationId, message }) => {
      if (message?.direction !== 'in') return;
      world.heard.byAgent(i, String(message.body).split(' ')[0], conversationId);
    });
    world.agents[i] = {
      reply: async (conversationId, _visitor, id, body) =>
        (await post(url, `/v2/tickets/${conversationId}/comments`, token, {
          body,
          public: true,
          format: 'text',
          client_message_id: id,
        })) === 201,
    };
  });
  await inParallel(
    Array.from({ length: VISITORS }, (_, i) => i),
    16,
    async (i) => {
      const url = urls[i % urls.length];
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const { visitor_token: token } = await api(
        url,
        'POST',
        `/v2/livechat/${tenant.channelId}/visitors`,
        { name: `Khách ${i + 1}` },
        undefined,
        { 'x-forwarded-for': address },
      );
      const socket = connect(`${url}/livechat`, {
        auth: { channel_id: tenant.channelId, visitor_token: token },
        forceNew: true,
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': address },
      });
      sockets.push(socket);
      await connected(socket);
      socket.on('livechat:message', (message) => {
        if (message?.direction === 'out') world.heard.byVisitor(i, message.client_message_id);
      });
      // As the widget does: after its socket dropped and came back, it reads the conversation
      // again (what was pushed meanwhile is there).
      let dropped = false;
      socket.on('disconnect', () => {
        world.visitorDrops++;
        dropped = true;
      });
      socket.on('connect', () => {
        if (!dropped) return;
        dropped = false;
        void api(
          url,
          'GET',
          `/v2/livechat/${tenant.channelId}/conversation`,
          undefined,
          undefined,
          {
            'x-visitor-token': token,
            'x-forwarded-for': address,
          },
        )
          .then((view) => {
            for (const message of view?.messages ?? [])
              if (message.direction === 'out') world.heard.caughtUp(message.client_message_id);
          })
          .catch(() => {});
      });
      world.visitors[i] = {
        send: (id, body) =>
          new Promise((resolve) => {
            socket
              .timeout(ACK_TIMEOUT_MS)
              .emit('livechat:send', { client_message_id: id, body }, (error, ack) =>
                resolve(
                  error
                    ? { ok: false, message: 'no acknowledgement' }
                    : { ok: ack?.ok, message: ack?.message, messageId: ack?.message?._id },
                ),
              );
          }),
      };
    },
  );
  return {
    world,
    close() {
      for (const socket of sockets) socket.close();
      httpAgent.destroy();
    },
  };
}

const readProc = (pid, file) => readFileSync(`/proc/${pid}/${file}`, 'utf8');
const memoryOf = (pid) => {
  const status = readProc(pid, 'status');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

/** The statements each server sent so far, by kind (BENCH_STATEMENTS, written on SIGUSR2). */
async function statementsOf(servers) {
  const all = new Map();
  for (const server of servers) {
    const file = server.statementsFile;
    const before = existsSync(file) ? statSync(file).mtimeMs : 0;
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 50 && (existsSync(file) ? statSync(file).mtimeMs : 0) === before; i++)
      await sleep(20);
    const counts = JSON.parse(await readFile(file, 'utf8'));
    for (const [key, n] of Object.entries(counts)) all.set(key, (all.get(key) ?? 0) + n);
  }
  return all;
}

/** What the server wrote twice: a visitor's second conversation, a client message id's second message. */
async function writtenTwice(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from livechat_visitors) as visitors,
         (select count(*)::int from tickets where source = 'chat') as conversations,
         (select count(*)::int from (select requester_id from tickets where source = 'chat'
            group by 1 having count(*) > 1) x) as "severalConversations",
         (select count(*)::int from (select client_message_id from messages
            where client_message_id is not null group by 1 having count(*) > 1) y) as "idsTwice"`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Starts `count` instances on one database (with Redis when `redisUrl`). */
async function startServers(count, redisUrl) {
  const prefix = `omnicare-bench-${Date.now().toString(36)}`;
  const env = (i) => ({
    TRUST_PROXY: '1',
    BENCH_STATEMENTS: path.join(os.tmpdir(), `omnicare-bench-chat-${process.pid}-${i}.json`),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
    ...(i > 0 ? { BENCH_PROFILE: '' } : {}),
  });
  const first = await startServer({ env: env(0) });
  first.statementsFile = env(0).BENCH_STATEMENTS;
  const servers = [first];
  for (let i = 1; i < count; i++) {
    const other = await startServer({ databaseUrl: first.databaseUrl, env: env(i) });
    other.statementsFile = env(i).BENCH_STATEMENTS;
    servers.push(other);
  }
  return servers;
}

async function runServers(label, count, redisUrl) {
  console.log(`\n${label}: starting ${count} server instance(s)...`);
  const servers = await startServers(count, redisUrl);
  let world;
  try {
    const urls = servers.map((s) => s.url);
    const tenant = await prepareTenant(urls[0]);
    console.log(
      `  ${AGENTS} agents AVAILABLE in the channel's department; connecting ${VISITORS} visitors...`,
    );
    world = await serverWorld(urls, tenant);
    const tracker = createTracker(world.world);

    // Opening messages: each makes the visitor's conversation (a ticket, routed to an agent).
    const opening = tracker.begin('opening messages (each creates and routes a conversation)', {
      replies: false,
    });
    const openedAt = performance.now();
    await inParallel(
      Array.from({ length: VISITORS }, (_, i) => i),
      VISITORS,
      async (i) => {
        await sleep(Math.random() * Math.max(5_000, VISITORS * OPENING_SPREAD_MS));
        await tracker.send(i, `o${i}`);
      },
    );
    const drained = await tracker.drain();
    report(
      {
        phase: opening,
        seconds: (performance.now() - openedAt - drained) / 1000,
        drainSeconds: drained / 1000,
        loopP99: NaN,
        loopMax: NaN,
      },
      tracker.tally(opening),
    );

    const result = await measure(
      tracker,
      `steady traffic, ${DURATION_MS / 1000} s`,
      DURATION_MS,
      's',
      {
        before: async () => ({
          benchCpu: process.cpuUsage(),
          received: new Map(world.world.received),
          cpu: await Promise.all(servers.map((s) => s.cpu())),
          statements: await statementsOf(servers),
        }),
        after: async (before) => ({
          benchCpu: process.cpuUsage(before.benchCpu),
          cpu: await Promise.all(servers.map((s) => s.cpu())),
          statements: await statementsOf(servers),
          before,
        }),
      },
    );
    const messages = report(
      { ...result, visitorDrops: world.world.visitorDrops },
      tracker.tally(result.phase),
    );
    const { cpu, statements, before, benchCpu } = result.readings;
    const benchMs = (benchCpu.user + benchCpu.system) / 1000;
    const serverMs = cpu.reduce((sum, c, i) => sum + c.server - before.cpu[i].server, 0);
    const databaseMs = cpu.reduce((sum, c, i) => sum + c.database - before.cpu[i].database, 0);
    const window = result.seconds + result.drainSeconds;
    console.log(
      `    CPU per message (visitor messages and replies, ${messages}): server ${(serverMs / messages).toFixed(2)} ms, ` +
        `PostgreSQL ${(databaseMs / messages).toFixed(2)} ms; server busy ${((serverMs / window / 1000) * 100).toFixed(0)}% of a core` +
        `${count > 1 ? ' (all instances)' : ''}, PostgreSQL ${((databaseMs / window / 1000) * 100).toFixed(0)}%, ` +
        `this bench process (the visitors' and agents' sockets) ${((benchMs / window / 1000) * 100).toFixed(0)}%`,
    );
    const heard = [...world.world.received]
      .map(([event, n]) => [event, n - (before.received.get(event) ?? 0)])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `    events at agent sockets per message: ${heard.map(([event, n]) => `${event} ${(n / messages).toFixed(1)}`).join(', ')}`,
    );
    const written = await writtenTwice(servers[0].databaseUrl);
    console.log(
      `    in the database: ${written.conversations} conversations for ${written.visitors} visitors ` +
        `(${written.severalConversations} visitors with more than one), ${written.idsTwice} client message ids written more than once`,
    );
    const memory = servers.map((s) => memoryOf(s.pid));
    console.log(
      `    server memory: ${memory.map((m) => `RSS ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)`).join(', ')}`,
    );
    const diff = [...statements].map(([key, n]) => [key, n - (before.statements.get(key) ?? 0)]);
    // pg-boss polls its queues on a timer: statements per second, not per message.
    const polling = (key) => key.includes('pgboss.');
    const total = diff.reduce((sum, [key, n]) => sum + (polling(key) ? 0 : n), 0);
    const polled = diff.reduce((sum, [key, n]) => sum + (polling(key) ? n : 0), 0);
    console.log(
      `    statements per message: ${(total / messages).toFixed(1)} (${total} sent by the server, ` +
        `besides ${polled} of pg-boss polling its queues); most frequent:`,
    );
    for (const [key, n] of diff
      .filter(([key]) => !polling(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(flags.statements)))
      console.log(`      ${(n / messages).toFixed(2).padStart(6)}  ${key.slice(0, 110)}`);
    return result.phase;
  } finally {
    world?.close();
    for (const server of servers.reverse()) await server.stop();
    for (const server of servers) await rm(server.statementsFile, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------

function widgetSizes() {
  const dist = at('apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'widget.js'))) run('node', [at('scripts', 'build-widget.mjs')]);
  const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
  const loader = gzip(path.join(dist, 'widget.js'));
  const apps = readdirSync(path.join(dist, 'widget')).filter((f) => /^app\..*\.js$/.test(f));
  const app = apps.reduce((sum, f) => sum + gzip(path.join(dist, 'widget', f)), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nWidget (gzip -9): loader widget.js ${kb(loader)} (target < 5 KB); opened, loader + ${apps.join(' + ')} ${kb(loader + app)} (target < 35 KB)`,
  );
}

console.log(
  `bench:chat: ${VISITORS} visitors, ${AGENTS} agents, a message every ${GAP_MIN_MS / 1000}-${GAP_MAX_MS / 1000} s per visitor, ` +
    `${Math.round(REPLY_SHARE * 100)}% answered, ${SIZE}-character bodies; ${os.cpus().length} cores, 1-min load ${os.loadavg()[0].toFixed(2)}`,
);
let floor;
if (ONLY.has('floor')) {
  console.log('\nFloor: a bare socket.io relay in another process...');
  const f = await floorWorld();
  try {
    const tracker = createTracker(f.world);
    const result = await measure(
      tracker,
      `bare socket.io relay, ${FLOOR_DURATION_MS / 1000} s`,
      FLOOR_DURATION_MS,
      'f',
    );
    report(result, tracker.tally(result.phase));
    floor = result.phase;
  } finally {
    await f.close();
  }
}
const ours = [];
if (ONLY.has('one')) ours.push(['one server', await runServers('One server', 1)]);
if (ONLY.has('redis')) {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) console.log('\nTwo servers joined by Redis: skipped (REDIS_URL is not set)');
  else
    ours.push([
      'two servers + Redis',
      await runServers('Two servers joined by Redis', 2, redisUrl),
    ]);
}

console.log('\nSummary (targets: p95 < 100 ms, within 3x the floor p95)');
const floorP95 = floor ? stats(floor.toAgent).p95 : NaN;
const floorBackP95 = floor ? stats(floor.toVisitor).p95 : NaN;
if (floor)
  console.log(
    `  floor p95: visitor -> agent ${floorP95.toFixed(1)} ms, agent -> visitor ${floorBackP95.toFixed(1)} ms`,
  );
for (const [label, phase] of ours) {
  const there = stats(phase.toAgent).p95;
  const back = stats(phase.toVisitor).p95;
  const ratio = (value, base) =>
    Number.isNaN(base) ? 'no floor' : `${(value / base).toFixed(1)}x the floor`;
  console.log(
    `  ${label}: visitor -> agent p95 ${there.toFixed(1)} ms (${ratio(there, floorP95)}, ${there < 100 ? 'under' : 'OVER'} 100 ms); ` +
      `agent -> visitor p95 ${back.toFixed(1)} ms (${ratio(back, floorBackP95)}, ${back < 100 ? 'under' : 'OVER'} 100 ms)`,
  );
}
if (ONLY.has('widget')) widgetSizes();
