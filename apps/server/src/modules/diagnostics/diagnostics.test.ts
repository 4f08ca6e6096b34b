import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let agent: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.login('agent@demo.vn');
  admin = await t.login('admin@demo.vn');
});
afterAll(() => t.close());

const events = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'sip', seq: i }));

describe('diagnostics', () => {
  it('stores a call-error trace with identity taken from the session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/trace-call-error',
      headers: bearer(agent),
      payload: {
        log: {
          created_at: new Date().toISOString(),
          cause: 'Canceled',
          tenant_id: 'forged-tenant',
          call_ids: ['abc'],
          sip_events: events(50),
          ws_events: events(50),
          device: 'web',
          version: '10',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v2/diagnostics?kind=trace_call_error',
      headers: bearer(admin),
    });
    expect(listed.statusCode).toBe(200);
    const [latest] = listed.json().data;
    expect(latest.payload.cause).toBe('Canceled');
    expect(latest.payload.tenant_id).not.toBe('forged-tenant');
    expect(latest.payload.sip_events).toHaveLength(50);
  });

  it('refuses more than 50 SIP or WebSocket events', async () => {
    for (const key of ['sip_events', 'ws_events']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/trace-call-error',
        headers: bearer(agent),
        payload: { log: { [key]: events(51) } },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        { param: `log.${key}`, message: `${key} tối đa 50 sự kiện` },
      ]);
    }
  });

  it('refuses an oversized body with 413 before parsing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/trace-disconnected',
      headers: bearer(agent),
      payload: { logs: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Dữ liệu gửi lên quá lớn');
  });

  it('stores disconnect logs for a signed-in user only', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v2/trace-disconnected',
      headers: bearer(agent),
      payload: { logs: [{ event: 'disconnected' }] },
    });
    expect(ok.statusCode).toBe(201);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v2/trace-disconnected',
      payload: { logs: [] },
    });
    expect(anonymous.statusCode).toBe(403);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/v2/trace-disconnected',
      headers: bearer(agent),
      payload: { logs: events(201) },
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('takes client error batches with or without a session, at most 50 at a time', async () => {
    const report = {
      kind: 'network',
      message: 'Lỗi kết nối mạng',
      url: '/v2/x',
      at: new Date().toISOString(),
    };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      payload: { errors: [report] },
    });
    expect(anonymous.statusCode).toBe(201);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      headers: bearer(agent),
      payload: { errors: [report, report] },
    });
    expect(signedIn.statusCode).toBe(201);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      payload: { errors: Array(51).fill(report) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[0]).toEqual({
      param: 'errors',
      message: 'Tối đa 50 lỗi mỗi lần gửi',
    });

    const listed = await t.app.inject({
      method: 'GET',
      url: '/v2/diagnostics?kind=client_error',
      headers: bearer(admin),
    });
    // Only the signed-in batch belongs to the tenant; the anonymous one has none.
    expect(listed.json().total).toBe(2);
  });

  it('lists diagnostics to administrators of the same tenant only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/diagnostics', headers: bearer(agent) }))
        .statusCode,
    ).toBe(401);
    const other = await t.login('admin@other.vn');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v2/diagnostics',
      headers: bearer(other),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(0);
  });
});
