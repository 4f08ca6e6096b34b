import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { nextRecordNumber } from '../../platform/record-numbers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adminOfNewTenant() {
  const tenant = await seedTenant(t);
  return { tenant, admin: await t.login(tenant.email('admin')) };
}

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const create = async (token: string, body: Record<string, unknown>) => {
  const response = await call(token, 'POST', '/v2/customers', body);
  expect(response.statusCode).toBe(201);
  return response.json().data as { _id: string; number: number; name: string };
};

type Activity = {
  kind: string;
  objects: string[];
  changes: { field: string; label: string; from: string | null; to: string | null }[];
};
const timelineOf = async (token: string, id: string) => {
  const response = await call(token, 'GET', `/v2/customers/${id}/timeline`);
  expect(response.statusCode).toBe(200);
  return response.json().data as Activity[];
};

describe('customer numbers', () => {
  it('counts from 1 in each tenant, never reuses a number, and opens a customer by it', async () => {
    const first = await adminOfNewTenant();
    const second = await adminOfNewTenant();
    const a1 = await create(first.admin, { name: 'Khách Một' });
    const a2 = await create(first.admin, { name: 'Khách Hai' });
    const b1 = await create(second.admin, { name: 'Khách Bên Kia' });
    expect([a1.number, a2.number, b1.number]).toEqual([1, 2, 1]);

    // A deleted customer's number is not given again.
    expect((await call(first.admin, 'DELETE', `/v2/customers/${a2._id}`)).statusCode).toBe(200);
    expect((await create(first.admin, { name: 'Khách Ba' })).number).toBe(3);

    const byNumber = await call(first.admin, 'GET', '/v2/customers/1');
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().data).toMatchObject({ _id: a1._id, number: 1, name: 'Khách Một' });
    // The list carries it too.
    const list = await call(first.admin, 'GET', '/v2/customers');
    expect(list.json().data.map((row: { number: number }) => row.number)).toEqual([3, 1]);

    // Another tenant's number 1 is its own customer; a number nobody has is not found.
    expect((await call(second.admin, 'GET', '/v2/customers/1')).json().data._id).toBe(b1._id);
    const missing = await call(second.admin, 'GET', '/v2/customers/2');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy khách hàng');
    // Neither a number nor an id.
    const bad = await call(first.admin, 'GET', '/v2/customers/0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ param: 'id', message: 'Mã khách hàng không hợp lệ' }]);
  });

  it('gives concurrent creations distinct numbers', async () => {
    const { admin } = await adminOfNewTenant();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) => create(admin, { name: `Song Song ${index}` })),
    );
    expect(created.map((c) => c.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });

  it('has one helper for the next number of any kind of record in a tenant', async () => {
    const { tenant } = await adminOfNewTenant();
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.database.db.transaction((tx) => nextRecordNumber(tx, tenant.tenantId, 'ticket')),
      ),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('numbers organizations per tenant and opens one by its number', async () => {
    const { admin } = await adminOfNewTenant();
    const created = await call(admin, 'POST', '/v2/organize', { name: 'Chi nhánh Huế' });
    expect(created.statusCode).toBe(201);
    const organization = created.json().data;
    expect(organization.number).toBeGreaterThan(0);
    const read = await call(admin, 'GET', `/v2/organize/${organization.number}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ _id: organization._id, name: 'Chi nhánh Huế' });
    const other = await adminOfNewTenant();
    const elsewhere = await call(other.admin, 'GET', `/v2/organize/${organization.number + 50}`);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('timeline entries that tell the story', () => {
  it('shows field changes from → to, custom fields included, as people read them', async () => {
    const { admin } = await adminOfNewTenant();
    for (const field of [
      { key: 'ngay_cuoi', label: 'Ngày cưới', type: 'date' },
      { key: 'da_goi', label: 'Đã gọi', type: 'checkbox' },
      { key: 'kenh', label: 'Kênh ưa thích', type: 'select', options: ['Zalo', 'Email'] },
    ]) {
      const made = await call(admin, 'POST', '/v2/fields', { entity: 'customer', ...field });
      expect(made.statusCode).toBe(201);
    }
    const customer = await create(admin, {
      name: 'Lê Thu',
      tier: 0,
      birthday: '1982-08-05',
      custom: { kenh: 'Zalo' },
    });
    const saved = await call(admin, 'PUT', `/v2/customers/${customer._id}`, {
      tier: 2,
      birthday: null,
      gender: 'female',
      custom: { ngay_cuoi: '2020-11-02', da_goi: true, kenh: 'Email' },
    });
    expect(saved.statusCode).toBe(200);
    const [update] = await timelineOf(admin, customer._id);
    expect(update?.kind).toBe('customer.update');
    expect(update?.changes).toEqual([
      { field: 'gender', label: 'Giới tính', from: null, to: 'Nữ' },
      { field: 'birthday', label: 'Ngày sinh', from: '05/08/1982', to: null },
      { field: 'tier', label: 'Hạng khách hàng', from: 'Thường', to: 'Vàng' },
      { field: 'custom.ngay_cuoi', label: 'Ngày cưới', from: null, to: '02/11/2020' },
      { field: 'custom.da_goi', label: 'Đã gọi', from: null, to: 'Có' },
      { field: 'custom.kenh', label: 'Kênh ưa thích', from: 'Zalo', to: 'Email' },
    ]);
  });

  it('shows phones in the one written form: a number retyped so is no change, and still found', async () => {
    const { admin } = await adminOfNewTenant();
    const customer = await create(admin, { name: 'Đỗ Hải', phones: [{ phone: '0906333001' }] });
    const saved = await call(admin, 'PUT', `/v2/customers/${customer._id}`, {
      name: 'Đỗ Hải Nam',
      phones: [{ phone: '0906 333 001', is_primary: true }, { phone: '+6591234567' }],
    });
    expect(saved.statusCode).toBe(200);
    const [update] = await timelineOf(admin, customer._id);
    expect(update?.changes).toEqual([
      { field: 'name', label: 'Tên khách hàng', from: 'Đỗ Hải', to: 'Đỗ Hải Nam' },
      {
        field: 'phones',
        label: 'Số điện thoại',
        from: '0906 333 001',
        to: '0906 333 001, +65 9123 4567',
      },
    ]);
    for (const keyword of ['0906333001', '0906 333', '+84906333001']) {
      const found = await call(
        admin,
        'GET',
        `/v2/customers?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(found.json().data.map((row: { _id: string }) => row._id)).toEqual([customer._id]);
    }
  });

  it('names the tag, group and owner of bulk actions, as they were named then', async () => {
    const { tenant, admin } = await adminOfNewTenant();
    const group = (
      await call(admin, 'POST', '/v2/group', { target: 'end_user', name: 'Khách sỉ' })
    ).json().data;
    const tagGroup = (
      await call(admin, 'POST', '/v2/group-tag-customer', { name: 'Mức độ', tags: ['VIP'] })
    ).json().data;
    const vip = tagGroup.tags[0];
    const one = await create(admin, { name: 'Hàng Loạt Một' });
    const two = await create(admin, { name: 'Hàng Loạt Hai' });
    const ids = [one._id, two._id];
    const bulk = (body: Record<string, unknown>) =>
      call(admin, 'POST', '/v2/customers/bulk', { ids, ...body });
    expect((await bulk({ action: 'add_tag', tag_id: vip._id })).statusCode).toBe(200);
    expect((await bulk({ action: 'add_group', group_id: group._id })).statusCode).toBe(200);
    expect((await bulk({ action: 'assign_owner', owner_id: tenant.id('agent') })).statusCode).toBe(
      200,
    );
    expect((await bulk({ action: 'remove_group', group_id: group._id })).statusCode).toBe(200);
    expect((await bulk({ action: 'remove_tag', tag_id: vip._id })).statusCode).toBe(200);
    // Renamed later: the timeline still says what it was called then.
    await call(admin, 'PUT', `/v2/group-tag-customer/${tagGroup._id}`, {
      name: 'Mức độ',
      tags: ['Khách VIP'],
      tag_ids: [vip._id],
    });

    for (const id of ids) {
      const entries = await timelineOf(admin, id);
      expect(entries.map(({ kind, objects, changes }) => ({ kind, objects, changes }))).toEqual([
        { kind: 'customer.remove_tag', objects: ['VIP'], changes: [] },
        { kind: 'customer.remove_group', objects: ['Khách sỉ'], changes: [] },
        {
          kind: 'customer.assign_owner',
          objects: [],
          changes: [
            {
              field: 'owner',
              label: 'Người phụ trách',
              from: 'Quản Trị Viên',
              to: 'Chuyên Viên Một',
            },
          ],
        },
        { kind: 'customer.add_group', objects: ['Khách sỉ'], changes: [] },
        { kind: 'customer.add_tag', objects: ['VIP'], changes: [] },
        { kind: 'customer.create', objects: [expect.any(String)], changes: [] },
      ]);
    }
    const detail = (await call(admin, 'GET', `/v2/customers/${one._id}`)).json().data;
    expect(detail.tags).toEqual([]);
    expect(detail.groups).toEqual([]);
  });
});

