import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORD_PRESENCE_EVENTS,
  type RecordChanged,
} from '@omnicare/shared/realtime/record-presence';
import { domainEvents } from '../../db/schema/outbox.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  GATEWAY_SECRET,
  eventOf,
  freshCallId,
  sendEvent,
  sipOf,
  type Tenant,
  switchboardTenant,
} from '../../test/telephony.js';

/**
 * A call without a ticket (its ticket deleted) gets one from the call history: POST
 * /v2/calls/{id}/ticket makes a new one ('Tạo ticket'), PUT attaches it to a ticket the caller
 * may see ('Gắn vào ticket'); GET /v2/calls/{id} shows the call with its events.
 */
let t: TestApp;
let url: string;
let tenant: Tenant;
let admin: string;
let agent: string;
let agent2: string;
let hotline: string;
let customer: { _id: string };
const phone = '0977123456';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ tenant, admin, hotline, customer } = await switchboardTenant(t, 'Ticket của cuộc gọi', () => ({
    name: 'Lê Thị Gọi',
    phones: [{ phone, is_primary: true }],
  })));
  agent = await t.login(tenant.email('agent'));
  agent2 = await t.login(tenant.email('agent2'));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: path,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

/**
 * An inbound call from `from` answered by `agentName` (ended after 75 s of talk), whose
 * automatic ticket an administrator then deleted: a call without a ticket. Answers its id.
 */
