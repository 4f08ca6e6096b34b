import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  eventOf,
  freshCallId,
  sendEvent,
  type Tenant,
  switchboardTenant,
} from '../../test/telephony.js';

/** GET /v2/calls?customer_id=: one customer's calls (the customer panel and page). */
let t: TestApp;
let tenant: Tenant;
let admin: string;
let customerId: string;
const phone = '0933444555';

const get = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/v2/calls${query}`, headers: bearer(token) });

async function play(callId: string, events: [string, number, Record<string, unknown>?][]) {
  for (const [type, offset, extra] of events) {
    const response = await sendEvent(t, eventOf(callId, type, offset, extra));
    expect(response.statusCode, response.body).toBe(200);
  }
}

let byAgent: string;
let byAgent2: string;
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
  let hotline: string;
  let customer: { _id: string };
  ({ tenant, admin, hotline, customer } = await switchboardTenant(
    t,
    'Cuộc gọi của khách',
    (own) => ({
      name: 'Trần Thị Khách',
      phones: [{ phone, is_primary: true }],
      // The agent owns the customer: within their scope ('me'), agent2's is not.
      owner_id: own.id('agent'),
    }),
  ));
  customerId = customer._id;
  byAgent = freshCallId('panel');
  byAgent2 = freshCallId('panel');
  const stranger = freshCallId('panel');
  const inbound = (from: string) => ({ direction: 'CALL_INBOUND', from, to: hotline });
  await play(byAgent, [
    ['call.started', 0, inbound(phone)],
    ['call.answered', 3, { agent: 'G1' }],
    ['call.ended', 60, {}],
  ]);
  await play(byAgent2, [
    ['call.started', 100, inbound(phone)],
    ['call.answered', 103, { agent: 'G2' }],
    ['call.ended', 130, {}],
  ]);
  // Another caller: not this customer's.
  await play(stranger, [
    ['call.started', 200, inbound('0933444666')],
    ['call.answered', 203, { agent: 'G1' }],
    ['call.ended', 230, {}],
  ]);
});
afterAll(() => t.close());

describe('calls of one customer', () => {
  it("lists the customer's calls only, newest first", async () => {
    const response = await get(admin, `?customer_id=${customerId}&page_size=10`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      total: number;
      data: { call_id: string; customer: { _id: string } }[];
    };
    expect(body.data.map((call) => call.call_id)).toEqual([byAgent2, byAgent]);
    expect(body.total).toBe(2);
    expect(body.data.every((call) => call.customer._id === customerId)).toBe(true);
  });

  it("keeps the caller's call scope: the owning agent sees their own calls of the customer", async () => {
    const agent = await t.login(tenant.email('agent'));
    const response = await get(agent, `?customer_id=${customerId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((call: { call_id: string }) => call.call_id)).toEqual([
      byAgent,
    ]);
  });

  it("is 404 for a customer outside the caller's customer scope", async () => {
    const agent2 = await t.login(tenant.email('agent2'));
    const response = await get(agent2, `?customer_id=${customerId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      message: 'Không tìm thấy khách hàng',
    });
    const exported = await get(agent2, `/export?customer_id=${customerId}`);
    expect(exported.statusCode).toBe(404);
  });

  it("is 404 for another tenant's customer, which reveals nothing", async () => {
    const other = await seedTenant(t, 'Tổng đài khác');
    const stranger = await t.login(other.email('admin'));
    const response = await get(stranger, `?customer_id=${customerId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Không tìm thấy khách hàng');
    expect(response.json().data).toBeUndefined();
  });

  it('refuses a malformed customer id with 422 on the field', async () => {
    const response = await get(admin, '?customer_id=khong-phai-id');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { param: 'customer_id', message: 'Khách hàng không hợp lệ' },
    ]);
  });
});
