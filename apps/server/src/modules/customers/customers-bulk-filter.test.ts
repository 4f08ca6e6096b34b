import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

describe('bulk actions over a whole result, by filter', () => {
  it('tags every customer the filter finds in the caller scope, and no others', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const agent = await t.login(tenant.email('agent'));
    for (const name of ['Lọc Một', 'Lọc Hai', 'Lọc Ba'])
      expect((await call(agent, 'POST', '/v2/customers', { name })).statusCode).toBe(201);
    // The admin's own: the same name, outside the agent's scope.
    expect((await call(admin, 'POST', '/v2/customers', { name: 'Lọc Bốn' })).statusCode).toBe(201);
    expect((await call(admin, 'POST', '/v2/customers', { name: 'Khác' })).statusCode).toBe(201);
    const tagGroup = await call(admin, 'POST', '/v2/group-tag-customer', {
      name: 'Nhóm lọc',
      tags: ['Đã lọc'],
    });
    expect(tagGroup.statusCode, tagGroup.body).toBe(201);
    const tagId = tagGroup.json().data.tags[0]._id as string;

    const bulk = await call(agent, 'POST', '/v2/customers/bulk', {
      action: 'add_tag',
      tag_id: tagId,
      filter: { keyword: 'loc' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toMatchObject({ succeeded: 3, failed: 0 });
    const tagged = await call(admin, 'GET', `/v2/customers?tag_id=${tagId}&page_size=100`);
    expect(
      tagged
        .json()
        .data.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(['Lọc Ba', 'Lọc Hai', 'Lọc Một']);

    // The same permissions as by ids: an agent may not delete, by filter either.
    const refused = await call(agent, 'POST', '/v2/customers/bulk', {
      action: 'delete',
      filter: { keyword: 'loc' },
    });
    expect(refused.statusCode).toBe(401);
    const deleted = await call(admin, 'POST', '/v2/customers/bulk', {
      action: 'delete',
      filter: { tag_id: tagId },
    });
    expect(deleted.json().data).toMatchObject({ succeeded: 3, failed: 0 });
    expect((await call(admin, 'GET', '/v2/customers?keyword=loc')).json().total).toBe(1);
  });

  it('asks for ids or a filter, one of them', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const neither = await call(admin, 'POST', '/v2/customers/bulk', { action: 'delete' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toContainEqual({
      param: 'ids',
      message: 'Vui lòng chọn ít nhất một khách hàng',
    });
  });

  it('answers a reversed created range with 422 on the list, the export and a bulk action', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const expected = [
      { param: 'created_to', message: 'Ngày bắt đầu không được sau ngày kết thúc' },
    ];
    const listed = await call(
      admin,
      'GET',
      '/v2/customers?created_from=2026-03-10&created_to=2026-03-01',
    );
    expect(listed.statusCode).toBe(422);
    expect(listed.json().errors).toEqual(expected);
    const exported = await call(admin, 'POST', '/v2/customers/export', {
      created_from: '2026-03-10',
      created_to: '2026-03-01',
    });
    expect(exported.statusCode).toBe(422);
    expect(exported.json().errors).toEqual(expected);
    const bulk = await call(admin, 'POST', '/v2/customers/bulk', {
      action: 'delete',
      filter: { created_from: '2026-03-10', created_to: '2026-03-01' },
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().errors).toEqual([
      { param: 'filter.created_to', message: 'Ngày bắt đầu không được sau ngày kết thúc' },
    ]);
    // One day is a range: from and to the same day.
    const oneDay = await call(
      admin,
      'GET',
      '/v2/customers?created_from=2026-03-01&created_to=2026-03-01',
    );
    expect(oneDay.statusCode).toBe(200);
  });
});
