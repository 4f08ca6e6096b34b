import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantSettings } from '../../db/schema/tenants.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  createQueue,
  freshCallId,
  freshHotline,
  giveSip,
  route,
  sendEvent,
  setPresence,
  sipOf,
} from '../../test/telephony.js';
import { sweepWrapUps } from './wrap-up.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
});
afterAll(() => t.close());

/** A tenant whose agent (SIP, AVAILABLE) is the only member of a queue on a fresh hotline. */
async function wrapUpTenant(settings: TenantSettings = {}) {
  const tenant = await seedTenant(t, 'Sau cuộc gọi', settings);
  await giveSip(t, tenant, ['agent', 'agent2']);
  const tokens: Record<string, string> = {};
  for (const name of ['admin', 'supervisor', 'agent', 'agent2'])
    tokens[name] = await t.login(tenant.email(name));
  await setPresence(t, tokens.agent!, 'AVAILABLE');
  const hotline = freshHotline();
  await createQueue(t, tokens.admin!, {
    name: 'Hỗ trợ',
    hotlines: [hotline],
    member_ids: [tenant.id('agent')],
  });
  return { tenant, tokens, hotline };
}

const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

/** An inbound call on the hotline rung to the agent, answered, ended `endedAgo` seconds ago. */
async function answeredCall(hotline: string, agent: string, endedAgo = 1) {
  const callId = freshCallId('acw');
  const decision = await route(t, { call_id: callId, from: '0912345678', to: hotline });
  expect(decision.action).toBe('ring');
  const base = { call_id: callId, direction: 'CALL_INBOUND', from: '0912345678', to: hotline };
  for (const event of [
    { ...base, event_id: 'a', type: 'call.answered', at: at(endedAgo + 40), agent },
    { ...base, event_id: 'e', type: 'call.ended', at: at(endedAgo), cause: 'agent_hangup' },
  ])
    expect((await sendEvent(t, event)).statusCode).toBe(200);
  const row = await t.database.pool.query<{ id: string }>(
    'select id from calls where call_id = $1',
    [callId],
  );
  return row.rows[0]!.id;
}

const callRow = async (id: string) =>
  (
    await t.database.pool.query<{ acw_seconds: number; acw_until: Date | null; talk: number }>(
      'select acw_seconds, acw_until, talk_seconds as talk from calls where id = $1',
      [id],
    )
  ).rows[0]!;

const myWrapUp = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/v2/my-wrap-up', headers: bearer(token) })).json()
    .data as { call_id: string; started_at: string; ends_at: string; seconds_left: number } | null;

