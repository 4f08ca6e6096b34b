import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema/tickets.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let supervisor: string;
let leader: string;
let agent: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  other = await seedTenant(t, 'Khác');
  [admin, supervisor, leader, agent, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('supervisor')),
    t.login(tenant.email('leader')),
    t.login(tenant.email('agent')),
    t.login(other.email('admin')),
  ]);
});
afterAll(() => t.close());

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

const addTickets = (count: number, values: Partial<typeof tickets.$inferInsert>) =>
  t.database.db.insert(tickets).values(
    Array.from({ length: count }, (_, index) => ({
      tenantId: tenant.tenantId,
      subject: `Ticket ${index}`,
      ...values,
    })),
  );

describe('priorities', () => {
  it('creates, lists in order, updates and deletes, with Vietnamese messages', async () => {
    const created = await call('POST', '/v2/priorities', admin, {
      name: '  Rất cao ',
      color: '#FF0000',
      order: 5,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      statusCode: 201,
      message: 'Tạo mới mức độ ưu tiên thành công',
      data: { name: 'Rất cao', color: '#ff0000', order: 5 },
    });
    const id = created.json().data._id;
    await call('POST', '/v2/priorities', admin, { name: 'Thấp nhất', color: '#00ff00', order: 1 });
    const listed = await call('GET', '/v2/priorities', agent);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual([
      'Thấp nhất',
      'Rất cao',
    ]);
    expect(listed.json().total).toBe(2);
    const updated = await call('PUT', `/v2/priority/${id}`, admin, {
      name: 'Khẩn',
      color: '#aa0000',
      order: 0,
    });
    expect(updated.json()).toMatchObject({
      message: 'Cập nhật mức độ ưu tiên thành công',
      data: { name: 'Khẩn', order: 0 },
    });
    const removed = await call('DELETE', `/v2/priority/${id}`);
    expect(removed.json()).toEqual({
      statusCode: 200,
      message: 'Xóa mức độ ưu tiên thành công',
      data: null,
    });
  });

  it('refuses a duplicate name whatever its case, and a bad colour, with whole 422 bodies', async () => {
    await call('POST', '/v2/priorities', admin, { name: 'Trung bình', color: '#123456' });
    expect(
      (
        await call('POST', '/v2/priorities', admin, { name: 'TRUNG BÌNH', color: '#123456' })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Tên mức độ ưu tiên đã tồn tại',
      errors: [{ param: 'name', message: 'Tên mức độ ưu tiên đã tồn tại' }],
    });
    expect(
      (await call('POST', '/v2/priorities', admin, { name: ' ', color: 'red' })).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Tên mức độ ưu tiên không được bỏ trống',
      errors: [
        { param: 'name', message: 'Tên mức độ ưu tiên không được bỏ trống' },
        { param: 'color', message: 'Màu phải có dạng #RRGGBB' },
      ],
    });
  });

  it('refuses deleting a priority used by tickets, saying by how many', async () => {
    const id = (
      await call('POST', '/v2/priorities', admin, { name: 'Đang dùng', color: '#000000' })
    ).json().data._id;
    await addTickets(12, { priorityId: id });
    const refused = await call('DELETE', `/v2/priority/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Mức độ ưu tiên đang được dùng bởi 12 ticket',
      errors: [{ param: 'id', message: 'Mức độ ưu tiên đang được dùng bởi 12 ticket' }],
    });
  });

  it('lets only administrators change them (401), and keeps tenants apart (404)', async () => {
    for (const token of [supervisor, leader, agent])
      expect(
        (await call('POST', '/v2/priorities', token, { name: 'X', color: '#000000' })).statusCode,
      ).toBe(401);
    const id = (
      await call('POST', '/v2/priorities', admin, { name: 'Riêng', color: '#111111' })
    ).json().data._id;
    expect(
      (await call('PUT', `/v2/priority/${id}`, agent, { name: 'Y', color: '#000000' })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', `/v2/priority/${id}`, leader)).statusCode).toBe(401);
    const names = (await call('GET', '/v2/priorities', otherAdmin))
      .json()
      .data.map((row: { name: string }) => row.name);
    expect(names).not.toContain('Riêng');
    expect(
      (await call('PUT', `/v2/priority/${id}`, otherAdmin, { name: 'Z', color: '#000000' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/v2/priority/${id}`, otherAdmin)).json()).toEqual({
      statusCode: 404,
      message: 'Không tìm thấy mức độ ưu tiên',
    });
    // The same name is free in another tenant.
    expect(
      (await call('POST', '/v2/priorities', otherAdmin, { name: 'Riêng', color: '#111111' }))
        .statusCode,
    ).toBe(201);
    expect((await call('DELETE', '/v2/priority/abc')).json()).toMatchObject({
      statusCode: 422,
      message: 'Không tìm thấy mức độ ưu tiên',
    });
  });
});

