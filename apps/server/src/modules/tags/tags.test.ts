import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let admin: string;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/group-tag-customer',
    headers: bearer(token),
    payload: body,
  });

describe('tag groups', () => {
  it('creates a group with trimmed tags and answers with tags and raw_tags', async () => {
    const response = await post({ name: '  Nguồn khách  ', tags: [' Hội chợ ', 'Giới thiệu'] });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Tạo mới nhóm tags thành công');
    const group = response.json().data;
    expect(group.name).toBe('Nguồn khách');
    expect(group.raw_tags).toEqual(['Hội chợ', 'Giới thiệu']);
    expect(group.tags.map((tag: { name: string }) => tag.name)).toEqual(['Hội chợ', 'Giới thiệu']);
  });

  it('answers duplicate_tag with the indices of duplicates, inside the group and across groups, ignoring case and diacritics', async () => {
    const response = await post({ name: 'Trùng', tags: ['Mới', 'hoi cho', 'Khác', 'MOI'] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: 'Tên tag bị trùng',
      code: 'duplicate_tag',
      invalid: [0, 1, 3],
    });
  });

  it('uses the spec messages for blank names and tags', async () => {
    const response = await post({ name: '   ', tags: ['ok', '  '] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { param: 'name', message: 'Tên nhóm tags không được bỏ trống' },
      { param: 'tags.1', message: 'Tên tag không được bỏ trống' },
    ]);
  });

  it('keeps the tags customers carry when a group is edited, and searches by tag name', async () => {
    const group = (await post({ name: 'Sở thích', tags: ['Du lịch', 'Thể thao'] })).json().data;
    const travel = group.tags[0]._id;
    const customer = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name: 'Khách Du Lịch', tag_ids: [travel] },
      })
    ).json().data;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/v2/group-tag-customer/${group._id}`,
      headers: bearer(admin),
      payload: { name: 'Sở thích', tags: ['Du Lịch', 'Đọc sách'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Cập nhật nhóm tags thành công');
    expect(updated.json().data.tags[0]._id).toBe(travel);
    expect(updated.json().data.customer_count).toBe(1);
    const reread = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${customer._id}`,
        headers: bearer(admin),
      })
    ).json().data;
    expect(reread.tags).toEqual([{ _id: travel, name: 'Du Lịch' }]);

    const search = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/group-tag-customer?tag_name=doc sach',
        headers: bearer(admin),
      })
    ).json().data;
    expect(search.map((g: { name: string }) => g.name)).toEqual(['Sở thích']);
    const all = (
      await t.app.inject({ method: 'GET', url: '/v2/group-tag-customer', headers: bearer(admin) })
    ).json().data;
    expect(all.map((g: { name: string }) => g.name)).toEqual(['Nguồn khách', 'Sở thích']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v2/group-tag-customer/${group._id}`,
      headers: bearer(admin),
    });
    expect(removed.json().message).toBe('Xóa nhóm tags thành công');
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${customer._id}`,
        headers: bearer(admin),
      })
    ).json().data;
    expect(after.tags).toEqual([]);
  });

  it('renames a tag by its id, keeping its customers, even when two tags swap names', async () => {
    const group = (
      await post({ name: 'Kênh ưa thích', tags: ['Zalo', 'Email', 'Điện thoại'] })
    ).json().data;
    const [zalo, email, phone] = group.tags.map((tag: { _id: string }) => tag._id);
    const customer = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name: 'Khách Đổi Tag', tag_ids: [zalo, email] },
      })
    ).json().data;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/group-tag-customer/${group._id}`,
        headers: bearer(admin),
        payload,
      });
    const renamed = await put({
      name: 'Kênh ưa thích',
      tags: ['Zalo OA', 'Thư điện tử', 'SMS'],
      tag_ids: [zalo, email, null],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      renamed
        .json()
        .data.tags.map((tag: { _id: string }) => tag._id)
        .slice(0, 2),
    ).toEqual([zalo, email]);
    const tagsOf = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers/${customer._id}`,
          headers: bearer(admin),
        })
      ).json().data.tags;
    expect(await tagsOf()).toEqual([
      { _id: zalo, name: 'Zalo OA' },
      { _id: email, name: 'Thư điện tử' },
    ]);
    // Điện thoại was dropped, and two tags swap their names in one save.
    expect(renamed.json().data.tags.map((tag: { _id: string }) => tag._id)).not.toContain(phone);
    const swapped = await put({
      name: 'Kênh ưa thích',
      tags: ['Thư điện tử', 'Zalo OA'],
      tag_ids: [zalo, email],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await tagsOf()).toEqual([
      { _id: zalo, name: 'Thư điện tử' },
      { _id: email, name: 'Zalo OA' },
    ]);
    const mismatched = await put({ name: 'Kênh ưa thích', tags: ['A'], tag_ids: [] });
    expect(mismatched.json().errors).toEqual([
      { param: 'tag_ids', message: 'Danh sách mã tag không khớp danh sách tag' },
    ]);
  });

  it('keeps tag group names unique without case or diacritics', async () => {
    expect((await post({ name: 'Mức độ hài lòng', tags: ['Rất tốt'] })).statusCode).toBe(201);
    const again = await post({ name: 'muc do hai LONG', tags: ['Tệ'] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([{ param: 'name', message: 'Tên nhóm tags đã tồn tại' }]);
  });

  it('is private to the tenant and written by managers only', async () => {
    const group = (await post({ name: 'Riêng', tags: ['A1'] })).json().data;
    const demoAdmin = await t.login('admin@demo.vn');
    const demo = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/group-tag-customer',
        headers: bearer(demoAdmin),
      })
    ).json().data;
    expect(demo.map((g: { name: string }) => g.name)).not.toContain('Riêng');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/group-tag-customer/${group._id}`,
          headers: bearer(demoAdmin),
        })
      ).statusCode,
    ).toBe(404);
    // Another tenant may use the same tag.
    expect((await post({ name: 'Riêng', tags: ['A1'] }, demoAdmin)).statusCode).toBe(201);
    const agent = await t.login(tenant.email('agent'));
    expect((await post({ name: 'X', tags: [] }, agent)).statusCode).toBe(401);
  });

  it('are managed by administrators and supervisors, not team leaders (tags span every scope)', async () => {
    const leader = await t.login(tenant.email('leader'));
    const supervisor = await t.login(tenant.email('supervisor'));
    expect((await post({ name: 'Nhóm trưởng nhóm', tags: ['a'] }, leader)).statusCode).toBe(401);
    const group = await post({ name: 'Nhóm giám sát', tags: ['Giám sát'] }, supervisor);
    expect(group.statusCode).toBe(201);
    const url = `/v2/group-tag-customer/${group.json().data._id}`;
    const rename = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(leader),
      payload: { name: 'Đổi tên', tags: [] },
    });
    expect(rename.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: bearer(leader) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: bearer(supervisor) })).statusCode,
    ).toBe(200);
  });
});
