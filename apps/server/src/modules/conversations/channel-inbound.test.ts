import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import {
  conversationRows,
  insertConversation,
  refreshConversations,
} from './conversations.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a conversation's row", () => {
  it('made first by the outbox subscriber (no channel) gets the channel, which a later insert never clears', async () => {
    const tenant = await seedTenant(t, 'Hàng hội thoại');
    const admin = await t.login(tenant.email('admin'));
    const channel = await t.app.inject({
      method: 'POST',
      url: '/v2/channels',
      headers: bearer(admin),
      payload: { kind: 'livechat', name: 'Website', settings: {} },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const channelId = channel.json().data._id as string;
    const {
      rows: [ticket],
    } = await t.database.pool.query<{ id: string }>(
      `insert into tickets (tenant_id, subject, source) values ($1, 'Đua', 'chat') returning id`,
      [tenant.tenantId],
    );
    const row = { tenantId: tenant.tenantId, ticketId: ticket!.id, at: new Date() };
    await t.database.db.transaction((tx) => insertConversation(tx, { ...row, channelId: null }));
    await t.database.db.transaction((tx) => insertConversation(tx, { ...row, channelId }));
    await t.database.db.transaction((tx) => insertConversation(tx, { ...row, channelId: null }));
    const { rows } = await t.database.pool.query(
      'select channel_id from conversations where ticket_id = $1',
      [ticket!.id],
    );
    expect(rows).toEqual([{ channel_id: channelId }]);
  });
});

describe('a customer merge', () => {
  it("moves a livechat visitor's customer and their messages to the survivor (no foreign key left behind)", async () => {
    const tenant = await seedTenant(t, 'Gộp khách chat');
    const admin = await t.login(tenant.email('admin'));
    const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = bearer(admin)) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const channelId = (await call('POST', '/v2/channels', { kind: 'livechat', name: 'Web' })).json()
      .data._id as string;
    const visitor = await call(
      'POST',
      `/v2/livechat/${channelId}/visitors`,
      { name: 'Khách Chat', phone: '0907111222' },
      { origin: 'https://shop.example' } as never,
    );
    expect(visitor.statusCode, visitor.body).toBe(201);
    const token = visitor.json().data.visitor_token as string;
    const sent = await call(
      'POST',
      `/v2/livechat/${channelId}/messages`,
      { client_message_id: 'm1', body: 'Xin chào' },
      { origin: 'https://shop.example', 'x-visitor-token': token } as never,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const {
      rows: [written],
    } = await t.database.pool.query<{ author_customer_id: string }>(
      `select author_customer_id from messages where client_message_id = 'm1' and tenant_id = $1`,
      [tenant.tenantId],
    );
    const survivor = (await call('POST', '/v2/customers', { name: 'Giữ Lại' })).json().data
      ._id as string;
    const merged = await call('POST', '/v2/customers/merge', {
      survivor_id: survivor,
      merged_id: written!.author_customer_id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const { rows } = await t.database.pool.query(
      `select author_customer_id from messages where client_message_id = 'm1' and tenant_id = $1`,
      [tenant.tenantId],
    );
    expect(rows).toEqual([{ author_customer_id: survivor }]);
  });
});

describe("the rows' reads and writes asked together (the outbox subscriber's waves)", () => {
  it('answer each ask in order, within its tenant, a ticket asked twice refreshed by both', async () => {
    const tenant = await seedTenant(t, 'Sóng hội thoại');
    const other = await seedTenant(t, 'Sóng khác');
    const newConversation = async (tenantId: string) => {
      const {
        rows: [ticket],
      } = await t.database.pool.query<{ id: string }>(
        `insert into tickets (tenant_id, subject, source) values ($1, 'Sóng', 'chat') returning id`,
        [tenantId],
      );
      const at = new Date('2026-03-02T03:00:00Z');
      await t.database.db.transaction((tx) =>
        insertConversation(tx, { tenantId, ticketId: ticket!.id, at, channelId: null }),
      );
      return ticket!.id;
    };
    const first = await newConversation(tenant.tenantId);
    const second = await newConversation(tenant.tenantId);
    const theirs = await newConversation(other.tenantId);
    const preview = (text: string) => ({ author_type: 'customer', preview: text });
    const refreshed = await refreshConversations(t.database.db, [
      { ticketId: first, last: { at: new Date('2026-03-02T04:00:00Z'), preview: preview('Một') } },
      { ticketId: second, last: undefined },
      { ticketId: first, last: { at: new Date('2026-03-02T05:00:00Z'), preview: preview('Hai') } },
      { ticketId: '00000000-0000-4000-8000-000000000000', last: undefined },
    ]);
    expect(refreshed).toEqual([true, true, true, false]);
    const rows = await conversationRows(t.database.db, [
      { tenantId: tenant.tenantId, ticketId: second },
      { tenantId: tenant.tenantId, ticketId: theirs },
      { tenantId: tenant.tenantId, ticketId: first },
      { tenantId: other.tenantId, ticketId: theirs },
    ]);
    expect(rows.map((row) => row?.id)).toEqual([second, undefined, first, theirs]);
    // The newer of the two messages asked in one wave is the row's last, whatever their order.
    expect(rows[2]).toMatchObject({ lastMessage: { preview: 'Hai' } });
    expect(rows[0]).toMatchObject({ lastMessage: null });
  });
});
