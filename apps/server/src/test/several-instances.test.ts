import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { testPort } from './ports.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { CONVERSATION_EVENTS } from '@omnicare/shared/conversations/conversations.schemas';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_SYNC_EVENTS } from '@omnicare/shared/realtime/realtime-sync';
import {
  RECORD_PRESENCE_EVENTS,
  type RecordViewers,
} from '@omnicare/shared/realtime/record-presence';
import { domainEvents } from '../db/schema/outbox.js';
import { tickets } from '../db/schema/tickets.js';
import { connectDatabase } from '../platform/db.js';
import { JOB_LOCK_APPLICATION } from '../modules/jobs/jobs.service.js';
import { DEMO_PASSWORD, seedTenant, testDatabaseUrl } from './helpers.js';
import { exited, realServer, until } from './real-server.js';

/**
 * Two (then three) real server processes on one database and one Redis, as behind a load
 * balancer (issue 29): who is viewing and typing crosses instances, the per-IP limits are
 * counted once for all of them, a Redis outage ends with every socket told to catch up, an
 * instance starts while Redis is down and joins when it is back, and a bulk job survives the
 * death of the instance running it.
 *
 * Redis: the machine's (REDIS_URL or 127.0.0.1:6379) under a key prefix of this run, for what
 * never stops it; a private redis-server on a random port for the outage, which the test stops
 * and starts again. Without redis-server (and, for the first part, without a Redis answering)
 * the tests skip, saying why.
 */
const RUN = `test-${randomUUID().slice(0, 8)}`;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const database = connectDatabase(testDatabaseUrl(), 2);
const sockets: Socket[] = [];
const slowly = { ms: 60_000, every: 100 };

async function redisAnswers(url: string) {
  const client = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.close();
    return true;
  } catch {
    return false;
  }
}

/** A redis-server of this test's own, on a random port: stopped and started again at will. */
function privateRedis() {
  const port = testPort('privateRedis');
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  return {
    url,
    async start() {
      server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await until(() => redisAnswers(url), 'redis-server up', { ms: 10_000, every: 100 });
    },
    async stop() {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const done = exited(server);
      server.kill('SIGKILL');
      await done;
    },
  };
}

