import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { insertConversation } from './conversations.repository.js';

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
