import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, token = admin) =>
  t.app.inject({ method: 'POST', url: '/v2/group', headers: bearer(token), payload: body });

describe('departments (groups with target user)', () => {
  it('creates a department with a leader who is always a member, and edits its members', async () => {
    const created = await post({
      target: 'user',
      name: 'Phòng CSKH',
      leader_id: tenant.id('leader'),
      member_ids: [tenant.id('agent')],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Tạo mới phòng ban thành công');
    const duplicate = await post({ target: 'user', name: 'phòng cskh' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual([
      { param: 'name', message: 'Tên phòng ban đã tồn tại' },
    ]);
    const department = created.json().data;
    expect(department).toMatchObject({
      name: 'Phòng CSKH',
      target: 'user',
      leader_id: tenant.id('leader'),
      leader_name: 'Trưởng Nhóm',
    });
    expect(department.members.map((m: { _id: string }) => m._id).sort()).toEqual(
      [tenant.id('agent'), tenant.id('leader')].sort(),
    );

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/v2/updateGroup',
      headers: bearer(admin),
      payload: {
        id: department._id,
        target: 'user',
        name: 'Phòng CSKH 1',
        leader_id: tenant.id('leader'),
        member_ids: [tenant.id('agent2')],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(
      updated
        .json()
        .data.members.map((m: { _id: string }) => m._id)
        .sort(),
    ).toEqual([tenant.id('agent2'), tenant.id('leader')].sort());

    const user = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/users/${tenant.id('agent2')}`,
        headers: bearer(admin),
      })
    ).json().data;
    expect(user.groups).toEqual([{ _id: department._id, name: 'Phòng CSKH 1' }]);
    const byGroup = await t.app.inject({
      method: 'GET',
      url: `/v2/users?group_id=${department._id}`,
      headers: bearer(admin),
    });
    expect(byGroup.json().total).toBe(2);

    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/all-group?target=user',
      headers: bearer(admin),
    });
    expect(list.json().data.list.map((g: { name: string }) => g.name)).toEqual(['Phòng CSKH 1']);
    expect(list.json().data.total).toBe(1);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/group/${department._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/users/${tenant.id('agent2')}`,
        headers: bearer(admin),
      })
    ).json().data;
    expect(after.groups).toEqual([]);
  });

  it('lets only administrators run departments, and refuses members of another tenant', async () => {
    const supervisor = await t.login(tenant.email('supervisor'));
    expect((await post({ target: 'user', name: 'Phòng X' }, supervisor)).statusCode).toBe(401);
    const demoAgent = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/my-account',
        headers: bearer(await t.login('agent@demo.vn')),
      })
    ).json().data._id;
    const foreign = await post({ target: 'user', name: 'Phòng Y', member_ids: [demoAgent] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([
      { param: 'member_ids', message: 'Có thành viên không tồn tại' },
    ]);
  });
});

describe('customer groups (target end_user)', () => {
  it('are managed by administrators and supervisors, not team leaders (they span every scope)', async () => {
    const leader = await t.login(tenant.email('leader'));
    const supervisor = await t.login(tenant.email('supervisor'));
    expect((await post({ target: 'end_user', name: 'Nhóm trưởng nhóm' }, leader)).statusCode).toBe(
      401,
    );
    const group = await post({ target: 'end_user', name: 'Nhóm giám sát' }, supervisor);
    expect(group.statusCode).toBe(201);
    const id = group.json().data._id;
    const rename = await t.app.inject({
      method: 'PUT',
      url: '/v2/updateGroup',
      headers: bearer(leader),
      payload: { id, target: 'end_user', name: 'Đổi tên' },
    });
    expect(rename.statusCode).toBe(401);
    const remove = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/v2/group/${id}`, headers: bearer(token) });
    expect((await remove(leader)).statusCode).toBe(401);
    expect((await remove(supervisor)).statusCode).toBe(200);
  });

  it('uses the spec messages and reads list and total with offset and limit', async () => {
    const blank = await post({ target: 'end_user', name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([
      { param: 'name', message: 'Tên nhóm khách hàng không được bỏ trống' },
    ]);

    const supervisor = await t.login(tenant.email('supervisor'));
    for (const name of ['Khách VIP', 'Khách mới', 'Đại lý']) {
      const response = await post({ id: '', target: 'end_user', name }, supervisor);
      expect(response.statusCode).toBe(201);
      expect(response.json().message).toBe('Tạo mới nhóm khách hàng thành công');
    }
    const duplicate = await post({ target: 'end_user', name: 'khách vip' });
    expect(duplicate.json().errors).toEqual([{ param: 'name', message: 'Tên nhóm đã tồn tại' }]);

    const page = await t.app.inject({
      method: 'GET',
      url: '/v2/groups?target=end_user&offset=1&limit=1',
      headers: bearer(admin),
    });
    expect(page.json().data.total).toBe(3);
    expect(page.json().data.list.map((g: { name: string }) => g.name)).toEqual(['Khách mới']);
    const search = await t.app.inject({
      method: 'GET',
      url: '/v2/groups?target=end_user&name=khach',
      headers: bearer(admin),
    });
    expect(search.json().data.list.map((g: { name: string }) => g.name)).toEqual([
      'Khách mới',
      'Khách VIP',
    ]);

    const vip = search.json().data.list[1];
    // Each group says how many customers it holds (what a delete would take from them).
    expect(vip.customer_count).toBe(0);
    for (const name of ['Khách Một', 'Khách Hai']) {
      await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name, group_ids: [vip._id] },
      });
    }
    const counted = await t.app.inject({
      method: 'GET',
      url: `/v2/groups?target=end_user&ids=${vip._id}`,
      headers: bearer(admin),
    });
    expect(counted.json().data.list[0].customer_count).toBe(2);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/v2/updateGroup',
      headers: bearer(admin),
      payload: { id: vip._id, target: 'end_user', name: 'Khách VIP 2026' },
    });
    expect(renamed.json().message).toBe('Cập nhật nhóm khách hàng thành công');
    const agent = await t.login(tenant.email('agent'));
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/group/${vip._id}`,
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(401);

    const demoAdmin = await t.login('admin@demo.vn');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/group/${vip._id}`,
          headers: bearer(demoAdmin),
        })
      ).statusCode,
    ).toBe(404);
    const khachMoi = search.json().data.list[0];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v2/group/${khachMoi._id}`,
      headers: bearer(admin),
    });
    expect(removed.json().message).toBe('Xóa nhóm khách hàng thành công');
    const platform = await t.app.inject({
      method: 'GET',
      url: `/v2/settings/${tenant.tenantId}/groups?target=end_user`,
      headers: bearer(demoAdmin),
    });
    expect(platform.json().data.total).toBe(2);
  });
});

