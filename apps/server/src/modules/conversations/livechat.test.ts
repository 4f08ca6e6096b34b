import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LIVECHAT_EVENTS,
  LIVECHAT_MESSAGES as M,
  LIVECHAT_NAMESPACE,
  VISITOR_TOKEN_HEADER,
} from '@omnicare/shared/conversations/livechat.schemas';
import { CONVERSATION_EVENTS } from '@omnicare/shared/conversations/conversations.schemas';
import { MESSAGE_DELIVERY_FIELD } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { RECORD_PRESENCE_EVENTS } from '@omnicare/shared/realtime/record-presence';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
const delivered = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const SITE = 'https://shop.example';
type Method = 'GET' | 'POST' | 'PUT';
const staff = (token: string, method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
/** Each test's visitors come from an address of their own (the per-IP limits are one test's). */
let visitorAddress = '10.0.0.1';
const widget = (
  method: Method,
  path: string,
  options: { token?: string; origin?: string; payload?: object } = {},
) =>
  t.app.inject({
    method,
    url: path,
    remoteAddress: visitorAddress,
    headers: {
      origin: options.origin ?? SITE,
      ...(options.token ? { [VISITOR_TOKEN_HEADER]: options.token } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

let addresses = 1;
beforeEach(() => {
  visitorAddress = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;
});

/** A tenant with a livechat channel on the department 'CSKH' (agent and agent2 in it). */
async function setup(pre_chat = { name: 'required', phone: 'optional', email: 'optional' }) {
  const tenant = await seedTenant(t, 'Livechat');
  const admin = await t.login(tenant.email('admin'));
  const agent = await t.login(tenant.email('agent'));
  const agent2 = await t.login(tenant.email('agent2'));
  const department = await staff(admin, 'POST', '/v2/group', {
    target: 'user',
    name: 'CSKH',
    member_ids: [tenant.id('agent'), tenant.id('agent2')],
  });
  expect(department.statusCode, department.body).toBe(201);
  const channel = await staff(admin, 'POST', '/v2/channels', {
    kind: 'livechat',
    name: 'Website',
    group_id: department.json().data._id,
    settings: { allowed_domains: ['shop.example'], pre_chat },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  const channelId = channel.json().data._id as string;
  return { tenant, admin, agent, agent2, channelId, base: `/v2/livechat/${channelId}` };
}

async function startVisitor(base: string, body: object = { name: 'Lan', phone: '0903123456' }) {
  const started = await widget('POST', `${base}/visitors`, { payload: body });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().data.visitor_token as string;
}

describe('livechat widget endpoints', () => {
  it('refuses another site and an unknown channel, and says offline with nobody AVAILABLE', async () => {
    const { base, agent } = await setup();
    const refused = await widget('GET', `${base}/config`, { origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.originRefused);
    const unknown = await widget('GET', '/v2/livechat/00000000-0000-4000-8000-000000000000/config');
    expect(unknown.statusCode).toBe(404);
    const offline = await widget('GET', `${base}/config`);
    expect(offline.statusCode, offline.body).toBe(200);
    expect(offline.headers['access-control-allow-origin']).toBe(SITE);
    expect(offline.json().data).toMatchObject({ online: false, title: 'Hỗ trợ trực tuyến' });
    await staff(agent, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    expect((await widget('GET', `${base}/config`)).json().data.online).toBe(true);
  });

  it('limits sign-ups per address: the 11th in a minute is refused', async () => {
    const { base } = await setup({ name: 'optional', phone: 'optional', email: 'optional' });
    for (let n = 0; n < 10; n++)
      expect((await widget('POST', `${base}/visitors`, { payload: {} })).statusCode).toBe(201);
    expect((await widget('POST', `${base}/visitors`, { payload: {} })).statusCode).toBe(429);
  });

  it('asks the required pre-chat fields and matches the customer by phone', async () => {
    const { base, admin } = await setup({ name: 'required', phone: 'required', email: 'hidden' });
    const missing = await widget('POST', `${base}/visitors`, { payload: { name: 'Lan' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toEqual({ param: 'phone', message: M.phoneRequired });
    await startVisitor(base, { name: 'Lan', phone: '0903 123 456' });
    await startVisitor(base, { name: 'Lan khác', phone: '+84903123456' });
    const customers = await staff(admin, 'GET', '/v2/customers?keyword=0903123456');
    expect(customers.json().data).toHaveLength(1);
  });

  it('writes a resent message once, routes the conversation to an AVAILABLE agent, and lists it with its unread count', async () => {
    const { base, agent, agent2, tenant } = await setup();
    await staff(agent2, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    const token = await startVisitor(base);
    const message = { client_message_id: 'c-1', body: 'Cho mình hỏi đơn hàng <b>#12</b>' };
    const first = await widget('POST', `${base}/messages`, { token, payload: message });
    const again = await widget('POST', `${base}/messages`, { token, payload: message });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(first.json().data).toMatchObject({ direction: 'in', body: message.body, kind: 'text' });

    const conversation = await widget('GET', `${base}/conversation`, { token });
    expect(conversation.json().data.messages).toHaveLength(1);
    await expect
      .poll(
        async () => (await widget('GET', `${base}/conversation`, { token })).json().data,
        delivered,
      )
      .toMatchObject({ status: 'open', agent: { name: 'Chuyên Viên Hai' } });

    let row:
      | { _id: string; unread: number; assignee: { _id: string } | null; last_message: unknown }
      | undefined;
    await expect
      .poll(async () => {
        const listed = await staff(agent2, 'GET', '/v2/conversations?box=mine');
        row = listed.json().data[0];
        return row?.last_message;
      }, delivered)
      .toMatchObject({ author_type: 'customer', preview: message.body });
    expect(row).toMatchObject({ unread: 1, assignee: { _id: tenant.id('agent2') } });
    // The visitor's new customer is the assignee's now: the panel beside the chat shows them.
    const customerId = (row as unknown as { customer: { _id: string } }).customer._id;
    await expect
      .poll(
        async () => (await staff(agent2, 'GET', `/v2/customers/${customerId}`)).statusCode,
        delivered,
      )
      .toBe(200);
    const counts = (await staff(agent2, 'GET', '/v2/conversations?box=mine')).json().unread;
    expect(counts.mine).toBe(1);
    await staff(agent2, 'PUT', `/v2/conversations/${row!._id}/read`);
    const read = await staff(agent2, 'GET', '/v2/conversations?box=mine');
    expect(read.json().data[0].unread).toBe(0);
    // NOT AVAILABLE agent got nothing.
    expect((await staff(agent, 'GET', '/v2/conversations?box=mine')).json().data).toHaveLength(0);
  });

  it('opens one conversation for a new visitor whose first messages arrive together', async () => {
    const { base, tenant } = await setup();
    const token = await startVisitor(base);
    const sends = await Promise.all(
      ['a', 'b', 'c', 'a'].map((id) =>
        widget('POST', `${base}/messages`, {
          token,
          payload: { client_message_id: id, body: `Tin ${id}` },
        }),
      ),
    );
    expect(sends.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const conversation = await widget('GET', `${base}/conversation`, { token });
    expect(conversation.json().data.messages).toHaveLength(3);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from tickets where tenant_id = $1 and source = 'chat'`,
      [tenant.tenantId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('opens one conversation for a new visitor whose first messages reach two instances at once', async () => {
    const { base, admin } = await setup();
    const other = await createTestApp();
    try {
      const token = await startVisitor(base);
      const sendTo = (app: TestApp, id: string) =>
        app.app.inject({
          method: 'POST',
          url: `${base}/messages`,
          remoteAddress: visitorAddress,
          headers: { origin: SITE, [VISITOR_TOKEN_HEADER]: token },
          payload: { client_message_id: id, body: `Tin ${id}` },
        });
      // Both instances warm (their channel and visitor lookups made once), then at once.
      for (const app of [t, other])
        expect(
          (
            await app.app.inject({
              method: 'GET',
              url: `${base}/conversation`,
              remoteAddress: visitorAddress,
              headers: { origin: SITE, [VISITOR_TOKEN_HEADER]: token },
            })
          ).statusCode,
        ).toBe(200);
      const sent = await Promise.all([sendTo(t, 'i1'), sendTo(other, 'i2'), sendTo(t, 'i3')]);
      expect(sent.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const rows = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data;
      expect(rows).toHaveLength(1);
      const messages = (await widget('GET', `${base}/conversation`, { token })).json().data
        .messages as { client_message_id: string }[];
      expect(messages.map((message) => message.client_message_id).sort()).toEqual([
        'i1',
        'i2',
        'i3',
      ]);
    } finally {
      await other.close();
    }
  });

  it("opens only the visitor's own conversation, and not another tenant's channel", async () => {
    const one = await setup();
    const other = await setup();
    const mine = await startVisitor(one.base);
    await widget('POST', `${one.base}/messages`, {
      token: mine,
      payload: { client_message_id: 'a', body: 'Riêng tư' },
    });
    const stranger = await startVisitor(one.base, { name: 'Người khác' });
    const theirs = await widget('GET', `${one.base}/conversation`, { token: stranger });
    expect(theirs.json().data).toMatchObject({ status: 'none', messages: [] });
    const crossed = await widget('GET', `${other.base}/conversation`, { token: mine });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().message).toBe(M.visitorExpired);
    const noToken = await widget('GET', `${one.base}/conversation`);
    expect(noToken.statusCode).toBe(401);
  });

  it('carries the agent reply to the visitor socket and the visitor message to the agent, live', async () => {
    const { base, channelId, agent } = await setup();
    await staff(agent, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    const token = await startVisitor(base);
    const staffSocket = connect(url, {
      auth: { token: agent },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(staffSocket);
    await next(staffSocket, 'connect');
    const visitorSocket = connect(`${url}${LIVECHAT_NAMESPACE}`, {
      auth: { channel_id: channelId, visitor_token: token },
      // Its own connection (not the staff socket's), with the page's origin as a browser sends.
      forceNew: true,
      extraHeaders: { origin: SITE },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(visitorSocket);
    await next(visitorSocket, 'connect');

    const upserted = next<{ _id: string; customer: { name: string } }>(
      staffSocket,
      CONVERSATION_EVENTS.upsert,
    );
    const ack = await visitorSocket.emitWithAck(LIVECHAT_EVENTS.send, {
      client_message_id: 'live-1',
      body: 'Xin chào',
    });
    expect(ack).toMatchObject({ ok: true, message: { body: 'Xin chào', direction: 'in' } });
    const row = await upserted;

    expect(row.customer.name).toBe('Lan');

    // The visitor's own message reaches their other tabs too; the team's is the one after.
    const reply = new Promise<{ body: string; direction: string; author_name: string }>((resolve) =>
      visitorSocket.on(LIVECHAT_EVENTS.message, (message: { direction: string }) => {
        if (message.direction === 'out') resolve(message as never);
      }),
    );
    const sent = await staff(agent, 'POST', `/v2/tickets/${row._id}/comments`, {
      body: 'Dạ em chào chị <3',
      public: true,
      format: 'text',
      client_message_id: 'agent-1',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ body_format: 'text', delivery: { state: 'sent' } });
    expect(await reply).toMatchObject({
      body: 'Dạ em chào chị <3',
      direction: 'out',
      author_name: 'Chuyên Viên Một',
    });
    const bad = await visitorSocket.emitWithAck(LIVECHAT_EVENTS.send, { body: '' });
    expect(bad).toMatchObject({ ok: false });
  });

  it('moves an open widget from a closed conversation to the one its next message opens', async () => {
    const { base, channelId, admin } = await setup();
    const token = await startVisitor(base);
    const visitorSocket = connect(`${url}${LIVECHAT_NAMESPACE}`, {
      auth: { channel_id: channelId, visitor_token: token },
      forceNew: true,
      extraHeaders: { origin: SITE },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(visitorSocket);
    await next(visitorSocket, 'connect');
    const heard: string[] = [];
    visitorSocket.on(LIVECHAT_EVENTS.message, (message: { direction: string; body: string }) => {
      if (message.direction === 'out') heard.push(message.body);
    });
    const send = async (id: string, body: string) => {
      const sent = await widget('POST', `${base}/messages`, {
        token,
        payload: { client_message_id: id, body },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return (await widget('GET', `${base}/conversation`, { token })).json().data;
    };
    const reply = async (ticketId: string, body: string) => {
      const sent = await staff(admin, 'POST', `/v2/tickets/${ticketId}/comments`, {
        body,
        public: true,
        format: 'text',
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    // The REST send opened the conversation: the already open widget hears its replies.
    await send('f1', 'Lần đầu');
    const first = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0]._id;
    await reply(first, 'Trả lời lần đầu');
    await expect.poll(() => heard, delivered).toEqual(['Trả lời lần đầu']);
    const closed = await staff(admin, 'PUT', `/v2/tickets/${first}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);

    await send('f2', 'Lần hai');
    const rows = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data;
    const second = rows.find((row: { _id: string }) => row._id !== first)._id;
    await reply(second, 'Trả lời lần hai');
    await expect.poll(() => heard, delivered).toContain('Trả lời lần hai');
    expect(heard).toEqual(['Trả lời lần đầu', 'Trả lời lần hai']);
  });

  it("tells the staff on the conversation when the visitor saw the team's messages", async () => {
    const { base, admin } = await setup();
    const token = await startVisitor(base);
    await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 's1', body: 'Xin chào' },
    });
    const id = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0]._id;
    const reply = await staff(admin, 'POST', `/v2/tickets/${id}/comments`, {
      body: 'Dạ em nghe',
      public: true,
      format: 'text',
    });
    const replyId = reply.json().data._id as string;
    expect(reply.json().data.delivery).toMatchObject({ state: 'sent' });
    const adminSocket = connect(url, {
      auth: { token: admin },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(adminSocket);
    await next(adminSocket, 'connect');
    expect(
      await adminSocket.emitWithAck(RECORD_PRESENCE_EVENTS.join, { kind: 'ticket', id }),
    ).toEqual({ ok: true });
    const told = new Promise<{ fields: string[] }>((resolve) =>
      adminSocket.on(RECORD_PRESENCE_EVENTS.changed, (change: { fields: string[] }) => {
        if (change.fields.includes(MESSAGE_DELIVERY_FIELD)) resolve(change);
      }),
    );
    const seen = await widget('POST', `${base}/seen`, { token, payload: { message_id: replyId } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(await told).toMatchObject({ id, by: { name: '' } });
    const comments = (await staff(admin, 'GET', `/v2/tickets/${id}/comments`)).json().data;
    expect(comments.find((comment: { _id: string }) => comment._id === replyId)).toMatchObject({
      delivery: { state: 'seen' },
    });
  });

  it('pushes a waiting conversation, nobody holding it, to the staff who may see it', async () => {
    const { base, admin } = await setup();
    const token = await startVisitor(base);
    const adminSocket = connect(url, {
      auth: { token: admin },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(adminSocket);
    await next(adminSocket, 'connect');
    // The row is pushed when the conversation opens and again with the message.
    const upserted = new Promise<{ assignee: unknown; unread: number }>((resolve) =>
      adminSocket.on(CONVERSATION_EVENTS.upsert, (row: { assignee: unknown; unread: number }) => {
        if (row.unread > 0) resolve(row);
      }),
    );
    await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 'w1', body: 'Có ai không ạ?' },
    });
    expect(await upserted).toMatchObject({ assignee: null, unread: 1 });

    // Waiting since the customer's first message after the team's last public reply.
    const listed = async () =>
      (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0] as {
        _id: string;
        waiting_since: string | null;
        last_message: { preview: string } | null;
      };
    const first = await listed();
    const comments = async () =>
      (await staff(admin, 'GET', `/v2/tickets/${first._id}/comments`)).json().data as {
        body: string;
        created_at: string;
      }[];
    expect(first.waiting_since).toBe((await comments())[0]?.created_at);
    const reply = await staff(admin, 'POST', `/v2/tickets/${first._id}/comments`, {
      body: 'Dạ có ạ',
      public: true,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await expect.poll(async () => (await listed()).waiting_since, delivered).toBeNull();
    await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 'w2', body: 'Em cần đổi gói' },
    });
    await expect
      .poll(async () => (await listed()).last_message?.preview, delivered)
      .toBe('Em cần đổi gói');
    const asked = (await comments()).find((one) => one.body === 'Em cần đổi gói');
    expect((await listed()).waiting_since).toBe(asked?.created_at);
  });

  it('pushes a conversation to the staff whose data scope covers it only, and tells one who lost it', async () => {
    const { base, admin, agent, agent2, tenant } = await setup();
    // Agents see their own conversations only (the default 'me'): the one AVAILABLE takes it.
    await staff(agent, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    const heard = new Map<string, { event: string; id: string }[]>();
    const listen = async (name: string, token: string) => {
      const socket = connect(url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      heard.set(name, []);
      for (const event of [CONVERSATION_EVENTS.upsert, CONVERSATION_EVENTS.remove])
        socket.on(event, (row: { _id: string }) => heard.get(name)!.push({ event, id: row._id }));
      socket.on(CONVERSATION_EVENTS.message, (pushed: { conversation_id: string }) =>
        heard.get(name)!.push({ event: CONVERSATION_EVENTS.message, id: pushed.conversation_id }),
      );
      await next(socket, 'connect');
    };
    await listen('agent', agent);
    await listen('agent2', agent2);
    const token = await startVisitor(base);
    const sent = await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 's1', body: 'Cho em hỏi' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const events = (name: string, id: string) =>
      heard
        .get(name)!
        .filter((one) => one.id === id)
        .map((one) => one.event);
    const id = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0]
      ._id as string;
    await expect.poll(() => events('agent', id), delivered).toContain(CONVERSATION_EVENTS.message);
    // The other hears nothing of it (a change of who holds it tells everyone else it is not theirs).
    expect(events('agent2', id)).not.toContain(CONVERSATION_EVENTS.upsert);
    expect(events('agent2', id)).not.toContain(CONVERSATION_EVENTS.message);
    // A change that takes it out of nobody's sight (its status) is told to no one else.
    const upserts = () =>
      events('agent', id).filter((event) => event === CONVERSATION_EVENTS.upsert).length;
    const before = upserts();
    const othersBefore = events('agent2', id).length;
    const pending = await staff(agent, 'PUT', `/v2/tickets/${id}`, { status: 'pending' });
    expect(pending.statusCode, pending.body).toBe(200);
    await expect.poll(upserts, delivered).toBeGreaterThan(before);
    expect(events('agent2', id)).toHaveLength(othersBefore);

    // Handed to the other agent: the first hears it leave, the other hears it come.
    const moved = await staff(admin, 'PUT', `/v2/tickets/${id}`, {
      assignee_id: tenant.id('agent2'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(() => events('agent2', id), delivered).toContain(CONVERSATION_EVENTS.upsert);
    await expect.poll(() => events('agent', id), delivered).toContain(CONVERSATION_EVENTS.remove);
  });

  it('makes the visitor the customer their conversation was linked to', async () => {
    const { base, admin } = await setup();
    const token = await startVisitor(base);
    const send = (id: string, body: string) =>
      widget('POST', `${base}/messages`, { token, payload: { client_message_id: id, body } });
    expect((await send('l1', 'Tôi là Lan')).statusCode).toBe(201);
    const ticketId = (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0]._id;
    const known = await staff(admin, 'POST', '/v2/customers', { name: 'Nguyễn Thị Lan' });
    expect(known.statusCode, known.body).toBe(201);
    const customerId = known.json().data._id as string;
    const linked = await staff(admin, 'PUT', `/v2/tickets/${ticketId}`, {
      requester_id: customerId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await expect
      .poll(async () => {
        await send(`l-${Date.now()}`, 'Còn đó không?');
        const comments = await staff(admin, 'GET', `/v2/tickets/${ticketId}/comments`);
        return comments.json().data.at(-1).author;
      }, delivered)
      .toMatchObject({ _id: customerId, name: 'Nguyễn Thị Lan' });
  });

  it("rings the holder's bell when the customer writes, once until it is read", async () => {
    const { base, agent } = await setup();
    await staff(agent, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    const token = await startVisitor(base);
    const send = (id: string, body: string) =>
      widget('POST', `${base}/messages`, { token, payload: { client_message_id: id, body } });
    await send('b1', 'Cho em hỏi gói cước');
    const id = (await staff(agent, 'GET', '/v2/conversations?box=mine')).json().data[0]._id;
    const notifications = async () =>
      (await staff(agent, 'GET', '/v2/notifications')).json().data as {
        _id: string;
        kind: string;
        title: string;
        body: string;
        link: string;
      }[];
    const ofChat = async () =>
      (await notifications()).filter((item) => item.kind === 'conversation.message');
    // The new conversation rings as an assignment, which opens the chat workspace; while that
    // is unread, the customer's next message adds nothing (one unread item per conversation).
    await expect
      .poll(notifications, delivered)
      .toContainEqual(expect.objectContaining({ kind: 'ticket.assigned', link: `/chat/${id}` }));
    const lastPreview = async () =>
      (await staff(agent, 'GET', '/v2/conversations?box=mine')).json().data[0].last_message.preview;
    await send('b2', 'Còn đó không ạ?');
    await expect.poll(lastPreview, delivered).toBe('Còn đó không ạ?');
    expect(await ofChat()).toEqual([]);

    await staff(agent, 'PUT', '/v2/notifications/read-all');
    await send('b3', 'Alo');
    await expect
      .poll(ofChat, delivered)
      .toMatchObject([{ title: 'Tin nhắn mới từ Lan', body: 'Alo', link: `/chat/${id}` }]);
    await send('b4', 'Em cần gấp');
    await expect.poll(lastPreview, delivered).toBe('Em cần gấp');
    expect(await ofChat()).toHaveLength(1);
    // Read, the next message rings again.
    await staff(agent, 'PUT', `/v2/notifications/${(await ofChat())[0]!._id}/read`);
    await send('b5', 'Anh ơi');
    await expect.poll(async () => (await ofChat()).length, delivered).toBe(2);
  });

  it('transfers a conversation to an agent with a note they read in it', async () => {
    const { base, admin, agent2, tenant } = await setup();
    const token = await startVisitor(base);
    await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 't1', body: 'Cần hỗ trợ' },
    });
    let id = '';
    await expect
      .poll(async () => {
        id = (await staff(admin, 'GET', '/v2/conversations?box=unassigned')).json().data[0]?._id;
        return id;
      }, delivered)
      .toBeTruthy();
    const moved = await staff(admin, 'POST', `/v2/conversations/${id}/transfer`, {
      assignee_id: tenant.id('agent2'),
      note: 'Khách hỏi <gói> cước',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.assignee._id).toBe(tenant.id('agent2'));
    const messages = await staff(agent2, 'GET', `/v2/tickets/${id}/comments`);
    expect(messages.json().data.at(-1)).toMatchObject({
      public: false,
      body_format: 'text',
      body: 'Chuyển cho Chuyên Viên Hai · CSKH: Khách hỏi <gói> cước',
    });
    const none = await staff(admin, 'POST', `/v2/conversations/${id}/transfer`, { note: 'x' });
    expect(none.statusCode).toBe(422);
    // The workspace is the spec's administrator, supervisor and agent's: a team leader is refused.
    const leader = await t.login(tenant.email('leader'));
    expect((await staff(leader, 'GET', '/v2/conversations')).statusCode).toBe(401);
    expect(
      (await staff(leader, 'POST', `/v2/conversations/${id}/transfer`, { group_id: null }))
        .statusCode,
    ).toBe(401);
  });

  it('takes an offline message as a ticket, and the rating only after a resolve', async () => {
    const { base, admin, agent } = await setup();
    const left = await widget('POST', `${base}/offline`, {
      payload: { name: 'Hoa', email: 'hoa@example.vn', body: 'Gọi lại cho tôi <b>gấp</b>' },
    });
    expect(left.statusCode, left.body).toBe(201);
    const offlineId = left.json().data._id as string;
    const ticket = await staff(admin, 'GET', `/v2/tickets/${offlineId}`);
    expect(ticket.json().data).toMatchObject({ source: 'web', requester: { name: 'Hoa' } });
    // What was left is the customer's first message of a conversation of the channel, as text.
    const left1 = await staff(admin, 'GET', `/v2/tickets/${offlineId}/comments`);
    expect(left1.json().data).toMatchObject([
      { author_type: 'customer', body: 'Gọi lại cho tôi <b>gấp</b>', body_format: 'text' },
    ]);
    await expect
      .poll(
        async () => (await staff(admin, 'GET', '/v2/conversations?box=all')).json().data[0],
        delivered,
      )
      .toMatchObject({
        _id: offlineId,
        channel: { name: 'Website' },
        last_message: { preview: 'Gọi lại cho tôi <b>gấp</b>' },
      });

    await staff(agent, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    const token = await startVisitor(base);
    const early = await widget('POST', `${base}/rating`, { token, payload: { score: 5 } });
    expect(early.statusCode).toBe(422);
    const sent = await widget('POST', `${base}/messages`, {
      token,
      payload: { client_message_id: 'r1', body: 'Cảm ơn' },
    });
    const conversations = await staff(admin, 'GET', '/v2/conversations?box=all');
    const id = conversations.json().data[0]?._id ?? sent.json().data._id;
    await staff(admin, 'PUT', `/v2/tickets/${id}`, { status: 'solved' });
    await expect
      .poll(
        async () => (await widget('GET', `${base}/conversation`, { token })).json().data,
        delivered,
      )
      .toMatchObject({ status: 'resolved', survey_pending: true });
    // The staff on it hear the answer live: the conversation is pushed again.
    const agentSocket = connect(url, {
      auth: { token: agent },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(agentSocket);
    await next(agentSocket, 'connect');
    const pushed = new Promise<void>((resolve) =>
      agentSocket.on(CONVERSATION_EVENTS.upsert, (row: { _id: string }) => {
        if (row._id === id) resolve();
      }),
    );
    const rated = await widget('POST', `${base}/rating`, {
      token,
      payload: { score: 4, comment: 'Nhanh' },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    await pushed;
    const after = await widget('GET', `${base}/conversation`, { token });
    expect(after.json().data.survey_pending).toBe(false);

    // The agents read the answer on the conversation; another tenant finds no such conversation.
    const survey = await staff(agent, 'GET', `/v2/conversations/${id}/survey`);
    expect(survey.statusCode, survey.body).toBe(200);
    expect(survey.json().data).toMatchObject({ rating: 4, comment: 'Nhanh' });
    expect(survey.json().data.asked_at).not.toBeNull();
    expect(survey.json().data.rated_at).not.toBeNull();
    const plain = await staff(admin, 'POST', '/v2/tickets', { subject: 'Không phải chat' });
    expect(plain.statusCode, plain.body).toBe(201);
    const notChat = await staff(admin, 'GET', `/v2/conversations/${plain.json().data._id}/survey`);
    expect(notChat.statusCode).toBe(404);
    const other = await seedTenant(t, 'Livechat khác');
    const stranger = await t.login(other.email('admin'));
    expect((await staff(stranger, 'GET', `/v2/conversations/${id}/survey`)).statusCode).toBe(404);
  });
});
