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
  t.app.inject({ method: 'POST', url: '/v2/organize', headers: bearer(token), payload: body });
const put = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/v2/organize/${id}`, headers: bearer(admin), payload: body });

describe('organizations', () => {
  it('builds a tree, renames and moves nodes, and refuses cycles and sibling duplicates', async () => {
    const company = (await post({ name: 'Công ty ABC' })).json().data;
    const hanoi = (await post({ name: 'Chi nhánh Hà Nội', parent_id: company._id })).json().data;
    const hcm = (await post({ name: 'Chi nhánh HCM', parent_id: company._id })).json().data;
    const team = (await post({ name: 'Tổ CSKH', parent_id: hanoi._id })).json().data;

    const duplicate = await post({ name: 'chi nhánh hà nội', parent_id: company._id });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual([{ param: 'name', message: 'Tên tổ chức đã tồn tại' }]);
    // The same name under another parent is fine.
    expect((await post({ name: 'Tổ CSKH', parent_id: hcm._id })).statusCode).toBe(201);

    const cycle = await put(company._id, { name: 'Công ty ABC', parent_id: team._id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors).toEqual([
      {
        param: 'parent_id',
        message: 'Không thể chuyển tổ chức vào chính nó hoặc tổ chức con của nó',
      },
    ]);

    const moved = await put(team._id, { name: 'Tổ Chăm sóc', parent_id: hcm._id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'Tổ Chăm sóc', parent_id: hcm._id });

    const tree = (
      await t.app.inject({ method: 'GET', url: '/v2/organizes', headers: bearer(admin) })
    ).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0].name).toBe('Công ty ABC');
    const branches = tree[0].children.map((c: { name: string }) => c.name);
    expect(branches).toEqual(['Chi nhánh Hà Nội', 'Chi nhánh HCM']);
    const hcmNode = tree[0].children[1];
    expect(hcmNode.children.map((c: { name: string }) => c.name).sort()).toEqual([
      'Tổ CSKH',
      'Tổ Chăm sóc',
    ]);
  });

  it('refuses to delete an organization that still has children or staff, with a clear message', async () => {
    const parent = (await post({ name: 'Khối Kinh doanh' })).json().data;
    const child = (await post({ name: 'Phòng Bán hàng', parent_id: parent._id })).json().data;
    const withChild = await t.app.inject({
      method: 'DELETE',
      url: `/v2/organize/${parent._id}`,
      headers: bearer(admin),
    });
    expect(withChild.statusCode).toBe(422);
    expect(withChild.json()).toEqual({
      statusCode: 422,
      message: 'Không thể xóa tổ chức còn 1 tổ chức con',
    });

    const agent = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/users/${tenant.id('agent2')}`,
        headers: bearer(admin),
      })
    ).json().data;
    await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${agent._id}`,
      headers: bearer(admin),
      payload: {
        name: agent.name,
        email: agent.email,
        role: agent.role,
        agent_id: agent.agent_id,
        organization_id: child._id,
      },
    });
    const withStaff = await t.app.inject({
      method: 'DELETE',
      url: `/v2/organize/${child._id}`,
      headers: bearer(admin),
    });
    expect(withStaff.statusCode).toBe(422);
    expect(withStaff.json().message).toBe('Không thể xóa tổ chức còn 1 nhân viên');

    await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${agent._id}`,
      headers: bearer(admin),
      payload: {
        name: agent.name,
        email: agent.email,
        role: agent.role,
        agent_id: agent.agent_id,
        organization_id: null,
      },
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/organize/${child._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/organize/${parent._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('says which departments and customers still belong to it, in the tree and when refusing', async () => {
    const branch = (await post({ name: 'Chi nhánh Đà Nẵng' })).json().data;
    const department = await t.app.inject({
      method: 'POST',
      url: '/v2/group',
      headers: bearer(admin),
      payload: { target: 'user', name: 'Phòng Đà Nẵng', organization_id: branch._id },
    });
    expect(department.statusCode).toBe(201);
    for (const name of ['Khách Đà Nẵng Một', 'Khách Đà Nẵng Hai']) {
      const customer = await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name, organization_id: branch._id },
      });
      expect(customer.statusCode).toBe(201);
    }
    const tree = (
      await t.app.inject({ method: 'GET', url: '/v2/organizes', headers: bearer(admin) })
    ).json().data as { _id: string }[];
    expect(tree.find((node) => node._id === branch._id)).toMatchObject({
      user_count: 0,
      department_count: 1,
      customer_count: 2,
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/v2/organize/${branch._id}`,
      headers: bearer(admin),
    });
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Không thể xóa tổ chức còn 1 phòng ban và 2 khách hàng',
    });
  });

  it('is read by staff, written by administrators, and private to the tenant', async () => {
    const org = (await post({ name: 'Riêng tư' })).json().data;
    const agent = await t.login(tenant.email('agent'));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/organizes', headers: bearer(agent) }))
        .statusCode,
    ).toBe(200);
    expect((await post({ name: 'Không được' }, agent)).statusCode).toBe(401);
    const demoAdmin = await t.login('admin@demo.vn');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/organize/${org._id}`,
          headers: bearer(demoAdmin),
        })
      ).statusCode,
    ).toBe(404);
    const demoTree = (
      await t.app.inject({ method: 'GET', url: '/v2/organizes', headers: bearer(demoAdmin) })
    ).json().data;
    expect(JSON.stringify(demoTree)).not.toContain('Riêng tư');
    expect((await post({ name: '' })).json().errors).toEqual([
      { param: 'name', message: 'Tên tổ chức không được bỏ trống' },
    ]);
  });
});
