import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { bearer, createTestApp, seedSampleTenant, type TestApp } from '../../test/helpers.js';
import { SAMPLE_CALL_COUNT } from './demo-calls.js';
import { DAY_CALL_PREFIX } from './demo-monitors.js';
import { calls } from '../schema/telephony.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo sample calls', () => {
  it('fill the call history with calls of sample customers and agents, each result', async () => {
    const tenant = await seedSampleTenant(t, 'Mẫu cuộc gọi');
    const admin = await t.login(tenant.email('admin'));
    const all = await t.app.inject({
      method: 'GET',
      url: '/v2/calls?page_size=100',
      headers: bearer(admin),
    });
    // The history's samples, and the monitors' calls of today, yesterday and last week.
    const [days] = await t.database.db
      .select({ n: count() })
      .from(calls)
      .where(and(eq(calls.tenantId, tenant.tenantId), like(calls.callId, `${DAY_CALL_PREFIX}%`)));
    expect(all.json().total).toBe(SAMPLE_CALL_COUNT + (days?.n ?? 0));
    type Row = {
      customer: unknown;
      result: string;
      ticket: unknown;
      agent: { _id: string } | null;
      transfers: { from: { name: string } | null; to: { _id: string } | null; attended: boolean }[];
      hold_seconds: number;
      ended_on_hold: boolean;
    };
    const rows = all.json().data as Row[];
    for (let page = 2; rows.length < all.json().total; page++) {
      const next = await t.app.inject({
        method: 'GET',
        url: `/v2/calls?page_size=100&page=${page}`,
        headers: bearer(admin),
      });
      rows.push(...(next.json().data as Row[]));
    }
    expect(rows.every((row) => row.customer !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.result))).toEqual(
      new Set(['answered', 'missed', 'abandoned', 'busy', 'failed']),
    );
    expect(rows.some((row) => row.ticket !== null)).toBe(true);
    // Some were handed over by a first agent to the one who holds them, blind and attended.
    const transferred = rows.filter((row) => row.transfers.length > 0);
    expect(transferred.every((row) => row.transfers[0]?.to?._id === row.agent?._id)).toBe(true);
    expect(new Set(transferred.map((row) => row.transfers[0]?.attended))).toEqual(
      new Set([true, false]),
    );
    // Some were put on hold, and some of those callers gave up on hold.
    expect(rows.some((row) => row.hold_seconds > 0 && !row.ended_on_hold)).toBe(true);
    expect(rows.some((row) => row.ended_on_hold && row.result === 'answered')).toBe(true);
    // The agent's own calls only.
    const agent = await t.login(tenant.email('agent'));
    const own = await t.app.inject({
      method: 'GET',
      url: '/v2/calls?page_size=100',
      headers: bearer(agent),
    });
    expect(own.json().total).toBeGreaterThan(0);
    expect(own.json().total).toBeLessThan(all.json().total);
    expect(
      (own.json().data as { agent: { _id: string } | null }[]).every(
        (row) => row.agent?._id === tenant.id('agent'),
      ),
    ).toBe(true);
    const queues = await t.app.inject({ method: 'GET', url: '/v2/queues', headers: bearer(admin) });
    expect(queues.json().data.map((q: { name: string }) => q.name)).toEqual(['Tổng đài CSKH']);
  });
});
