import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LATE_EVENT_GRACE_MS } from '@omnicare/shared/telephony/calls.schemas';
import { auditLog } from '../../db/schema/platform.js';
import { callEvents } from '../../db/schema/telephony.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  createQueue,
  eventOf,
  freshCallId,
  freshHotline,
  gatewayPost,
  giveSip,
  route,
  sendEvent,
  setPresence,
  sipOf,
  type Tenant,
  switchboardTenant,
} from '../../test/telephony.js';

let t: TestApp;
let tenant: Tenant;
let admin: string;
let hotline: string;
let customer: { _id: string; name: string };
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
  ({ tenant, admin, hotline, customer } = await switchboardTenant(t, 'Cuộc gọi', () => ({
    name: 'Nguyễn Văn Gọi',
    phones: [{ phone: '0987654321', is_primary: true }],
  })));
});
afterAll(() => t.close());

const getCalls = async (token: string, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/calls${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; total: number };
};
const callOf = async (callId: string) =>
  (await getCalls(admin, '?page_size=100')).data.find((call) => call.call_id === callId);

/** Sends the call's events, their offsets from one base time (an hour ago by default). */
async function play(
  callId: string,
  events: [string, number, Record<string, unknown>?][],
  base = Date.now() - 3_600_000,
) {
  for (const [type, offset, extra] of events) {
    const response = await sendEvent(t, eventOf(callId, type, offset, extra, base));
    expect(response.statusCode, response.body).toBe(200);
  }
}

const inbound = (from: string) => ({ direction: 'CALL_INBOUND', from, to: hotline });

