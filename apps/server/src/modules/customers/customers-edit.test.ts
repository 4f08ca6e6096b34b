import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION, auditActionLabel } from '@omnicare/shared/audit/audit-actions';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh tenant per test, so no test reads another's customers. */
async function staffOfNewTenant() {
  const tenant = await seedTenant(t);
  const [admin, agent, agent2] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('agent')),
    t.login(tenant.email('agent2')),
  ]);
  return { tenant, admin, agent, agent2 };
}

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const create = (token: string, body: Record<string, unknown>) =>
  call(token, 'POST', '/v2/customers', body);
const timelineOf = async (token: string, id: string) => {
  const response = await call(token, 'GET', `/v2/customers/${id}/timeline`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { kind: string; changes: { field: string }[] }[];
};

describe('partial update of a customer', () => {
  it('lets an agent change one field of their own customer: the rest stays, 200, audited', async () => {
    const { tenant, agent } = await staffOfNewTenant();
    const created = await create(agent, {
      name: 'Đỗ Minh Khang',
      phones: [{ phone: '0904111222' }],
      emails: [{ email: 'khang@example.vn' }],
      tier: 2,
      notes: 'Khách quen',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;

    const updated = await call(agent, 'PUT', `/v2/customers/${id}`, { name: 'Đỗ Minh Khang Mới' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Đỗ Minh Khang Mới',
      owner: { _id: tenant.id('agent') },
      phones: [{ phone: '0904111222', is_primary: true }],
      emails: [{ email: 'khang@example.vn', is_primary: true }],
      tier: 2,
      notes: 'Khách quen',
    });
    // Still theirs, so still visible to them.
    const read = await call(agent, 'GET', `/v2/customers/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.owner._id).toBe(tenant.id('agent'));
    const timeline = await timelineOf(agent, id);
    expect(timeline.map((entry) => entry.kind)).toEqual(['customer.update', 'customer.create']);
    expect(timeline[0]?.changes.map((change) => change.field)).toEqual(['name']);
  });

  it('lets an administrator change one field and keeps groups, tags, owner and custom values', async () => {
    const { tenant, admin } = await staffOfNewTenant();
    const group = (
      await call(admin, 'POST', '/v2/group', { target: 'end_user', name: 'Khách sỉ' })
    ).json().data;
    const tagGroup = (
      await call(admin, 'POST', '/v2/group-tag-customer', { name: 'Kênh', tags: ['Online'] })
    ).json().data;
    const field = await call(admin, 'POST', '/v2/fields', {
      entity: 'customer',
      key: 'ma_so_thue',
      label: 'Mã số thuế',
      type: 'text',
    });
    expect(field.statusCode).toBe(201);
    const id = (
      await create(admin, {
        name: 'Công ty Hòa Bình',
        owner_id: tenant.id('agent'),
        group_ids: [group._id],
        tag_ids: [tagGroup.tags[0]._id],
        custom: { ma_so_thue: '0101234567' },
        city_code: '01',
        district_code: '001',
      })
    ).json().data._id;

    const updated = await call(admin, 'PUT', `/v2/customers/${id}`, { tier: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Công ty Hòa Bình',
      tier: 3,
      owner: { _id: tenant.id('agent') },
      groups: [{ _id: group._id }],
      tags: [{ _id: tagGroup.tags[0]._id }],
      custom: { ma_so_thue: '0101234567' },
      city_code: '01',
      district_code: '001',
    });
    // Named as null, a field is cleared.
    const cleared = await call(admin, 'PUT', `/v2/customers/${id}`, { owner_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.owner).toBeNull();
    expect(cleared.json().data.tier).toBe(3);
    const kinds = (await timelineOf(admin, id)).map((entry) => entry.kind);
    expect(kinds).toEqual(['customer.update', 'customer.update', 'customer.create']);
  });

  it('answers and audits a change that gives the customer to someone else', async () => {
    const { tenant, agent } = await staffOfNewTenant();
    const id = (await create(agent, { name: 'Bàn Giao' })).json().data._id;
    const handed = await call(agent, 'PUT', `/v2/customers/${id}`, {
      owner_id: tenant.id('agent2'),
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().data.owner._id).toBe(tenant.id('agent2'));
    // Now outside the agent's scope.
    expect((await call(agent, 'GET', `/v2/customers/${id}`)).statusCode).toBe(404);
  });

  it('still validates what it names', async () => {
    const { admin } = await staffOfNewTenant();
    const id = (await create(admin, { name: 'Kiểm Tra' })).json().data._id;
    const response = await call(admin, 'PUT', `/v2/customers/${id}`, { name: '', tier: 9 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { param: 'name', message: 'Tên khách hàng không được bỏ trống' },
      { param: 'tier', message: 'Hạng khách hàng không hợp lệ' },
    ]);
  });
});

describe('duplicate phone or email', () => {
  it("says only that it is taken when the holder is outside the caller's scope", async () => {
    const { agent, agent2 } = await staffOfNewTenant();
    const theirs = await create(agent2, {
      name: 'Khách Của Người Khác',
      phones: [{ phone: '0977000111' }],
      emails: [{ email: 'rieng@example.vn' }],
    });
    expect(theirs.statusCode).toBe(201);

    const phone = await create(agent, { name: 'Thử Số', phones: [{ phone: '+84977000111' }] });
    expect(phone.statusCode).toBe(422);
    expect(phone.json()).toEqual({
      statusCode: 422,
      message: 'Số điện thoại đã được dùng cho một khách hàng khác',
      errors: [{ param: 'phones', message: 'Số điện thoại đã được dùng cho một khách hàng khác' }],
    });
    const email = await create(agent, {
      name: 'Thử Email',
      emails: [{ email: 'rieng@example.vn' }],
    });
    expect(email.json()).toEqual({
      statusCode: 422,
      message: 'Email đã được dùng cho một khách hàng khác',
      errors: [{ param: 'emails', message: 'Email đã được dùng cho một khách hàng khác' }],
    });
    // Editing one's own customer onto their phone says no more.
    const mine = (await create(agent, { name: 'Của Tôi' })).json().data._id;
    const edit = await call(agent, 'PUT', `/v2/customers/${mine}`, {
      phones: [{ phone: '0977 000 111' }],
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.body).not.toContain('Khách Của Người Khác');
    expect(edit.json().duplicate).toBeUndefined();
  });

  it('names the holder, with a link, when the caller may see them', async () => {
    const { admin, agent } = await staffOfNewTenant();
    const held = (
      await create(agent, { name: 'Khách Của Tôi', phones: [{ phone: '0966000222' }] })
    ).json().data;
    for (const token of [agent, admin]) {
      const clash = await create(token, { name: 'Trùng', phones: [{ phone: '0966000222' }] });
      expect(clash.statusCode).toBe(422);
      expect(clash.json()).toEqual({
        statusCode: 422,
        message: 'Số điện thoại đã thuộc về khách hàng Khách Của Tôi',
        errors: [
          { param: 'phones', message: 'Số điện thoại đã thuộc về khách hàng Khách Của Tôi' },
        ],
        duplicate: { _id: held._id, name: 'Khách Của Tôi', link: `/customers/${held.number}` },
      });
    }
  });
});

describe('customer timeline vocabulary', () => {
  it('records bulk actions under listed, labelled kinds', async () => {
    const { tenant, admin } = await staffOfNewTenant();
    const id = (await create(admin, { name: 'Hàng Loạt' })).json().data._id;
    const group = (
      await call(admin, 'POST', '/v2/group', { target: 'end_user', name: 'Nhóm A' })
    ).json().data;
    const tagGroup = (
      await call(admin, 'POST', '/v2/group-tag-customer', { name: 'Nhãn', tags: ['VIP'] })
    ).json().data;
    const bulk = (payload: Record<string, unknown>) =>
      call(admin, 'POST', '/v2/customers/bulk', { ids: [id], ...payload });
    expect((await bulk({ action: 'add_group', group_id: group._id })).statusCode).toBe(200);
    expect((await bulk({ action: 'add_tag', tag_id: tagGroup.tags[0]._id })).statusCode).toBe(200);
    expect((await bulk({ action: 'assign_owner', owner_id: tenant.id('agent') })).statusCode).toBe(
      200,
    );

    const kinds = (await timelineOf(admin, id)).map((entry) => entry.kind);
    expect(kinds).toEqual([
      'customer.assign_owner',
      'customer.add_tag',
      'customer.add_group',
      'customer.create',
    ]);
    expect(kinds.every((kind) => AUDIT_ACTION.is(kind))).toBe(true);
    expect(kinds.map(auditActionLabel)).toEqual([
      'Đổi người phụ trách',
      'Gắn tag',
      'Thêm vào nhóm khách hàng',
      'Tạo khách hàng',
    ]);
  });
});
