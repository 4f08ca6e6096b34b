import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { MONITOR_EVENTS, type MonitorSnapshot } from '@omnicare/shared/monitors/monitors.schemas';
import { auditLog } from '../../db/schema/platform.js';
import { calls } from '../../db/schema/telephony.js';
import { channels, conversations, messages } from '../../db/schema/conversations.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import { bearer, createTestApp, seedTenant, testRedis, type TestApp } from '../../test/helpers.js';
import {
  createQueue,
  eventOf,
  freshCallId,
  freshHotline,
  GATEWAY_SECRET,
  giveSip,
  route,
  sendEvent,
  setPresence,
  sipOf,
} from '../../test/telephony.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function openSocket(token: string) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}
const watch = (socket: Socket, monitor = 'agents') =>
  socket.emitWithAck(MONITOR_EVENTS.watch, { monitor }) as Promise<{
    ok: boolean;
    snapshot?: MonitorSnapshot;
  }>;
/** The next snapshot pushed that satisfies the condition. */
const snapshotWhere = (socket: Socket, test: (snapshot: MonitorSnapshot) => boolean) =>
  new Promise<MonitorSnapshot>((resolve) => {
    const listener = (snapshot: MonitorSnapshot) => {
      if (!test(snapshot)) return;
      socket.off(MONITOR_EVENTS.snapshot, listener);
      resolve(snapshot);
    };
    socket.on(MONITOR_EVENTS.snapshot, listener);
  });
