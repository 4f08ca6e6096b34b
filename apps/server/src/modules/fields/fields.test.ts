import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let supervisor: string;
let otherAdmin: string;

type Field = { _id: string; key: string; label: string; position: number; active: boolean };

const send = (
  token: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const addField = async (token: string, body: Record<string, unknown>) => {
  const response = await send(token, 'POST', '/v2/fields', { entity: 'customer', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Field;
};
const listFields = async (token: string, entity = 'customer') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v2/fields?entity=${entity}`,
      headers: bearer(token),
    })
  ).json().data as Field[];
const createCustomer = async (token: string, name: string, custom: Record<string, unknown>) => {
  const response = await send(token, 'POST', '/v2/customers', { name, custom });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; custom: Record<string, unknown> };
};
const customOf = async (token: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v2/customers/${id}`, headers: bearer(token) })).json()
    .data.custom as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  other = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
  supervisor = await t.login(tenant.email('supervisor'));
  otherAdmin = await t.login(other.email('admin'));
}, 120_000);
afterAll(() => t.close());

describe('custom fields', () => {
  it('appends a new field after the last one, and keeps its place when edited', async () => {
    const first = await addField(admin, { key: 'hang_the', label: 'Hạng thẻ', type: 'text' });
    const second = await addField(admin, { key: 'so_the', label: 'Số thẻ', type: 'number' });
    expect([first.position, second.position]).toEqual([0, 1]);
    const edited = await send(admin, 'PUT', `/v2/field/${first._id}`, {
      entity: 'customer',
      key: 'hang_the',
      label: 'Hạng thẻ thành viên',
      type: 'text',
    });
    expect(edited.json().data).toMatchObject({ label: 'Hạng thẻ thành viên', position: 0 });
    expect((await listFields(admin)).map((f) => f.key)).toEqual(['hang_the', 'so_the']);
  });

  it('refuses a blank key and a required checkbox, in Vietnamese', async () => {
    const blank = await send(admin, 'POST', '/v2/fields', {
      entity: 'customer',
      key: ' ',
      label: 'Không mã',
      type: 'text',
    });
    expect(blank.json().errors).toEqual([
      { param: 'key', message: 'Mã trường không được bỏ trống' },
    ]);
    const box = await send(admin, 'POST', '/v2/fields', {
      entity: 'customer',
      key: 'dong_y',
      label: 'Đồng ý nhận tin',
      type: 'checkbox',
      required: true,
    });
    expect(box.json().errors).toEqual([
      { param: 'required', message: 'Hộp kiểm không thể là trường bắt buộc' },
    ]);
    const made = await addField(admin, {
      key: 'dong_y',
      label: 'Đồng ý nhận tin',
      type: 'checkbox',
    });
    const patched = await send(admin, 'PATCH', `/v2/field/${made._id}`, { required: true });
    expect(patched.json().errors).toEqual([
      { param: 'required', message: 'Hộp kiểm không thể là trường bắt buộc' },
    ]);
    await send(admin, 'DELETE', `/v2/field/${made._id}`);
  });

  it('puts the fields of an entity in a new order, all of them or none', async () => {
    const fields = await listFields(admin);
    const reversed = fields.map((f) => f._id).reverse();
    const ordered = await send(admin, 'PUT', '/v2/fields/order', {
      entity: 'customer',
      ids: reversed,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((await listFields(admin)).map((f) => f._id)).toEqual(reversed);

    const partial = await send(admin, 'PUT', '/v2/fields/order', {
      entity: 'customer',
      ids: reversed.slice(1),
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual([
      { param: 'ids', message: 'Danh sách trường đã thay đổi, vui lòng tải lại trang' },
    ]);
    // Another tenant cannot order these fields, nor read them.
    const foreign = await send(otherAdmin, 'PUT', '/v2/fields/order', {
      entity: 'customer',
      ids: reversed,
    });
    expect(foreign.statusCode).toBe(422);
    expect(await listFields(otherAdmin)).toEqual([]);
    expect((await listFields(admin)).map((f) => f._id)).toEqual(reversed);
  });

  it('is changed by administrators only, and read by every staff member', async () => {
    const [field] = await listFields(admin);
    expect((await listFields(supervisor)).length).toBeGreaterThan(0);
    const refused = [
      await send(supervisor, 'POST', '/v2/fields', {
        entity: 'customer',
        key: 'x',
        label: 'X',
        type: 'text',
      }),
      await send(supervisor, 'PATCH', `/v2/field/${field!._id}`, { active: false }),
      await send(supervisor, 'PUT', '/v2/fields/order', { entity: 'customer', ids: [field!._id] }),
      await send(supervisor, 'DELETE', `/v2/field/${field!._id}`),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(
      (await send(otherAdmin, 'PATCH', `/v2/field/${field!._id}`, { active: false })).statusCode,
    ).toBe(404);
  });

  it('keeps the values of a switched-off field through a save, and shows them again when it is back', async () => {
    const field = await addField(admin, {
      key: 'ma_cu',
      label: 'Mã khách hàng cũ',
      type: 'text',
      required: true,
    });
    const customer = await createCustomer(admin, 'Giữ Mã Cũ', { ma_cu: 'KH-42' });
    await send(admin, 'PATCH', `/v2/field/${field._id}`, { active: false });
    // The form no longer shows the field but sends back what the customer had.
    const saved = await send(admin, 'PUT', `/v2/customers/${customer._id}`, {
      name: 'Giữ Mã Cũ',
      custom: { ma_cu: 'đã sửa ở nơi không thấy' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const without = await send(admin, 'PUT', `/v2/customers/${customer._id}`, {
      name: 'Giữ Mã Cũ',
      custom: {},
    });
    expect(without.statusCode, without.body).toBe(200);
    expect(await customOf(admin, customer._id)).toEqual({ ma_cu: 'KH-42' });
    await send(admin, 'PATCH', `/v2/field/${field._id}`, { active: true });
    expect(await customOf(admin, customer._id)).toEqual({ ma_cu: 'KH-42' });
    // A key no field has is still refused.
    const unknown = await send(admin, 'PUT', `/v2/customers/${customer._id}`, {
      name: 'Giữ Mã Cũ',
      custom: { ma_cu: 'KH-42', khong_co: 1 },
    });
    expect(unknown.json().errors).toEqual([
      { param: 'custom.khong_co', message: 'Trường không tồn tại' },
    ]);
    await send(admin, 'DELETE', `/v2/field/${field._id}`);
  });

  it('takes removed options out of the values customers hold', async () => {
    const kenh = await addField(admin, {
      key: 'kenh',
      label: 'Kênh ưa thích',
      type: 'select',
      options: ['Zalo', 'Email', 'Fax'],
    });
    const so_thich = await addField(admin, {
      key: 'so_thich',
      label: 'Sở thích',
      type: 'multiselect',
      options: ['Du lịch', 'Ẩm thực', 'Thể thao'],
    });
    const fax = await createCustomer(admin, 'Dùng Fax', { kenh: 'Fax', so_thich: ['Thể thao'] });
    const zalo = await createCustomer(admin, 'Dùng Zalo', {
      kenh: 'Zalo',
      so_thich: ['Du lịch', 'Thể thao'],
    });
    // A PATCH that leaves options out keeps them, and every value with them.
    const off = await send(admin, 'PATCH', `/v2/field/${kenh._id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, options: ['Zalo', 'Email', 'Fax'] });
    await send(admin, 'PATCH', `/v2/field/${kenh._id}`, { active: true });
    expect(await customOf(admin, fax._id)).toEqual({ kenh: 'Fax', so_thich: ['Thể thao'] });
    const duplicated = await send(admin, 'PATCH', `/v2/field/${kenh._id}`, {
      options: ['Zalo', 'zalo'],
    });
    expect(duplicated.json().errors).toEqual([
      { param: 'options', message: 'Các lựa chọn không được trùng nhau' },
    ]);
    const renamed = await send(admin, 'PATCH', `/v2/field/${kenh._id}`, {
      options: ['Zalo', 'Email'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await send(admin, 'PATCH', `/v2/field/${so_thich._id}`, { options: ['Du lịch', 'Ẩm thực'] });
    expect(await customOf(admin, fax._id)).toEqual({});
    expect(await customOf(admin, zalo._id)).toEqual({ kenh: 'Zalo', so_thich: ['Du lịch'] });
    // Both can be saved as they are now.
    const saved = await send(admin, 'PUT', `/v2/customers/${zalo._id}`, {
      name: 'Dùng Zalo',
      custom: await customOf(admin, zalo._id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("removes a deleted field's values from every customer, and nothing of another tenant", async () => {
    const mine = await addField(admin, { key: 'vip', label: 'Khách VIP', type: 'checkbox' });
    const theirs = await addField(otherAdmin, { key: 'vip', label: 'VIP', type: 'checkbox' });
    const customer = await createCustomer(admin, 'Khách VIP Cũ', { vip: true, kenh: 'Email' });
    const elsewhere = await createCustomer(otherAdmin, 'VIP Nơi Khác', { vip: true });
    const removed = await send(admin, 'DELETE', `/v2/field/${mine._id}`);
    expect(removed.json().message).toBe('Xóa thành công');
    expect(await customOf(admin, customer._id)).toEqual({ kenh: 'Email' });
    expect(await customOf(otherAdmin, elsewhere._id)).toEqual({ vip: true });
    // A field of the same key made again starts empty.
    await addField(admin, { key: 'vip', label: 'Khách VIP', type: 'checkbox' });
    expect(await customOf(admin, customer._id)).toEqual({ kenh: 'Email' });
    expect(theirs.key).toBe('vip');
  });
});
