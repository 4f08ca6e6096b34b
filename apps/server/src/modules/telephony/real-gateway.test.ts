import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { callEvents, calls } from '../../db/schema/telephony.js';
import { users } from '../../db/schema/users.js';
import { loadPlatformSecret } from '../../platform/auth.js';
import { createSecretBox } from '../../platform/secret-box.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  createQueue,
  freshCallId,
  freshHotline,
  route,
  setPresence,
  type Tenant,
} from '../../test/telephony.js';
import {
  findProgram,
  missingForGateway,
  runSipp,
  startGateway,
  writeInjectionFile,
  type Gateway,
} from '../../../../../scripts/lib/gateway-harness.mjs';

/**
 * The real SIP gateway (Kamailio + rtpengine with gateway/kamailio.cfg) in front of the real
 * server, with sipp as the agents' phones and as the customers calling the hotline. Needs the
 * Debian packages (.ci/run installs them); skipped, saying so, where they are missing.
 */
const missing = [...missingForGateway(), ...(findProgram('sipp') ? [] : ['sipp (sip-tester)'])];
if (missing.length > 0) {
  console.warn(`real-gateway.test.ts skipped: ${missing.join(', ')} not installed`);
}

const base = 20_000 + Math.floor(Math.random() * 20_000);
const ports = {
  ws: base,
  sip: base + 1,
  ng: base + 2,
  agent: base + 3,
  reg: base + 4,
  caller: base + 5,
  trunk: base + 6,
  agent2: base + 7,
};
const SIP_PASSWORD = 'mat-khau-sip-thu';

let t: TestApp;
let gateway: Gateway;
let work: string;
let tenant: Tenant;
let admin: string;

/** sipp against the gateway, its files in the test's folder (`-trace_logs` into <label>.log). */
const sipp = (scenario: string, label: string, args: string[]) =>
  runSipp({
    scenario,
    workDir: work,
    label,
    remote: `127.0.0.1:${ports.sip}`,
    args,
    messageLog: true,
    timeoutMs: 60_000,
  });

const csv = (name: string, lines: string[]) => writeInjectionFile(work, name, lines);

const sipName = (name: string) => `${name}-${tenant.slug}`;

/** sipp running a scenario of gateway/sipp once from a port of its own (`extra`: its other options). */
const runScenario = (file: string, port: number, label: string, extra: string[] = []) =>
  sipp(file, label, [...extra, '-m', '1', '-p', String(port)]);

async function register(
  name: string,
  password = SIP_PASSWORD,
  scenario = 'register.xml',
  contactPort = ports.agent,
) {
  const file = csv(`${name}-${scenario}.csv`, [
    `${sipName(name)};[authentication username=${sipName(name)} password=${password}];127.0.0.1;${contactPort}`,
  ]);
  return runScenario(scenario, ports.reg, `register-${name}-${scenario}`, [
    '-inf',
    file,
    '-key',
    'expires',
    '300',
  ]).done;
}

/**
 * A blind transfer: the agent answers a call to `hotline` from `caller` and REFERs it to
 * `target` (agent2's SIP name or a queue's hotline); agent2 takes what reaches it; the caller
 * follows `followDelayMs` after leaving the agent. `done` resolves once all three sipp runs have
 * ended well.
 */
function blindTransfer(
  name: string,
  {
    hotline,
    target,
    caller,
    followDelayMs = 0,
    ownCallId = false,
  }: {
    hotline: string;
    target: string;
    caller: string;
    followDelayMs?: number;
    /** The caller follows with a Call-ID of its own (most phones do), not the first's. */
    ownCallId?: boolean;
  },
) {
  const first = runScenario('agent-uas-refer.xml', ports.agent, `agent-uas-refer-${name}`, [
    '-key',
    'target',
    target,
  ]);
  const second = runScenario('agent-uas-takes-transfer.xml', ports.agent2, `agent-takes-${name}`);
  const callers = csv(`${name}.csv`, [`${caller};${hotline};127.0.0.1:${ports.sip}`]);
  const follower = runScenario('caller-follows-refer.xml', ports.caller, `caller-${name}`, [
    '-inf',
    callers,
    '-set',
    'follow_delay',
    String(followDelayMs),
    '-set',
    'follow_call_id',
    ownCallId ? 'follow///' : '',
  ]);
  return {
    done: (async () => {
      const followed = await follower.done;
      expect(followed.code, followed.errors).toBe(0);
      expect((await first.done).code).toBe(0);
      const taken = await second.done;
      expect(taken.code, taken.errors).toBe(0);
    })(),
  };
}