describe('looking groups up by id (pickers resolve the names of chosen values)', () => {
  it('answers only the named groups of the caller tenant, on both list routes', async () => {
    const names = ['Nhóm tra cứu A', 'Nhóm tra cứu B', 'Nhóm tra cứu C'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await post({ target: 'end_user', name })).json().data._id);
    }
    const wanted = `${ids[0]},${ids[2]}`;
    const byId = await t.app.inject({
      method: 'GET',
      url: `/v2/groups?target=end_user&ids=${wanted}&limit=100`,
      headers: bearer(admin),
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.list.map((g: { name: string }) => g.name)).toEqual([
      'Nhóm tra cứu A',
      'Nhóm tra cứu C',
    ]);
    expect(byId.json().data.total).toBe(2);

    const department = (await post({ target: 'user', name: 'Phòng tra cứu' })).json().data;
    const departments = await t.app.inject({
      method: 'GET',
      url: `/v2/all-group?target=user&ids=${department._id},${ids[1]}`,
      headers: bearer(admin),
    });
    // A customer group id does not turn up among departments.
    expect(departments.json().data.list.map((g: { name: string }) => g.name)).toEqual([
      'Phòng tra cứu',
    ]);

    // Another tenant sees none of them.
    const other = await t.app.inject({
      method: 'GET',
      url: `/v2/groups?target=end_user&ids=${wanted}`,
      headers: bearer(await t.login('admin@demo.vn')),
    });
    expect(other.json().data.list).toEqual([]);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/v2/groups?target=end_user&ids=abc',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { param: 'ids', message: 'Danh sách mã nhóm không hợp lệ' },
    ]);
  });
});