describe('call records from gateway events', () => {
  it('an answered call: times, durations, agent, queue, ticket and CallInfo', async () => {
    const call = freshCallId();
    await route(t, { call_id: call, from: '0987654321', to: hotline });
    await play(call, [
      ['call.started', 0, { ...inbound('0987654321'), device_type: 0 }],
      ['call.ringing', 4, { agent: sipOf(tenant, 'agent') }],
      ['call.answered', 10, { agent: sipOf(tenant, 'agent') }],
      ['call.ended', 85, { cause: 'agent_hangup' }],
    ]);
    const row = await callOf(call);
    expect(row).toMatchObject({
      direction: 'CALL_INBOUND',
      from_number: '0987654321',
      to_number: hotline,
      hotline,
      customer: { _id: customer._id, name: 'Nguyễn Văn Gọi' },
      queue: { name: 'Tổng đài' },
      agent: { _id: tenant.id('agent'), agent_id: 'G1' },
      device_type: 0,
      status: 'ENDED',
      talk_seconds: 75,
      wait_seconds: 10,
      result: 'answered',
      cause: 'agent_hangup',
      transfers: [],
    });
    const ticket = row?.ticket as { _id: string; code: string };
    const ofTicket = await getCalls(admin, `?ticket_id=${ticket._id}`);
    expect(ofTicket.data.map((c) => c.call_id)).toEqual([call]);
    expect(row?.call_info).toEqual({
      callId: call,
      ticketId: ticket._id,
      callStatus: 'ENDED',
      callType: 'CALL_INBOUND',
      campaignId: null,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${ticket._id}`,
      headers: bearer(admin),
    });
    // The agent who answered holds the ticket (it had nobody).
    expect(detail.json().data).toMatchObject({
      subject: 'Cuộc gọi từ 0987 654 321',
      source: 'CALL_INBOUND',
      requester: { _id: customer._id },
      assignee: { _id: tenant.id('agent') },
    });
    // The customer's timeline shows the ticket and the call.
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/v2/customers/${customer._id}/timeline`,
      headers: bearer(admin),
    });
    const kinds = (timeline.json().data as { kind: string; objects: string[] }[]).map((entry) => [
      entry.kind,
      entry.objects,
    ]);
    expect(kinds).toContainEqual([
      'customer.call',
      ['Cuộc gọi từ 0987 654 321 · Đã trả lời · 01:15'],
    ]);
    expect(kinds.some(([kind]) => kind === 'customer.ticket_created')).toBe(true);
  });

  it('is idempotent: a resent event changes nothing', async () => {
    const call = freshCallId();
    const base = Date.now() - 600_000;
    await play(call, [['call.started', 0, inbound('0900000001')]], base);
    const again = await sendEvent(t, eventOf(call, 'call.started', 0, inbound('0900000001'), base));
    expect(again.json()).toMatchObject({
      message: 'Sự kiện đã được ghi nhận trước đó',
      data: { duplicate: true },
    });
    await play(call, [['call.ended', 20, { cause: 'caller_hangup' }]], base);
    await play(call, [['call.ended', 20, { cause: 'caller_hangup' }]], base);
    const rows = (await getCalls(admin, '?number=0900000001')).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'abandoned', wait_seconds: 20 });
  });

  it('tolerates events out of order', async () => {
    const call = freshCallId();
    const base = Date.now() - 900_000;
    await play(
      call,
      [
        // Every event carries the call's ends (the first to arrive names the tenant).
        // A blind transfer: G2's leg (1) ends at 61, the caller's second leg to G1 at 100.
        ['call.ended', 100, { ...inbound('0900000002'), cause: 'agent_hangup', leg: 2 }],
        ['call.answered', 30, { ...inbound('0900000002'), agent: 'G2' }],
        ['call.ended', 61, { ...inbound('0900000002'), cause: 'caller_hangup', leg: 1 }],
        ['call.transferred', 60, { ...inbound('0900000002'), agent: 'G1', leg: 1 }],
        ['call.answered', 63, { ...inbound('0900000002'), agent: 'G1', leg: 2 }],
        ['call.started', 0, inbound('0900000002')],
        ['call.ringing', 20, { ...inbound('0900000002'), agent: 'G2' }],
      ],
      base,
    );
    expect(await callOf(call)).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      cause: 'agent_hangup',
      ended_at: new Date(base + 100_000).toISOString(),
      // 30 → 61 with G2, 63 → 100 with G1
      talk_seconds: 31 + 37,
      wait_seconds: 30,
      agent: { _id: tenant.id('agent') },
      started_at: new Date(base).toISOString(),
      transfers: [
        {
          at: new Date(base + 60_000).toISOString(),
          from: { _id: tenant.id('agent2'), name: 'Chuyên Viên Hai' },
          to: { _id: tenant.id('agent'), name: 'Chuyên Viên Một' },
        },
      ],
    });
  });

  it("never shows ended while a transfer's leg goes on: leg 1's end arrives before call.transferred", async () => {
    const call = freshCallId();
    const base = Date.now() - 300_000;
    const ends = inbound('0900000003');
    // The gateway's two event posters: leg 1's end (marked 'transferred': the gateway saw the
    // REFER accepted) overtakes the call.transferred queued before it.
    await play(
      call,
      [
        ['call.started', 0, ends],
        ['call.ringing', 2, { ...ends, agent: 'G2' }],
        ['call.answered', 5, { ...ends, agent: 'G2' }],
        ['call.ended', 41, { ...ends, cause: 'transferred', leg: 1 }],
      ],
      base,
    );
    expect(await callOf(call)).toMatchObject({
      status: 'ANSWERING',
      ended_at: null,
      result: null,
      agent: { _id: tenant.id('agent2') },
    });
    // an attended one: agent2 spoke with agent first
    await play(
      call,
      [['call.transferred', 40, { ...ends, agent: 'G1', leg: 1, attended: true }]],
      base,
    );
    expect(await callOf(call)).toMatchObject({
      status: 'ANSWERING',
      ended_at: null,
      agent: { _id: tenant.id('agent') },
      transfers: [
        { from: { _id: tenant.id('agent2') }, to: { _id: tenant.id('agent') }, attended: true },
      ],
    });
    await play(
      call,
      [
        ['call.ringing', 42, { ...ends, agent: 'G1', leg: 2 }],
        ['call.answered', 44, { ...ends, agent: 'G1', leg: 2 }],
        ['call.ended', 104, { ...ends, cause: 'agent_hangup', leg: 2 }],
      ],
      base,
    );
    expect(await callOf(call)).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      cause: 'agent_hangup',
      ended_at: new Date(base + 104_000).toISOString(),
      agent: { _id: tenant.id('agent') },
      // 5 → 41 with G2, 44 → 104 with G1
      talk_seconds: 36 + 60,
    });
  });

  it("a transfer to a queue's hotline is in the chain with the queue; the agent who takes it holds the call", async () => {
    const call = freshCallId();
    const base = Date.now() - 200_000;
    const ends = inbound('0900000004');
    const other = freshHotline();
    const target = await createQueue(t, admin, {
      name: 'Hàng chờ nhận chuyển',
      hotlines: [other],
      member_ids: [tenant.id('agent')],
    });
    await play(
      call,
      [
        ['call.started', 0, ends],
        ['call.answered', 3, { ...ends, agent: 'G2' }],
        ['call.transferred', 30, { ...ends, agent: other, leg: 1 }],
        ['call.ended', 31, { ...ends, cause: 'transferred', leg: 1 }],
        ['call.ringing', 33, { ...ends, agent: 'G1', leg: 2 }],
        ['call.answered', 35, { ...ends, agent: 'G1', leg: 2 }],
        ['call.ended', 95, { ...ends, cause: 'agent_hangup', leg: 2 }],
      ],
      base,
    );
    expect(await callOf(call)).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      agent: { _id: tenant.id('agent') },
      talk_seconds: 28 + 60,
      transfers: [
        {
          at: new Date(base + 30_000).toISOString(),
          from: { _id: tenant.id('agent2') },
          to: null,
          queue: { _id: target._id, name: 'Hàng chờ nhận chuyển' },
        },
      ],
    });
  });

  it('a call that went to voicemail is a ticket to call back, made once', async () => {
    const number = `09${String(Date.now()).slice(-8)}`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: bearer(admin),
      payload: { name: 'Khách Để Lời Nhắn', phones: [{ phone: number, is_primary: true }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const caller = made.json().data as { _id: string };
    const call = freshCallId();
    const base = Date.now() - 120_000;
    // The ticket is made at the call's first event, before anyone knows it ends in voicemail.
    await play(call, [['call.started', 0, inbound(number)]], base);
    const first = (await callOf(call))?.ticket as { _id: string };
    expect(first?._id).toBeTruthy();
    const ended = eventOf(
      call,
      'call.ended',
      45,
      { ...inbound(number), cause: 'voicemail', sip_code: 480 },
      base,
    );
    expect((await sendEvent(t, ended)).statusCode).toBe(200);
    // The same end again, and another end under a new id: nothing more happens.
    expect((await sendEvent(t, ended)).json().data.duplicate).toBe(true);
    expect(
      (
        await sendEvent(t, {
          ...ended,
          event_id: 'ended-again',
          at: new Date(base + 46_000).toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    const row = await callOf(call);
    expect(row).toMatchObject({
      result: 'missed',
      cause: 'voicemail',
      customer: { _id: caller._id },
      ticket: { _id: first._id },
    });
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${first._id}`,
      headers: bearer(admin),
    });
    const shown = `${number.slice(0, 4)} ${number.slice(4, 7)} ${number.slice(7)}`;
    expect(ticket.json().data).toMatchObject({
      subject: `Cuộc gọi nhỡ từ ${shown} (hộp thư thoại)`,
      source: 'CALL_INBOUND',
      requester: { _id: caller._id },
      // Queues have no department in the model: the ticket gets none.
      group: null,
    });
    const ofCaller = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets?requester_id=${caller._id}`,
      headers: bearer(admin),
    });
    expect(ofCaller.json().data.map((one: { _id: string }) => one._id)).toEqual([first._id]);
    // The rename is the system's, once, in the ticket's history.
    const renames = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'ticket'),
          eq(auditLog.entityId, first._id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(renames).toHaveLength(1);
  });

  it('an unknown number that went to voicemail: the ticket is made with its subject, no customer made', async () => {
    const number = `08${String(Date.now()).slice(-8)}`;
    const call = freshCallId();
    // the end is the first event to arrive
    await play(call, [
      ['call.ended', 30, { ...inbound(number), cause: 'voicemail', sip_code: 480 }],
      ['call.started', 0, inbound(number)],
    ]);
    const row = await callOf(call);
    expect(row).toMatchObject({ result: 'missed', customer: null });
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${(row?.ticket as { _id: string })._id}`,
      headers: bearer(admin),
    });
    expect(ticket.json().data).toMatchObject({
      subject: expect.stringMatching(/^Cuộc gọi nhỡ từ .* \(hộp thư thoại\)$/),
      requester: null,
    });
  });

  it('a call missed without voicemail keeps the usual subject', async () => {
    const call = freshCallId();
    await play(call, [
      ['call.started', 0, inbound('0900000031')],
      ['call.ringing', 2, { ...inbound('0900000031'), agent: 'G1' }],
      ['call.ended', 20, { ...inbound('0900000031'), cause: 'no_answer', sip_code: 480 }],
    ]);
    const row = await callOf(call);
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${(row?.ticket as { _id: string })._id}`,
      headers: bearer(admin),
    });
    expect(ticket.json().data.subject).toBe('Cuộc gọi từ 0900 000 031');
  });

  it('results: missed, abandoned, busy, failed', async () => {
    const cases: [string, [string, number, Record<string, unknown>?][], string, string | null][] = [
      [
        '0900000011',
        [
          ['call.ringing', 2, { agent: 'G1' }],
          ['call.ended', 30, { cause: 'no_answer' }],
        ],
        'missed',
        'no_answer',
      ],
      [
        '0900000012',
        [
          ['call.ringing', 2, { agent: 'G1' }],
          ['call.ended', 30, { cause: 'caller_hangup' }],
        ],
        'abandoned',
        'caller_hangup',
      ],
      ['0900000013', [['call.ended', 8, {}]], 'abandoned', null],
      ['0900000014', [['call.ended', 1, { sip_code: 486 }]], 'busy', 'sip_486'],
      ['0900000015', [['call.ended', 1, { sip_code: 503 }]], 'failed', 'sip_503'],
    ];
    for (const [from, events, result, cause] of cases) {
      const call = freshCallId();
      await play(call, [['call.started', 0, inbound(from)], ...events]);
      expect(await callOf(call), from).toMatchObject({ result, cause, talk_seconds: 0 });
    }
    const failed = (await getCalls(admin, '?result=failed,busy')).data.map(
      (call) => call.from_number,
    );
    expect(failed).toEqual(expect.arrayContaining(['0900000014', '0900000015']));
    expect(failed).not.toContain('0900000011');
  });

  it('an outbound call: ticket CALL_OUTBOUND to the callee, tenant found by the SIP account', async () => {
    const call = freshCallId();
    await play(call, [
      [
        'call.started',
        0,
        {
          direction: 'CALL_OUTBOUND',
          from: sipOf(tenant, 'agent2'),
          to: '0987654321',
          agent: sipOf(tenant, 'agent2'),
        },
      ],
      ['call.answered', 6, { agent: sipOf(tenant, 'agent2') }],
      ['call.ended', 36, {}],
    ]);
    const row = await callOf(call);
    expect(row).toMatchObject({
      direction: 'CALL_OUTBOUND',
      result: 'answered',
      talk_seconds: 30,
      agent: { _id: tenant.id('agent2') },
      customer: { _id: customer._id },
    });
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${(row?.ticket as { _id: string })._id}`,
      headers: bearer(admin),
    });
    expect(ticket.json().data).toMatchObject({
      subject: 'Cuộc gọi ra 0987 654 321',
      source: 'CALL_OUTBOUND',
      assignee: { _id: tenant.id('agent2') },
    });
  });

  it('an event of no known tenant is refused', async () => {
    const response = await sendEvent(
      t,
      eventOf(freshCallId(), 'call.started', 0, { from: '1', to: '999' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: 'Không xác định được tổng đài của cuộc gọi',
    });
  });
});

describe('call → ticket rule', () => {
  const ticketOf = async (call: string) =>
    ((await callOf(call))?.ticket as { _id: string } | null)?._id;

  it('new_per_call (default): every call its own ticket', async () => {
    const one = freshCallId();
    const two = freshCallId();
    await play(one, [['call.started', 0, inbound('0987654321')]]);
    await play(two, [['call.started', 0, inbound('0987654321')]]);
    expect(await ticketOf(one)).toBeTruthy();
    expect(await ticketOf(one)).not.toBe(await ticketOf(two));
  });

  it('reuse_open_within_hours: continues the open ticket of the last N hours, set by an administrator', async () => {
    const config = await t.app.inject({
      method: 'GET',
      url: '/v2/tenant/config',
      headers: bearer(admin),
    });
    expect(config.json().data.call_ticket_rule).toEqual({ mode: 'new_per_call' });
    const current = config.json().data;
    const { name, workflow, time_zone, data_scopes } = current;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        name,
        workflow,
        time_zone,
        data_scopes,
        call_ticket_rule: { mode: 'reuse_open_within_hours', hours: 0 },
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { param: 'call_ticket_rule.hours', message: 'Số giờ tối thiểu là 1' },
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        name,
        workflow,
        time_zone,
        data_scopes,
        call_ticket_rule: { mode: 'reuse_open_within_hours', hours: 4 },
      },
    });
    expect(saved.json().data.call_ticket_rule).toEqual({
      mode: 'reuse_open_within_hours',
      hours: 4,
    });
    try {
      const one = freshCallId();
      const two = freshCallId();
      await play(one, [['call.started', 0, inbound('0987654321')]]);
      await play(two, [['call.started', 0, inbound('0987654321')]]);
      expect(await ticketOf(two)).toBe(await ticketOf(one));
      // The first agent to answer takes the ticket; a later call continuing it leaves it theirs.
      await play(two, [['call.answered', 5, { agent: 'G2' }]]);
      const six = freshCallId();
      await play(six, [
        ['call.started', 0, inbound('0987654321')],
        ['call.answered', 5, { agent: 'G1' }],
      ]);
      expect(await ticketOf(six)).toBe(await ticketOf(one));
      const shared = await t.app.inject({
        method: 'GET',
        url: `/v2/tickets/${await ticketOf(six)}`,
        headers: bearer(admin),
      });
      expect(shared.json().data.assignee).toMatchObject({ _id: tenant.id('agent2') });
      // An unknown number: no customer is made; its earlier call's ticket is continued.
      const three = freshCallId();
      const four = freshCallId();
      await play(three, [['call.started', 0, inbound('0933111222')]]);
      await play(four, [['call.started', 0, inbound('0933111222')]]);
      expect((await callOf(three))?.customer).toBeNull();
      expect(await ticketOf(four)).toBe(await ticketOf(three));
      // A solved ticket is not continued.
      await t.app.inject({
        method: 'PUT',
        url: `/v2/tickets/${await ticketOf(four)}`,
        headers: bearer(admin),
        payload: { status: 'solved' },
      });
      const five = freshCallId();
      await play(five, [['call.started', 0, inbound('0933111222')]]);
      expect(await ticketOf(five)).not.toBe(await ticketOf(four));
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/v2/tenant/config',
        headers: bearer(admin),
        payload: {
          name,
          workflow,
          time_zone,
          data_scopes,
          call_ticket_rule: { mode: 'new_per_call' },
        },
      });
    }
  });
});

describe('call history', () => {
  it('tenant isolation and data scope: agents see their own calls', async () => {
    const mine = freshCallId();
    const theirs = freshCallId();
    await play(mine, [
      ['call.started', 0, inbound('0911222333')],
      ['call.answered', 3, { agent: 'G1' }],
      ['call.ended', 9, {}],
    ]);
    await play(theirs, [
      ['call.started', 0, inbound('0911222334')],
      ['call.answered', 3, { agent: 'G2' }],
      ['call.ended', 9, {}],
    ]);
    const agent = await t.login(tenant.email('agent'));
    const seen = (await getCalls(agent, '?page_size=100')).data;
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every((call) => (call.agent as { _id: string } | null)?._id === tenant.id('agent')),
    ).toBe(true);
    const theirRow = await callOf(theirs);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/v2/calls/${theirRow?._id}`,
      headers: bearer(agent),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Không tìm thấy cuộc gọi');
    const other = await seedTenant(t, 'Khác');
    const stranger = await t.login(other.email('admin'));
    expect((await getCalls(stranger)).total).toBe(0);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v2/calls/${theirRow?._id}`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('filters by direction, agent, number and day; refuses a reversed range', async () => {
    const call = freshCallId();
    await play(call, [
      ['call.started', 0, inbound('0944555666')],
      ['call.answered', 2, { agent: 'G2' }],
      ['call.ended', 5, {}],
    ]);
    const byNumber = (await getCalls(admin, '?number=0944 555')).data;
    expect(byNumber.map((row) => row.call_id)).toEqual([call]);
    expect(
      (
        await getCalls(
          admin,
          `?number=555666&agent_id=${tenant.id('agent2')}&direction=CALL_INBOUND`,
        )
      ).total,
    ).toBe(1);
    expect((await getCalls(admin, `?number=555666&agent_id=${tenant.id('agent')}`)).total).toBe(0);
    expect((await getCalls(admin, '?number=555666&from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/v2/calls?from=2024-02-02&to=2024-02-01',
      headers: bearer(admin),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual([
      { param: 'to', message: 'Ngày bắt đầu không được sau ngày kết thúc' },
    ]);
  });

  it('exports the filtered history as XLSX in Bangkok time', async () => {
    const call = freshCallId();
    const base = Date.UTC(2026, 0, 15, 2, 0, 0);
    await play(
      call,
      [
        ['call.started', 0, inbound('0966777888')],
        ['call.answered', 5, { agent: 'G2' }],
        ['call.transferred', 20, { agent: 'G1', leg: 1, attended: true }],
        ['call.ended', 21, { cause: 'transferred', leg: 1 }],
        ['call.answered', 22, { agent: 'G1', leg: 2 }],
        ['call.ended', 65, { leg: 2 }],
      ],
      base,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/calls/export?number=0966777888',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Loại cuộc gọi');
    expect(values(2)).toEqual(
      expect.arrayContaining([
        'Cuộc gọi từ',
        '0966 777 888',
        'Chuyên Viên Một',
        'Đã trả lời',
        '15/01/2026 09:00',
      ]),
    );
    const column = (name: string) => values(2)[values(1).indexOf(name)];
    expect(column('Chuyển tiếp')).toBe('Chuyên Viên Hai → Chuyên Viên Một (có tư vấn)');
    expect(sheet?.rowCount).toBe(2);
  });
});

describe('a gateway that restarted', () => {
  const restarted = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    gatewayPost(t, 'gateway-started', body, headers);

  it('ends the calls it had open from before its start, once, and frees their agents', async () => {
    const own = await seedTenant(t, 'Cổng khởi động lại');
    await giveSip(t, own, ['agent']);
    const ownAdmin = await t.login(own.email('admin'));
    const line = freshHotline();
    await createQueue(t, ownAdmin, {
      name: 'Một người',
      hotlines: [line],
      member_ids: [own.id('agent')],
    });
    await setPresence(t, await t.login(own.email('agent')), 'AVAILABLE');
    const agent = sipOf(own, 'agent');
    const base = Date.now() - 600_000;
    const start = (gateway: string) => ({ ...inbound('0911000001'), to: line, gateway });
    const talking = freshCallId('talking');
    const waiting = freshCallId('waiting');
    const elsewhere = freshCallId('elsewhere');
    const later = freshCallId('later');
    expect((await route(t, { call_id: talking, from: '0911000001', to: line })).action).toBe(
      'ring',
    );
    await play(
      talking,
      [
        ['call.started', 0, start('gw-a')],
        ['call.ringing', 2, { agent }],
        ['call.answered', 5, { agent }],
      ],
      base,
    );
    await play(waiting, [['call.started', 10, start('gw-a')]], base);
    await play(elsewhere, [['call.started', 20, start('gw-b')]], base);
    // started on gw-a after its restart at 300 s: the new instance has it
    await play(later, [['call.started', 400, start('gw-a')]], base);
    // the only agent is in the talking call: a new caller waits
    expect((await route(t, { call_id: freshCallId(), from: '0911000002', to: line })).action).toBe(
      'queue',
    );

    const startedAt = new Date(base + 300_000).toISOString();
    const first = await restarted({ gateway: 'gw-a', started_at: startedAt });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      data: { ended: 2 },
      message: 'Đã kết thúc 2 cuộc gọi bị mất khi cổng thoại khởi động lại',
    });
    const calls = (await getCalls(ownAdmin, '?page_size=100')).data;
    const byId = (id: string) => calls.find((call) => call.call_id === id);
    expect(byId(talking)).toMatchObject({
      status: 'ENDED',
      result: 'answered',
      cause: 'gateway_restart',
      ended_at: startedAt,
      talk_seconds: 295,
      agent: { _id: own.id('agent') },
    });
    expect(byId(waiting)).toMatchObject({
      status: 'FAILED',
      result: 'failed',
      ended_at: startedAt,
    });
    expect(byId(elsewhere)).toMatchObject({ status: 'QUEUEING', ended_at: null });
    expect(byId(later)).toMatchObject({ status: 'QUEUEING', ended_at: null });

    // the same start announced again (the gateway retries until it hears 200): nothing more
    const again = await restarted({ gateway: 'gw-a', started_at: startedAt });
    expect(again.json().data).toEqual({ ended: 0 });
    // the agent is free again
    const next = await route(t, { call_id: freshCallId(), from: '0911000003', to: line });
    expect(next).toMatchObject({ action: 'ring', agent: { user_id: own.id('agent') } });
  });

  it('is for the gateway only, and says which field is wrong', async () => {
    const started_at = new Date().toISOString();
    const stranger = await restarted({ gateway: 'gw-a', started_at }, {});
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toBe('Cổng thoại không được xác thực');
    const blank = await restarted({ gateway: ' ', started_at });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([
      { param: 'gateway', message: 'Tên cổng thoại không được bỏ trống' },
    ]);
    const noTime = await restarted({ gateway: 'gw-a', started_at: 'hôm qua' });
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().errors).toEqual([{ param: 'started_at', message: expect.any(String) }]);
  });
});

describe('what the gateway secret no longer allows', () => {
  const ENDED_IGNORED = 'Cuộc gọi đã kết thúc, sự kiện không được ghi nhận';

  it('an ended call is final: later events are ignored, resends still duplicates', async () => {
    const call = freshCallId('final');
    const agent = sipOf(tenant, 'agent');
    const base = Date.now() - 600_000;
    await play(
      call,
      [
        ['call.started', 0, inbound('0900000031')],
        ['call.ringing', 4, { agent }],
        ['call.answered', 10, { agent }],
        ['call.ended', 60, { cause: 'agent_hangup' }],
      ],
      base,
    );
    const ended = {
      status: 'ENDED',
      result: 'answered',
      agent: { _id: tenant.id('agent') },
      talk_seconds: 50,
      ended_at: new Date(base + 60_000).toISOString(),
    };
    expect(await callOf(call)).toMatchObject(ended);
    // Another agent "answers" after the end and the call "ends" minutes later: nothing changes.
    for (const [type, offset, extra] of [
      ['call.answered', 70, { agent: sipOf(tenant, 'agent2') }],
      ['call.ended', 900, { cause: 'agent_hangup' }],
    ] as const) {
      const response = await sendEvent(t, {
        ...eventOf(call, type, offset, extra, base),
        event_id: `forged-${type}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: ENDED_IGNORED,
        data: { duplicate: false, ignored: true },
      });
    }
    expect(await callOf(call)).toMatchObject(ended);
    // The gateway resending an event it already delivered: a duplicate, as ever.
    const resent = await sendEvent(
      t,
      eventOf(call, 'call.ended', 60, { cause: 'agent_hangup' }, base),
    );
    expect(resent.json()).toMatchObject({ data: { duplicate: true, ignored: false } });
    // An event from before the end arriving just after it (the gateway's posters race) counts.
    const late = await sendEvent(t, {
      ...eventOf(call, 'call.ringing', 3, { agent }, base),
      event_id: 'late-ring',
    });
    expect(late.json()).toMatchObject({ data: { duplicate: false, ignored: false } });
    // Once the end is older than the grace, even an event from before it is refused.
    await t.database.db
      .update(callEvents)
      .set({ receivedAt: new Date(Date.now() - CALL_LATE_EVENT_GRACE_MS - 60_000) })
      .where(eq(callEvents.callId, call));
    const forgedBefore = await sendEvent(t, {
      ...eventOf(call, 'call.answered', 30, { agent: sipOf(tenant, 'agent2'), leg: 2 }, base),
      event_id: 'forged-before-end',
    });
    expect(forgedBefore.json()).toMatchObject({ data: { ignored: true } });
    expect(await callOf(call)).toMatchObject(ended);
  });

  it('refuses event times outside the bounds (422 on the field)', async () => {
    const message = 'Thời điểm phải từ năm 2000 trở đi và không quá 1 giờ sau hiện tại';
    for (const at of [
      '9999-12-31T23:59:59.000Z',
      '1999-12-31T23:59:59.000Z',
      new Date(Date.now() + 2 * 3_600_000).toISOString(),
    ]) {
      const response = await sendEvent(t, {
        ...eventOf(freshCallId('when'), 'call.started', 0, inbound('0900000032')),
        at,
      });
      expect(response.statusCode, at).toBe(422);
      expect(response.json()).toEqual({
        statusCode: 422,
        message,
        errors: [{ param: 'at', message }],
      });
    }
    const future = await gatewayPost(t, 'gateway-started', {
      gateway: 'gw-a',
      started_at: '9999-01-01T00:00:00.000Z',
    });
    expect(future.json().errors).toEqual([{ param: 'started_at', message }]);
    // a gateway clock a few minutes ahead is still taken
    const ahead = await sendEvent(t, {
      ...eventOf(freshCallId('when'), 'call.started', 0, inbound('0900000033')),
      at: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
  });

  it('call ids are per tenant: the same Call-ID for another tenant makes its own call', async () => {
    const other = await seedTenant(t, 'Tổng đài khác');
    await giveSip(t, other, ['agent']);
    const otherAdmin = await t.login(other.email('admin'));
    const otherLine = freshHotline();
    await createQueue(t, otherAdmin, {
      name: 'Tổng đài B',
      hotlines: [otherLine],
      member_ids: [other.id('agent')],
    });
    await setPresence(t, await t.login(other.email('agent')), 'AVAILABLE');
    const call = freshCallId('shared');
    const base = Date.now() - 600_000;
    // Tenant A's call, routed into A's queue and still going on.
    await route(t, { call_id: call, from: '0900000041', to: hotline });
    await play(
      call,
      [
        ['call.started', 0, inbound('0900000041')],
        ['call.answered', 5, { agent: sipOf(tenant, 'agent') }],
      ],
      base,
    );
    const before = await callOf(call);
    // A caller of tenant B's hotline whose SIP client chose the same Call-ID.
    const rung = await route(t, { call_id: call, from: '0900000042', to: otherLine });
    expect(rung).toMatchObject({ action: 'ring', agent: { user_id: other.id('agent') } });
    const toB = { direction: 'CALL_INBOUND', from: '0900000042', to: otherLine };
    await play(
      call,
      [
        ['call.started', 1, toB],
        ['call.answered', 8, { ...toB, agent: sipOf(other, 'agent') }],
        ['call.ended', 20, { ...toB, cause: 'caller_hangup' }],
      ],
      base,
    );
    // A's call is untouched; B has its own.
    expect(await callOf(call)).toEqual(before);
    expect(before).toMatchObject({ status: 'ANSWERING', agent: { _id: tenant.id('agent') } });
    const theirs = (await getCalls(otherAdmin, '?page_size=100')).data.find(
      (row) => row.call_id === call,
    );
    expect(theirs).toMatchObject({
      from_number: '0900000042',
      hotline: otherLine,
      status: 'ENDED',
      agent: { _id: other.id('agent') },
      talk_seconds: 12,
    });
    // B's agent placing an outbound call with that Call-ID: B's call again, never A's.
    const outbound = freshCallId('shared-out');
    await play(outbound, [['call.started', 0, inbound('0900000043')]], base);
    await play(
      outbound,
      [
        [
          'call.started',
          1,
          { direction: 'CALL_OUTBOUND', from: sipOf(other, 'agent'), to: '0900000044' },
        ],
      ],
      base,
    );
    expect(await callOf(outbound)).toMatchObject({ from_number: '0900000043' });
    const placed = (await getCalls(otherAdmin, '?page_size=100')).data.find(
      (row) => row.call_id === outbound,
    );
    expect(placed).toMatchObject({ direction: 'CALL_OUTBOUND', to_number: '0900000044' });
    // An event naming no tenant for a Call-ID two tenants hold: refused, never guessed.
    const bare = await sendEvent(t, {
      call_id: call,
      event_id: 'bare',
      type: 'call.ended',
      at: new Date().toISOString(),
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().message).toBe('Không xác định được tổng đài của cuộc gọi');
  });
});