describe('a merged-away customer', () => {
  it('answers its old id and number with a 404 naming the survivor', async () => {
    const { admin } = await adminOfNewTenant();
    const survivor = await create(admin, { name: 'Người Giữ Lại' });
    const merged = await create(admin, { name: 'Người Bị Gộp' });
    const result = await call(admin, 'POST', '/v2/customers/merge', {
      survivor_id: survivor._id,
      merged_id: merged._id,
    });
    expect(result.statusCode).toBe(200);
    for (const ref of [merged._id, String(merged.number)]) {
      const gone = await call(admin, 'GET', `/v2/customers/${ref}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({
        statusCode: 404,
        message: 'Khách hàng đã được gộp vào khách hàng khác',
        merged_into: { _id: survivor._id, number: survivor.number, name: 'Người Giữ Lại' },
      });
    }
    // Merged again: the first one leads to where they all are now.
    const last = await create(admin, { name: 'Người Cuối' });
    await call(admin, 'POST', '/v2/customers/merge', {
      survivor_id: last._id,
      merged_id: survivor._id,
    });
    const chained = await call(admin, 'GET', `/v2/customers/${merged.number}`);
    expect(chained.json().merged_into).toEqual({
      _id: last._id,
      number: last.number,
      name: 'Người Cuối',
    });
    // Another tenant learns nothing of it.
    const other = await adminOfNewTenant();
    const foreign = await call(other.admin, 'GET', `/v2/customers/${merged._id}`);
    expect(foreign.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy khách hàng' });
  });
});

describe('imported customers', () => {
  it('get numbers after the existing ones and a timeline entry naming the file', async () => {
    const { admin } = await adminOfNewTenant();
    const existing = await create(admin, { name: 'Có Sẵn', phones: [{ phone: '0906222001' }] });
    const csv = ['Họ tên,Số điện thoại', 'Nhập Một,0906222002', 'Có Sẵn Mới,0906222001'].join('\n');
    const boundary = '----omnicare-identity';
    const preview = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/import/preview',
      headers: {
        ...bearer(admin),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="danh-sach.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(preview.statusCode).toBe(200);
    const started = await call(admin, 'POST', '/v2/customers/import', {
      file_id: preview.json().data.file_id,
      file_name: 'danh-sach.csv',
      mapping: { name: 0, phone: 1 },
      duplicate: 'update',
    });
    expect(started.statusCode).toBe(201);
    const jobId = started.json().data._id;
    let job = { status: 'waiting', result: {} };
    for (let i = 0; i < 100 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await call(admin, 'GET', `/v2/jobs/${jobId}`)).json().data;
    }
    expect(job).toMatchObject({ status: 'completed', result: { created: 1, updated: 1 } });

    const imported = (await call(admin, 'GET', '/v2/customers?keyword=0906222002')).json().data[0];
    expect(imported.number).toBe(existing.number + 1);
    const created = await timelineOf(admin, imported._id);
    expect(created.map(({ kind, objects }) => ({ kind, objects }))).toEqual([
      { kind: 'customer.import_create', objects: ['danh-sach.csv'] },
    ]);
    const updated = await timelineOf(admin, existing._id);
    // Field by field, as a hand edit shows it.
    expect(updated[0]).toMatchObject({
      kind: 'customer.import_update',
      objects: ['danh-sach.csv'],
      changes: [{ field: 'name', label: 'Tên khách hàng', from: 'Có Sẵn', to: 'Có Sẵn Mới' }],
    });
  });
});
