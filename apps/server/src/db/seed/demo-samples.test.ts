import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, seedSampleTenant, type TestApp } from '../../test/helpers.js';
import { SAMPLE_CUSTOMER_COUNT } from './demo-samples.js';
import { REGULAR_TICKETS } from './demo-tickets.js';
import { REGULAR_CALLS } from './demo-calls.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo sample customers', () => {
  it('come with a realistic history: created, a field changed from → to, a tag added', async () => {
    const tenant = await seedSampleTenant(t, 'Mẫu');
    const admin = await t.login(tenant.email('admin'));

    const created = await t.database.db.execute<{ count: number }>(sql`
      select count(distinct entity_id)::int as count from audit_log
      where tenant_id = ${tenant.tenantId} and entity = 'customer' and action = 'create'`);
    expect(created.rows[0]?.count).toBe(SAMPLE_CUSTOMER_COUNT);

    const [withAll] = (
      await t.database.db.execute<{ id: string }>(sql`
        select c.id from customers c
        where c.tenant_id = ${tenant.tenantId} and c.tier > 0
          and exists (select 1 from customer_tags ct where ct.customer_id = c.id)
        limit 1`)
    ).rows;
    expect(withAll).toBeDefined();
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/v2/customers/${withAll!.id}/timeline`,
      headers: bearer(admin),
    });
    expect(timeline.statusCode).toBe(200);
    const entries = timeline.json().data as {
      kind: string;
      at: string;
      objects: string[];
      changes: { field: string }[];
    }[];
    // Their own history; the tickets opened for them are entries too ('Tạo ticket').
    const own = entries.filter((entry) => entry.kind !== 'customer.ticket_created');
    expect(own.map((entry) => entry.kind)).toEqual([
      'customer.add_tag',
      'customer.update',
      'customer.create',
    ]);
    const ticketEntries = entries.filter((entry) => entry.kind === 'customer.ticket_created');
    for (const entry of ticketEntries) expect(entry.objects[0]).toMatch(/^#\d{6} · /);
    expect(own[0]!.objects).toHaveLength(1);
    expect(own[1]!.changes).toEqual([
      expect.objectContaining({ field: 'tier', label: 'Hạng khách hàng' }),
    ]);
    expect(entries.every((entry) => new Date(entry.at).getTime() <= Date.now())).toBe(true);
  });
});

describe('demo replies', () => {
  it('give an agent shared and personal macros, reply templates and ticket templates', async () => {
    const tenant = await seedSampleTenant(t, 'Trả lời');
    const agent = await t.login(tenant.email('agent'));
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(agent) });
      expect(response.statusCode, url).toBe(200);
      return response.json().data as Record<string, unknown>[];
    };

    const macros = await get('/v2/macros');
    const waiting = macros.find((macro) => macro.name === 'Chờ khách phản hồi');
    expect(waiting).toMatchObject({ shared: true, editable: false });
    expect(waiting?.actions).toMatchObject({
      status: 'pending',
      add_tag_ids: [expect.any(String)],
    });
    expect(macros.find((macro) => macro.name === 'Hẹn gọi lại')).toMatchObject({
      shared: false,
      editable: true,
    });

    const templates = await get(`/v2/templates/user/${tenant.id('agent')}`);
    expect(templates.map((template) => template.shortcut)).toEqual(
      expect.arrayContaining(['/chao', '/camon']),
    );
    const ticketTemplates = await get('/v2/templates');
    expect(ticketTemplates.map((template) => template.name)).toContain('Mất kết nối Internet');
  });
});

describe('the first demo ticket', () => {
  it("is a regular customer's: the customer panel shows their other tickets and their calls", async () => {
    const tenant = await seedSampleTenant(t, 'Khách quen');
    const admin = await t.login(tenant.email('admin'));
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(response.statusCode, url).toBe(200);
      return response.json() as { data: Record<string, unknown>; total?: number };
    };
    const first = (await get('/v2/tickets/1')).data as {
      code: string;
      requester: { _id: string; name: string } | null;
    };
    expect(first.code).toBe('#000001');
    const requester = first.requester?._id ?? '';
    const customer = (await get(`/v2/customers/${requester}`)).data as { phones: unknown[] };
    expect(customer.phones.length).toBeGreaterThan(0);
    const theirTickets = await get(`/v2/tickets?requester_id=${requester}&page_size=50`);
    expect(theirTickets.total).toBeGreaterThanOrEqual(REGULAR_TICKETS);
    const theirCalls = await get(`/v2/calls?customer_id=${requester}&page_size=50`);
    expect(theirCalls.total).toBeGreaterThanOrEqual(REGULAR_CALLS);
    const calls = theirCalls.data as unknown as { ticket: { _id: string } | null }[];
    expect(calls.every((call) => call.ticket !== null)).toBe(true);
  });
});