const get = (token: string, path: string) =>
  t.app.inject({ method: 'GET', url: `/v2/monitors/${path}`, headers: bearer(token) });

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe('monitors: who may watch', () => {
  it('lets administrators and supervisors read every monitor; agents and team leaders are refused, by HTTP and by socket', async () => {
    const tenant = await seedTenant(t, 'Giám sát quyền');
    for (const role of ['admin', 'supervisor']) {
      const token = await t.login(tenant.email(role));
      for (const monitor of ['agents', 'call-center', 'call-monitor', 'channels', 'daily-stats'])
        expect((await get(token, monitor)).statusCode).toBe(200);
      expect((await watch(await openSocket(token))).ok).toBe(true);
    }
    for (const role of ['agent', 'leader']) {
      const token = await t.login(tenant.email(role));
      const response = await get(token, 'agents');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Bạn không có quyền truy cập');
      expect((await get(token, 'rows?key=waiting_now')).statusCode).toBe(401);
      expect(await watch(await openSocket(token))).toEqual({ ok: false });
      const presence = await t.app.inject({
        method: 'PUT',
        url: `/v2/monitors/agents/${tenant.id('agent2')}/presence`,
        headers: bearer(token),
        payload: { presence: 'AVAILABLE' },
      });
      expect(presence.statusCode).toBe(401);
    }
  });

  it("shows a tenant's own agents, queues and calls only", async () => {
    const a = await seedTenant(t, 'Giám sát A');
    const b = await seedTenant(t, 'Giám sát B');
    const adminA = await t.login(a.email('admin'));
    const adminB = await t.login(b.email('admin'));
    await createQueue(t, adminA, { name: 'Hàng chờ của A', hotlines: [freshHotline()] });
    const agentsOfB = (await get(adminB, 'agents')).json().data.agents as { _id: string }[];
    expect(agentsOfB.map((agent) => agent._id)).toContain(b.id('agent'));
    expect(agentsOfB.map((agent) => agent._id)).not.toContain(a.id('agent'));
    const queuesOfB = (await get(adminB, 'call-center')).json().data.queues as { name: string }[];
    expect(queuesOfB.map((queue) => queue.name)).toEqual(['Tất cả hàng chờ']);
    // Another tenant's agent cannot be acted on.
    const other = await t.app.inject({
      method: 'PUT',
      url: `/v2/monitors/agents/${a.id('agent')}/presence`,
      headers: bearer(adminB),
      payload: { presence: 'AVAILABLE' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Không tìm thấy nhân viên');
  });
});

describe("monitors: the snapshot's figures", () => {
  it('counts a hand-built set of calls, chats and presences', async () => {
    const tenant = await seedTenant(t, 'Giám sát số liệu');
    const admin = await t.login(tenant.email('admin'));
    const db = t.database.db;
    const queue = await createQueue(t, admin, {
      name: 'CSKH',
      hotlines: [freshHotline()],
      member_ids: [tenant.id('agent'), tenant.id('agent2')],
    });
    await setPresence(t, await t.login(tenant.email('agent2')), 'AVAILABLE');
    const agent = tenant.id('agent');
    const base = {
      tenantId: tenant.tenantId,
      direction: 'CALL_INBOUND',
      queueId: queue._id,
      fromNumber: '0912000001',
      fromNational: '0912000001',
    };
    const ended = (queued: number, answeredAfter: number | null, result: string, wait: number) => ({
      ...base,
      callId: freshCallId('m'),
      status: 'ENDED' as const,
      startedAt: secondsAgo(queued),
      queuedAt: secondsAgo(queued),
      answeredAt: answeredAfter === null ? null : secondsAgo(queued - answeredAfter),
      endedAt: secondsAgo(queued - wait - 5),
      agentId: answeredAfter === null ? null : agent,
      result,
      waitSeconds: wait,
    });
    await db.insert(calls).values([
      ended(170, 10, 'answered', 10), // within 20 s
      ended(160, 30, 'answered', 30),
      ended(150, null, 'abandoned', 60),
      ended(140, null, 'abandoned', 2), // a short abandon: counted, kept out of the rates
      // Waiting now, for 45 s.
      {
        ...base,
        callId: freshCallId('m'),
        status: 'QUEUEING',
        startedAt: secondsAgo(45),
        queuedAt: secondsAgo(45),
      },
      // In progress with the agent, answered 5 s after it queued.
      {
        ...base,
        callId: freshCallId('m'),
        status: 'ANSWERING',
        startedAt: secondsAgo(25),
        queuedAt: secondsAgo(25),
        answeredAt: secondsAgo(20),
        agentId: agent,
      },
    ]);
    // A chat channel with one conversation waiting (unassigned) and one held by the agent.
    const [channel] = await db
      .insert(channels)
      .values({ tenantId: tenant.tenantId, kind: 'livechat', name: 'Web chat' })
      .returning();
    const chat = async (assigneeId: string | null, waiting: boolean) => {
      const [ticket] = await db
        .insert(tickets)
        .values({
          tenantId: tenant.tenantId,
          subject: 'Hỏi về đơn hàng',
          source: 'chat',
          status: 'open',
          assigneeId,
          createdAt: secondsAgo(120),
          firstResponseAt: waiting ? null : secondsAgo(60),
        })
        .returning();
      await db.insert(conversations).values({
        ticketId: ticket!.id,
        tenantId: tenant.tenantId,
        channelId: channel!.id,
        lastMessageAt: secondsAgo(90),
        waitingSince: waiting ? secondsAgo(90) : null,
      });
      await db.insert(messages).values({
        tenantId: tenant.tenantId,
        ticketId: ticket!.id,
        channelId: channel!.id,
        authorType: 'customer',
        direction: 'in',
        body: 'Xin chào',
        public: true,
        createdAt: secondsAgo(90),
      });
      // The agent's first public reply, 30 s after the customer's message.
      if (!waiting)
        await db.insert(messages).values({
          tenantId: tenant.tenantId,
          ticketId: ticket!.id,
          channelId: channel!.id,
          authorType: 'user',
          authorUserId: assigneeId,
          direction: 'out',
          body: 'Dạ em chào anh',
          public: true,
          createdAt: secondsAgo(60),
        });
    };
    await chat(null, true);
    await chat(agent, false);

    const center = (await get(admin, 'call-center')).json().data;
    const cskh = center.queues.find((row: { _id: string | null }) => row._id === queue._id);
    expect(cskh.metrics).toMatchObject({
      waiting_now: 1,
      calls_answered: 3,
      calls_abandoned: 2,
      // within 20 s: 2 of (6 offered − 1 short abandon)
      service_level_pct: 40,
      // (10 + 30 + 5) / 3
      asa_s: 15,
      agents_available: 1,
    });
    expect(cskh.metrics.longest_wait_s).toBeGreaterThanOrEqual(45);
    expect(cskh.metrics.longest_wait_s).toBeLessThan(60);
    expect(center.queues[0]).toMatchObject({
      _id: null,
      metrics: { waiting_now: 1, calls_answered: 3 },
    });

    const monitor = (await get(admin, 'call-monitor')).json().data;
    expect(monitor.calls.map((call: { status: string }) => call.status).sort()).toEqual([
      'ANSWERING',
      'QUEUEING',
    ]);
    expect(
      monitor.calls.find((call: { status: string }) => call.status === 'ANSWERING'),
    ).toMatchObject({
      caller: '0912000001',
      queue: { _id: queue._id, name: 'CSKH' },
      agent: { _id: agent, name: 'Chuyên Viên Một' },
    });

    const agents = (await get(admin, 'agents')).json().data.agents as MonitorSnapshot['agents'];
    const one = agents.find((row) => row._id === agent)!;
    // Answered calls (3) and the chat they hold (its reply is not theirs: not handled).
    expect(one).toMatchObject({
      calls_now: 1,
      call_capacity: 1,
      chats_now: 1,
      chat_capacity: 4,
      handled_today: 4, // three calls answered and the chat replied to
    });
    expect(one.current_call?.status).toBe('ANSWERING');
    expect(agents.find((row) => row._id === tenant.id('agent2'))?.presence).toBe('AVAILABLE');

    const channelRow = (await get(admin, 'channels')).json().data.channels[0];
    expect(channelRow).toMatchObject({
      name: 'Web chat',
      status: 'active',
      metrics: {
        conversations_waiting: 1,
        conversations_unassigned: 1,
        messages_in: 2,
        first_response_median_s: 30,
      },
    });

    const daily = (await get(admin, 'daily-stats')).json().data.daily;
    const total = (key: string) =>
      daily.series
        .find((series: { key: string }) => series.key === key)
        .today.reduce((sum: number, n: number) => sum + n, 0);
    expect(total('calls_offered')).toBe(6);
    expect(total('calls_answered')).toBe(3);
    expect(total('chats_created')).toBe(2);
    expect(total('messages_in')).toBe(2);

    // Every figure opens its rows: the same counts.
    const rows = async (query: string) =>
      (await get(admin, `rows?${query}`)).json().data.rows as { kind: string; href: string }[];
    expect(await rows(`key=calls_answered&queue_id=${queue._id}`)).toHaveLength(3);
    expect(await rows(`key=calls_abandoned&queue_id=${queue._id}`)).toHaveLength(2);
    expect(await rows(`key=waiting_now&queue_id=${queue._id}`)).toHaveLength(1);
    expect(await rows(`key=agents_available&queue_id=${queue._id}`)).toHaveLength(1);
    const waiting = await rows(`key=conversations_waiting&channel_id=${channel!.id}`);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.href).toMatch(/^\/chat\//);
    expect(await rows(`key=handled&user_id=${agent}`)).toHaveLength(4);
    const unknown = await get(admin, 'rows?key=nope');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ param: 'key', message: 'Chỉ số không hợp lệ' }]);
  });
});