async function callWithoutTicket(from = phone, agentName = 'agent') {
  const callId = freshCallId('no-ticket');
  const base = Date.now() - 3_600_000;
  for (const [type, offset, extra] of [
    ['call.started', 0, { direction: 'CALL_INBOUND', from, to: hotline }],
    ['call.ringing', 2, { agent: sipOf(tenant, agentName) }],
    ['call.answered', 5, { agent: sipOf(tenant, agentName) }],
    ['call.ended', 80, { cause: 'agent_hangup' }],
  ] as const) {
    const sent = await sendEvent(t, eventOf(callId, type, offset, extra, base));
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const listed = await inject('GET', `/v2/calls?number=${from}&page_size=100`, admin);
  const row = (listed.json().data as { _id: string; call_id: string; ticket: { _id: string } }[])
    .filter((call) => call.call_id === callId)
    .at(0);
  if (!row?.ticket) throw new Error(`no call ${callId} with its ticket`);
  const removed = await inject('DELETE', `/v2/tickets/${row.ticket._id}`, admin);
  expect(removed.statusCode, removed.body).toBe(200);
  const call = await inject('GET', `/v2/calls/${row._id}`, admin);
  expect(call.json().data.ticket).toBeNull();
  return row._id;
}

const ticketOf = async (token: string, id: string) =>
  (await inject('GET', `/v2/tickets/${id}`, token)).json().data;
const callsOfTicket = async (ticketId: string) =>
  (
    (await inject('GET', `/v2/calls?ticket_id=${ticketId}`, admin)).json().data as { _id: string }[]
  ).map((call) => call._id);
const activitiesOf = async (ticketId: string) =>
  (
    (await inject('GET', `/v2/tickets/${ticketId}/activities`, admin)).json().data as {
      kind: string;
      actor: { _id: string } | null;
      objects: string[];
    }[]
  ).map((entry) => ({ kind: entry.kind, actor: entry.actor?._id ?? null, objects: entry.objects }));

describe('a call in detail', () => {
  it('shows the call with its events in the order they happened, agents by name', async () => {
    const id = await callWithoutTicket();
    const response = await inject('GET', `/v2/calls/${id}`, agent);
    expect(response.statusCode, response.body).toBe(200);
    const call = response.json().data;
    expect(call).toMatchObject({
      _id: id,
      direction: 'CALL_INBOUND',
      from_number: phone,
      customer: { _id: customer._id, name: 'Lê Thị Gọi' },
      agent: { _id: tenant.id('agent'), name: 'Chuyên Viên Một' },
      talk_seconds: 75,
      wait_seconds: 5,
      result: 'answered',
      ticket: null,
    });
    const agentRef = { _id: tenant.id('agent'), name: 'Chuyên Viên Một' };
    expect(call.events).toEqual([
      expect.objectContaining({ type: 'call.started', leg: 1, agent: null, cause: null }),
      expect.objectContaining({ type: 'call.ringing', agent: agentRef }),
      expect.objectContaining({ type: 'call.answered', agent: agentRef }),
      expect.objectContaining({ type: 'call.ended', agent: null, cause: 'agent_hangup' }),
    ]);
    expect(Date.parse(call.events[3].at) - Date.parse(call.events[0].at)).toBe(80_000);
  });
});

describe("'Tạo ticket': POST /v2/calls/{id}/ticket", () => {
  it("makes the call's ticket as the automatic one would, by the agent, and links them", async () => {
    const id = await callWithoutTicket();
    const response = await inject('POST', `/v2/calls/${id}/ticket`, agent);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    const ticket = body.data.ticket as { _id: string; code: string };
    expect(body.message).toBe(`Đã tạo ticket ${ticket.code} cho cuộc gọi`);
    expect(body.data.ticket_subject).toBe('Cuộc gọi từ 0977 123 456');
    expect(body.data.call_info.ticketId).toBe(ticket._id);
    expect(body.data.events).toHaveLength(4);
    // Requester the customer owning the number, source as call tickets, made by the agent (theirs).
    expect(await ticketOf(agent, ticket._id)).toMatchObject({
      subject: 'Cuộc gọi từ 0977 123 456',
      source: 'CALL_INBOUND',
      requester: { _id: customer._id },
      created_by: { _id: tenant.id('agent') },
      assignee: { _id: tenant.id('agent') },
    });
    expect(await callsOfTicket(ticket._id)).toEqual([id]);
    // The ticket's history: made, then the call attached, by the agent.
    const activities = await activitiesOf(ticket._id);
    expect(activities).toContainEqual({
      kind: 'ticket.call_link',
      actor: tenant.id('agent'),
      objects: ['Cuộc gọi từ 0977 123 456 · Đã trả lời · 01:15'],
    });
    expect(activities.some((entry) => entry.kind === 'ticket.create')).toBe(true);
    const events = await t.database.db
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(eq(domainEvents.tenantId, tenant.tenantId), eq(domainEvents.aggregateId, ticket._id)),
      )
      .orderBy(asc(domainEvents.id));
    expect(events.map((event) => event.type)).toEqual(['ticket.created', 'ticket.call_linked']);
    expect(events[1]?.payload).toEqual({ call_id: id });
  });

  it('a supervisor makes it for the agent who answered: the ticket goes to that agent', async () => {
    const id = await callWithoutTicket();
    const supervisor = await t.login(tenant.email('supervisor'));
    const response = await inject('POST', `/v2/calls/${id}/ticket`, supervisor);
    expect(response.statusCode, response.body).toBe(201);
    expect(await ticketOf(admin, response.json().data.ticket._id)).toMatchObject({
      created_by: { _id: tenant.id('supervisor') },
      assignee: { _id: tenant.id('agent') },
    });
  });

  it('an unknown number: a ticket without requester, no customer made', async () => {
    const id = await callWithoutTicket('0977000111');
    const response = await inject('POST', `/v2/calls/${id}/ticket`, agent);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.customer).toBeNull();
    expect(await ticketOf(agent, response.json().data.ticket._id)).toMatchObject({
      subject: 'Cuộc gọi từ 0977 000 111',
      requester: null,
    });
  });
});