/** The call record of a call to `hotline`, once `done` holds for it. */
async function callOf(
  hotline: string,
  done: (call: Record<string, unknown>) => boolean,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/calls?hotline=${hotline}`,
      headers: bearer(admin),
    });
    const [call] = response.json().data as Record<string, unknown>[];
    if (call && done(call)) return call;
    if (Date.now() > deadline) throw new Error(`call to ${hotline}: ${JSON.stringify(call)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The stored payload of one of a call's events. */
async function eventPayload(callId: string, eventId: string) {
  const [row] = await t.database.db
    .select({ payload: callEvents.payload })
    .from(callEvents)
    .where(and(eq(callEvents.callId, callId), eq(callEvents.eventId, eventId)));
  return row?.payload;
}

describe.skipIf(missing.length > 0)('the real SIP gateway', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'omnicare-gateway-test-'));
    t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    gateway = await startGateway({
      serverUrl: `http://127.0.0.1:${port}`,
      secret: GATEWAY_SECRET,
      wsPort: ports.ws,
      sipPort: ports.sip,
      rtpengineNgPort: ports.ng,
      rtpPorts: [ports.ng + 100, ports.ng + 199],
      logDir: path.join(work, 'gateway'),
      trunk: `127.0.0.1:${ports.trunk}`,
    });
    // sipp's agents take call after call and press no 'Sẵn sàng': no after-call work here
    // (wrap-up.test.ts covers it).
    tenant = await seedTenant(t, 'Tổng đài thật', { call_wrap_up_seconds: 0 });
    admin = await t.login(tenant.email('admin'));
    // SIP accounts sealed with the server's own key, as the users screen saves them
    const box = createSecretBox(await loadPlatformSecret(t.database.db, 'data-key'));
    for (const name of ['agent', 'agent2'])
      await t.database.db
        .update(users)
        .set({ sipUsername: sipName(name), sipPasswordEncrypted: box.seal(SIP_PASSWORD) })
        .where(eq(users.id, tenant.id(name)));
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
    if (work && process.env.GATEWAY_KEEP_LOGS !== '1')
      await rm(work, { recursive: true, force: true });
  });

  it('refuses a REGISTER with a wrong password or an unknown user (401 again), accepts the right one', async () => {
    const wrong = await register('agent', 'sai-mat-khau', 'register-refused.xml');
    expect(wrong.code, wrong.errors).toBe(0);
    const unknown = csv('unknown.csv', [
      `nobody-${tenant.slug};[authentication username=nobody-${tenant.slug} password=x];127.0.0.1;${ports.agent}`,
    ]);
    const nobody = await runScenario('register-refused.xml', ports.reg, 'register-unknown', [
      '-inf',
      unknown,
    ]).done;
    expect(nobody.code, nobody.errors).toBe(0);
    const right = await register('agent');
    expect(right.code, right.errors).toBe(0);
  });

  it('rings the registered agent with the queue header; the answered call and its ticket are recorded', async () => {
    const hotline = freshHotline();
    const queue = await createQueue(t, admin, {
      name: 'Tổng đài sipp',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    const agent = runScenario('agent-uas.xml', ports.agent, 'agent-uas');
    const callers = csv('callers.csv', [`0912345678;${hotline};127.0.0.1:${ports.sip}`]);
    const caller = await runScenario('caller.xml', ports.caller, 'caller', [
      '-inf',
      callers,
      '-d',
      '1500',
    ]).done;
    expect(caller.code, caller.errors).toBe(0);
    const answered = await agent.done;
    expect(answered.code, answered.errors).toBe(0);
    // the agent's phone saw the queue and the hotline on the INVITE
    const agentLog = await readFile(path.join(work, 'agent-uas.log'), 'utf8');
    expect(agentLog).toContain(`queue= ${queue._id}`);
    expect(agentLog).toContain(`hotline= ${hotline}`);

    const call = await callOf(hotline, (c) => c.status === 'ENDED');
    expect(call).toMatchObject({
      direction: 'CALL_INBOUND',
      from_number: '0912345678',
      hotline,
      result: 'answered',
      cause: 'caller_hangup',
      queue: { _id: queue._id },
      agent: { _id: tenant.id('agent') },
    });
    expect(call.talk_seconds as number).toBeGreaterThanOrEqual(1);
    expect(call.ticket).toMatchObject({ _id: expect.any(String) });
    // the SIP Call-ID is the server's call id
    expect(agentLog).toContain(String(call.call_id));
  });

  it('keeps the caller queued while nobody is free, then overflows to voicemail (480) and records it', async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Không ai rảnh',
      hotlines: [hotline],
      member_ids: [tenant.id('agent2')],
      max_wait_seconds: 3,
      overflow_action: 'voicemail',
    });
    // agent2 is not AVAILABLE (the default presence): nobody can take it
    const callers = csv('queued.csv', [`0987654321;${hotline};127.0.0.1:${ports.sip}`]);
    const started = Date.now();
    const caller = await runScenario('caller-unanswered.xml', ports.caller, 'caller-unanswered', [
      '-inf',
      callers,
    ]).done;
    expect(caller.code, caller.errors).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    const call = await callOf(hotline, (c) => c.status === 'ENDED');
    expect(call).toMatchObject({ from_number: '0987654321', result: 'missed', cause: 'voicemail' });
    // a ticket to call back (renamed just after the call's end is recorded)
    const ticketId = (call.ticket as { _id: string } | null)?._id;
    expect(ticketId).toBeTruthy();
    await expect
      .poll(async () => {
        const ticket = await t.app.inject({
          method: 'GET',
          url: `/v2/tickets/${ticketId}`,
          headers: bearer(admin),
        });
        return ticket.json().data as Record<string, unknown>;
      })
      .toMatchObject({
        subject: 'Cuộc gọi nhỡ từ 0987 654 321 (hộp thư thoại)',
        source: 'CALL_INBOUND',
        group: null,
      });
  });

  it('records the time an agent held the call (re-INVITEs through the gateway), and a caller who hung up on hold', async () => {
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    /** One call to a queue of its own, the agent's phone playing `scenario`; its record. */
    const heldCall = async (scenario: string) => {
      const hotline = freshHotline();
      await createQueue(t, admin, {
        name: `Giữ máy ${scenario}`,
        hotlines: [hotline],
        member_ids: [tenant.id('agent')],
      });
      const agent = runScenario(scenario, ports.agent, scenario);
      const callers = csv(`held-${scenario}.csv`, [`0912300400;${hotline};127.0.0.1:${ports.sip}`]);
      const caller = await runScenario('caller-held.xml', ports.caller, `caller-${scenario}`, [
        '-inf',
        callers,
      ]).done;
      expect(caller.code, caller.errors).toBe(0);
      const answered = await agent.done;
      expect(answered.code, answered.errors).toBe(0);
      return callOf(hotline, (c) => c.status === 'ENDED');
    };
    // Held 2 s, resumed, then the caller hangs up 5 s later.
    const resumed = await heldCall('agent-uas-hold.xml');
    expect(resumed).toMatchObject({ result: 'answered', ended_on_hold: false });
    expect(resumed.hold_seconds).toBeGreaterThanOrEqual(1);
    expect(resumed.hold_seconds).toBeLessThanOrEqual(3);
    expect(resumed.talk_seconds as number).toBeGreaterThan(resumed.hold_seconds as number);
    // Held and never resumed: the caller gives up on hold.
    const gaveUp = await heldCall('agent-uas-hold-only.xml');
    expect(gaveUp).toMatchObject({
      result: 'answered',
      cause: 'caller_hangup',
      ended_on_hold: true,
    });
    expect(gaveUp.hold_seconds).toBeGreaterThanOrEqual(2);
  });

  it('records a caller who gives up in the queue as abandoned', async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Chờ lâu',
      hotlines: [hotline],
      member_ids: [tenant.id('agent2')],
    });
    const callers = csv('abandon.csv', [`0977000111;${hotline};127.0.0.1:${ports.sip}`]);
    const caller = await runScenario('caller-abandon.xml', ports.caller, 'caller-abandon', [
      '-inf',
      callers,
      '-d',
      '2500',
      '-default_behaviors',
      'all,-abortunexp',
    ]).done;
    expect(caller.code, caller.errors).toBe(0);
    const call = await callOf(hotline, (c) => c.status === 'ENDED');
    expect(call).toMatchObject({
      from_number: '0977000111',
      result: 'abandoned',
      cause: 'caller_hangup',
    });
  });

  it("sends an authenticated agent's call to a number out through the trunk and records it outbound", async () => {
    const trunk = runScenario('trunk-uas.xml', ports.trunk, 'trunk-uas');
    const number = `09${String(Date.now()).slice(-8)}`;
    const file = csv('outbound.csv', [
      `${sipName('agent')};[authentication username=${sipName('agent')} password=${SIP_PASSWORD}];127.0.0.1;${number}`,
    ]);
    const agent = await runScenario('agent-call.xml', ports.reg, 'agent-call', [
      '-inf',
      file,
      '-d',
      '1200',
    ]).done;
    expect(agent.code, agent.errors).toBe(0);
    expect((await trunk.done).code).toBe(0);
    const deadline = Date.now() + 15_000;
    let call: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v2/calls?number=${number}&direction=CALL_OUTBOUND`,
        headers: bearer(admin),
      });
      call = (response.json().data as Record<string, unknown>[])[0];
      if (call?.status === 'ENDED') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(call).toMatchObject({
      direction: 'CALL_OUTBOUND',
      to_number: number,
      result: 'answered',
      cause: 'agent_hangup',
      agent: { _id: tenant.id('agent') },
    });
  });

  it.each([
    ['the same Call-ID', false, '0966555444'],
    ['a Call-ID of its own', true, '0966555443'],
  ])(
    'a blind transfer the caller follows with %s: one call, ended by the last leg, talk time covering both agents',
    async (_, ownCallId, caller) => {
      const hotline = freshHotline();
      await createQueue(t, admin, {
        name: `Chuyển tiếp ${caller}`,
        hotlines: [hotline],
        member_ids: [tenant.id('agent')],
      });
      await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
      expect((await register('agent')).code).toBe(0);
      expect((await register('agent2', SIP_PASSWORD, 'register.xml', ports.agent2)).code).toBe(0);
      await blindTransfer(`follows-${ownCallId}`, {
        hotline,
        target: sipName('agent2'),
        caller,
        ownCallId,
      }).done;
      // the second leg's events come last: wait for its end, not the first leg's
      const call = await callOf(hotline, (c) => c.status === 'ENDED' && c.cause === 'agent_hangup');
      expect(call).toMatchObject({
        result: 'answered',
        agent: { _id: tenant.id('agent2') },
        transfers: [
          {
            at: expect.any(String),
            from: { _id: tenant.id('agent') },
            to: { _id: tenant.id('agent2') },
            attended: false,
          },
        ],
      });
      const [secondAnswer] = await t.database.db
        .select({ at: callEvents.at, payload: callEvents.payload })
        .from(callEvents)
        .where(
          and(eq(callEvents.callId, String(call.call_id)), eq(callEvents.eventId, 'answered-L2')),
        );
      expect(secondAnswer?.payload).toMatchObject({ agent: sipName('agent2'), leg: 2 });
      // the first leg's end says it was transferred away, so it never ends the call, whichever
      // of it and call.transferred reaches the server first
      expect(await eventPayload(String(call.call_id), 'ended')).toMatchObject({
        cause: 'transferred',
        leg: 1,
      });
      const answeredAt = new Date(String(call.answered_at)).getTime();
      const endedAt = new Date(String(call.ended_at)).getTime();
      const secondAt = (secondAnswer?.at as Date).getTime();
      // ended by the second leg (agent2 talks 2 s), after the first leg's answer and transfer
      expect(endedAt).toBeGreaterThan(secondAt + 1_500);
      expect(secondAt).toBeGreaterThan(answeredAt);
      // both agents' talk: the second leg's 2 s at least, never the whole span past it
      expect(call.talk_seconds as number).toBeGreaterThanOrEqual(
        Math.round((endedAt - secondAt) / 1000),
      );
      expect(call.talk_seconds as number).toBeLessThanOrEqual(
        Math.round((endedAt - answeredAt) / 1000),
      );
    },
  );

  it("a transfer to a queue (REFER to its hotline): the caller's new leg is routed into that queue and rings its free member", async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Trước chuyển',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    const target = freshHotline();
    const queue = await createQueue(t, admin, {
      name: 'Sau chuyển',
      hotlines: [target],
      member_ids: [tenant.id('agent'), tenant.id('agent2')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    const agent2Token = await t.login(tenant.email('agent2'));
    await setPresence(t, agent2Token, 'AVAILABLE');
    try {
      expect((await register('agent')).code).toBe(0);
      expect((await register('agent2', SIP_PASSWORD, 'register.xml', ports.agent2)).code).toBe(0);
      await blindTransfer('to-queue', { hotline, target, caller: '0966555440' }).done;
      const call = await callOf(hotline, (c) => c.status === 'ENDED' && c.cause === 'agent_hangup');
      expect(call).toMatchObject({
        result: 'answered',
        agent: { _id: tenant.id('agent2') },
        queue: { _id: queue._id },
        transfers: [
          {
            from: { _id: tenant.id('agent') },
            to: null,
            queue: { _id: queue._id, name: 'Sau chuyển' },
          },
        ],
      });
      expect(await eventPayload(String(call.call_id), 'answered-L2')).toMatchObject({
        agent: sipName('agent2'),
        leg: 2,
      });
    } finally {
      await setPresence(t, agent2Token, 'NOT AVAILABLE');
    }
  });

  it('a transfer to a queue with nobody free: the caller waits in it (182 Queued) until its agent is free', async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Trước chờ',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    const target = freshHotline();
    const queue = await createQueue(t, admin, {
      name: 'Chờ sau chuyển',
      hotlines: [target],
      member_ids: [tenant.id('agent2')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    const agent2Token = await t.login(tenant.email('agent2'));
    await setPresence(t, agent2Token, 'NOT AVAILABLE');
    try {
      expect((await register('agent')).code).toBe(0);
      expect((await register('agent2', SIP_PASSWORD, 'register.xml', ports.agent2)).code).toBe(0);
      const transfer = blindTransfer('queue-wait', { hotline, target, caller: '0966555439' });
      // the caller follows (3 s after the REFER) into the queue and waits there, shown waiting
      await expect
        .poll(async () => await callOf(hotline, () => true), { timeout: 15_000 })
        .toMatchObject({ queue: { _id: queue._id }, status: 'QUEUEING', agent: null });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await setPresence(t, agent2Token, 'AVAILABLE');
      await transfer.done;
      const call = await callOf(hotline, (c) => c.status === 'ENDED' && c.cause === 'agent_hangup');
      expect(call).toMatchObject({
        result: 'answered',
        agent: { _id: tenant.id('agent2') },
        queue: { _id: queue._id },
        transfers: [{ from: { _id: tenant.id('agent') }, to: null, queue: { _id: queue._id } }],
      });
    } finally {
      await setPresence(t, agent2Token, 'NOT AVAILABLE');
    }
  });

  it("a caller may follow a transfer as long as the call's queue rings an agent (40 s here), not only 20 s", async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Chuyển chậm',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
      ring_timeout_seconds: 40,
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    expect((await register('agent2', SIP_PASSWORD, 'register.xml', ports.agent2)).code).toBe(0);
    // the caller leaves the first agent 3 s after the REFER and calls agent2 24 s later: past
    // the 20-25 s a transfer was kept before, within the queue's 40 s ring timeout
    await blindTransfer('late', {
      hotline,
      target: sipName('agent2'),
      caller: '0966555441',
      followDelayMs: 24_000,
    }).done;
    const call = await callOf(hotline, (c) => c.status === 'ENDED' && c.cause === 'agent_hangup');
    expect(call).toMatchObject({
      result: 'answered',
      agent: { _id: tenant.id('agent2') },
      transfers: [{ from: { _id: tenant.id('agent') }, to: { _id: tenant.id('agent2') } }],
    });
  }, 60_000);

  it("an attended transfer (REFER with Replaces): the caller's dialog replacing the consultation, with a Call-ID of its own, is the same call's next leg", async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Chuyển có tham vấn',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    expect((await register('agent2', SIP_PASSWORD, 'register.xml', ports.agent2)).code).toBe(0);
    // the agent's consultation call with agent2, which the caller's new dialog replaces
    const replaces = `consult-${tenant.slug}-${Date.now()}@127.0.0.1;to-tag=tv-b;from-tag=tv-a`;
    const first = runScenario('agent-uas-attended-refer.xml', ports.agent, 'agent-uas-attended', [
      '-key',
      'target',
      sipName('agent2'),
      '-key',
      'replaces',
      encodeURIComponent(replaces),
    ]);
    const second = runScenario(
      'agent-uas-takes-transfer.xml',
      ports.agent2,
      'agent-uas-takes-replaces',
    );
    const callers = csv('attended.csv', [`0966555442;${hotline};127.0.0.1:${ports.sip}`]);
    const caller = await runScenario('caller-referred.xml', ports.caller, 'caller-attended', [
      '-inf',
      callers,
      '-d',
      '500',
    ]).done;
    expect(caller.code, caller.errors).toBe(0);
    expect((await first.done).code).toBe(0);
    // the caller's side then calls agent2 in a new dialog (a Call-ID of its own) with Replaces
    const target = csv('replacing.csv', [`0966555442;${sipName('agent2')};127.0.0.1:${ports.sip}`]);
    const replacing = await runScenario('caller-replaces.xml', ports.caller, 'caller-replaces', [
      '-inf',
      target,
      '-key',
      'replaces',
      replaces,
    ]).done;
    expect(replacing.code, replacing.errors).toBe(0);
    const taken = await second.done;
    expect(taken.code, taken.errors).toBe(0);
    const agent2Log = await readFile(path.join(work, 'agent-uas-takes-replaces.log'), 'utf8');
    expect(agent2Log).toContain(`replaces= ${replaces}`);

    const call = await callOf(hotline, (c) => c.status === 'ENDED' && c.cause === 'agent_hangup');
    expect(call).toMatchObject({
      result: 'answered',
      agent: { _id: tenant.id('agent2') },
      transfers: [
        { from: { _id: tenant.id('agent') }, to: { _id: tenant.id('agent2') }, attended: true },
      ],
    });
    expect(await eventPayload(String(call.call_id), 'answered-L2')).toMatchObject({
      agent: sipName('agent2'),
      leg: 2,
    });
    expect(await eventPayload(String(call.call_id), 'ended')).toMatchObject({
      cause: 'transferred',
      leg: 1,
    });
    // the replacing dialog made no call of its own
    const own = await t.database.db
      .select({ id: calls.id })
      .from(calls)
      .where(eq(calls.callId, `1-${replacing.pid}@127.0.0.1`));
    expect(own).toEqual([]);
  });

  it('a blind transfer the caller does not follow ends the call, left with the agent who answered', async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Chuyển không theo',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    const agent = runScenario('agent-uas-refer.xml', ports.agent, 'agent-uas-refer-2', [
      '-key',
      'target',
      sipName('agent2'),
    ]);
    const callers = csv('referred.csv', [`0966555443;${hotline};127.0.0.1:${ports.sip}`]);
    const caller = await runScenario('caller-referred.xml', ports.caller, 'caller-referred', [
      '-inf',
      callers,
      '-d',
      '1200',
    ]).done;
    expect(caller.code, caller.errors).toBe(0);
    expect((await agent.done).code).toBe(0);
    // the first leg's end does not end a transferred call: the gateway ends it when the
    // transfer is not followed within 20-25 s
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const early = await callOf(hotline, (c) => (c.transfers as unknown[]).length === 1);
    expect(early).toMatchObject({ status: 'ANSWERING', ended_at: null });
    const call = await callOf(hotline, (c) => c.status === 'ENDED', 40_000);
    expect(call).toMatchObject({
      result: 'answered',
      cause: 'transfer_not_followed',
      agent: { _id: tenant.id('agent') },
    });
    expect(call.transfers).toHaveLength(1);
    expect(await eventPayload(String(call.call_id), 'ended')).toMatchObject({
      cause: 'transferred',
      leg: 1,
    });
  }, 60_000);

  // Last: the restart forgets every registration, and this file's other tests need them.
  it('a gateway killed mid-call and started again: the server ends the call it forgot and frees its agent', async () => {
    const hotline = freshHotline();
    await createQueue(t, admin, {
      name: 'Khởi động lại',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    await setPresence(t, await t.login(tenant.email('agent')), 'AVAILABLE');
    expect((await register('agent')).code).toBe(0);
    const agent = runScenario('agent-uas.xml', ports.agent, 'agent-uas-restart');
    const callers = csv('restart.csv', [`0977111222;${hotline};127.0.0.1:${ports.sip}`]);
    const caller = runScenario('caller.xml', ports.caller, 'caller-restart', [
      '-inf',
      callers,
      '-d',
      '60000',
    ]);
    const talking = await callOf(hotline, (c) => c.status === 'ANSWERING');
    const [stored] = await t.database.db
      .select({ gateway: calls.gateway })
      .from(calls)
      .where(eq(calls.callId, String(talking.call_id)));
    expect(stored?.gateway).toBe(`127.0.0.1:${ports.sip}`);

    await gateway.restart();
    const ended = await callOf(hotline, (c) => c.status === 'ENDED');
    expect(ended).toMatchObject({
      result: 'answered',
      cause: 'gateway_restart',
      agent: { _id: tenant.id('agent') },
    });
    // nothing tells the two phones: they hold the dead dialog until stopped
    caller.stop();
    agent.stop();
    await Promise.all([caller.done, agent.done]);
    const next = await route(t, { call_id: freshCallId(), from: '0977111333', to: hotline });
    expect(next).toMatchObject({ action: 'ring', agent: { user_id: tenant.id('agent') } });
  }, 60_000);
});
