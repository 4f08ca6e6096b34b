import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { CustomFieldCondition } from '@omnicare/shared/fields/custom-filters';
import { customers } from '../../db/schema/customers.js';
import {
  bearer,
  createTestApp,
  EVERYONE_TRANSFERS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { customFieldCondition } from './customers.repository.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let agent: string;

const FIELDS = [
  { key: 'ghi_chu', label: 'Ghi chú thêm', type: 'text' },
  { key: 'diem', label: 'Điểm tích lũy', type: 'number' },
  { key: 'ngay_ky', label: 'Ngày ký hợp đồng', type: 'date' },
  {
    key: 'phan_khuc',
    label: 'Phân khúc',
    type: 'select',
    options: ['Bán lẻ', 'Doanh nghiệp', 'Đại lý'],
  },
  {
    key: 'so_thich',
    label: 'Sở thích',
    type: 'multiselect',
    options: ['Du lịch', 'Ẩm thực', 'Thể thao'],
  },
  { key: 'vip', label: 'Khách VIP', type: 'checkbox' },
];

const addFields = async (token: string) => {
  for (const field of FIELDS) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: bearer(token),
      payload: { entity: 'customer', ...field },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
};
const create = async (token: string, name: string, custom: Record<string, unknown>, extra = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/customers',
    headers: bearer(token),
    payload: { name, custom, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; name: string };
};
const get = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/v2/customers?${query}`, headers: bearer(token) });
/** The names the list answers for these custom filters (and other query parameters). */
const filtered = async (custom: Record<string, unknown>, token = admin, more = '') => {
  const response = await get(
    token,
    `page_size=100&custom=${encodeURIComponent(JSON.stringify(custom))}${more}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { name: string }[]; total: number };
  expect(body.total).toBe(body.data.length);
  return body.data.map((c) => c.name).sort();
};
const refusal = async (custom: unknown, token = admin) => {
  const raw = typeof custom === 'string' ? custom : JSON.stringify(custom);
  const response = await get(token, `custom=${encodeURIComponent(raw)}`);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as { param: string; message: string }[];
};

async function waitForJob(token: string, id: string) {
  for (let i = 0; i < 100; i++) {
    const job = (
      await t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: bearer(token) })
    ).json().data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('job did not finish');
}

async function exportedNames(token: string, payload: Record<string, unknown>) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/v2/customers/export',
    headers: bearer(token),
    payload,
  });
  expect(started.statusCode, started.body).toBe(201);
  const job = await waitForJob(token, started.json().data._id);
  expect(job.status).toBe('completed');
  const file = await t.app.inject({ method: 'GET', url: job.download_url, headers: bearer(token) });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const names: string[] = [];
  workbook.worksheets[0]?.eachRow((row, index) => {
    // Column 1 is the customer's id, column 2 the name.
    if (index > 1) names.push(String(row.getCell(2).value));
  });
  return names.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
  admin = await t.login(tenant.email('admin'));
  agent = await t.login(tenant.email('agent'));
  await addFields(admin);
  await create(admin, 'An Bán Lẻ', {
    ghi_chu: 'Khách ở Hà Nội, thích gọi buổi sáng',
    diem: 120,
    ngay_ky: '2024-03-15',
    phan_khuc: 'Bán lẻ',
    so_thich: ['Du lịch', 'Ẩm thực'],
    vip: true,
  });
  await create(admin, 'Bình Doanh Nghiệp', {
    ghi_chu: 'Văn phòng ở TP HCM (100% online)',
    diem: 45.5,
    ngay_ky: '2024-12-31',
    phan_khuc: 'Doanh nghiệp',
    so_thich: ['Du lịch'],
    vip: false,
  });
  await create(admin, 'Chi Đại Lý', {
    diem: 0,
    ngay_ky: '2025-01-01',
    phan_khuc: 'Đại lý',
    so_thich: ['Ẩm thực', 'Thể thao', 'Du lịch'],
  });
  // No custom values at all.
  await create(admin, 'Dũng Chưa Điền', {});
}, 120_000);
afterAll(() => t.close());

