import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let leader: string;
let supervisor: string;
let agent: string;
let agent2: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  const other = await seedTenant(t, 'Khác');
  [admin, leader, supervisor, agent, agent2, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('leader')),
    t.login(tenant.email('supervisor')),
    t.login(tenant.email('agent')),
    t.login(tenant.email('agent2')),
    t.login(other.email('admin')),
  ]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const view = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  filters: { status: ['new', 'open'], assignee_id: ['me'], sla: 'breached' },
  columns: ['code', 'subject', 'status', 'updated_at'],
  sort: { field: 'updated_at', direction: 'desc' },
  ...extra,
});
const names = async (token: string) =>
  (await call('GET', '/v2/smart-view', token)).json().data.map((row: { name: string }) => row.name);

describe('smart views', () => {
  it('lists the caller’s personal views and the shared ones, never another’s personal ones', async () => {
    const mine = await call('POST', '/v2/smart-view', agent, view('Của tôi đang mở'));
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      message: 'Tạo mới view thành công',
      data: {
        name: 'Của tôi đang mở',
        shared: false,
        editable: true,
        filters: { status: ['new', 'open'], assignee_id: ['me'], sla: 'breached' },
        columns: ['code', 'subject', 'status', 'updated_at'],
        owner: { name: 'Chuyên Viên Một' },
      },
    });
    const shared = await call(
      'POST',
      '/v2/smart-view',
      leader,
      view('Quá hạn toàn nhóm', { shared: true }),
    );
    expect(shared.statusCode).toBe(201);
    expect(await names(agent)).toEqual(['Của tôi đang mở', 'Quá hạn toàn nhóm']);
    expect(await names(agent2)).toEqual(['Quá hạn toàn nhóm']);
    expect(await names(otherAdmin)).toEqual([]);
    const id = mine.json().data._id;
    expect((await call('GET', `/v2/smart-view/${id}`, agent)).json().data.name).toBe(
      'Của tôi đang mở',
    );
    expect((await call('GET', `/v2/smart-view/${id}`, agent2)).json()).toEqual({
      statusCode: 404,
      message: 'Không tìm thấy view',
    });
    expect((await call('GET', `/v2/smart-view/${id}`, otherAdmin)).statusCode).toBe(404);
    const sharedRow = (await call('GET', '/v2/smart-view', agent)).json().data[1];
    expect(sharedRow.editable).toBe(false);
  });

  it('lets only administrators and team leaders share, and change shared views', async () => {
    expect(
      (await call('POST', '/v2/smart-view', agent, view('Chia sẻ', { shared: true }))).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/v2/smart-view', supervisor, view('Chia sẻ', { shared: true })))
        .statusCode,
    ).toBe(401);
    const shared = (
      await call('POST', '/v2/smart-view', admin, view('Của quản trị', { shared: true }))
    ).json().data;
    expect(
      (await call('POST', `/v2/smart-view/${shared._id}`, agent, view('Sửa'))).statusCode,
    ).toBe(401);
    expect((await call('DELETE', `/v2/smart-view/${shared._id}`, agent)).statusCode).toBe(401);
    const renamed = await call(
      'POST',
      `/v2/smart-view/${shared._id}`,
      leader,
      view('Của cả đội', { shared: true }),
    );
    expect(renamed.json()).toMatchObject({
      message: 'Cập nhật view thành công',
      data: { name: 'Của cả đội' },
    });
    expect((await call('DELETE', `/v2/smart-view/${shared._id}`, leader)).json()).toEqual({
      statusCode: 200,
      message: 'Xóa view thành công',
      data: null,
    });
  });

  it('keeps names unique without regard to case among the shared views and among one’s own', async () => {
    await call('POST', '/v2/smart-view', admin, view('Chờ phản hồi', { shared: true }));
    expect(
      (await call('POST', '/v2/smart-view', leader, view('CHỜ PHẢN HỒI', { shared: true }))).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Tên view đã tồn tại',
      errors: [{ param: 'name', message: 'Tên view đã tồn tại' }],
    });
    expect((await call('POST', '/v2/smart-view', agent2, view('Riêng tư'))).statusCode).toBe(201);
    expect((await call('POST', '/v2/smart-view', agent2, view('riêng tư'))).statusCode).toBe(422);
    // Another agent may have a personal view of the same name.
    expect((await call('POST', '/v2/smart-view', agent, view('Riêng tư'))).statusCode).toBe(201);
  });

  it('checks filters, columns and sort against the ticket list keys, in Vietnamese', async () => {
    expect(
      (
        await call('POST', '/v2/smart-view', agent, {
          name: 'Sai',
          filters: { status: ['lost'], priority_id: ['x'] },
          columns: [],
          sort: { field: 'secret', direction: 'up' },
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Trạng thái không hợp lệ',
      errors: [
        { param: 'filters.status.0', message: 'Trạng thái không hợp lệ' },
        { param: 'filters.priority_id.0', message: 'Mức độ ưu tiên không hợp lệ' },
        { param: 'columns', message: 'Vui lòng chọn ít nhất một cột' },
        { param: 'sort.field', message: 'Cột sắp xếp không hợp lệ' },
        { param: 'sort.direction', message: 'Chiều sắp xếp không hợp lệ' },
      ],
    });
    const unknownKey = await call('POST', '/v2/smart-view', agent, {
      ...view('K'),
      filters: { hack: 1 },
    });
    expect(unknownKey.statusCode).toBe(422);
  });
});
