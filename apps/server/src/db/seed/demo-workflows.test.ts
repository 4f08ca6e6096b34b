import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedSampleTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo sample workflows', () => {
  it('give the list an active, an inactive and a draft workflow, and the history finished runs', async () => {
    const tenant = await seedSampleTenant(t, 'Mẫu tự động');
    const admin = await t.login(tenant.email('admin'));
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });

    const list = (await get('/v2/workflow')).json();
    expect(list.total).toBe(3);
    const byName = Object.fromEntries(
      (list.data as { _id: string; name: string; status: string }[]).map((w) => [w.name, w]),
    );
    expect(byName['Tự động gán ticket VIP']?.status).toBe('active');
    expect(byName['Nhắc ticket chờ khách phản hồi']?.status).toBe('inactive');
    expect(byName['Khảo sát hài lòng sau khi giải quyết']?.status).toBe('draft');

    // The active one's graph passes every publish check (saving it active checks it again).
    const vipId = byName['Tự động gán ticket VIP']!._id;
    const republish = await t.app.inject({
      method: 'PUT',
      url: `/v2/workflow/${vipId}`,
      headers: bearer(admin),
      payload: { status: 'active' },
    });
    expect(republish.statusCode, republish.body).toBe(200);
    // So does the inactive one's, so the list's publish button works on it.
    const reminderId = byName['Nhắc ticket chờ khách phản hồi']!._id;
    const publish = await t.app.inject({
      method: 'PUT',
      url: `/v2/workflow/change-status/${reminderId}`,
      headers: bearer(admin),
      payload: { status: 'active' },
    });
    expect(publish.statusCode, publish.body).toBe(200);

    const runs = (await get(`/v2/workflow/${vipId}/run-histories?page_size=100`)).json();
    expect(runs.total).toBe(10);
    const statuses = (runs.data as { status: string }[]).map((run) => run.status);
    expect(statuses.filter((status) => status === 'failed')).toHaveLength(1);
    for (const run of runs.data as {
      ticket: { code: string } | null;
      requester: { name: string } | null;
      steps: { step_name: string }[];
      start_time: string;
    }[]) {
      expect(run.ticket?.code).toMatch(/^#\d{6}$/);
      expect(run.requester?.name).toBeTruthy();
      expect(run.steps[0]?.step_name).toBe('Bắt đầu');
      expect(new Date(run.start_time).getTime()).toBeLessThanOrEqual(Date.now());
    }
    const reminderRuns = (
      await get(`/v2/workflow/${reminderId}/run-histories?status=cancel`)
    ).json();
    expect(reminderRuns.data).toEqual([
      expect.objectContaining({ status: 'cancel', error: 'Kịch bản đã ngừng hoạt động' }),
    ]);
  });
});
