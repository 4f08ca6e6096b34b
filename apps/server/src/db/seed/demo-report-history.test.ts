import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPORTS } from '@omnicare/shared/reports/reports.schemas';
import { bearer, createTestApp, seedSampleTenant, type TestApp } from '../../test/helpers.js';
import { HISTORY_TICKET_COUNT, seedDemoReportHistory } from './demo-report-history.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bangkokDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', dateStyle: 'short' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

describe('the demo report history', () => {
  it('gives every report real figures over two months', async () => {
    const tenant = await seedSampleTenant(t, 'Lịch sử báo cáo');
    const staff = Object.fromEntries(
      ['admin', 'supervisor', 'leader', 'agent', 'agent2'].map((role) => [
        `${role}@demo.vn`,
        tenant.id(role),
      ]),
    );
    await t.database.db.transaction((tx) => seedDemoReportHistory(tx, tenant.tenantId, staff));
    const counted = await t.database.db.execute<{ total: string }>(
      sql`select count(*) as total from tickets where tenant_id = ${tenant.tenantId} and subject_key = '' and status = 'closed' and created_at < now() - interval '14 days'`,
    );
    expect(Number(counted.rows[0]?.total)).toBeGreaterThanOrEqual(HISTORY_TICKET_COUNT);

    const admin = await t.login(tenant.email('admin'));
    const range = { from: bangkokDay(60), to: bangkokDay(0) };
    for (const name of Object.keys(REPORTS)) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v2/reports/${name}?${new URLSearchParams(range)}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { metrics, rows } = response.json().data;
      expect(rows.length, name).toBeGreaterThan(0);
      const measured = Object.entries(metrics).filter(
        ([key, value]) => value !== null && value !== 0 && !key.startsWith('staff_'),
      );
      expect(measured.length, name).toBeGreaterThan(0);
    }
    const tickets = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/ticket?${new URLSearchParams(range)}`,
      headers: bearer(admin),
    });
    const ticketFigures = tickets.json().data.metrics;
    expect(ticketFigures.tickets_reopened).toBeGreaterThan(0);
    expect(ticketFigures.first_response_median_s).toBeGreaterThan(0);
    expect(ticketFigures.sla_breached).toBeGreaterThan(0);
    const ads = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/ad-funnel?${new URLSearchParams(range)}`,
      headers: bearer(admin),
    });
    const adFigures = ads.json().data.metrics;
    expect(adFigures.ad_conversations).toBeGreaterThan(adFigures.ad_conversations_answered);
    expect(adFigures.ad_conversations_answered).toBeGreaterThan(0);
    expect(adFigures.cost_per_ad_conversation).toBeGreaterThan(0);
    expect(ads.json().data.rows.map((row: { label: string }) => row.label)).toContain(
      'Ưu đãi Black Friday',
    );
    const calls = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/call?${new URLSearchParams(range)}`,
      headers: bearer(admin),
    });
    expect(calls.json().data.metrics).toMatchObject({
      calls_short_abandoned: expect.any(Number),
      service_level_pct: expect.any(Number),
    });
    expect(calls.json().data.metrics.calls_short_abandoned).toBeGreaterThan(0);
    const agents = await t.app.inject({
      method: 'GET',
      url: `/v2/reports/agent?${new URLSearchParams(range)}`,
      headers: bearer(admin),
    });
    expect(agents.json().data.metrics.occupancy_pct).toBeGreaterThan(0);
  });
});