describe('types and services', () => {
  it('lists the services of a type together with those for every type', async () => {
    const complaint = (await call('POST', '/v2/types', admin, { name: 'Khiếu nại' })).json().data
      ._id;
    const question = (await call('POST', '/v2/types', admin, { name: 'Hỏi đáp' })).json().data._id;
    const refund = await call('POST', '/v2/services', admin, {
      name: 'Hoàn tiền',
      type_id: complaint,
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json().data).toMatchObject({ type_id: complaint, type_name: 'Khiếu nại' });
    await call('POST', '/v2/services', admin, { name: 'Tư vấn gói', type_id: question });
    await call('POST', '/v2/services', admin, { name: 'Chung' });
    const names = async (url: string) =>
      (await call('GET', url, agent))
        .json()
        .data.map((row: { name: string }) => row.name)
        .sort();
    expect(await names(`/v2/services?type_id=${complaint}`)).toEqual(['Chung', 'Hoàn tiền']);
    expect(await names('/v2/services')).toEqual(['Chung', 'Hoàn tiền', 'Tư vấn gói']);
    expect((await call('GET', '/v2/services?type_id=x')).json()).toMatchObject({
      statusCode: 422,
      message: 'Loại ticket không tồn tại',
    });
  });

  it('refuses a type of another tenant for a service, and a type in use by services and tickets', async () => {
    const foreign = (await call('POST', '/v2/types', otherAdmin, { name: 'Ngoài' })).json().data
      ._id;
    expect(
      (await call('POST', '/v2/services', admin, { name: 'Lạ', type_id: foreign })).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Loại ticket không tồn tại',
      errors: [{ param: 'type_id', message: 'Loại ticket không tồn tại' }],
    });
    const type = (await call('POST', '/v2/types', admin, { name: 'Sự cố' })).json().data._id;
    await call('POST', '/v2/services', admin, { name: 'Mất mạng', type_id: type });
    await addTickets(3, { typeId: type });
    expect((await call('DELETE', `/v2/type/${type}`)).json()).toMatchObject({
      statusCode: 422,
      message: 'Loại ticket đang được dùng bởi 3 ticket, 1 dịch vụ',
    });
    expect((await call('POST', '/v2/types', admin, { name: 'sự CỐ' })).json().message).toBe(
      'Tên loại ticket đã tồn tại',
    );
  });

  it('refuses deleting a service used by a template; unused ones go', async () => {
    const service = (await call('POST', '/v2/services', admin, { name: 'Bảo hành' })).json().data
      ._id;
    const template = (
      await call('POST', '/v2/templates', admin, { name: 'Mẫu bảo hành', service_id: service })
    ).json().data._id;
    expect((await call('DELETE', `/v2/service/${service}`)).json()).toMatchObject({
      statusCode: 422,
      message: 'Dịch vụ đang được dùng bởi 1 mẫu ticket',
    });
    expect((await call('DELETE', `/v2/template/${template}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/v2/service/${service}`)).json().message).toBe(
      'Xóa dịch vụ thành công',
    );
    expect((await call('PUT', `/v2/service/${service}`, admin, { name: 'Lại' })).statusCode).toBe(
      404,
    );
  });
});

