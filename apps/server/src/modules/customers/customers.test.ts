import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { listCustomers, type CustomerFilter } from './customers.repository.js';
import { searchTerm } from './customers.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v2/customers', headers: bearer(token), payload: body });
const list = async (token: string, query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/customers?${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { _id: string; name: string }[]; total: number };
};
const names = (result: { data: { name: string }[] }) => result.data.map((c) => c.name).sort();

/**
 * A tenant of its own for a test: it finds only the customers it creates, so any test runs
 * alone (`-t`) and in any order.
 */
async function freshTenant() {
  const tenant = await seedTenant(t);
  return {
    tenant,
    admin: await t.login(tenant.email('admin')),
    agent: await t.login(tenant.email('agent')),
  };
}
/** Nguyễn Văn An, whom several tests look for. */
const createAn = async (token: string) => {
  const response = await create(token, {
    name: 'Nguyễn Văn An',
    phones: [{ phone: '0912 345 678' }],
    emails: [{ email: 'An.Nguyen@Example.vn' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; name: string };
};

describe('customers', () => {
  it('creates a customer with phones, emails and address, and reads it back', async () => {
    const { tenant, admin } = await freshTenant();
    const response = await create(admin, {
      name: 'Nguyễn Văn An',
      gender: 'male',
      birthday: '1990-05-20',
      phones: [{ phone: '0912 345 678' }, { phone: '+84 28 3822 1234', is_primary: true }],
      emails: [{ email: 'An.Nguyen@Example.vn' }],
      address: '12 Lý Thường Kiệt',
      city_code: '01',
      district_code: '001',
      tier: 2,
      source: 'hand',
    });
    expect(response.statusCode).toBe(201);
    const customer = response.json().data;
    expect(customer).toMatchObject({
      name: 'Nguyễn Văn An',
      phone: '+84 28 3822 1234',
      email: 'an.nguyen@example.vn',
      tier: 2,
      city_code: '01',
      owner: { _id: tenant.id('admin') },
    });
    expect(customer.phones).toEqual([
      { phone: '+84 28 3822 1234', is_primary: true },
      { phone: '0912 345 678', is_primary: false },
    ]);
  });

  it('treats +84 and 0 forms of a phone as the same and points to the existing customer', async () => {
    const { admin } = await freshTenant();
    await createAn(admin);
    const first = (
      await create(admin, { name: 'Trần Thị Bích', phones: [{ phone: '0987654321' }] })
    ).json().data;
    const clash = await create(admin, {
      name: 'Người Khác',
      phones: [{ phone: '+84 987 654 321' }],
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({
      message: 'Số điện thoại đã thuộc về khách hàng Trần Thị Bích',
      errors: [{ param: 'phones', message: 'Số điện thoại đã thuộc về khách hàng Trần Thị Bích' }],
      duplicate: { _id: first._id, name: 'Trần Thị Bích', link: `/customers/${first.number}` },
    });
    const email = await create(admin, {
      name: 'Email Trùng',
      emails: [{ email: 'an.nguyen@example.vn' }],
    });
    expect(email.json().message).toBe('Email đã thuộc về khách hàng Nguyễn Văn An');
    // Another tenant may have the same phone.
    expect(
      (
        await create((await freshTenant()).admin, {
          name: 'Khách Demo',
          phones: [{ phone: '0987654321' }],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('validates fields in Vietnamese', async () => {
    const { admin } = await freshTenant();
    const response = await create(admin, {
      name: '',
      phones: [{ phone: '123' }],
      emails: [{ email: 'x' }],
      tier: 5,
      gender: 'robot',
      district_code: '760',
      city_code: '01',
    });
    expect(response.statusCode).toBe(422);
    const errors = Object.fromEntries(
      response.json().errors.map((e: { param: string; message: string }) => [e.param, e.message]),
    );
    expect(errors).toMatchObject({
      name: 'Tên khách hàng không được bỏ trống',
      'phones.0.phone': 'Số điện thoại không hợp lệ',
      'emails.0.email': 'Email không hợp lệ',
      tier: 'Hạng khách hàng không hợp lệ',
      gender: 'Giới tính không hợp lệ',
    });
    // The same number twice in one customer, in two spellings.
    const twice = await create(admin, {
      name: 'Hai Số',
      phones: [{ phone: '0911111111' }, { phone: '+84911111111' }],
    });
    expect(twice.json().errors).toEqual([
      { param: 'phones.1.phone', message: 'Số điện thoại bị trùng' },
    ]);
    const district = await create(admin, {
      name: 'Sai Quận',
      city_code: '01',
      district_code: '760',
    });
    expect(district.json().errors).toEqual([
      { param: 'district_code', message: 'Quận/huyện không thuộc tỉnh/thành phố đã chọn' },
    ]);
    // A day that does not exist is refused, not rolled over (nor a database error).
    const february = await create(admin, { name: 'Sinh 31/02', birthday: '1990-02-31' });
    expect(february.statusCode).toBe(422);
    expect(february.json().errors).toEqual([
      { param: 'birthday', message: 'Ngày sinh không hợp lệ' },
    ]);
  });

  it('finds customers without diacritics or case, and by partial phone in any form', async () => {
    const { admin } = await freshTenant();
    await createAn(admin);
    await create(admin, { name: 'Lê Thị Hồng Nhung', phones: [{ phone: '0903 111 222' }] });
    expect(names(await list(admin, 'keyword=le thi hong'))).toEqual(['Lê Thị Hồng Nhung']);
    expect(names(await list(admin, 'keyword=NHUNG'))).toEqual(['Lê Thị Hồng Nhung']);
    expect(names(await list(admin, 'keyword=0903 111'))).toEqual(['Lê Thị Hồng Nhung']);
    expect(names(await list(admin, 'keyword=%2B84903111'))).toEqual(['Lê Thị Hồng Nhung']);
    expect(names(await list(admin, 'keyword=111 222'))).toEqual(['Lê Thị Hồng Nhung']);
    expect(names(await list(admin, 'keyword=example.vn'))).toEqual(['Nguyễn Văn An']);
    expect((await list(admin, 'keyword=khong co ai')).total).toBe(0);
  });

  it('finds a name whatever the order of its words, and nobody for emoji or punctuation', async () => {
    const { admin } = await freshTenant();
    await createAn(admin);
    await create(admin, { name: 'Trần Thị Mai', phones: [{ phone: '0903 111 333' }] });
    expect(names(await list(admin, 'keyword=van nguyen'))).toEqual(['Nguyễn Văn An']);
    expect(names(await list(admin, 'keyword=an van'))).toEqual(['Nguyễn Văn An']);
    expect(names(await list(admin, 'keyword=an van nguyen'))).toEqual(['Nguyễn Văn An']);
    expect(names(await list(admin, 'keyword=mai thi tran'))).toEqual(['Trần Thị Mai']);
    for (const keyword of ['😀', '😀🎉 👍', '!!!', '...', '— ?', '---'])
      expect((await list(admin, `keyword=${encodeURIComponent(keyword)}`)).total, keyword).toBe(0);
    // Blank is no search at all.
    expect((await list(admin, 'keyword=%20%20')).total).toBe(2);
  });

  it('matches the start of any name word or email, and phones from their start after 0 or +84', async () => {
    const { admin } = await freshTenant();
    const lan = (
      await create(admin, {
        name: 'Đặng Ngọc Lan',
        phones: [{ phone: '0977 123 456' }],
        emails: [{ email: 'lan.dang@congty.vn' }],
      })
    ).json().data;
    await create(admin, { name: 'Phạm Lan Anh', phones: [{ phone: '0388 977 123' }] });
    expect(names(await list(admin, 'keyword=ngoc lan'))).toEqual(['Đặng Ngọc Lan']);
    expect(names(await list(admin, 'keyword=lan'))).toEqual(['Phạm Lan Anh', 'Đặng Ngọc Lan']);
    expect(names(await list(admin, 'keyword=lan a'))).toEqual(['Phạm Lan Anh']);
    // Inside a word or across a skipped word is not a match.
    expect((await list(admin, 'keyword=gọc lan')).total).toBe(0);
    expect((await list(admin, 'keyword=dang lan')).total).toBe(0);
    expect(names(await list(admin, 'keyword=lan.dang'))).toEqual(['Đặng Ngọc Lan']);
    expect(names(await list(admin, 'keyword=congty.vn'))).toEqual(['Đặng Ngọc Lan']);
    // A leading 0 anchors at the number's start; bare digits match anywhere.
    expect(names(await list(admin, 'keyword=0977 12'))).toEqual(['Đặng Ngọc Lan']);
    expect(names(await list(admin, 'keyword=977 12'))).toEqual(['Phạm Lan Anh', 'Đặng Ngọc Lan']);

    // The terms follow a rename and new contacts, and leave with the customer.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/v2/customers/${lan._id}`,
      headers: bearer(admin),
      payload: { name: 'Đặng Thu Hà', phones: [{ phone: '0966 000 111' }], emails: [] },
    });
    expect(updated.statusCode).toBe(200);
    expect((await list(admin, 'keyword=ngoc lan')).total).toBe(0);
    expect((await list(admin, 'keyword=0977 12')).total).toBe(0);
    expect((await list(admin, 'keyword=congty')).total).toBe(0);
    expect(names(await list(admin, 'keyword=thu ha'))).toEqual(['Đặng Thu Hà']);
    expect(names(await list(admin, 'keyword=6000 111'))).toEqual(['Đặng Thu Hà']);
    await t.app.inject({
      method: 'DELETE',
      url: `/v2/customers/${lan._id}`,
      headers: bearer(admin),
    });
    expect((await list(admin, 'keyword=thu ha')).total).toBe(0);
  });

  it('finds the same customers, in the same order, whichever plan a search takes', async () => {
    const { admin } = await freshTenant();
    const other = await seedTenant(t);
    const otherAdmin = await t.login(other.email('admin'));
    for (const [token, name, phone, email] of [
      [otherAdmin, 'Trịnh Văn Tú', '0945 000 001', 'trinh.tu@congty.vn'],
      [otherAdmin, 'Trịnh Thị Tâm', '0945 000 002', 'tam@congty.vn'],
      [otherAdmin, 'Lê Trịnh Công', '0945 000 003', 'trinh.cong@congty.vn'],
      [otherAdmin, 'Phan Văn Trí', '0388 945 000', 'tri@congty.vn'],
      [admin, 'Trịnh Văn Tú', '0945 999 001', 'trinh.tu@khac.vn'],
    ] as const) {
      const created = await create(token, { name, phones: [{ phone }], emails: [{ email }] });
      expect(created.statusCode).toBe(201);
    }
    const search = (keyword: string) =>
      searchTerm(keyword) as NonNullable<CustomerFilter['search']>;
    const plans = [
      ['sorted from the terms', {}],
      ['narrow', { sortedSearch: 1 }],
      ['broad', { sortedSearch: 1, narrowSearch: 1 }],
    ] as const;
    // 'trinh' matches names and emails, several terms of one customer.
    for (const [keyword, expected] of [
      ['trinh', 3],
      ['0945 000', 3],
      ['945 00', 4],
    ] as const) {
      const pages: Record<string, string[]> = {};
      for (const [plan, options] of plans) {
        for (const [order, offset] of [
          ['desc', 0],
          ['asc', 0],
          ['desc', 2],
        ] as const) {
          const found = await listCustomers(
            t.database.db,
            other.tenantId,
            { search: search(keyword) },
            { sort: 'created_at', order, offset, limit: 2 },
            options,
          );
          expect(found.total, `${keyword}, ${plan}`).toBe(expected);
          const ids = found.rows.map((row) => row.customer.id);
          (pages[`${order} ${offset}`] ??= []).push(ids.join());
          expect(ids, `${keyword}, ${plan}`).toHaveLength(Math.min(2, expected - offset));
        }
        const capped = await listCustomers(
          t.database.db,
          other.tenantId,
          { search: search(keyword), tier: 0 },
          { sort: 'created_at', order: 'desc', offset: 0, limit: 2 },
          { ...options, countCap: 2 },
        );
        expect(capped).toMatchObject({ total: 2, capped: true });
      }
      for (const [page, found] of Object.entries(pages)) {
        expect(new Set(found).size, `${keyword}, ${page}: ${found.join(' | ')}`).toBe(1);
      }
    }
  });

  it('filters by tier, source, group, tag and created date, and sorts', async () => {
    const { admin } = await freshTenant();
    await createAn(admin);
    await create(admin, { name: 'Lê Thị Hồng Nhung', phones: [{ phone: '0903 111 222' }] });
    await create(admin, { name: 'Trần Thị Bích', tier: 1, source: 'facebook' });
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/group',
        headers: bearer(admin),
        payload: { target: 'end_user', name: 'Khách VIP' },
      })
    ).json().data;
    const tagGroup = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/group-tag-customer',
        headers: bearer(admin),
        payload: { name: 'Sở thích', tags: ['Du lịch', 'Ẩm thực'] },
      })
    ).json().data;
    const travel = tagGroup.tags[0]._id;
    await create(admin, {
      name: 'Phạm Minh Vàng',
      tier: 3,
      source: 'zalo',
      group_ids: [group._id],
      tag_ids: [travel],
    });
    expect(names(await list(admin, 'tier=3'))).toEqual(['Phạm Minh Vàng']);
    expect(names(await list(admin, 'source=zalo'))).toEqual(['Phạm Minh Vàng']);
    expect(names(await list(admin, `group_id=${group._id}`))).toEqual(['Phạm Minh Vàng']);
    expect(names(await list(admin, `tag_id=${travel}`))).toEqual(['Phạm Minh Vàng']);
    expect((await list(admin, 'created_from=2000-01-01&created_to=2000-12-31')).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    expect(
      (await list(admin, `created_from=${today}&created_to=${today}`)).total,
    ).toBeGreaterThanOrEqual(4);
    const byName = await list(admin, 'sort=name&order=asc&page_size=100');
    const sorted = byName.data.map((c) => c.name);
    expect(sorted.indexOf('Lê Thị Hồng Nhung')).toBeLessThan(sorted.indexOf('Nguyễn Văn An'));
    expect(sorted.indexOf('Nguyễn Văn An')).toBeLessThan(sorted.indexOf('Phạm Minh Vàng'));
    const page = await list(admin, 'page=2&page_size=2');
    expect(page.data).toHaveLength(2);
  });

  it('suggests likely duplicates by diacritics-free name, within the scope and the tenant', async () => {
    const { admin, agent } = await freshTenant();
    const an = await createAn(admin);
    const twin = (
      await create(admin, { name: 'nguyen van AN', phones: [{ phone: '0977 000 001' }] })
    ).json().data;
    await create(admin, { name: 'Nguyễn Văn Anh' });
    const agentsTwin = (await create(agent, { name: 'Nguyễn  Văn An' })).json().data;
    const duplicates = async (token: string, id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/customers/${id}/duplicates`,
        headers: bearer(token),
      });

    const forAdmin = await duplicates(admin, an._id);
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    expect(
      forAdmin
        .json()
        .data.map((item: { _id: string; reasons: string[]; phone: string | null }) => [
          item._id,
          item.reasons,
        ])
        .sort(),
    ).toEqual(
      [
        [twin._id, ['name']],
        [agentsTwin._id, ['name']],
      ].sort(),
    );
    // An agent is told only of the customers their scope shows.
    const forAgent = await duplicates(agent, agentsTwin._id);
    expect(forAgent.json().data).toEqual([]);
    expect((await duplicates(agent, an._id)).statusCode).toBe(404);
    // Another tenant's administrator cannot ask about this tenant's customers.
    const other = await freshTenant();
    expect((await duplicates(other.admin, an._id)).statusCode).toBe(404);
    await create(other.admin, { name: 'Nguyễn Văn An' });
    // ...and the namesake there is not suggested here.
    expect((await duplicates(admin, an._id)).json().data).toHaveLength(2);
  });

  it('applies the data scope: an agent sees the customers they own, and no others', async () => {
    const { tenant, admin, agent } = await freshTenant();
    await createAn(admin);
    const mine = (await create(agent, { name: 'Khách Của Agent' })).json().data;
    expect(mine.owner._id).toBe(tenant.id('agent'));
    expect(names(await list(agent, ''))).toEqual(['Khách Của Agent']);
    const others = await list(admin, 'keyword=nguyen van an');
    const foreignId = others.data[0]?._id;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers/${foreignId}`,
          headers: bearer(agent),
        })
      ).statusCode,
    ).toBe(404);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/bulk',
      headers: bearer(agent),
      payload: {
        action: 'assign_owner',
        ids: [mine._id, foreignId],
        owner_id: tenant.id('agent2'),
      },
    });
    expect(bulk.json().data.results).toEqual([
      { id: mine._id, ok: true },
      { id: foreignId, ok: false, message: 'Không tìm thấy khách hàng' },
    ]);
    // Now owned by agent2, the customer leaves the agent's scope.
    expect((await list(agent, '')).total).toBe(0);
    const strangerAdmin = (await freshTenant()).admin;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers/${mine._id}`,
          headers: bearer(strangerAdmin),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('runs bulk actions with per-item results and keeps delete to managers', async () => {
    const { admin, agent } = await freshTenant();
    const a = (await create(admin, { name: 'Hàng Loạt A' })).json().data._id;
    const b = (await create(admin, { name: 'Hàng Loạt B' })).json().data._id;
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/group',
        headers: bearer(admin),
        payload: { target: 'end_user', name: 'Nhóm Hàng Loạt' },
      })
    ).json().data;
    const added = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/bulk',
      headers: bearer(admin),
      payload: { action: 'add_group', ids: [a, b], group_id: group._id },
    });
    expect(added.json().data).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await list(admin, `group_id=${group._id}`)).total).toBe(2);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/customers/bulk',
          headers: bearer(agent),
          payload: { action: 'delete', ids: [a] },
        })
      ).statusCode,
    ).toBe(401);
    const missingGroup = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/bulk',
      headers: bearer(admin),
      payload: { action: 'add_group', ids: [a] },
    });
    expect(missingGroup.json().errors).toEqual([
      { param: 'group_id', message: 'Vui lòng chọn nhóm khách hàng' },
    ]);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/bulk',
      headers: bearer(admin),
      payload: { action: 'delete', ids: [a, b] },
    });
    expect(deleted.json().data.succeeded).toBe(2);
    expect((await list(admin, 'keyword=hang loat')).total).toBe(0);
  });

  it('merges two customers: contacts, tags, groups and history move to the survivor', async () => {
    const { admin, agent } = await freshTenant();
    const tagGroup = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/group-tag-customer',
        headers: bearer(admin),
        payload: { name: 'Kênh', tags: ['Online'] },
      })
    ).json().data;
    const survivor = (
      await create(admin, { name: 'Võ Thành Công', phones: [{ phone: '0933000111' }] })
    ).json().data;
    const merged = (
      await create(admin, {
        name: 'Vo Thanh Cong (trùng)',
        phones: [{ phone: '0933000222' }],
        emails: [{ email: 'cong@example.vn' }],
        address: '5 Nguyễn Huệ',
        tag_ids: [tagGroup.tags[0]._id],
      })
    ).json().data;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/merge',
      headers: bearer(admin),
      payload: { survivor_id: survivor._id, merged_id: merged._id },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result.name).toBe('Võ Thành Công');
    expect(result.phones.map((p: { phone: string }) => p.phone).sort()).toEqual([
      '0933000111',
      '0933000222',
    ]);
    expect(result.emails).toEqual([{ email: 'cong@example.vn', is_primary: true }]);
    expect(result.address).toBe('5 Nguyễn Huệ');
    expect(result.tags.map((tag: { name: string }) => tag.name)).toEqual(['Online']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers/${merged._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
    expect(names(await list(admin, 'keyword=0933000222'))).toEqual(['Võ Thành Công']);

    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${survivor._id}/timeline`,
        headers: bearer(admin),
      })
    ).json();
    const kinds = timeline.data.map((event: { kind: string }) => event.kind);
    expect(kinds[0]).toBe('customer.merge');
    expect(kinds.filter((kind: string) => kind === 'customer.create')).toHaveLength(2);
    expect(timeline.data[0].objects).toEqual(['Vo Thanh Cong (trùng)']);
    const same = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/merge',
      headers: bearer(admin),
      payload: { survivor_id: survivor._id, merged_id: survivor._id },
    });
    expect(same.json().errors).toEqual([
      { param: 'merged_id', message: 'Không thể gộp một khách hàng với chính nó' },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/customers/merge',
          headers: bearer(agent),
          payload: { survivor_id: survivor._id, merged_id: merged._id },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('stores custom field values that match their definitions', async () => {
    const { admin, agent } = await freshTenant();
    const field = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/fields',
          headers: bearer(admin),
          payload: { entity: 'customer', ...body },
        })
      ).json().data;
    const code = await field({ key: 'ma_kh', label: 'Mã KH cũ', type: 'text', required: true });
    await field({
      key: 'kenh',
      label: 'Kênh ưa thích',
      type: 'select',
      options: ['Zalo', 'Email'],
    });
    const missing = await create(admin, { name: 'Có Trường', custom: { kenh: 'Fax' } });
    expect(missing.statusCode).toBe(422);
    // Fields come in their order: a new field goes after the last one.
    expect(missing.json().errors).toEqual([
      { param: 'custom.ma_kh', message: 'Mã KH cũ không được bỏ trống' },
      { param: 'custom.kenh', message: 'Kênh ưa thích không hợp lệ' },
    ]);
    const ok = await create(admin, {
      name: 'Có Trường',
      custom: { ma_kh: 'KH-001', kenh: 'Zalo' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.custom).toEqual({ ma_kh: 'KH-001', kenh: 'Zalo' });

    const optional = await t.app.inject({
      method: 'PATCH',
      url: `/v2/field/${code._id}`,
      headers: bearer(admin),
      payload: { required: false },
    });
    expect(optional.json().data).toMatchObject({ key: 'ma_kh', required: false, type: 'text' });
    expect((await create(admin, { name: 'Không Mã' })).statusCode).toBe(201);
    const retype = await t.app.inject({
      method: 'PUT',
      url: `/v2/field/${code._id}`,
      headers: bearer(admin),
      payload: { entity: 'customer', key: 'ma_kh', label: 'Mã KH cũ', type: 'number' },
    });
    expect(retype.json().message).toBe('Không thể đổi đối tượng, mã hoặc kiểu của trường đã tạo');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/fields',
          headers: bearer(agent),
          payload: { entity: 'customer', key: 'x', label: 'X', type: 'text' },
        })
      ).statusCode,
    ).toBe(401);
    const noOptions = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: bearer(admin),
      payload: { entity: 'customer', key: 'y', label: 'Y', type: 'select' },
    });
    expect(noOptions.json().errors).toEqual([
      { param: 'options', message: 'Vui lòng nhập ít nhất một lựa chọn' },
    ]);
  });

  it('takes an avatar image and serves it', async () => {
    const { admin } = await freshTenant();
    const customer = (await create(admin, { name: 'Có Ảnh' })).json().data;
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a2b6d50000000049454e44ae426082',
      'hex',
    );
    const boundary = '----omnicare';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/customers/${customer._id}/avatar`,
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.avatar_url as string;
    expect(url).toMatch(/^\/files\/avatars\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    // A profile save, which does not send the avatar, keeps it.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/customers/${customer._id}`,
      headers: bearer(admin),
      payload: { name: 'Có Ảnh', notes: 'Đã sửa ghi chú', owner_id: customer.owner._id },
    });
    expect(saved.json().data).toMatchObject({ avatar_url: url, notes: 'Đã sửa ghi chú' });
    // The change is in the timeline.
    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${customer._id}/timeline`,
        headers: bearer(admin),
      })
    ).json().data as { kind: string; objects: string[]; changes: unknown[] }[];
    expect(timeline.map((entry) => entry.kind)).toEqual([
      'customer.update',
      'customer.avatar',
      'customer.create',
    ]);
    // An update says what it changed from what to what; a creation names the customer.
    expect(timeline.map(({ objects, changes }) => ({ objects, changes }))).toEqual([
      {
        objects: [],
        changes: [{ field: 'notes', label: 'Ghi chú', from: null, to: 'Đã sửa ghi chú' }],
      },
      { objects: [], changes: [] },
      { objects: ['Có Ảnh'], changes: [] },
    ]);

    // What the content is decides, not what the file is called.
    const text = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fake.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from('Trương Thị, không phải ảnh'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const fake = await t.app.inject({
      method: 'POST',
      url: `/v2/customers/${customer._id}/avatar`,
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: text,
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual([
      { param: 'file', message: 'Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF' },
    ]);
  });

  it('gives a new customer without an owner to whoever created it, so an agent sees it', async () => {
    const { agent } = await freshTenant();
    const created = await create(agent, { name: 'Khách Agent Tự Tạo', owner_id: null });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.owner?.name).toBeTruthy();
    const read = await t.app.inject({
      method: 'GET',
      url: `/v2/customers/${created.json().data._id}`,
      headers: bearer(agent),
    });
    expect(read.statusCode).toBe(200);
    expect(names(await list(agent, 'keyword=khach agent tu tao'))).toEqual(['Khách Agent Tự Tạo']);
  });

  it('finds a number typed as 84 and the whole number, like +84', async () => {
    const { admin } = await freshTenant();
    await create(admin, { name: 'Số 84', phones: [{ phone: '0912349847' }] });
    for (const keyword of ['84912349847', '+84912349847', '0912349847'])
      expect(names(await list(admin, `keyword=${encodeURIComponent(keyword)}`))).toEqual(['Số 84']);
  });
});

describe('reference data and saved filters', () => {
  it("lists Vietnam's 63 provinces and a province's districts", async () => {
    const { agent } = await freshTenant();
    const cities = (
      await t.app.inject({ method: 'GET', url: '/v2/cities', headers: bearer(agent) })
    ).json().data;
    expect(cities).toHaveLength(63);
    expect(cities[0]).toEqual({ _id: '01', code: '01', name: 'Thành phố Hà Nội' });
    const districts = (
      await t.app.inject({ method: 'GET', url: '/v2/districts?city_id=01', headers: bearer(agent) })
    ).json().data;
    expect(districts).toHaveLength(30);
    expect(districts[0].name).toBe('Quận Ba Đình');
  });

  it("saves a user's own filters", async () => {
    const { admin, agent } = await freshTenant();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/v2/saved-filters',
      headers: bearer(agent),
      payload: { entity: 'customer', name: 'Khách Vàng', filters: { tier: 2 } },
    });
    expect(saved.statusCode).toBe(201);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/saved-filters?entity=customer',
        headers: bearer(agent),
      })
    ).json().data;
    expect(mine.map((f: { name: string }) => f.name)).toEqual(['Khách Vàng']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v2/saved-filters',
      headers: bearer(agent),
      payload: { entity: 'customer', name: 'khach vang', filters: { tier: 3 } },
    });
    expect(again.json().errors).toEqual([{ param: 'name', message: 'Tên bộ lọc đã tồn tại' }]);
    // Another user may use the same name.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v2/saved-filters',
      headers: bearer(admin),
      payload: { entity: 'customer', name: 'Khách Vàng', filters: { tier: 2 } },
    });
    expect(theirs.statusCode).toBe(201);
    const others = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/saved-filters?entity=customer',
        headers: bearer(admin),
      })
    ).json().data;
    expect(others.map((f: { name: string }) => f.name)).toEqual(['Khách Vàng']);
    expect(others[0]._id).not.toBe(mine[0]._id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v2/saved-filters/${mine[0]._id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
  });
});