describe('monitors: data scope', () => {
  /** A tenant whose supervisors' data scope is their own ('me'): its admin and supervisor. */
  async function supervisorOfTheirOwn(label: string) {
    const tenant = await seedTenant(t, label);
    const admin = await t.login(tenant.email('admin'));
    const current = (
      await t.app.inject({ method: 'GET', url: '/v2/tenant/config', headers: bearer(admin) })
    ).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        name: current.name,
        workflow: current.workflow,
        time_zone: current.time_zone,
        data_scopes: { ...current.data_scopes, supervisor: 'me' },
      },
    });
    expect(saved.statusCode).toBe(200);
    return { tenant, admin, supervisor: await t.login(tenant.email('supervisor')) };
  }

  it("shows a supervisor whose scope is their own only themselves, while an administrator's monitor shows everyone", async () => {
    const { tenant, admin, supervisor } = await supervisorOfTheirOwn('Giám sát phạm vi');
    const mine = (await get(supervisor, 'agents')).json().data.agents as { _id: string }[];
    expect(mine.map((agent) => agent._id)).toEqual([tenant.id('supervisor')]);

    const narrow = await openSocket(supervisor);
    const wide = await openSocket(admin);
    expect((await watch(narrow)).snapshot?.agents).toHaveLength(1);
    expect((await watch(wide)).snapshot?.agents.length).toBe(5);
    const seenByAdmin = snapshotWhere(
      wide,
      (snapshot) => snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence === 'GOOUT',
    );
    const seenBySupervisor = new Promise<MonitorSnapshot>((resolve) =>
      narrow.once(MONITOR_EVENTS.snapshot, resolve),
    );
    await setPresence(t, await t.login(tenant.email('agent')), 'GOOUT');
    await seenByAdmin;
    expect((await seenBySupervisor).agents.map((agent) => agent._id)).toEqual([
      tenant.id('supervisor'),
    ]);
    // Nor may they act on an agent their scope does not cover.
    const outside = await t.app.inject({
      method: 'PUT',
      url: `/v2/monitors/agents/${tenant.id('agent')}/presence`,
      headers: bearer(supervisor),
      payload: { presence: 'AVAILABLE' },
    });
    expect(outside.statusCode).toBe(404);
  });

  it("opens behind a figure only the records the caller's scope shows (tickets, calls, agents); calls waiting for nobody are everyone's", async () => {
    const { tenant, admin, supervisor } = await supervisorOfTheirOwn('Giám sát dòng');
    const db = t.database.db;
    const queue = await createQueue(t, admin, {
      name: 'Phạm vi',
      hotlines: [freshHotline()],
      member_ids: [tenant.id('agent'), tenant.id('supervisor')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    await setPresence(t, supervisor, 'AVAILABLE');
    const [theirs, others] = await db
      .insert(tickets)
      .values(
        ['supervisor', 'agent'].map((role) => ({
          tenantId: tenant.tenantId,
          subject: `Của ${role}`,
          assigneeId: tenant.id(role),
          createdAt: secondsAgo(60),
        })),
      )
      .returning();
    const call = {
      tenantId: tenant.tenantId,
      direction: 'CALL_INBOUND',
      queueId: queue._id,
      fromNumber: '0912000002',
      fromNational: '0912000002',
      startedAt: secondsAgo(100),
      queuedAt: secondsAgo(100),
    };
    const [answeredByAgent, , waiting] = await db
      .insert(calls)
      .values([
        {
          ...call,
          callId: freshCallId('s'),
          status: 'ENDED',
          answeredAt: secondsAgo(90),
          endedAt: secondsAgo(30),
          agentId: tenant.id('agent'),
          result: 'answered',
          waitSeconds: 10,
        },
        {
          ...call,
          callId: freshCallId('s'),
          status: 'ENDED',
          answeredAt: secondsAgo(95),
          endedAt: secondsAgo(40),
          agentId: tenant.id('supervisor'),
          result: 'answered',
          waitSeconds: 5,
        },
        { ...call, callId: freshCallId('s'), status: 'QUEUEING', startedAt: secondsAgo(20) },
      ])
      .returning();
    const rowsOf = async (token: string, query: string) =>
      ((await get(token, `rows?${query}`)).json().data.rows as { _id: string }[])
        .map((row) => row._id)
        .sort();
    const sorted = (...ids: string[]) => [...ids].sort();

    expect(await rowsOf(admin, 'key=tickets_created')).toEqual(sorted(theirs!.id, others!.id));
    expect(await rowsOf(supervisor, 'key=tickets_created')).toEqual([theirs!.id]);
    const answered = await rowsOf(admin, 'key=calls_answered');
    expect(answered).toContain(answeredByAgent!.id);
    expect(answered).toHaveLength(2);
    const supervisorsCalls = await rowsOf(supervisor, 'key=calls_answered');
    expect(supervisorsCalls).toHaveLength(1);
    expect(supervisorsCalls).not.toContain(answeredByAgent!.id);
    expect(await rowsOf(supervisor, 'key=waiting_now')).toEqual([waiting!.id]);
    expect(await rowsOf(admin, `key=agents_available&queue_id=${queue._id}`)).toEqual(
      sorted(tenant.id('agent'), tenant.id('supervisor')),
    );
    expect(await rowsOf(supervisor, `key=agents_available&queue_id=${queue._id}`)).toEqual([
      tenant.id('supervisor'),
    ]);

    // The figures agree with those rows: the queue as each one's scope sees it, asked or watched.
    type Queue = { _id: string | null; metrics: Record<string, number | null> };
    const queueOf = (snapshot: { queues: Queue[] } | undefined) =>
      snapshot?.queues.find((row) => row._id === queue._id)?.metrics;
    const figures = async (token: string) =>
      queueOf((await get(token, 'call-center')).json().data as { queues: Queue[] });
    expect(await figures(admin)).toMatchObject({
      calls_answered: 2,
      agents_available: 2,
      waiting_now: 1,
    });
    const narrowFigures = { calls_answered: 1, agents_available: 1, waiting_now: 1 };
    expect(await figures(supervisor)).toMatchObject(narrowFigures);
    const [narrow, wide] = [await openSocket(supervisor), await openSocket(admin)];
    expect(queueOf((await watch(narrow, 'call-center')).snapshot)).toMatchObject(narrowFigures);
    expect(queueOf((await watch(wide, 'call-center')).snapshot)).toMatchObject({
      calls_answered: 2,
    });
    // Pushed after a change, each scope still gets its own figures.
    const pushedNarrow = snapshotWhere(narrow, (s) => queueOf(s)?.agents_available === 0);
    const pushedWide = snapshotWhere(wide, (s) => queueOf(s)?.agents_available === 1);
    await setPresence(t, supervisor, 'ATLUNCH');
    expect(queueOf(await pushedNarrow)).toMatchObject({ calls_answered: 1 });
    expect(queueOf(await pushedWide)).toMatchObject({ calls_answered: 2 });
  });
});

describe('monitors: live', () => {
  it('pushes a presence change to a watching socket', async () => {
    const tenant = await seedTenant(t, 'Giám sát trực tiếp');
    const supervisor = await t.login(tenant.email('supervisor'));
    const socket = await openSocket(supervisor);
    const first = await watch(socket);
    expect(first.ok).toBe(true);
    expect(first.snapshot?.agents.find((a) => a._id === tenant.id('agent'))?.presence).toBe(
      'NOT AVAILABLE',
    );
    const pushed = snapshotWhere(
      socket,
      (snapshot) =>
        snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence === 'AVAILABLE',
    );
    const started = Date.now();
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    const snapshot = await pushed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(
      snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence_changed_at,
    ).not.toBeNull();
  });

  it('pushes a call arriving in a queue to the call-center and call monitors', async () => {
    const tenant = await seedTenant(t, 'Giám sát cuộc gọi');
    const admin = await t.login(tenant.email('admin'));
    await giveSip(t, tenant, ['agent']);
    const hotline = freshHotline();
    const queue = await createQueue(t, admin, {
      name: 'Bán hàng',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    const socket = await openSocket(admin);
    expect((await watch(socket, 'call-center')).ok).toBe(true);
    const waiting = snapshotWhere(socket, (snapshot) =>
      snapshot.queues.some((row) => row._id === queue._id && row.metrics.waiting_now === 1),
    );
    // Nobody is AVAILABLE: the call waits in the queue.
    const answer = await route(t, {
      call_id: freshCallId('live'),
      from: '0987654321',
      to: hotline,
      attempt: 1,
    });
    expect(answer.action).toBe('queue');
    const snapshot = await waiting;
    expect(snapshot.calls).toEqual([
      expect.objectContaining({
        status: 'QUEUEING',
        caller: '0987654321',
        queue: { _id: queue._id, name: 'Bán hàng' },
      }),
    ]);
  });

  it("shows a call on hold on the call monitor from the gateway's call.held until its call.resumed", async () => {
    const tenant = await seedTenant(t, 'Giám sát giữ máy');
    const admin = await t.login(tenant.email('admin'));
    await giveSip(t, tenant, ['agent']);
    const hotline = freshHotline();
    await createQueue(t, admin, { name: 'Giữ', hotlines: [hotline], member_ids: [] });
    const socket = await openSocket(admin);
    expect((await watch(socket, 'call-monitor')).ok).toBe(true);
    const callId = freshCallId('held');
    const base = Date.now() - 60_000;
    const send = async (type: string, offset: number, extra: Record<string, unknown> = {}) => {
      const sent = await sendEvent(t, {
        ...eventOf(
          callId,
          type,
          offset,
          { direction: 'CALL_INBOUND', from: '0987000111', to: hotline, hotline, ...extra },
          base,
        ),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    };
    const heldNow = snapshotWhere(socket, (snapshot) =>
      snapshot.calls.some((call) => call.caller === '0987000111' && call.held_since !== null),
    );
    await send('call.started', 0);
    await send('call.answered', 5, { agent: sipOf(tenant, 'agent') });
    await send('call.held', 20);
    const held = (await heldNow).calls.find((call) => call.caller === '0987000111');
    expect(held).toMatchObject({
      status: 'ANSWERING',
      held_since: new Date(base + 20_000).toISOString(),
    });
    const resumedNow = snapshotWhere(socket, (snapshot) =>
      snapshot.calls.some((call) => call.caller === '0987000111' && call.held_since === null),
    );
    await send('call.resumed', 30);
    expect((await resumedNow).calls.find((call) => call.caller === '0987000111')?.status).toBe(
      'ANSWERING',
    );
  });

  it('coalesces many changes into few recomputes', async () => {
    const tenant = await seedTenant(t, 'Giám sát gộp');
    const admin = await t.login(tenant.email('admin'));
    const socket = await openSocket(admin);
    expect((await watch(socket)).ok).toBe(true);
    let pushes = 0;
    socket.on(MONITOR_EVENTS.snapshot, () => (pushes += 1));
    const agent = await t.login(tenant.email('agent'));
    const last = snapshotWhere(
      socket,
      (snapshot) =>
        snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence === 'MEETING',
    );
    const started = Date.now();
    const presences = ['AVAILABLE', 'ATLUNCH', 'TRAINING', 'GOOUT', 'NOACD'];
    for (let round = 0; round < 6; round++)
      for (const presence of presences) await setPresence(t, agent, presence);
    await setPresence(t, agent, 'MEETING');
    await last;
    const elapsed = Date.now() - started;
    // 31 changes; at most one push per 300 ms (and one more for changes heard while computing).
    expect(pushes).toBeLessThanOrEqual(Math.ceil(elapsed / 300) + 2);
    expect(pushes).toBeLessThan(31);
  });
});

describe('monitors: a supervisor sets an agent presence', () => {
  it('changes it, audits it, pushes it, and never acts on an account above their own', async () => {
    const tenant = await seedTenant(t, 'Giám sát đổi trạng thái');
    const supervisor = await t.login(tenant.email('supervisor'));
    const socket = await openSocket(supervisor);
    expect((await watch(socket)).ok).toBe(true);
    const pushed = snapshotWhere(
      socket,
      (snapshot) =>
        snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence === 'ATLUNCH',
    );
    const put = (id: string, presence: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/monitors/agents/${id}/presence`,
        headers: bearer(supervisor),
        payload: { presence },
      });
    const changed = await put(tenant.id('agent'), 'ATLUNCH');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Đã đổi trạng thái làm việc',
      data: { _id: tenant.id('agent'), presence: 'ATLUNCH' },
    });
    await pushed;
    const [row] = await t.database.db
      .select({ presence: users.presence })
      .from(users)
      .where(eq(users.id, tenant.id('agent')));
    expect(row?.presence).toBe('ATLUNCH');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tenantId, tenant.tenantId), eq(auditLog.entityId, tenant.id('agent'))),
      );
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: tenant.id('supervisor'),
        action: 'presence',
        entity: 'user',
        before: { presence: 'NOT AVAILABLE' },
        after: { presence: 'ATLUNCH' },
      }),
    ]);
    // An administrator is above a supervisor.
    const above = await put(tenant.id('admin'), 'AVAILABLE');
    expect(above.statusCode).toBe(401);
    // Presences only the system sets are refused.
    const logout = await put(tenant.id('agent'), 'LOGOUT');
    expect(logout.statusCode).toBe(422);
    expect(logout.json().errors).toEqual([
      { param: 'presence', message: 'Trạng thái không hợp lệ' },
    ]);
  });
});

describe('monitors: several server instances', () => {
  it('push a presence changed through one instance to a monitor open on another, through Redis', async (context) => {
    const redis = await testRedis();
    if (!redis) return context.skip('no Redis here and no redis-server binary to start one');
    const redisPrefix = `monitors-${Date.now().toString(36)}`;
    const first = await createTestApp({ redisUrl: redis.url, redisPrefix });
    const second = await createTestApp({ redisUrl: redis.url, redisPrefix });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const tenant = await seedTenant(first, 'Giám sát hai máy');
      const socket = connect(secondUrl, {
        auth: { token: await second.login(tenant.email('supervisor')) },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      expect((await watch(socket)).ok).toBe(true);
      const pushed = snapshotWhere(
        socket,
        (snapshot) =>
          snapshot.agents.find((a) => a._id === tenant.id('agent'))?.presence === 'TRAINING',
      );
      const agent = await first.login(tenant.email('agent'));
      const changed = await first.app.inject({
        method: 'PUT',
        url: '/v2/my-presence',
        headers: bearer(agent),
        payload: { presence: 'TRAINING' },
      });
      expect(changed.statusCode).toBe(200);
      await pushed;
    } finally {
      await first.close();
      await second.close();
      await redis.stop();
    }
  });
});