describe('ticket templates', () => {
  it('prefills subject, description, type, priority, service, tags and custom values', async () => {
    const type = (await call('POST', '/v2/types', admin, { name: 'Đổi trả' })).json().data._id;
    const priority = (
      await call('POST', '/v2/priorities', admin, { name: 'Cao', color: '#ff8800' })
    ).json().data._id;
    const service = (
      await call('POST', '/v2/services', admin, { name: 'Đổi hàng', type_id: type })
    ).json().data._id;
    const group = (
      await call('POST', '/v2/group-tag-customer', admin, { name: 'Nhãn ticket', tags: ['VIP'] })
    ).json().data;
    await call('POST', '/v2/fields', admin, {
      entity: 'ticket',
      key: 'order_code',
      label: 'Mã đơn',
      type: 'text',
    });
    const created = await call('POST', '/v2/templates', admin, {
      name: 'Đổi hàng lỗi',
      subject: 'Yêu cầu đổi hàng',
      description: '<p>Khách cần đổi</p>',
      type_id: type,
      priority_id: priority,
      service_id: service,
      tag_ids: [group.tags[0]._id],
      custom: { order_code: 'DH-1', empty: '' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Đổi hàng lỗi',
      subject: 'Yêu cầu đổi hàng',
      type: { _id: type, name: 'Đổi trả' },
      priority: { _id: priority, name: 'Cao' },
      service: { _id: service, name: 'Đổi hàng' },
      tags: [{ _id: group.tags[0]._id, name: 'VIP' }],
      custom: { order_code: 'DH-1' },
    });
    const id = created.json().data._id;
    expect((await call('GET', `/v2/template/${id}`, agent)).json().data.name).toBe('Đổi hàng lỗi');
    expect((await call('GET', `/v2/template/${id}`, otherAdmin)).statusCode).toBe(404);
    // The priority and type are now in use by the template.
    expect((await call('DELETE', `/v2/priority/${priority}`)).json().message).toBe(
      'Mức độ ưu tiên đang được dùng bởi 1 mẫu ticket',
    );
    expect((await call('DELETE', `/v2/type/${type}`)).json().message).toBe(
      'Loại ticket đang được dùng bởi 1 mẫu ticket, 1 dịch vụ',
    );
  });

  it('stores its description sanitised as a ticket’s: no script, no event handler', async () => {
    const hostile =
      '<p onclick="steal()">Xin chào<script>alert(1)</script></p>' +
      '<img src="https://evil.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>';
    const created = await call('POST', '/v2/templates', admin, {
      name: 'Mẫu có mã độc',
      description: hostile,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    const stored = (await call('GET', `/v2/template/${id}`, agent)).json().data.description;
    expect(stored).toContain('<p>Xin chào</p>');
    for (const hostilePart of ['<script', 'alert', 'onclick', 'onerror', 'javascript:', 'evil'])
      expect(stored).not.toContain(hostilePart);
    const updated = await call('PUT', `/v2/template/${id}`, admin, {
      name: 'Mẫu có mã độc',
      description: '<p>Sửa<img src=x onerror="alert(4)"></p>',
    });
    expect(updated.json().data.description).toBe('<p>Sửa</p>');
  });

  it('refuses references that are not the tenant’s, a service of another type, unknown custom fields', async () => {
    const foreign = (
      await call('POST', '/v2/priorities', otherAdmin, { name: 'Của người khác', color: '#000000' })
    ).json().data._id;
    expect(
      (await call('POST', '/v2/templates', admin, { name: 'A', priority_id: foreign })).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Mức độ ưu tiên không tồn tại',
      errors: [{ param: 'priority_id', message: 'Mức độ ưu tiên không tồn tại' }],
    });
    const typeA = (await call('POST', '/v2/types', admin, { name: 'Loại A' })).json().data._id;
    const typeB = (await call('POST', '/v2/types', admin, { name: 'Loại B' })).json().data._id;
    const serviceA = (
      await call('POST', '/v2/services', admin, { name: 'Dịch vụ A', type_id: typeA })
    ).json().data._id;
    expect(
      (
        await call('POST', '/v2/templates', admin, {
          name: 'B',
          type_id: typeB,
          service_id: serviceA,
        })
      ).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Dịch vụ không thuộc loại ticket đã chọn',
      errors: [{ param: 'service_id', message: 'Dịch vụ không thuộc loại ticket đã chọn' }],
    });
    expect(
      (await call('POST', '/v2/templates', admin, { name: 'C', custom: { nope: 'x' } })).json(),
    ).toEqual({
      statusCode: 422,
      message: 'Trường không tồn tại',
      errors: [{ param: 'custom.nope', message: 'Trường không tồn tại' }],
    });
    await call('POST', '/v2/templates', admin, { name: 'Mẫu trùng' });
    expect((await call('POST', '/v2/templates', admin, { name: 'MẪU TRÙNG' })).json()).toEqual({
      statusCode: 422,
      message: 'Tên mẫu ticket đã tồn tại',
      errors: [{ param: 'name', message: 'Tên mẫu ticket đã tồn tại' }],
    });
    expect((await call('POST', '/v2/templates', agent, { name: 'Của agent' })).statusCode).toBe(
      401,
    );
  });
});
