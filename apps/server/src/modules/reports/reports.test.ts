import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/customers.js';
import { jobs } from '../../db/schema/jobs.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', dateStyle: 'short' }).format(
    new Date(),
  );

/** The summary report of today: today's counters are among its metrics. */
const summary = async (token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/reports/summary?from=${today()}&to=${today()}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.metrics;
};

describe("today's summary", () => {
  it("counts today's customers, imports and staff by presence, in the caller's data scope", async () => {
    const agent = await t.login(tenant.email('agent'));
    const create = (token: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(token),
        payload: { name },
      });
    expect((await create(agent, 'Khách Của Agent')).statusCode).toBe(201);
    expect((await create(admin, 'Khách Của Admin')).statusCode).toBe(201);
    const old = (await create(admin, 'Khách Hôm Qua')).json().data;
    await t.database.db
      .update(customers)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(customers.id, old._id));
    await t.database.db.insert(jobs).values([
      { tenantId: tenant.tenantId, userId: tenant.id('admin'), kind: 'customer_import' },
      { tenantId: tenant.tenantId, userId: tenant.id('admin'), kind: 'customer_export' },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: '/v2/my-presence',
      headers: bearer(agent),
      payload: { presence: 'AVAILABLE' },
    });

    const all = await summary(admin);
    expect(all).toMatchObject({
      customers_created: 2,
      customer_imports: 1,
      staff_active: 5,
      staff_available: 1,
    });
    const byPresence = Object.entries(all).filter(
      ([key]) => key.startsWith('staff_') && key !== 'staff_active',
    );
    expect(byPresence.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(5);

    // An agent's scope is their own: their customer, no import, themselves.
    const mine = await summary(agent);
    expect(mine).toMatchObject({
      customers_created: 1,
      customer_imports: 0,
      staff_active: 1,
      staff_available: 1,
    });
  });
});
