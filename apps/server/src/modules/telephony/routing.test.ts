import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../app.js';
import { connectDatabase } from '../../platform/db.js';
import { users } from '../../db/schema/users.js';
import { createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  createQueue,
  eventOf,
  freshCallId,
  freshHotline,
  gatewayPost,
  readyTelephonyTenant,
  route,
  sendEvent,
  setPresence,
  sipOf,
  type Tenant,
} from '../../test/telephony.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
});
afterAll(() => t.close());

const readyTenant = () => readyTelephonyTenant(t);

const members = (tenant: Tenant, names: string[]) => names.map((name) => tenant.id(name));

async function endCall(callId: string, agent: string, offset = 10) {
  const base = Date.now() - 60_000;
  await sendEvent(t, eventOf(callId, 'call.answered', offset - 5, { agent }, base));
  const ended = await sendEvent(
    t,
    eventOf(callId, 'call.ended', offset, { cause: 'agent_hangup' }, base),
  );
  expect(ended.statusCode).toBe(200);
}

describe('gateway secret', () => {
  it('refuses a missing or wrong secret with 401, accepts the right one', async () => {
    const body = { call_id: freshCallId(), from: '0912345678', to: freshHotline() };
    const none = await gatewayPost(t, 'route', body, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      statusCode: 401,
      message: 'Cổng thoại không được xác thực',
    });
    const wrong = await gatewayPost(t, 'route', body, {
      'x-gateway-secret': 'not-the-secret-at-all',
    });
    expect(wrong.statusCode).toBe(401);
    const events = await gatewayPost(t, 'events', eventOf(body.call_id, 'call.started', 0), {});
    expect(events.statusCode).toBe(401);
    expect(await route(t, body)).toEqual({ action: 'reject', reason: 'unknown_hotline' });
  });

  // It builds a second instance of the app: long on a loaded machine.
  it(
    'logs each refusal without what was sent, and locks an address out after too many wrong secrets',
    { timeout: 90_000 },
    async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      });
      // A second instance on the same database, its log kept.
      const database = connectDatabase(t.config.databaseUrl ?? '', 2);
      const second = await buildApp(t.config, database, {
        loggerInstance: pino({ level: 'warn' }, sink),
      });
      try {
        const ask = (app: FastifyInstance, address: string, secret?: string) =>
          app.inject({
            method: 'POST',
            url: '/v2/telephony/route',
            remoteAddress: address,
            headers: secret === undefined ? {} : { 'x-gateway-secret': secret },
            payload: { call_id: freshCallId(), from: '0912345678', to: freshHotline() },
          });
        const attacker = '198.51.100.21';
        const guess = 'guess-the-gateway-secret-0001';
        expect((await ask(second, attacker, guess)).statusCode).toBe(401);
        expect((await ask(second, attacker)).statusCode).toBe(401);
        const refusals = lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === 'gateway secret refused');
        expect(refusals).toEqual([
          expect.objectContaining({ level: 40, ip: attacker, reason: 'wrong' }),
          expect.objectContaining({ level: 40, ip: attacker, reason: 'missing' }),
        ]);
        expect(lines.join('')).not.toContain(guess);
        expect(lines.join('')).not.toContain(GATEWAY_SECRET);

        // Ten wrong secrets a minute, counted across instances (one was sent to the second).
        for (let attempt = 2; attempt <= 10; attempt++)
          expect((await ask(t.app, attacker, `${guess}-${attempt}`)).statusCode).toBe(401);
        const locked = await ask(t.app, attacker, `${guess}-11`);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual({
          statusCode: 429,
          message: 'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!',
        });
        // Locked out, the right secret too (so guessing stops), but only from that address.
        expect((await ask(t.app, attacker, GATEWAY_SECRET)).statusCode).toBe(429);
        const gateway = await ask(t.app, '198.51.100.22', GATEWAY_SECRET);
        expect(gateway.statusCode).toBe(200);
        expect(gateway.json().data).toEqual({ action: 'reject', reason: 'unknown_hotline' });
        // The second instance reads the shared count at its next wrong secret from the address.
        expect((await ask(second, attacker, `${guess}-12`)).statusCode).toBe(429);
        expect((await ask(second, attacker, GATEWAY_SECRET)).statusCode).toBe(429);
        expect((await ask(second, '198.51.100.22', GATEWAY_SECRET)).statusCode).toBe(200);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  it('refuses everything when no secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await gatewayPost(bare, 'route', { call_id: 'x', from: '1', to: '2' });
      expect(response.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('routing decisions', () => {
  it('rings an AVAILABLE member with a SIP account; presence changes apply at once', async () => {
    const { tenant, tokens } = await readyTenant();
    await setPresence(t, tokens.agent2 as string, 'NOT AVAILABLE');
    // The administrator is a member without a SIP account: never rung.
    const hotline = freshHotline();
    const queue = await createQueue(t, tokens.admin as string, {
      name: 'Hỗ trợ',
      hotlines: [hotline],
      member_ids: members(tenant, ['admin', 'agent', 'agent2']),
    });
    const first = await route(t, { call_id: freshCallId(), from: '0912345678', to: hotline });
    expect(first).toEqual({
      action: 'ring',
      queue: { _id: queue._id, name: 'Hỗ trợ' },
      agent: { user_id: tenant.id('agent'), agent_id: 'G1', sip_username: sipOf(tenant, 'agent') },
      ring_timeout: 20,
    });
    // agent is ringing now; agent2 is not available: the next caller waits.
    const second = freshCallId();
    expect(await route(t, { call_id: second, from: '0912000000', to: hotline })).toMatchObject({
      action: 'queue',
      retry_after_ms: 2000,
    });
    await setPresence(t, tokens.agent2 as string, 'AVAILABLE');
    expect(
      (await route(t, { call_id: second, from: '0912000000', to: hotline, attempt: 2 })).agent,
    ).toMatchObject({ user_id: tenant.id('agent2') });
  });

  it('never rings an agent in a call; the end of the call frees them', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Bán hàng',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent']),
    });
    const one = freshCallId();
    expect((await route(t, { call_id: one, from: '0912345678', to: hotline })).action).toBe('ring');
    const two = freshCallId();
    expect((await route(t, { call_id: two, from: '0912345679', to: hotline })).action).toBe(
      'queue',
    );
    await endCall(one, sipOf(tenant, 'agent'));
    expect(
      (await route(t, { call_id: two, from: '0912345679', to: hotline, attempt: 2 })).agent
        ?.user_id,
    ).toBe(tenant.id('agent'));
  });

  it('counts capacity per kind: chats held up to the chat limit do not stop a call ringing', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Chăm sóc',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent']),
    });
    // The agent holds more open conversations than any chat limit allows.
    await t.database.pool.query(
      `insert into tickets (tenant_id, number, subject, status, source, assignee_id)
       select $1, 900000 + n, 'Chat ' || n, 'open', 'zalo', $2 from generate_series(1, 12) n`,
      [tenant.tenantId, tenant.id('agent')],
    );
    expect(
      (await route(t, { call_id: freshCallId(), from: '0912345678', to: hotline })).agent?.user_id,
    ).toBe(tenant.id('agent'));
  });

  it('skips the agent who did not answer and tries the others first', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Kỹ thuật',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent', 'agent2']),
    });
    const call = freshCallId();
    const first = await route(t, { call_id: call, from: '0912345678', to: hotline });
    const again = await route(t, {
      call_id: call,
      from: '0912345678',
      to: hotline,
      attempt: 2,
      previous_agent: first.agent?.sip_username,
    });
    expect(again.action).toBe('ring');
    expect(again.agent?.user_id).not.toBe(first.agent?.user_id);
  });

  it('longest idle rings the member whose last call ended first', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Rảnh lâu nhất',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent', 'agent2']),
      strategy: 'longest_idle',
    });
    // agent2 ended a call long ago, agent just now: agent2 has been idle longest.
    const early = freshCallId();
    await sendEvent(
      t,
      eventOf(
        early,
        'call.started',
        0,
        { from: '0912000001', to: hotline },
        Date.now() - 7_200_000,
      ),
    );
    await sendEvent(t, eventOf(early, 'call.answered', 5, { agent: 'G2' }, Date.now() - 7_200_000));
    await sendEvent(t, eventOf(early, 'call.ended', 60, {}, Date.now() - 7_200_000));
    const late = freshCallId();
    await sendEvent(
      t,
      eventOf(late, 'call.started', 0, { from: '0912000002', to: hotline }, Date.now() - 120_000),
    );
    await sendEvent(t, eventOf(late, 'call.answered', 5, { agent: 'G1' }, Date.now() - 120_000));
    await sendEvent(t, eventOf(late, 'call.ended', 60, {}, Date.now() - 120_000));
    const next = await route(t, { call_id: freshCallId(), from: '0912000003', to: hotline });
    expect(next.agent?.user_id).toBe(tenant.id('agent2'));
  });

  it('round robin rings the members in turn', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Xoay vòng',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent', 'agent2', 'leader']),
      strategy: 'round_robin',
    });
    const rung: string[] = [];
    for (let i = 0; i < 6; i++) {
      const call = freshCallId();
      const answer = await route(t, { call_id: call, from: `091234500${i}`, to: hotline });
      rung.push(answer.agent?.user_id ?? 'none');
      await endCall(call, answer.agent?.sip_username ?? '');
    }
    const [a, b, c] = rung;
    expect(new Set([a, b, c]).size).toBe(3);
    expect(rung).toEqual([a, b, c, a, b, c]);
  });

  it('past the maximum wait overflows to another queue, then rings there; or to voicemail', async () => {
    const { tenant, tokens } = await readyTenant();
    await setPresence(t, tokens.agent as string, 'NOT AVAILABLE');
    const backup = await createQueue(t, tokens.admin as string, {
      name: 'Dự phòng',
      member_ids: members(tenant, ['agent2']),
    });
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Chính',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent']),
      max_wait_seconds: 0,
      overflow_action: 'queue',
      overflow_queue_id: backup._id,
    });
    const call = freshCallId();
    expect(await route(t, { call_id: call, from: '0912345678', to: hotline })).toEqual({
      action: 'overflow',
      target: 'queue',
      queue: { _id: backup._id, name: 'Dự phòng' },
    });
    expect(
      await route(t, { call_id: call, from: '0912345678', to: hotline, attempt: 2 }),
    ).toMatchObject({
      action: 'ring',
      queue: { _id: backup._id },
      agent: { user_id: tenant.id('agent2') },
    });

    const voicemailLine = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Hộp thư',
      hotlines: [voicemailLine],
      member_ids: members(tenant, ['agent']),
      max_wait_seconds: 0,
      overflow_action: 'voicemail',
    });
    const left = freshCallId();
    expect(await route(t, { call_id: left, from: '0912345670', to: voicemailLine })).toEqual({
      action: 'overflow',
      target: 'voicemail',
      queue: null,
    });
    // The caller leaves a message and hangs up: a missed call with its ticket.
    const ended = await sendEvent(t, eventOf(left, 'call.ended', 30, { cause: 'voicemail' }));
    expect(ended.statusCode, ended.body).toBe(200);
    const admin = tokens.admin as string;
    const history = await t.app.inject({
      method: 'GET',
      url: `/v2/calls?hotline=${voicemailLine}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({ result: 'missed', cause: 'voicemail' });
    expect(history.json().data[0].ticket).not.toBeNull();
  });

  it("a caller following a transfer to a queue's hotline enters that queue, never ringing the agent who transferred", async () => {
    const { tenant, tokens } = await readyTenant();
    const admin = tokens.admin as string;
    const first = freshHotline();
    await createQueue(t, admin, {
      name: 'Tiếp nhận',
      hotlines: [first],
      member_ids: members(tenant, ['agent']),
    });
    const second = freshHotline();
    const target = await createQueue(t, admin, {
      name: 'Kỹ thuật',
      hotlines: [second],
      member_ids: members(tenant, ['agent', 'agent2']),
      max_wait_seconds: 300,
    });
    const call = freshCallId();
    const caller = { from: '0912345671', to: first };
    expect(await route(t, { call_id: call, ...caller })).toMatchObject({
      action: 'ring',
      agent: { user_id: tenant.id('agent') },
    });
    const base = Date.now() - 30_000;
    const ends = { direction: 'CALL_INBOUND', ...caller };
    for (const [type, offset, extra] of [
      ['call.answered', 2, { agent: sipOf(tenant, 'agent') }],
      ['call.transferred', 20, { agent: second, leg: 1 }],
      ['call.ended', 21, { cause: 'transferred', leg: 1 }],
    ] as const) {
      const sent = await sendEvent(t, eventOf(call, type, offset, { ...ends, ...extra }, base));
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // agent2 is busy elsewhere: the queue has nobody for it but the agent who transferred it
    await setPresence(t, tokens.agent2 as string, 'MEETING');
    const follow = { call_id: call, from: caller.from, to: second, leg: 2 };
    expect(await route(t, follow)).toMatchObject({
      action: 'queue',
      queue: { _id: target._id, name: 'Kỹ thuật' },
      waited_seconds: 0,
    });
    await setPresence(t, tokens.agent2 as string, 'AVAILABLE');
    expect(await route(t, { ...follow, attempt: 2 })).toMatchObject({
      action: 'ring',
      queue: { _id: target._id },
      agent: { user_id: tenant.id('agent2') },
    });

    // a hotline of another tenant is not a queue this call can go to
    const other = await seedTenant(t, 'Tổng đài khác');
    const foreign = freshHotline();
    await createQueue(t, await t.login(other.email('admin')), {
      name: 'Khác',
      hotlines: [foreign],
      member_ids: [other.id('agent')],
    });
    expect(await route(t, { ...follow, to: foreign })).toEqual({
      action: 'reject',
      reason: 'unknown_hotline',
    });
  });

  it('rejects a call that already ended', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Đã kết thúc',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent']),
    });
    const call = freshCallId();
    await sendEvent(t, eventOf(call, 'call.started', 0, { from: '0912345678', to: hotline }));
    await sendEvent(t, eventOf(call, 'call.ended', 3, { cause: 'caller_hangup' }));
    expect(await route(t, { call_id: call, from: '0912345678', to: hotline })).toEqual({
      action: 'reject',
      reason: 'call_ended',
    });
  });

  it('concurrent calls never ring the same free agent', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Đồng thời',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent', 'agent2', 'leader']),
    });
    // A second queue sharing agent2, asked at the same time.
    const other = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Chung',
      hotlines: [other],
      member_ids: members(tenant, ['agent2']),
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        route(t, {
          call_id: freshCallId('c'),
          from: `09123400${i}0`,
          to: i % 3 === 0 ? other : hotline,
        }),
      ),
    );
    const rung = answers.filter((a) => a.action === 'ring').map((a) => a.agent?.user_id);
    expect(rung).toHaveLength(3);
    expect(new Set(rung).size).toBe(3);
    expect(answers.filter((a) => a.action === 'queue')).toHaveLength(7);
  });

  it('an inactive member is never rung', async () => {
    const { tenant, tokens } = await readyTenant();
    const hotline = freshHotline();
    await createQueue(t, tokens.admin as string, {
      name: 'Vô hiệu',
      hotlines: [hotline],
      member_ids: members(tenant, ['agent']),
    });
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, tenant.id('agent')));
    expect(
      (await route(t, { call_id: freshCallId(), from: '0912345678', to: hotline })).action,
    ).toBe('queue');
  });
});
