import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { nextScheduledRun } from '@omnicare/shared/reports/report-delivery.schemas';
import { reportSchedules } from '../../db/schema/reports.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { sendDueSchedules } from './report-schedules.service.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let supervisor: string;
let leader: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Gửi báo cáo');
  other = await seedTenant(t, 'Tenant khác');
  admin = await t.login(tenant.email('admin'));
  supervisor = await t.login(tenant.email('supervisor'));
  leader = await t.login(tenant.email('leader'));
  agent = await t.login(tenant.email('agent'));
});
afterAll(() => t.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), payload });

describe('saved custom reports', () => {
  const body = {
    name: 'Phản hồi theo kênh',
    metrics: ['tickets_created', 'first_response_median_s'],
    dimension: 'source',
    filters: { business_hours: true },
  };

  it('keeps one’s own by name; managers share one with everyone who reads custom reports', async () => {
    const mine = await call(leader, 'POST', '/v2/saved-reports', body);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data).toMatchObject({ ...body, shared: false, editable: true });
    // The same name twice for one owner is refused; another owner may use it.
    const twice = await call(leader, 'POST', '/v2/saved-reports', body);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toContainEqual({
      param: 'name',
      message: 'Tên báo cáo đã tồn tại',
    });
    // Only managers share.
    const shareByLeader = await call(leader, 'POST', '/v2/saved-reports', {
      ...body,
      name: 'Chia sẻ',
      shared: true,
    });
    expect(shareByLeader.statusCode).toBe(422);
    expect(shareByLeader.json().errors).toContainEqual({
      param: 'shared',
      message: 'Chỉ quản trị viên và giám sát viên được chia sẻ báo cáo',
    });
    const shared = await call(supervisor, 'POST', '/v2/saved-reports', {
      ...body,
      name: 'Chia sẻ',
      shared: true,
    });
    expect(shared.statusCode).toBe(201);

    // The leader sees their own and the shared one, may not change the shared one.
    const listed = (await call(leader, 'GET', '/v2/saved-reports')).json().data;
    expect(listed.map((item: { name: string }) => item.name).sort()).toEqual([
      'Chia sẻ',
      'Phản hồi theo kênh',
    ]);
    const sharedId = shared.json().data._id;
    expect(listed.find((item: { _id: string }) => item._id === sharedId).editable).toBe(false);
    expect(
      (await call(leader, 'PUT', `/v2/saved-reports/${sharedId}`, { ...body, name: 'X' }))
        .statusCode,
    ).toBe(401);
    // The admin sees the shared one, not the leader's own.
    const adminList = (await call(admin, 'GET', '/v2/saved-reports')).json().data;
    expect(adminList.map((item: { name: string }) => item.name)).toEqual(['Chia sẻ']);
    // Agents have no custom report; another tenant sees nothing.
    expect((await call(agent, 'GET', '/v2/saved-reports')).statusCode).toBe(401);
    const stranger = await t.login(other.email('admin'));
    expect((await call(stranger, 'GET', '/v2/saved-reports')).json().data).toEqual([]);
    expect((await call(stranger, 'DELETE', `/v2/saved-reports/${sharedId}`)).statusCode).toBe(404);

    const removed = await call(leader, 'DELETE', `/v2/saved-reports/${mine.json().data._id}`);
    expect(removed.statusCode).toBe(200);
  });

  it('refuses what a custom report cannot hold with 422 {param, message}', async () => {
    const cases: [object, string, string][] = [
      [{ ...body, metrics: [] }, 'metrics', 'Vui lòng chọn chỉ số cho báo cáo tùy chỉnh'],
      [{ ...body, metrics: ['waiting_now'] }, 'metrics', 'Chỉ số không hợp lệ'],
      [{ ...body, dimension: 'planet' }, 'dimension', 'Chiều phân tích không hợp lệ'],
      [{ ...body, filters: { group_id: 'x' } }, 'filters.group_id', 'Bộ phận không hợp lệ'],
      [{ ...body, name: '' }, 'name', 'Tên báo cáo không được bỏ trống'],
    ];
    for (const [payload, param, message] of cases) {
      const response = await call(admin, 'POST', '/v2/saved-reports', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toContainEqual({ param, message });
    }
  });
});