describe("'Gắn vào ticket': PUT /v2/calls/{id}/ticket", () => {
  it("attaches the call to the agent's ticket; the ticket's viewers hear of it", async () => {
    const id = await callWithoutTicket();
    const made = await inject('POST', '/v2/tickets', agent, { subject: 'Khách hỏi về hóa đơn' });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json().data as { _id: string; code: string };

    const socket = connect(url, { auth: { token: admin }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    expect(
      await socket.emitWithAck(RECORD_PRESENCE_EVENTS.join, { kind: 'ticket', id: ticket._id }),
    ).toEqual({ ok: true });
    const heard = new Promise<RecordChanged>((resolve) =>
      socket.on(RECORD_PRESENCE_EVENTS.changed, (change: RecordChanged) => {
        if (change.fields.includes('call_linked')) resolve(change);
      }),
    );

    const response = await inject('PUT', `/v2/calls/${id}/ticket`, agent, {
      ticket_id: ticket._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: `Đã gắn cuộc gọi vào ticket ${ticket.code}`,
      data: {
        _id: id,
        ticket: { _id: ticket._id, code: ticket.code },
        ticket_subject: 'Khách hỏi về hóa đơn',
        call_info: { ticketId: ticket._id },
      },
    });
    expect(await callsOfTicket(ticket._id)).toEqual([id]);
    expect(await heard).toMatchObject({
      kind: 'ticket',
      id: ticket._id,
      by: { user_id: tenant.id('agent'), name: 'Chuyên Viên Một' },
      fields: ['call_linked'],
    });
    expect(await activitiesOf(ticket._id)).toContainEqual({
      kind: 'ticket.call_link',
      actor: tenant.id('agent'),
      objects: ['Cuộc gọi từ 0977 123 456 · Đã trả lời · 01:15'],
    });
  });

  it('a call that already has a ticket is refused (409) by both, and keeps its ticket', async () => {
    const id = await callWithoutTicket();
    const first = await inject('POST', `/v2/calls/${id}/ticket`, agent);
    expect(first.statusCode, first.body).toBe(201);
    const kept = first.json().data.ticket._id;
    const other = (await inject('POST', '/v2/tickets', agent, { subject: 'Ticket khác' })).json()
      .data._id;
    for (const response of [
      await inject('POST', `/v2/calls/${id}/ticket`, agent),
      await inject('PUT', `/v2/calls/${id}/ticket`, agent, { ticket_id: other }),
    ])
      expect(response.json()).toEqual({ statusCode: 409, message: 'Cuộc gọi đã có ticket' });
    expect((await inject('GET', `/v2/calls/${id}`, agent)).json().data.ticket._id).toBe(kept);
    expect(await callsOfTicket(other)).toEqual([]);
  });

  it('a closed ticket takes a call only from an administrator', async () => {
    const id = await callWithoutTicket();
    const made = await inject('POST', '/v2/tickets', agent, { subject: 'Đã xong' });
    const ticketId = made.json().data._id as string;
    const closed = await inject('PUT', `/v2/tickets/${ticketId}`, agent, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await inject('PUT', `/v2/calls/${id}/ticket`, agent, { ticket_id: ticketId });
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi',
      errors: [{ param: 'ticket_id', message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi' }],
    });
    const byAdmin = await inject('PUT', `/v2/calls/${id}/ticket`, admin, { ticket_id: ticketId });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('who may', () => {
  it('an agent who cannot see the call gets 404 from both, and nothing changes', async () => {
    const id = await callWithoutTicket();
    const theirs = (await inject('POST', '/v2/tickets', agent2, { subject: 'Của agent2' })).json()
      .data._id;
    for (const response of [
      await inject('POST', `/v2/calls/${id}/ticket`, agent2),
      await inject('PUT', `/v2/calls/${id}/ticket`, agent2, { ticket_id: theirs }),
    ])
      expect(response.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy cuộc gọi' });
    expect((await inject('GET', `/v2/calls/${id}`, admin)).json().data.ticket).toBeNull();
  });

  it('an agent may not attach the call to a ticket they cannot see (404, revealing nothing)', async () => {
    const id = await callWithoutTicket();
    // The administrator's ticket, unassigned: outside the agent's scope (their own tickets).
    const hidden = (await inject('POST', '/v2/tickets', admin, { subject: 'Của quản trị' })).json()
      .data._id;
    const response = await inject('PUT', `/v2/calls/${id}/ticket`, agent, { ticket_id: hidden });
    expect(response.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy ticket' });
    expect((await inject('GET', `/v2/calls/${id}`, admin)).json().data.ticket).toBeNull();
    expect(await callsOfTicket(hidden)).toEqual([]);
  });

  it("shows the call's ticket subject only to those who may see the ticket", async () => {
    const id = await callWithoutTicket();
    // The administrator attaches the agent's call to a ticket of their own, outside the agent's scope.
    const hidden = (
      await inject('POST', '/v2/tickets', admin, {
        subject: 'Hợp đồng mật',
        assignee_id: tenant.id('admin'),
      })
    ).json().data._id;
    const attached = await inject('PUT', `/v2/calls/${id}/ticket`, admin, { ticket_id: hidden });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.ticket_subject).toBe('Hợp đồng mật');
    const seen = await inject('GET', `/v2/calls/${id}`, agent);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.ticket_subject).toBeNull();
    expect(seen.body).not.toContain('Hợp đồng mật');
    const list = await inject('GET', `/v2/calls?page=1&page_size=50`, agent);
    expect(list.body).not.toContain('Hợp đồng mật');
  });

  it("another tenant's call or ticket is 404", async () => {
    const id = await callWithoutTicket();
    const other = await seedTenant(t, 'Tổng đài khác');
    const stranger = await t.login(other.email('admin'));
    const foreignTicket = (
      await inject('POST', '/v2/tickets', stranger, { subject: 'Ticket tenant khác' })
    ).json().data._id;
    const ours = (await inject('POST', '/v2/tickets', admin, { subject: 'Của tenant này' })).json()
      .data._id;
    const call404 = { statusCode: 404, message: 'Không tìm thấy cuộc gọi' };
    expect((await inject('POST', `/v2/calls/${id}/ticket`, stranger)).json()).toEqual(call404);
    expect(
      (await inject('PUT', `/v2/calls/${id}/ticket`, stranger, { ticket_id: ours })).json(),
    ).toEqual(call404);
    expect(
      (await inject('PUT', `/v2/calls/${id}/ticket`, admin, { ticket_id: foreignTicket })).json(),
    ).toEqual({ statusCode: 404, message: 'Không tìm thấy ticket' });
    expect((await inject('GET', `/v2/calls/${id}`, admin)).json().data.ticket).toBeNull();
  });

  it('bad ids and bodies are 422 on the field', async () => {
    const id = await callWithoutTicket();
    const badCall = {
      statusCode: 422,
      errors: [{ param: 'id', message: 'Không tìm thấy cuộc gọi' }],
    };
    expect((await inject('POST', '/v2/calls/khong-phai-id/ticket', admin)).json()).toMatchObject(
      badCall,
    );
    expect(
      (await inject('PUT', '/v2/calls/khong-phai-id/ticket', admin, { ticket_id: id })).json(),
    ).toMatchObject(badCall);
    const badTicket = {
      statusCode: 422,
      errors: [{ param: 'ticket_id', message: 'Ticket không hợp lệ' }],
    };
    for (const payload of [{ ticket_id: '123' }, { ticket_id: 42 }, {}])
      expect(
        (await inject('PUT', `/v2/calls/${id}/ticket`, admin, payload)).json(),
        JSON.stringify(payload),
      ).toMatchObject(badTicket);
    // A ticket id of nobody's ticket.
    expect(
      (
        await inject('PUT', `/v2/calls/${id}/ticket`, admin, {
          ticket_id: '00000000-0000-4000-8000-000000000000',
        })
      ).json(),
    ).toEqual({ statusCode: 404, message: 'Không tìm thấy ticket' });
  });
});