describe('custom field filters on the customer list', () => {
  it('text: contains, without case or diacritics, wildcards taken literally', async () => {
    expect(await filtered({ ghi_chu: 'HA NOI' })).toEqual(['An Bán Lẻ']);
    expect(await filtered({ ghi_chu: 'buổi SÁNG' })).toEqual(['An Bán Lẻ']);
    expect(await filtered({ ghi_chu: 'ở' })).toEqual(['An Bán Lẻ', 'Bình Doanh Nghiệp']);
    expect(await filtered({ ghi_chu: '100%' })).toEqual(['Bình Doanh Nghiệp']);
    expect(await filtered({ ghi_chu: '%' })).toEqual(['Bình Doanh Nghiệp']);
    expect(await filtered({ ghi_chu: 'không có' })).toEqual([]);
    // An empty value filters nothing.
    expect(await filtered({ ghi_chu: '  ' })).toHaveLength(4);
  });

  it('number: a range with either end, both included', async () => {
    expect(await filtered({ diem: { min: 45.5 } })).toEqual(['An Bán Lẻ', 'Bình Doanh Nghiệp']);
    expect(await filtered({ diem: { max: 45.5 } })).toEqual(['Bình Doanh Nghiệp', 'Chi Đại Lý']);
    expect(await filtered({ diem: { min: 0, max: 0 } })).toEqual(['Chi Đại Lý']);
    expect(await filtered({ diem: { min: 50, max: 1000 } })).toEqual(['An Bán Lẻ']);
  });

  it('date: a range of days, both included', async () => {
    expect(await filtered({ ngay_ky: { from: '2024-12-31' } })).toEqual([
      'Bình Doanh Nghiệp',
      'Chi Đại Lý',
    ]);
    expect(await filtered({ ngay_ky: { to: '2024-12-31' } })).toEqual([
      'An Bán Lẻ',
      'Bình Doanh Nghiệp',
    ]);
    expect(await filtered({ ngay_ky: { from: '2024-01-01', to: '2024-06-30' } })).toEqual([
      'An Bán Lẻ',
    ]);
  });

  it('select: one option, or any of several', async () => {
    expect(await filtered({ phan_khuc: 'Doanh nghiệp' })).toEqual(['Bình Doanh Nghiệp']);
    expect(await filtered({ phan_khuc: ['Bán lẻ', 'Đại lý'] })).toEqual([
      'An Bán Lẻ',
      'Chi Đại Lý',
    ]);
  });

  it('multi-select: customers having every chosen option', async () => {
    expect(await filtered({ so_thich: ['Du lịch'] })).toEqual([
      'An Bán Lẻ',
      'Bình Doanh Nghiệp',
      'Chi Đại Lý',
    ]);
    expect(await filtered({ so_thich: ['Ẩm thực', 'Du lịch'] })).toEqual([
      'An Bán Lẻ',
      'Chi Đại Lý',
    ]);
    expect(await filtered({ so_thich: ['Thể thao', 'Du lịch'] })).toEqual(['Chi Đại Lý']);
    expect(await filtered({ so_thich: 'Thể thao' })).toEqual(['Chi Đại Lý']);
  });

  it('checkbox: ticked, or not ticked (never set included)', async () => {
    expect(await filtered({ vip: true })).toEqual(['An Bán Lẻ']);
    expect(await filtered({ vip: false })).toEqual([
      'Bình Doanh Nghiệp',
      'Chi Đại Lý',
      'Dũng Chưa Điền',
    ]);
  });

  it('combines custom filters with each other, the search and the other filters', async () => {
    expect(await filtered({ so_thich: ['Du lịch'], vip: false, diem: { min: 1 } })).toEqual([
      'Bình Doanh Nghiệp',
    ]);
    expect(await filtered({ so_thich: ['Du lịch'] }, admin, '&keyword=chi')).toEqual([
      'Chi Đại Lý',
    ]);
    expect(await filtered({ so_thich: ['Du lịch'] }, admin, '&tier=1')).toEqual([]);
  });

  it('refuses unknown fields, wrong kinds of value and missing options in Vietnamese', async () => {
    expect(await refusal({ khong_co: 'x' })).toEqual([
      { param: 'custom.khong_co', message: 'Trường không tồn tại' },
    ]);
    expect(await refusal({ ghi_chu: 12 })).toEqual([
      { param: 'custom.ghi_chu', message: 'Giá trị lọc của Ghi chú thêm không hợp lệ' },
    ]);
    expect(await refusal({ diem: '5' })).toEqual([
      { param: 'custom.diem', message: 'Giá trị lọc của Điểm tích lũy không hợp lệ' },
    ]);
    expect(await refusal({ diem: { min: 'a' } })).toEqual([
      { param: 'custom.diem', message: 'Giá trị lọc của Điểm tích lũy không hợp lệ' },
    ]);
    expect(await refusal({ diem: { min: 10, max: 1 } })).toEqual([
      {
        param: 'custom.diem',
        message: 'Khoảng lọc của Điểm tích lũy không hợp lệ: giá trị đầu lớn hơn giá trị cuối',
      },
    ]);
    expect(await refusal({ ngay_ky: { from: '2024-02-30x' } })).toEqual([
      { param: 'custom.ngay_ky', message: 'Giá trị lọc của Ngày ký hợp đồng không hợp lệ' },
    ]);
    expect(await refusal({ ngay_ky: '2024-01-01' })).toEqual([
      { param: 'custom.ngay_ky', message: 'Giá trị lọc của Ngày ký hợp đồng không hợp lệ' },
    ]);
    expect(await refusal({ phan_khuc: 'Bán sỉ' })).toEqual([
      { param: 'custom.phan_khuc', message: 'Phân khúc không có lựa chọn "Bán sỉ"' },
    ]);
    expect(await refusal({ so_thich: ['Du lịch', 'Câu cá'] })).toEqual([
      { param: 'custom.so_thich', message: 'Sở thích không có lựa chọn "Câu cá"' },
    ]);
    expect(await refusal({ vip: 'true' })).toEqual([
      { param: 'custom.vip', message: 'Giá trị lọc của Khách VIP không hợp lệ' },
    ]);
    // Every problem is named; the message of the answer is the first one.
    expect(await refusal({ vip: 1, khong_co: true })).toHaveLength(2);
    for (const malformed of ['{', '[1,2]', '"vip"']) {
      expect(await refusal(malformed)).toEqual([
        { param: 'custom', message: 'Bộ lọc trường tùy chỉnh không hợp lệ' },
      ]);
    }
  });

  it('keeps tenants apart: the same key elsewhere neither matches here nor the other way', async () => {
    const other = await seedTenant(t, 'Khác');
    const otherAdmin = await t.login(other.email('admin'));
    // A key only the other tenant has is unknown here.
    await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: bearer(otherAdmin),
      payload: { entity: 'customer', key: 'rieng', label: 'Riêng', type: 'checkbox' },
    });
    expect(await refusal({ rieng: true })).toEqual([
      { param: 'custom.rieng', message: 'Trường không tồn tại' },
    ]);
    // The other tenant's own field of the same key and values finds only its customers.
    expect(await refusal({ vip: true }, otherAdmin)).toEqual([
      { param: 'custom.vip', message: 'Trường không tồn tại' },
    ]);
    await addFields(otherAdmin);
    await create(otherAdmin, 'Khách Tenant Khác', { phan_khuc: 'Bán lẻ', vip: true });
    expect(await filtered({ vip: true }, otherAdmin)).toEqual(['Khách Tenant Khác']);
    expect(await filtered({ phan_khuc: 'Bán lẻ' })).toEqual(['An Bán Lẻ']);
    // An inactive field is unknown to filters, as to forms.
    const rieng = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/fields?entity=customer',
        headers: bearer(otherAdmin),
      })
    )
      .json()
      .data.find((f: { key: string }) => f.key === 'rieng');
    await t.app.inject({
      method: 'PATCH',
      url: `/v2/field/${rieng._id}`,
      headers: bearer(otherAdmin),
      payload: { active: false },
    });
    expect(await refusal({ rieng: false }, otherAdmin)).toEqual([
      { param: 'custom.rieng', message: 'Trường không tồn tại' },
    ]);
  });

  it("keeps an agent's data scope: only their own customers match", async () => {
    await create(agent, 'Agent VIP', { vip: true, phan_khuc: 'Bán lẻ' });
    expect(await filtered({ vip: true }, agent)).toEqual(['Agent VIP']);
    expect(await filtered({ phan_khuc: 'Bán lẻ' }, agent)).toEqual(['Agent VIP']);
    expect(await filtered({ vip: true })).toEqual(['Agent VIP', 'An Bán Lẻ']);
  });

  it('exports what the custom filters and the scope allow', async () => {
    // In the body the filters may be an object or the list's JSON text.
    expect(await exportedNames(admin, { custom: { vip: true } })).toEqual([
      'Agent VIP',
      'An Bán Lẻ',
    ]);
    expect(
      await exportedNames(admin, { custom: JSON.stringify({ so_thich: ['Thể thao'] }) }),
    ).toEqual(['Chi Đại Lý']);
    expect(await exportedNames(agent, { custom: { phan_khuc: ['Bán lẻ', 'Đại lý'] } })).toEqual([
      'Agent VIP',
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/export',
      headers: bearer(admin),
      payload: { custom: { phan_khuc: 'Bán sỉ' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { param: 'custom.phan_khuc', message: 'Phân khúc không có lựa chọn "Bán sỉ"' },
    ]);
  });

  it('saved filters keep the custom filters that apply, checked like the list', async () => {
    const save = (filters: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/saved-filters',
        headers: bearer(admin),
        payload: { entity: 'customer', name: 'Khách VIP bán lẻ', filters },
      });
    const saved = await save({
      tier: '0',
      custom: JSON.stringify({ vip: true, phan_khuc: 'Bán lẻ', ghi_chu: '', diem: {} }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.filters).toEqual({
      tier: '0',
      custom: { vip: true, phan_khuc: 'Bán lẻ' },
    });
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/saved-filters?entity=customer',
        headers: bearer(admin),
      })
    ).json().data;
    expect(mine[0].filters.custom).toEqual({ vip: true, phan_khuc: 'Bán lẻ' });
    expect(await filtered(mine[0].filters.custom)).toEqual(['Agent VIP', 'An Bán Lẻ']);

    const bad = await save({ custom: { so_thich: ['Câu cá'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { param: 'filters.custom.so_thich', message: 'Sở thích không có lựa chọn "Câu cá"' },
    ]);
    const malformed = await save({ custom: '{' });
    expect(malformed.json().errors).toEqual([
      { param: 'filters.custom', message: 'Bộ lọc trường tùy chỉnh không hợp lệ' },
    ]);
  });

  it('select, multi-select and a ticked checkbox can be answered by the GIN index', async () => {
    const plan = async (condition: CustomFieldCondition) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain select ${customers.id} from ${customers} where ${customFieldCondition(condition)}`,
        );
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    const indexed: CustomFieldCondition[] = [
      { key: 'phan_khuc', type: 'select', anyOf: ['Bán lẻ', 'Đại lý'] },
      { key: 'so_thich', type: 'multiselect', allOf: ['Du lịch'] },
      { key: 'vip', type: 'checkbox', checked: true },
    ];
    for (const condition of indexed) {
      expect(await plan(condition), condition.type).toContain('customers_custom_idx');
    }
  });
});