/** The mails written to the outbox for an address, newest last. */
async function mailsTo(email: string) {
  const names = (await readdir(t.config.outboxDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort();
  return Promise.all(names.map((name) => readFile(path.join(t.config.outboxDir, name), 'utf8')));
}

describe('scheduled reports', () => {
  const daily = () => ({
    name: 'Tổng quan mỗi sáng',
    report: 'summary',
    frequency: 'daily',
    hour: 7,
    format: 'xlsx',
    recipient_ids: [tenant.id('supervisor'), tenant.id('agent')],
  });

  it('computes the next sending at the hour of the tenant’s day, on the weekday when weekly', () => {
    // 2026-11-30 is a Monday; 06:00 Bangkok is 23:00 UTC the day before.
    const now = new Date('2026-11-29T23:00:00Z');
    expect(
      nextScheduledRun({ frequency: 'daily', weekday: null, hour: 7 }, now, 'Asia/Bangkok'),
    ).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(
      nextScheduledRun({ frequency: 'daily', weekday: null, hour: 6 }, now, 'Asia/Bangkok'),
    ).toEqual(new Date('2026-11-30T23:00:00Z'));
    expect(
      nextScheduledRun({ frequency: 'weekly', weekday: 3, hour: 8 }, now, 'Asia/Bangkok'),
    ).toEqual(new Date('2026-12-02T01:00:00Z'));
  });

  it('mails each recipient the report in their own scope with its file, once per due time', async () => {
    const created = await call(admin, 'POST', '/v2/report-schedules', daily());
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json().data;
    expect(schedule.recipients.map((person: { name: string }) => person.name).sort()).toEqual([
      'Chuyên Viên Một',
      'Giám Sát Viên',
    ]);
    expect(new Date(schedule.next_run_at).getTime()).toBeGreaterThan(Date.now());

    // Due now: the sweep sends it once, however often it runs, and moves it to tomorrow.
    await t.database.db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(reportSchedules.id, schedule._id));
    const [first, second] = await Promise.all([
      sendDueSchedules(t.app.platform),
      sendDueSchedules(t.app.platform),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    const toSupervisor = await mailsTo(tenant.email('supervisor'));
    const toAgent = await mailsTo(tenant.email('agent'));
    expect(toSupervisor).toHaveLength(1);
    expect(toAgent).toHaveLength(1);
    const mail = await simpleParser(toSupervisor[0]!);
    expect(mail.subject).toBe('[OmniCare] Báo cáo tổng quan – Tổng quan mỗi sáng');
    expect(mail.text).toContain('Ticket tạo mới: 0');
    const [file] = mail.attachments;
    expect(file?.filename).toMatch(/^bao-cao-summary-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file!.content as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toContain('Theo thời gian');
    const after = (await call(admin, 'GET', `/v2/report-schedules/${schedule._id}`)).json().data;
    expect(new Date(after.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(after.last_sent_at).not.toBeNull();
    expect(after.last_error).toBeNull();

    // Send now, for trying it out.
    const now = await call(admin, 'POST', `/v2/report-schedules/${schedule._id}/send`);
    expect(now.statusCode).toBe(200);
    expect(now.json().data).toEqual({ sent: 2, failed: 0 });
    expect(await mailsTo(tenant.email('agent'))).toHaveLength(2);
  });

  it('refuses recipients who may not read the report, or are not staff of the tenant', async () => {
    const ticketReport = await call(admin, 'POST', '/v2/report-schedules', {
      ...daily(),
      name: 'Ticket',
      report: 'ticket',
    });
    expect(ticketReport.statusCode).toBe(422);
    expect(ticketReport.json().errors).toContainEqual({
      param: 'recipient_ids',
      message: 'Có người nhận không được xem báo cáo này',
    });
    const stranger = await call(admin, 'POST', '/v2/report-schedules', {
      ...daily(),
      name: 'Người ngoài',
      recipient_ids: [other.id('admin')],
    });
    expect(stranger.statusCode).toBe(422);
    const weekly = await call(admin, 'POST', '/v2/report-schedules', {
      ...daily(),
      name: 'Tuần',
      frequency: 'weekly',
    });
    expect(weekly.statusCode).toBe(422);
    expect(weekly.json().errors).toContainEqual({
      param: 'weekday',
      message: 'Vui lòng chọn ngày gửi trong tuần',
    });
    const hour = await call(admin, 'POST', '/v2/report-schedules', { ...daily(), hour: 24 });
    expect(hour.json().errors).toContainEqual({
      param: 'hour',
      message: 'Giờ gửi không hợp lệ (0–23)',
    });
  });

  it('belongs to administrators and supervisors of the tenant', async () => {
    expect((await call(leader, 'GET', '/v2/report-schedules')).statusCode).toBe(401);
    expect((await call(agent, 'POST', '/v2/report-schedules', daily())).statusCode).toBe(401);
    const stranger = await t.login(other.email('admin'));
    expect((await call(stranger, 'GET', '/v2/report-schedules')).json().data).toEqual([]);
    const mine = (await call(supervisor, 'GET', '/v2/report-schedules')).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(
      (await call(stranger, 'POST', `/v2/report-schedules/${mine[0]._id}/send`)).statusCode,
    ).toBe(404);
  });
});