const call = async (
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      // The instances trust the proxy's header: each part of the suite its own client address.
      'x-forwarded-for': options.ip ?? '10.29.0.1',
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function login(base: string, email: string) {
  const answer = await call(base, 'POST', '/v2/login', {
    body: { email, password: DEMO_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { token: string }).token;
}

async function openSocket(base: string, token: string) {
  const socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: true });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

const next = <T>(socket: Socket, event: string, test: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const listener = (payload: T) => {
      if (!test(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

/** `count` open tickets of the tenant, written straight to the database. */
async function manyTickets(tenantId: string, createdBy: string, count: number) {
  const rows = await database.db
    .insert(tickets)
    .values(
      Array.from({ length: count }, (_, index) => ({
        tenantId,
        subject: `Nhiều phiên bản ${index}`,
        status: 'open',
        createdBy,
      })),
    )
    .returning({ id: tickets.id });
  return rows.map((row) => row.id);
}

type JobRead = {
  status: string;
  processed: number;
  total: number;
  items: { _id: string; ok: boolean }[];
};
const readJob = async (base: string, token: string, id: string) =>
  (await call(base, 'GET', `/v2/jobs/${id}`, { token })).body.data as JobRead;

/** The pid of the process holding a running job's lock (its connection names it). */
async function runnerOf(jobId: string) {
  const { rows } = await database.pool.query<{ application_name: string }>(
    'select application_name from pg_stat_activity where application_name like $1',
    [`${JOB_LOCK_APPLICATION} ${jobId} pid %`],
  );
  const pid = Number(rows[0]?.application_name.split(' pid ')[1]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await database.close();
});

describe('two instances on one database and Redis', () => {
  let redisUrl: string | undefined;
  let ownRedis: ReturnType<typeof privateRedis> | undefined;
  const env = () => ({
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `${RUN}-a`,
    TRUST_PROXY: '1',
  });
  const first = realServer({ ports: 'instanceFirst', env: {} });
  const second = realServer({ ports: 'instanceSecond', env: {} });
  let skipped = '';

  beforeAll(async () => {
    const machine = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (await redisAnswers(machine)) redisUrl = machine;
    else if (hasRedisServer) {
      ownRedis = privateRedis();
      await ownRedis.start();
      redisUrl = ownRedis.url;
    } else {
      skipped = 'no Redis answers here and there is no redis-server binary to start one';
      return;
    }
    // One after the other: pg-boss's first start on a database is not safe to race.
    await first.start(env());
    await second.start(env());
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await ownRedis?.stop();
  });

  it('shows who is viewing and typing to everyone on a ticket, whichever instance they use', async (context) => {
    if (skipped) return context.skip(skipped);
    const tenant = await seedTenant({ database });
    const [ticketId] = await manyTickets(tenant.tenantId, tenant.id('admin'), 1);
    const onFirst = await openSocket(first.url, await login(first.url, tenant.email('admin')));
    const onSecond = await openSocket(
      second.url,
      await login(second.url, tenant.email('supervisor')),
    );
    const join = (socket: Socket) =>
      socket.emitWithAck(RECORD_PRESENCE_EVENTS.join, { kind: 'ticket', id: ticketId });
    expect(await join(onFirst)).toEqual({ ok: true });
    const both = next<RecordViewers>(
      onFirst,
      RECORD_PRESENCE_EVENTS.viewers,
      (payload) => payload.viewers.length === 2,
    );
    expect(await join(onSecond)).toEqual({ ok: true });
    expect((await both).viewers.map((viewer) => viewer.user_id).sort()).toEqual(
      [tenant.id('admin'), tenant.id('supervisor')].sort(),
    );
    // Typing on the second instance reaches the first, and stopping too.
    const typing = next<RecordViewers>(onFirst, RECORD_PRESENCE_EVENTS.viewers, (payload) =>
      payload.viewers.some((viewer) => viewer.typing),
    );
    onSecond.emit(RECORD_PRESENCE_EVENTS.typing, { kind: 'ticket', id: ticketId, typing: true });
    expect((await typing).viewers.find((viewer) => viewer.typing)?.user_id).toBe(
      tenant.id('supervisor'),
    );
    // And the other way round: the second hears the first typing (its socket data crossed).
    const typingBack = next<RecordViewers>(
      onSecond,
      RECORD_PRESENCE_EVENTS.viewers,
      (payload) => payload.viewers.filter((viewer) => viewer.typing).length === 2,
    );
    onFirst.emit(RECORD_PRESENCE_EVENTS.typing, { kind: 'ticket', id: ticketId, typing: true });
    await typingBack;
  });

  it("pushes a conversation's message to the staff who may see it, whichever instance they use", async (context) => {
    if (skipped) return context.skip(skipped);
    const tenant = await seedTenant({ database });
    const admin = await login(first.url, tenant.email('admin'));
    const department = await call(first.url, 'POST', '/v2/group', {
      token: admin,
      body: { target: 'user', name: 'CSKH', member_ids: [tenant.id('agent'), tenant.id('agent2')] },
    });
    const channel = await call(first.url, 'POST', '/v2/channels', {
      token: admin,
      body: {
        kind: 'livechat',
        name: 'Web',
        group_id: (department.body.data as { _id: string })._id,
        settings: { allowed_domains: ['shop.example'] },
      },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const base = `/v2/livechat/${(channel.body.data as { _id: string })._id}`;
    // The agent AVAILABLE on the second instance takes it; the other agent, on the first, sees
    // only their own conversations (the agents' default scope) and hears nothing of it.
    const agent = await login(second.url, tenant.email('agent'));
    await call(second.url, 'PUT', '/v2/my-presence', {
      token: agent,
      body: { presence: 'AVAILABLE' },
    });
    const holder = await openSocket(second.url, agent);
    const other = await openSocket(first.url, await login(first.url, tenant.email('agent2')));
    const othersHeard: string[] = [];
    for (const event of [CONVERSATION_EVENTS.upsert, CONVERSATION_EVENTS.message])
      other.on(event, () => othersHeard.push(event));
    const holderHears = next<{ message: { body: string } }>(
      holder,
      CONVERSATION_EVENTS.message,
      (payload) => payload.message.body === 'Xin chào shop',
    );
    const widget = (path: string, body: object, token?: string) =>
      fetch(`${first.url}${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://shop.example',
          'x-forwarded-for': '10.29.3.1',
          ...(token ? { 'x-visitor-token': token } : {}),
        },
        body: JSON.stringify(body),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { data: { visitor_token: string } },
      }));
    const visitor = await widget('/visitors', { name: 'Lan', phone: '0903123456' });
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(201);
    const sent = await widget(
      '/messages',
      { client_message_id: 'x1', body: 'Xin chào shop' },
      visitor.body.data.visitor_token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await holderHears;
    expect(othersHeard).toEqual([]);
  });

  it('counts sign-ins per IP once for both instances: the 31st in a minute is refused', async (context) => {
    if (skipped) return context.skip(skipped);
    const ip = `10.29.1.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const base = attempt % 2 === 0 ? first.url : second.url;
      const answer = await call(base, 'POST', '/v2/login', {
        ip,
        body: { email: `khong-co-${attempt}@${RUN}.test`, password: 'Sai12345' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back by it.
    const other = await call(first.url, 'POST', '/v2/login', {
      ip: '10.29.2.1',
      body: { email: `khong-co@${RUN}.test`, password: 'Sai12345' },
    });
    expect(other.status).toBe(400);
  });

  it('lets a bulk job be followed on either instance: progress, then every ticket’s result', async (context) => {
    if (skipped) return context.skip(skipped);
    const tenant = await seedTenant({ database });
    const ids = await manyTickets(tenant.tenantId, tenant.id('admin'), 120);
    const tokenFirst = await login(first.url, tenant.email('admin'));
    const tokenSecond = await login(second.url, tenant.email('admin'));
    const started = await call(first.url, 'POST', '/v2/tickets/bulk', {
      token: tokenFirst,
      body: { action: 'status', status: 'pending', ids },
    });
    expect(started.status).toBe(202);
    const jobId = (started.body.data as { _id: string })._id;
    // The client lost the first instance: it reads the job from the second.
    await until(
      async () => (await readJob(second.url, tokenSecond, jobId)).status === 'completed',
      'the bulk job completed',
      slowly,
    );
    const job = await readJob(second.url, tokenSecond, jobId);
    expect(job.processed).toBe(ids.length);
    expect(job.items.map((item) => item._id)).toEqual(ids);
    expect(job.items.every((item) => item.ok)).toBe(true);
  });

  it(
    'finishes a bulk job whose instance is killed mid-way on the other, losing and doubling nothing',
    { timeout: 240_000 },
    async (context) => {
      if (skipped) return context.skip(skipped);
      const tenant = await seedTenant({ database });
      const ids = await manyTickets(tenant.tenantId, tenant.id('admin'), 1_000);
      const token = await login(first.url, tenant.email('admin'));
      const started = await call(first.url, 'POST', '/v2/tickets/bulk', {
        token,
        body: { action: 'status', status: 'pending', ids },
      });
      expect(started.status).toBe(202);
      const jobId = (started.body.data as { _id: string })._id;
      let runner: number | undefined;
      await until(
        async () => {
          runner = await runnerOf(jobId);
          return runner !== undefined && (await readJob(first.url, token, jobId)).processed > 0;
        },
        'the bulk job under way',
        { ms: 60_000, every: 20 },
      );
      const killed = first.pid() === runner ? first : second;
      const survivor = killed === first ? second : first;
      if (killed.pid() !== runner)
        throw new Error(`the job runs in no server of this test (pid ${runner})`);
      await killed.kill();

      // What the job says it did is exactly what was done: no wave half-written.
      const survivorToken = await login(survivor.url, tenant.email('admin'));
      const atKill = await readJob(survivor.url, survivorToken, jobId);
      expect(atKill.processed).toBeLessThan(ids.length);
      expect(atKill.items).toHaveLength(atKill.processed);
      const changed = await database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(inArray(tickets.id, ids), eq(tickets.status, 'pending')));
      expect(new Set(changed.map((row) => row.id))).toEqual(
        new Set(atKill.items.map((item) => item._id)),
      );

      // The survivor's sweep finds the job nobody runs and finishes it.
      await until(
        async () => (await readJob(survivor.url, survivorToken, jobId)).status === 'completed',
        'the bulk job finished on the other instance',
        { ms: 180_000, every: 500 },
      );
      const job = await readJob(survivor.url, survivorToken, jobId);
      expect(job.items.map((item) => item._id)).toEqual(ids);
      expect(job.items.every((item) => item.ok)).toBe(true);
      const events = await database.db
        .select({ id: domainEvents.aggregateId, count: sql<number>`count(*)::int` })
        .from(domainEvents)
        .where(and(inArray(domainEvents.aggregateId, ids), eq(domainEvents.type, 'ticket.updated')))
        .groupBy(domainEvents.aggregateId);
      expect(events).toHaveLength(ids.length);
      expect(events.every((row) => row.count === 1)).toBe(true);
    },
  );
});

describe('a Redis outage', () => {
  const redis = privateRedis();
  const env = { REDIS_URL: redis.url, REDIS_PREFIX: `${RUN}-b`, TRUST_PROXY: '1' };
  const steady = realServer({ ports: 'instanceSteady', env });
  const late = realServer({ ports: 'instanceLate', env });

  beforeAll(async () => {
    if (!hasRedisServer) return;
    await redis.start();
    await steady.start();
  });
  afterAll(async () => {
    await Promise.all([steady.close(), late.close()]);
    await redis.stop();
  });

  it(
    'an instance starts and serves while Redis is down, every socket is told to catch up when it is back, and events cross again',
    { timeout: 180_000 },
    async (context) => {
      if (!hasRedisServer) return context.skip('no redis-server binary to stop and start');
      const tenant = await seedTenant({ database });
      const admin = await login(steady.url, tenant.email('admin'));
      const onSteady = await openSocket(steady.url, admin);

      await redis.stop();
      // Started while Redis is down: it serves HTTP (sign-in included) all the same.
      await late.start();
      const agent = await login(late.url, tenant.email('agent'));
      const statuses = await call(late.url, 'GET', '/v2/status', { token: agent });
      expect(statuses.status).toBe(200);
      const onLate = await openSocket(late.url, agent);

      // Back: both instances tell their sockets to read again what they show.
      const resynced = Promise.all([
        next(onSteady, REALTIME_SYNC_EVENTS.resync),
        next(onLate, REALTIME_SYNC_EVENTS.resync),
      ]);
      await redis.start();
      await resynced;

      // The late instance joined the others (its subscriptions are in place once it told its
      // sockets): a notification made on the steady one reaches its socket.
      const arrived = next<{ title: string }>(onLate, REALTIME_EVENTS.notification);
      const sent = await call(steady.url, 'POST', '/v2/notifications', {
        token: admin,
        body: { title: 'Sau sự cố', user_ids: [tenant.id('agent')] },
      });
      expect(sent.status).toBe(201);
      expect((await arrived).title).toBe('Sau sự cố');
    },
  );
});