const endWrapUp = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/v2/calls/${id}/wrap-up/end`, headers: bearer(token) });

describe('after-call work (wrap-up)', () => {
  it('offers no call during wrap-up; "Sẵn sàng" ends it, records its seconds and frees the agent', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant();
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 2);

    // The default 30 s from the call's end.
    const running = await myWrapUp(tokens.agent!);
    expect(running?.call_id).toBe(call);
    expect(Date.parse(running!.ends_at) - Date.parse(running!.started_at)).toBe(30_000);
    // What is left as the server counts it (the browser counts down from it, not from ends_at).
    const left = Math.ceil((Date.parse(running!.ends_at) - Date.now()) / 1000);
    expect(running!.seconds_left).toBeGreaterThanOrEqual(left);
    expect(running!.seconds_left).toBeLessThanOrEqual(Math.min(30, left + 1));

    const next = freshCallId('acw-next');
    expect((await route(t, { call_id: next, from: '0912000001', to: hotline })).action).toBe(
      'queue',
    );

    // The monitors show it as wrap-up, with its start (the browser ticks the time in it).
    const agents = await t.app.inject({
      method: 'GET',
      url: '/v2/monitors/agents',
      headers: bearer(tokens.supervisor!),
    });
    const shown = (
      agents.json().data.agents as { _id: string; presence: string; wrap_up: unknown }[]
    ).find((agent) => agent._id === tenant.id('agent'));
    expect(shown).toMatchObject({ presence: 'AVAILABLE', wrap_up: running });
    const live = await t.app.inject({
      method: 'GET',
      url: '/v2/monitors/call-monitor',
      headers: bearer(tokens.supervisor!),
    });
    expect(
      (live.json().data.calls as { _id: string; wrap_up_until: string | null }[]).find(
        (row) => row._id === call,
      ),
    ).toMatchObject({ status: 'ENDED', wrap_up_until: running!.ends_at });

    const ended = await endWrapUp(tokens.agent!, call);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      statusCode: 200,
      message: 'Đã kết thúc xử lý sau cuộc gọi',
      data: { call_id: call },
    });
    const seconds = ended.json().data.acw_seconds as number;
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(seconds).toBeLessThanOrEqual(6);
    expect(await callRow(call)).toMatchObject({ acw_seconds: seconds, acw_until: null });
    expect(await myWrapUp(tokens.agent!)).toBeNull();

    // A second click changes nothing; the call history carries the seconds.
    expect((await endWrapUp(tokens.agent!, call)).json().data).toEqual({
      call_id: call,
      acw_seconds: seconds,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v2/calls/${call}`,
      headers: bearer(tokens.admin!),
    });
    expect(detail.json().data).toMatchObject({ acw_seconds: seconds, talk_seconds: 40 });

    const again = await route(t, { call_id: next, from: '0912000001', to: hotline, attempt: 2 });
    expect(again.agent?.user_id).toBe(tenant.id('agent'));
  });

  it('ends by itself when the time runs out: routing at once, the seconds by the queued job', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant({ call_wrap_up_seconds: 3 });
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 0);
    const next = freshCallId('acw-timeout');
    expect((await route(t, { call_id: next, from: '0912000002', to: hotline })).action).toBe(
      'queue',
    );
    expect((await myWrapUp(tokens.agent!))?.call_id).toBe(call);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // No sweep needed for routing: the due time has passed.
    expect(await myWrapUp(tokens.agent!)).toBeNull();
    expect(
      (await route(t, { call_id: next, from: '0912000002', to: hotline, attempt: 2 })).agent
        ?.user_id,
    ).toBe(tenant.id('agent'));
    // The job queued for the due time (pg-boss, in PostgreSQL: it outlives a restart) records it.
    const deadline = Date.now() + 15_000;
    while ((await callRow(call)).acw_until !== null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await callRow(call)).toMatchObject({ acw_seconds: 3, acw_until: null });
  });

  it('a wrap-up whose job was lost is recorded by the minute sweep with its whole time', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant();
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 1);
    // As if the server died before queueing the due time's job and came back after it.
    await t.database.pool.query(
      `update calls set ended_at = now() - interval '45 seconds',
         acw_until = now() - interval '15 seconds' where id = $1`,
      [call],
    );
    expect(await myWrapUp(tokens.agent!)).toBeNull();
    expect(await sweepWrapUps(t.app.platform)).toBeGreaterThanOrEqual(1);
    expect(await callRow(call)).toMatchObject({ acw_seconds: 30, acw_until: null });
  });

  it('another call the agent answers ends the wrap-up of the one before', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant();
    const first = await answeredCall(hotline, sipOf(tenant, 'agent'), 5);
    expect((await myWrapUp(tokens.agent!))?.call_id).toBe(first);
    // A colleague transfers a caller straight to them (no routing): they answer.
    const direct = freshCallId('acw-direct');
    const response = await sendEvent(t, {
      call_id: direct,
      event_id: 'a',
      type: 'call.answered',
      at: at(0),
      direction: 'CALL_INBOUND',
      from: '0912000003',
      to: hotline,
      agent: sipOf(tenant, 'agent'),
    });
    expect(response.statusCode).toBe(200);
    const row = await callRow(first);
    expect(row.acw_until).toBeNull();
    expect(row.acw_seconds).toBeGreaterThanOrEqual(5);
    expect(row.acw_seconds).toBeLessThanOrEqual(9);
    expect(await myWrapUp(tokens.agent!)).toBeNull();
  });

  it('0 turns it off', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant({ call_wrap_up_seconds: 0 });
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 0);
    expect(await myWrapUp(tokens.agent!)).toBeNull();
    expect(await callRow(call)).toMatchObject({ acw_seconds: 0, acw_until: null });
    expect(
      (await route(t, { call_id: freshCallId(), from: '0912000004', to: hotline })).agent?.user_id,
    ).toBe(tenant.id('agent'));
  });

  it('only the agent of the call ends its wrap-up: a colleague or another tenant gets 404', async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant();
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 1);
    const other = await wrapUpTenant();
    for (const token of [other.tokens.agent!, other.tokens.admin!, tokens.agent2!, tokens.admin!]) {
      const refused = await endWrapUp(token, call);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy cuộc gọi' });
    }
    expect((await myWrapUp(tokens.agent!))?.call_id).toBe(call);
    expect(await myWrapUp(other.tokens.agent!)).toBeNull();
    expect((await callRow(call)).acw_until).not.toBeNull();

    const malformed = await endWrapUp(tokens.agent!, 'not-a-call');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual([{ param: 'id', message: 'Không tìm thấy cuộc gọi' }]);
  });

  it("a supervisor ends an agent's wrap-up from the agents monitor: routing offers at once, audited", async () => {
    const { tenant, tokens, hotline } = await wrapUpTenant();
    const call = await answeredCall(hotline, sipOf(tenant, 'agent'), 3);
    const endOf = (token: string, userId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/monitors/agents/${userId}/wrap-up/end`,
        headers: bearer(token),
      });
    // Nobody below a supervisor, nor another tenant's supervisor, ends it.
    const other = await wrapUpTenant();
    expect((await endOf(tokens.agent2!, tenant.id('agent'))).statusCode).toBe(401);
    const elsewhere = await endOf(other.tokens.supervisor!, tenant.id('agent'));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Không tìm thấy nhân viên');
    expect((await myWrapUp(tokens.agent!))?.call_id).toBe(call);

    const ended = await endOf(tokens.supervisor!, tenant.id('agent'));
    expect(ended.json()).toEqual({
      statusCode: 200,
      message: 'Đã kết thúc xử lý sau cuộc gọi của nhân viên',
      data: { _id: tenant.id('agent'), ended: 1 },
    });
    expect(await myWrapUp(tokens.agent!)).toBeNull();
    const row = await callRow(call);
    expect(row.acw_until).toBeNull();
    expect(row.acw_seconds).toBeGreaterThanOrEqual(3);
    const offered = await route(t, {
      call_id: freshCallId('acw-sup'),
      from: '0912000002',
      to: hotline,
    });
    expect(offered.agent?.user_id).toBe(tenant.id('agent'));
    const audited = async () =>
      (
        await t.database.pool.query<{ actor_id: string; action: string }>(
          `select actor_id, action from audit_log where tenant_id = $1 and entity = 'user'
             and entity_id = $2 and action = 'wrap_up_end'`,
          [tenant.tenantId, tenant.id('agent')],
        )
      ).rows;
    expect(await audited()).toEqual([{ actor_id: tenant.id('supervisor'), action: 'wrap_up_end' }]);

    // Nothing running any more: answered, nothing more recorded.
    expect((await endOf(tokens.supervisor!, tenant.id('agent'))).json().data).toEqual({
      _id: tenant.id('agent'),
      ended: 0,
    });
    expect(await audited()).toHaveLength(1);
  });

  it('the tenant setting takes 0 to 600 seconds (422 in Vietnamese otherwise)', async () => {
    const { tokens } = await wrapUpTenant();
    const config = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/tenant/config',
        headers: bearer(tokens.admin!),
      })
    ).json().data as Record<string, unknown>;
    expect(config.call_wrap_up_seconds).toBe(30);
    const put = (value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/v2/tenant/config',
        headers: bearer(tokens.admin!),
        payload: {
          name: config.name,
          time_zone: config.time_zone,
          data_scopes: config.data_scopes,
          call_wrap_up_seconds: value,
        },
      });
    const tooLong = await put(601);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([
      {
        param: 'call_wrap_up_seconds',
        message: 'Thời gian xử lý sau cuộc gọi tối đa 600 giây',
      },
    ]);
    expect((await put('abc')).json().errors).toEqual([
      { param: 'call_wrap_up_seconds', message: 'Thời gian xử lý sau cuộc gọi không hợp lệ' },
    ]);
    const saved = await put(45);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.call_wrap_up_seconds).toBe(45);
  });
});
