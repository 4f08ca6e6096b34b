import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessMinutes } from '@omnicare/shared/sla/business-time';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/tickets.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { resolveSlaPolicy } from './sla.service.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let agent: string;
let otherAdmin: string;
let high: string;
let low: string;
let complaint: string;
let office: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token = admin,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  const other = await seedTenant(t, 'Khác');
  [admin, agent, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('agent')),
    t.login(other.email('admin')),
  ]);
  high = (await call('POST', '/v2/priorities', admin, { name: 'Cao', color: '#ff0000' })).json()
    .data._id;
  low = (await call('POST', '/v2/priorities', admin, { name: 'Thấp', color: '#00ff00' })).json()
    .data._id;
  complaint = (await call('POST', '/v2/types', admin, { name: 'Khiếu nại' })).json().data._id;
  office = (
    await call('POST', '/v2/time/schedules', admin, {
      name: 'Giờ hành chính',
      periods: [1, 2, 3, 4, 5].flatMap((weekday) => [
        { weekday, start: '08:00', end: '12:00' },
        { weekday, start: '13:30', end: '17:30' },
      ]),
      holidays: [{ date: '2026-09-02', name: 'Quốc khánh' }],
    })
  ).json().data._id;
});
afterAll(() => t.close());

describe('SLA policies', () => {
  it('creates a policy with targets per priority and per type, and lists them in order', async () => {
    const created = await call('POST', '/v2/sla-policies', admin, {
      name: 'Khách hàng VIP',
      schedule_id: office,
      order: 1,
      targets: [
        { priority_id: high, first_response_minutes: 30, resolution_minutes: 240 },
        {
          priority_id: high,
          type_id: complaint,
          first_response_minutes: 15,
          resolution_minutes: 120,
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Tạo mới chính sách SLA thành công',
      data: {
        name: 'Khách hàng VIP',
        schedule_id: office,
        schedule_name: 'Giờ hành chính',
        order: 1,
        targets: [
          { priority_name: 'Cao', type_id: null, type_name: null, first_response_minutes: 30 },
          { priority_name: 'Cao', type_name: 'Khiếu nại', first_response_minutes: 15 },
        ],
      },
    });
    await call('POST', '/v2/sla-policies', admin, {
      name: 'Mặc định',
      order: 2,
      targets: [{ priority_id: low, first_response_minutes: 480, resolution_minutes: 2400 }],
    });
    const listed = await call('GET', '/v2/sla-policies', agent);
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual([
      'Khách hàng VIP',
      'Mặc định',
    ]);
    expect((await call('GET', '/v2/sla-policies', otherAdmin)).json().total).toBe(0);
  });

  it('resolves a ticket’s policy: the type’s target first, then the priority’s, in policy order', async () => {
    const db = t.database.db;
    const forComplaint = await resolveSlaPolicy(db, tenant.tenantId, {
      priority_id: high,
      type_id: complaint,
    });
    expect(forComplaint).toMatchObject({
      policy_name: 'Khách hàng VIP',
      first_response_minutes: 15,
      resolution_minutes: 120,
    });
    expect(forComplaint?.schedule?.holidays).toEqual([{ date: '2026-09-02' }]);
    // The due instant in business hours: Friday 17:25 Bangkok + 15 minutes is Monday 08:10.
    expect(
      addBusinessMinutes(
        '2026-11-27T10:25:00Z',
        forComplaint?.first_response_minutes ?? 0,
        forComplaint?.schedule ?? null,
      ).toISOString(),
    ).toBe('2026-11-30T01:10:00.000Z');
    expect(
      await resolveSlaPolicy(db, tenant.tenantId, { priority_id: high, type_id: null }),
    ).toMatchObject({
      first_response_minutes: 30,
    });
    // No schedule of its own: the tenant's default (the first schedule made).
    const fallback = await resolveSlaPolicy(db, tenant.tenantId, {
      priority_id: low,
      type_id: complaint,
    });
    expect(fallback).toMatchObject({ policy_name: 'Mặc định', resolution_minutes: 2400 });
    expect(fallback?.schedule?.periods).toHaveLength(10);
    expect(
      await resolveSlaPolicy(db, tenant.tenantId, { priority_id: null, type_id: null }),
    ).toBeNull();
  });

  it('refuses duplicate targets, a resolution shorter than the response, foreign references, with whole bodies', async () => {
    const foreignType = (await call('POST', '/v2/types', otherAdmin, { name: 'Ngoài' })).json().data
      ._id;
    expect(
      (
        await call('POST', '/v2/sla-policies', admin, {
          name: 'Sai',
          targets: [
            { priority_id: high, first_response_minutes: 60, resolution_minutes: 30 },
            { priority_id: low, first_response_minutes: 0, resolution_minutes: 60 },
          ],
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Thời gian giải quyết không được ngắn hơn thời gian phản hồi đầu tiên',
      errors: [
        {
          param: 'targets.0.resolution_minutes',
          message: 'Thời gian giải quyết không được ngắn hơn thời gian phản hồi đầu tiên',
        },
        {
          param: 'targets.1.first_response_minutes',
          message: 'Số phút phải là số nguyên từ 1 đến 525600',
        },
      ],
    });
    expect(
      (
        await call('POST', '/v2/sla-policies', admin, {
          name: 'Trùng',
          targets: [
            { priority_id: high, first_response_minutes: 10, resolution_minutes: 30 },
            { priority_id: high, first_response_minutes: 20, resolution_minutes: 60 },
          ],
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Mục tiêu bị trùng mức độ ưu tiên và loại ticket',
      errors: [
        {
          param: 'targets.1.priority_id',
          message: 'Mục tiêu bị trùng mức độ ưu tiên và loại ticket',
        },
      ],
    });
    expect(
      (
        await call('POST', '/v2/sla-policies', admin, {
          name: 'Ngoài tenant',
          targets: [
            {
              priority_id: high,
              type_id: foreignType,
              first_response_minutes: 10,
              resolution_minutes: 30,
            },
          ],
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Loại ticket không tồn tại',
      errors: [{ param: 'targets.0.type_id', message: 'Loại ticket không tồn tại' }],
    });
    expect(
      (
        await call('POST', '/v2/sla-policies', admin, {
          name: 'khách hàng vip',
          targets: [{ priority_id: low, first_response_minutes: 1, resolution_minutes: 1 }],
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Tên chính sách SLA đã tồn tại',
      errors: [{ param: 'name', message: 'Tên chính sách SLA đã tồn tại' }],
    });
  });

  it('updates and deletes, administrators only; a priority in a target cannot be deleted', async () => {
    const policies = (await call('GET', '/v2/sla-policies')).json().data;
    const id = policies[1]._id;
    expect((await call('DELETE', `/v2/priority/${low}`)).json().message).toBe(
      'Mức độ ưu tiên đang được dùng bởi 1 chính sách SLA',
    );
    expect(
      (await call('PUT', `/v2/sla-policies/${id}`, agent, { name: 'X', targets: [] })).statusCode,
    ).toBe(401);
    const body = {
      name: 'Mặc định mới',
      targets: [{ priority_id: high, first_response_minutes: 60, resolution_minutes: 600 }],
    };
    expect((await call('PUT', `/v2/sla-policies/${id}`, otherAdmin, body)).statusCode).toBe(404);
    const updated = await call('PUT', `/v2/sla-policies/${id}`, admin, body);
    expect(updated.json()).toMatchObject({
      message: 'Cập nhật chính sách SLA thành công',
      data: { name: 'Mặc định mới', targets: [{ priority_id: high }] },
    });
    expect((await call('DELETE', `/v2/sla-policies/${id}`, agent)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/sla-policies/${id}`)).json()).toEqual({
      statusCode: 200,
      message: 'Xóa chính sách SLA thành công',
      data: null,
    });
    expect((await call('DELETE', `/v2/priority/${low}`)).statusCode).toBe(200);
  });
});

describe('the order SLA policies are tried in', () => {
  it('is set as a whole by an administrator, and the first matching policy in it applies', async () => {
    const urgent = (
      await call('POST', '/v2/priorities', admin, { name: 'Khẩn', color: '#f97316' })
    ).json().data._id as string;
    const policy = async (name: string, minutes: number) =>
      (
        await call('POST', '/v2/sla-policies', admin, {
          name,
          targets: [
            { priority_id: urgent, first_response_minutes: minutes, resolution_minutes: 600 },
          ],
        })
      ).json().data._id as string;
    const hotline = await policy('Tổng đài khẩn', 10);
    const partner = await policy('Đối tác khẩn', 20);
    const slaOfNewTicket = async () => {
      const created = await call('POST', '/v2/tickets', admin, {
        subject: 'Mất kết nối',
        priority_id: urgent,
      });
      expect(created.statusCode, created.body).toBe(201);
      const [row] = await t.database.db
        .select({ policy: tickets.slaPolicyId, minutes: tickets.slaFirstResponseMinutes })
        .from(tickets)
        .where(eq(tickets.id, created.json().data._id));
      return row;
    };
    const ids = (await call('GET', '/v2/sla-policies'))
      .json()
      .data.map((row: { _id: string }) => row._id) as string[];
    const others = ids.filter((id) => id !== hotline && id !== partner);
    // Both made with order 0: tried by name, 'Đối tác khẩn' first.
    expect(await slaOfNewTicket()).toEqual({ policy: partner, minutes: 20 });

    const reorder = (order: string[], token = admin) =>
      call('PUT', '/v2/sla-policies/order', token, { ids: order });
    const moved = await reorder([hotline, partner, ...others]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('Cập nhật thứ tự chính sách SLA thành công');
    expect(
      moved.json().data.map((row: { _id: string; order: number }) => [row._id, row.order]),
    ).toEqual([hotline, partner, ...others].map((id, index) => [id, index + 1]));
    expect(await slaOfNewTicket()).toEqual({ policy: hotline, minutes: 10 });
    await reorder([partner, ...others, hotline]);
    expect(await slaOfNewTicket()).toEqual({ policy: partner, minutes: 20 });

    // Every policy once, the tenant's own, administrators only.
    const mismatch = {
      statusCode: 422,
      message: 'Danh sách phải gồm đúng một lần mỗi chính sách SLA hiện có',
      errors: [
        { param: 'ids', message: 'Danh sách phải gồm đúng một lần mỗi chính sách SLA hiện có' },
      ],
    };
    expect((await reorder([hotline, ...others])).json()).toEqual(mismatch);
    expect((await reorder([hotline, hotline, partner, ...others])).json()).toEqual(mismatch);
    expect((await reorder([hotline, partner, ...others], otherAdmin)).json()).toEqual(mismatch);
    expect((await reorder([hotline, partner, ...others], agent)).statusCode).toBe(401);
    const log = await call('GET', `/v2/audit-logs?entity=sla_policy&entity_id=${hotline}`);
    expect(log.statusCode, log.body).toBe(200);
    // Created, then moved first, then last: each move audited with the order before and after.
    const moves = log
      .json()
      .data.filter((entry: { action: string }) => entry.action === 'update')
      .map((entry: { before: { order: number }; after: { order: number } }) => [
        entry.before.order,
        entry.after.order,
      ]);
    expect(moves).toEqual(
      expect.arrayContaining([
        [0, 1],
        [1, others.length + 2],
      ]),
    );
  });
});
