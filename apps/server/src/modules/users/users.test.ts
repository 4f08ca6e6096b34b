import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.login('agent@demo.vn');
});
afterAll(() => t.close());

describe('my account', () => {
  it('returns the tenant configuration the automation guard reads', async () => {
    const other = await t.login('admin@other.vn');
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/my-account',
      headers: bearer(other),
    });
    expect(response.json().data).toMatchObject({
      role: 'administrator',
      is_admin: false,
      workflow: 'disabled',
    });
    expect(response.json().data.tenant.name).toBe('Other');
  });

  it('saves presence from the spec values and refuses others', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v2/my-presence',
      headers: bearer(agent),
      payload: { presence: 'ATLUNCH' },
    });
    expect(set.statusCode).toBe(200);
    const account = await t.app.inject({
      method: 'GET',
      url: '/v2/my-account',
      headers: bearer(agent),
    });
    expect(account.json().data.presence).toBe('ATLUNCH');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v2/my-presence',
      headers: bearer(agent),
      payload: { presence: 'SLEEPING' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ param: 'presence', message: 'Trạng thái không hợp lệ' }]);
  });
});

describe('GET /v2/all-user', () => {
  it('finds staff by keyword without diacritics and reads roles as a JSON list', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/all-user?keyword=nguyen van',
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.list.map((u: { email: string }) => u.email)).toEqual([
      'admin@demo.vn',
    ]);

    const roles = encodeURIComponent(JSON.stringify(['agent']));
    const agents = await t.app.inject({
      method: 'GET',
      url: `/v2/all-user?roles=${roles}`,
      headers: bearer(agent),
    });
    expect(
      agents
        .json()
        .data.list.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['agent2@demo.vn', 'agent@demo.vn']);
    expect(agents.json().data.total).toBe(2);

    const all = await t.app.inject({ method: 'GET', url: '/v2/all-user', headers: bearer(agent) });
    expect(all.json().data.total).toBe(5);
  });

  it('looks staff up by id, for the labels of values a picker already holds', async () => {
    const admin = await t.login('admin@demo.vn');
    const all = (
      await t.app.inject({ method: 'GET', url: '/v2/all-user', headers: bearer(admin) })
    ).json().data.list as { _id: string; email: string }[];
    const wanted = all.filter((u) => ['agent@demo.vn', 'leader@demo.vn'].includes(u.email));
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/all-user?ids=${wanted.map((u) => u._id).join(',')}`,
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.list.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['agent@demo.vn', 'leader@demo.vn']);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/v2/all-user?ids=1,2',
      headers: bearer(agent),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { param: 'ids', message: 'Danh sách mã người dùng không hợp lệ' },
    ]);
  });

  it('rejects a roles value that is not a JSON list of staff roles', async () => {
    const roles = encodeURIComponent(JSON.stringify(['end_user']));
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/all-user?roles=${roles}`,
      headers: bearer(agent),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { param: 'roles', message: 'Danh sách vai trò không hợp lệ' },
    ]);
  });
});
