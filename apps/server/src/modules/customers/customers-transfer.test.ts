import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  bearer,
  createTestApp,
  EVERYONE_TRANSFERS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { numberCell } from './customer-columns.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

function multipart(fileName: string, content: Buffer, type: string) {
  const boundary = '----omnicare-import';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** POST /v2/customers/import/preview with an upload made by `multipart`. */
const previewUpload = (token: string, upload: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/customers/import/preview',
    headers: { ...bearer(token), ...upload.headers },
    payload: upload.payload,
  });

/** POST /v2/customers/import: starts the import job of a previewed file. */
const startImport = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v2/customers/import', headers: bearer(token), payload });

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

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

describe('customer import', () => {
  it('previews a CSV, imports it as a job, and reports the one bad row', async () => {
    const csv = [
      'Họ tên,Số điện thoại,Email,Giới tính,Ngày sinh,Hạng',
      'Ngô Thị Lan,0905 111 001,lan@example.vn,Nữ,12/03/1991,Vàng',
      'Đỗ Văn Hùng,+84905111002,,Nam,,1',
      ',0905111003,khong-ten@example.vn,,,',
      'Lan Trùng Số,84905111001,,,,',
      'Bùi Minh Khôi,0905111004,khoi@example.vn,Khác,1988-07-01,Kim cương',
    ].join('\n');
    const upload = multipart('khach-hang.csv', Buffer.from(`\uFEFF${csv}`), 'text/csv');
    const preview = await previewUpload(admin, upload);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data.columns).toEqual([
      'Họ tên',
      'Số điện thoại',
      'Email',
      'Giới tính',
      'Ngày sinh',
      'Hạng',
    ]);
    expect(data.total_rows).toBe(5);
    expect(data.sample[0]).toEqual([
      'Ngô Thị Lan',
      '0905 111 001',
      'lan@example.vn',
      'Nữ',
      '12/03/1991',
      'Vàng',
    ]);
    expect(data.suggested_mapping).toEqual({
      name: 0,
      phone: 1,
      email: 2,
      gender: 3,
      birthday: 4,
      tier: 5,
    });

    const started = await startImport(admin, {
      file_id: data.file_id,
      mapping: data.suggested_mapping,
      duplicate: 'skip',
    });
    expect(started.statusCode).toBe(201);
    const job = await waitForJob(admin, started.json().data._id);
    expect(job).toMatchObject({
      status: 'completed',
      percent: 100,
      result: { created: 3, failed: 2, skipped: 0, updated: 0, total: 5 },
    });

    const report = await t.app.inject({
      method: 'GET',
      url: job.download_url,
      headers: bearer(admin),
    });
    expect(report.statusCode).toBe(200);
    const rows = await readSheet(report.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(['Dòng', 'Kết quả', 'Họ tên']);
    expect(rows[1]?.slice(0, 2)).toEqual(['4', 'Tên khách hàng không được bỏ trống']);
    expect(rows[2]?.slice(0, 2)).toEqual(['5', 'Trùng số điện thoại hoặc email với dòng 2']);

    const lan = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/customers?keyword=ngo thi lan',
        headers: bearer(admin),
      })
    ).json().data[0];
    expect(lan).toMatchObject({
      name: 'Ngô Thị Lan',
      tier: 2,
      source: 'import',
      phone: '0905 111 001',
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v2/customers/${lan._id}`, headers: bearer(admin) })
    ).json().data;
    expect(detail).toMatchObject({ gender: 'female', birthday: '1991-03-12' });
    const khoi = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/customers?keyword=0905111004',
        headers: bearer(admin),
      })
    ).json().data[0];
    expect(khoi.tier).toBe(3);
  });

  it('skips or updates customers that already exist, matched by phone or email', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('KH');
    sheet.addRow(['Tên', 'SĐT', 'Địa chỉ']);
    sheet.addRow(['Ngô Thị Lan (mới)', '0905111001', '1 Trần Phú, Đà Nẵng']);
    sheet.addRow(['Khách XLSX', '0905111099', '']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = multipart(
      'kh.xlsx',
      buffer,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const run = async (duplicate: 'skip' | 'update') => {
      const answer = await previewUpload(admin, upload);
      // Seen once in CI without data: the status and body say why, if it comes back.
      expect(answer.statusCode, answer.body).toBe(200);
      const preview = answer.json().data;
      expect(preview.suggested_mapping).toEqual({ name: 0, phone: 1, address: 2 });
      const started = await startImport(admin, {
        file_id: preview.file_id,
        mapping: preview.suggested_mapping,
        duplicate,
      });
      return waitForJob(admin, started.json().data._id);
    };
    const skipped = await run('skip');
    expect(skipped.result).toMatchObject({ created: 1, skipped: 1 });
    const updated = await run('update');
    expect(updated.result).toMatchObject({ updated: 2, created: 0 });
    const lan = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/customers?keyword=0905111001',
        headers: bearer(admin),
      })
    ).json().data[0];
    expect(lan.name).toBe('Ngô Thị Lan (mới)');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v2/customers?keyword=ngo thi lan moi',
          headers: bearer(admin),
        })
      ).json().total,
    ).toBe(1);
  });

  it('refuses files that are not CSV or XLSX, and a mapping without the name column', async () => {
    const upload = multipart('kh.txt', Buffer.from('x'), 'text/plain');
    const response = await previewUpload(admin, upload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { param: 'file', message: 'Chỉ nhận tệp CSV hoặc XLSX' },
    ]);
    const noName = await startImport(admin, {
      file_id: '00000000-0000-4000-8000-000000000000.csv',
      mapping: { phone: 1 },
    });
    expect(noName.json().errors).toEqual([
      { param: 'mapping.name', message: 'Vui lòng chọn cột tên khách hàng' },
    ]);
  });
});

describe('import uploads', () => {
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const uploadsOf = async (tenantId: string) =>
    readdir(path.join(t.config.dataDir, 'files', 'private', 'imports', tenantId)).catch(() => []);
  const preview = (token: string, upload: ReturnType<typeof multipart>) =>
    previewUpload(token, upload);

  it('refuses a file of more than 50,000 rows as it reads, and keeps nothing of it', async () => {
    const other = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
    const owner = await t.login(other.email('admin'));
    const file = path.join(os.tmpdir(), `omnicare-many-rows-${other.slug}.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const sheet = workbook.addWorksheet('KH');
    sheet.addRow(['Họ tên', 'Số điện thoại']).commit();
    for (let row = 1; row <= 50_001; row++) sheet.addRow([`Khách ${row}`, '']).commit();
    await workbook.commit();
    const content = await readFile(file);
    await rm(file);

    const refused = await preview(owner, multipart('nhieu-dong.xlsx', content, XLSX_TYPE));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Tối đa 50.000 dòng mỗi lần nhập',
      errors: [{ param: 'file', message: 'Tối đa 50.000 dòng mỗi lần nhập' }],
    });
    expect(await uploadsOf(other.tenantId)).toEqual([]);

    // One row fewer is within the limit, and its upload is kept for the import.
    const csv = ['Họ tên', ...Array.from({ length: 50_000 }, (_, row) => `Khách ${row}`)];
    const accepted = await preview(
      owner,
      multipart('du-dong.csv', Buffer.from(csv.join('\n')), 'text/csv'),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.total_rows).toBe(50_000);
    expect(await uploadsOf(other.tenantId)).toEqual([accepted.json().data.file_id]);
  });

  it('keeps nothing of a broken, empty or oversized upload', async () => {
    const other = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
    const owner = await t.login(other.email('admin'));
    const broken = await preview(
      owner,
      multipart('hong.xlsx', Buffer.from('PK\u0003\u0004 không phải zip'), XLSX_TYPE),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual([
      { param: 'file', message: 'Không đọc được tệp, hãy kiểm tra định dạng' },
    ]);
    const empty = await preview(owner, multipart('rong.csv', Buffer.from(''), 'text/csv'));
    expect(empty.json().errors).toEqual([{ param: 'file', message: 'Tệp không có dữ liệu' }]);
    const huge = await preview(
      owner,
      multipart('lon.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), 'text/csv'),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual([
      { param: 'file', message: 'Tệp vượt quá dung lượng cho phép (20 MB)' },
    ]);
    expect(await uploadsOf(other.tenantId)).toEqual([]);
  });
});

describe('import against customers outside the scope', () => {
  it("says only that a phone or email is taken when another agent's customer has it", async () => {
    const other = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
    const agent = await t.login(other.email('agent'));
    const agent2 = await t.login(other.email('agent2'));
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: bearer(agent2),
      payload: {
        name: 'Khách Bí Mật',
        phones: [{ phone: '0908000001' }],
        emails: [{ email: 'bi.mat@example.vn' }],
      },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const secret = theirs.json().data;
    const csv = [
      'Họ tên,Số điện thoại,Email',
      'Trùng Số,0908 000 001,',
      'Trùng Email,,bi.mat@example.vn',
    ];
    const run = async (duplicate: 'skip' | 'update') => {
      const file = multipart('kh.csv', Buffer.from(csv.join('\n')), 'text/csv');
      const data = (await previewUpload(agent, file)).json().data;
      const started = await startImport(agent, {
        file_id: data.file_id,
        mapping: data.suggested_mapping,
        duplicate,
      });
      const job = await waitForJob(agent, started.json().data._id);
      const report = await t.app.inject({
        method: 'GET',
        url: job.download_url,
        headers: bearer(agent),
      });
      return { job, rows: await readSheet(report.rawPayload) };
    };
    for (const [duplicate, counts] of [
      ['update', { failed: 2, skipped: 0, created: 0, updated: 0 }],
      ['skip', { failed: 0, skipped: 2, created: 0, updated: 0 }],
    ] as const) {
      const { job, rows } = await run(duplicate);
      expect(job.result, duplicate).toMatchObject(counts);
      expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
        ['2', 'Số điện thoại đã được sử dụng'],
        ['3', 'Email đã được sử dụng'],
      ]);
      const everything = JSON.stringify({ job, rows });
      expect(everything).not.toContain(secret.name);
      expect(everything).not.toContain(secret._id);
    }
    // Unchanged, and still not the agent's.
    const after = await t.app.inject({
      method: 'GET',
      url: `/v2/customers/${secret._id}`,
      headers: bearer(agent2),
    });
    expect(after.json().data).toMatchObject({
      name: 'Khách Bí Mật',
      owner: { _id: other.id('agent2') },
    });
  });
});

describe('numbers in import cells', () => {
  it('reads decimal commas, thousands groups and spaces, and nothing else', () => {
    const cases: [string, number | undefined][] = [
      ['1250', 1250],
      ['1250,5', 1250.5],
      ['1.250,5', 1250.5],
      ['1,250.5', 1250.5],
      ['1.000.000', 1_000_000],
      ['2 000', 2000],
      ['-3,25', -3.25],
      ['nhiều', undefined],
      ['1,2,3.4.5', undefined],
    ];
    for (const [text, value] of cases) expect(numberCell(text), text).toBe(value);
  });
});

describe('customer import sample file', () => {
  it("offers a sample headed as the import reads it, the tenant's custom fields included, that imports as is", async () => {
    const other = await seedTenant(t);
    const owner = await t.login(other.email('admin'));
    const field = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: bearer(owner),
      payload: {
        entity: 'customer',
        key: 'phan_khuc',
        label: 'Phân khúc',
        type: 'select',
        options: ['Bán lẻ', 'Đại lý'],
        required: true,
      },
    });
    expect(field.statusCode, field.body).toBe(201);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/v2/customers/import/sample?format=xlsx',
      headers: bearer(owner),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('mau-nhap-khach-hang.xlsx');
    const [header, example, more] = await readSheet(xlsx.rawPayload);
    expect(header).toEqual([
      'Tên khách hàng',
      'Số điện thoại',
      'Email',
      'Giới tính',
      'Ngày sinh',
      'Địa chỉ',
      'Hạng',
      'Nhóm khách hàng',
      'Tags',
      'Ghi chú',
      'Phân khúc',
    ]);
    expect(example?.slice(0, 3)).toEqual([
      'Nguyễn Văn An',
      '0912 345 678',
      'an.nguyen@example.com',
    ]);
    expect(example?.at(-1)).toBe('Bán lẻ');
    expect(more).toBeUndefined();
    // Another tenant's sample does not carry this tenant's fields.
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/v2/customers/import/sample?format=xlsx',
      headers: bearer(admin),
    });
    expect((await readSheet(foreign.rawPayload))[0]).not.toContain('Phân khúc');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/v2/customers/import/sample?format=csv',
      headers: bearer(owner),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFTên khách hàng,Số điện thoại,Email')).toBe(true);
    expect(text).toContain('"12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội"');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v2/customers/import/sample?format=pdf',
      headers: bearer(owner),
    });
    expect(bad.statusCode).toBe(422);

    // The sample, uploaded unchanged, maps itself and creates its example customer.
    const upload = multipart('mau.csv', csv.rawPayload, 'text/csv');
    const preview = (await previewUpload(owner, upload)).json().data;
    expect(Object.keys(preview.suggested_mapping).sort()).toEqual(
      [
        'address',
        'birthday',
        'custom.phan_khuc',
        'email',
        'gender',
        'groups',
        'name',
        'notes',
        'phone',
        'tags',
        'tier',
      ].sort(),
    );
    const started = await startImport(owner, {
      file_id: preview.file_id,
      mapping: preview.suggested_mapping,
    });
    const job = await waitForJob(owner, started.json().data._id);
    expect(job.result).toMatchObject({ created: 1, failed: 0 });
  });
});

describe('customer import into custom fields', () => {
  it('suggests, reads and checks custom field columns, and merges them on update', async () => {
    const other = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
    const owner = await t.login(other.email('admin'));
    const fields = [
      { key: 'ma_cu', label: 'Mã khách hàng cũ', type: 'text', required: true },
      { key: 'diem', label: 'Điểm tích lũy', type: 'number' },
      { key: 'ngay_ky', label: 'Ngày ký', type: 'date' },
      { key: 'phan_khuc', label: 'Phân khúc', type: 'select', options: ['Bán lẻ', 'Đại lý'] },
      { key: 'so_thich', label: 'Sở thích', type: 'multiselect', options: ['Du lịch', 'Ẩm thực'] },
      { key: 'vip', label: 'Khách VIP', type: 'checkbox' },
      { key: 'tat', label: 'Trường đã tắt', type: 'text', active: false },
    ];
    for (const field of fields) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v2/fields',
        headers: bearer(owner),
        payload: { entity: 'customer', ...field },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const upload = async (lines: string[]) => {
      const file = multipart('kh.csv', Buffer.from(lines.join('\n')), 'text/csv');
      const preview = await previewUpload(owner, file);
      expect(preview.statusCode, preview.body).toBe(200);
      return preview.json().data;
    };
    const run = async (
      preview: { file_id: string; suggested_mapping: Record<string, number> },
      duplicate = 'skip',
    ) => {
      const started = await startImport(owner, {
        file_id: preview.file_id,
        mapping: preview.suggested_mapping,
        duplicate,
      });
      expect(started.statusCode, started.body).toBe(201);
      return waitForJob(owner, started.json().data._id);
    };
    const customOf = async (phone: string) => {
      const [found] = (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers?keyword=${phone}`,
          headers: bearer(owner),
        })
      ).json().data;
      return (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers/${found._id}`,
          headers: bearer(owner),
        })
      ).json().data.custom;
    };

    const preview = await upload([
      'Họ tên,SĐT,Mã khách hàng cũ,diem,Ngày ký,Phân khúc,Sở thích,Khách VIP,Trường đã tắt',
      'Chị Hạnh,0906000001,KH-1,"1.250,5",05/02/2024,dai ly,"Du lịch; ẩm thực",Có,x',
      'Anh Tú,0906000002,,,,,,,',
      'Ông Bảy,0906000003,,nhiều,31/02/2024,Bán sỉ,Câu cá,có lẽ,',
    ]);
    expect(preview.suggested_mapping).toEqual({
      name: 0,
      phone: 1,
      'custom.ma_cu': 2,
      'custom.diem': 3,
      'custom.ngay_ky': 4,
      'custom.phan_khuc': 5,
      'custom.so_thich': 6,
      'custom.vip': 7,
    });
    expect(preview.targets).toContainEqual({
      key: 'custom.vip',
      label: 'Khách VIP',
      required: false,
    });
    expect(preview.targets).toContainEqual({
      key: 'custom.ma_cu',
      label: 'Mã khách hàng cũ',
      required: true,
    });
    expect(preview.targets.map((target: { key: string }) => target.key)).not.toContain(
      'custom.tat',
    );

    const job = await run(preview);
    expect(job.result).toMatchObject({ created: 1, failed: 2 });
    expect(await customOf('0906000001')).toEqual({
      ma_cu: 'KH-1',
      diem: 1250.5,
      ngay_ky: '2024-02-05',
      phan_khuc: 'Đại lý',
      so_thich: ['Du lịch', 'Ẩm thực'],
      vip: true,
    });
    const report = await t.app.inject({
      method: 'GET',
      url: job.download_url,
      headers: bearer(owner),
    });
    // A required field left blank fails its row, as the form would refuse it.
    const [, blank, bad] = await readSheet(report.rawPayload);
    expect([blank?.[0], blank?.[1]]).toEqual(['3', 'Mã khách hàng cũ không được bỏ trống']);
    expect(bad?.[0]).toBe('4');
    expect(bad?.[1]).toBe(
      'Điểm tích lũy không hợp lệ; Ngày ký không hợp lệ; Phân khúc không hợp lệ; Sở thích không hợp lệ; Khách VIP không hợp lệ',
    );
    // A file without the required column creates nobody, but may update.
    const withoutColumn = await run(await upload(['Họ tên,SĐT', 'Người Mới,0906000009']));
    expect(withoutColumn.result).toMatchObject({ created: 0, failed: 1 });

    // Updating by phone sets the mapped fields and keeps the others.
    const update = await upload(['Họ tên,SĐT,Phân khúc', 'Chị Hạnh,0906000001,Bán lẻ']);
    expect((await run(update, 'update')).result).toMatchObject({ updated: 1 });
    expect(await customOf('0906000001')).toMatchObject({ phan_khuc: 'Bán lẻ', ma_cu: 'KH-1' });
    // A blank cell of the required field does not refuse an updated row (it keeps the value),
    // while the new row beside it fails naming the field.
    const blankRequired = await upload([
      'Họ tên,SĐT,Mã khách hàng cũ,Phân khúc',
      'Chị Hạnh,0906000001,,Bán lẻ',
      'Người Mới,0906000010,,Bán lẻ',
    ]);
    const mixed = await run(blankRequired, 'update');
    expect(mixed.result).toMatchObject({ updated: 1, created: 0, failed: 1 });
    expect(await customOf('0906000001')).toMatchObject({ phan_khuc: 'Bán lẻ', ma_cu: 'KH-1' });
    const mixedReport = await readSheet(
      (await t.app.inject({ method: 'GET', url: mixed.download_url, headers: bearer(owner) }))
        .rawPayload,
    );
    expect(mixedReport[1]?.slice(0, 2)).toEqual(['3', 'Mã khách hàng cũ không được bỏ trống']);

    // A customer without phone or email is found again by the id the export writes.
    const noContact = await t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: bearer(owner),
      payload: { name: 'Không Liên Hệ', custom: { ma_cu: 'KH-9', vip: false } },
    });
    expect(noContact.statusCode, noContact.body).toBe(201);
    // The export carries the custom fields, headed so that it imports back unchanged.
    const exported = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/export',
      headers: bearer(owner),
      payload: {},
    });
    const exportJob = await waitForJob(owner, exported.json().data._id);
    const exportFile = await t.app.inject({
      method: 'GET',
      url: exportJob.download_url,
      headers: bearer(owner),
    });
    const sheet = await readSheet(exportFile.rawPayload);
    const header = sheet[0] ?? [];
    const hanh = sheet.find((row) => row[1] === 'Chị Hạnh') ?? [];
    const column = (label: string) => hanh[header.indexOf(label)];
    expect(header).not.toContain('Trường đã tắt');
    expect([
      column('Mã khách hàng cũ'),
      column('Điểm tích lũy'),
      column('Ngày ký'),
      column('Phân khúc'),
      column('Sở thích'),
      column('Khách VIP'),
    ]).toEqual(['KH-1', '1250.5', '05/02/2024', 'Bán lẻ', 'Du lịch, Ẩm thực', 'Có']);
    const before = await customOf('0906000001');
    const back = multipart(
      'xuat.xlsx',
      exportFile.rawPayload,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const again = (await previewUpload(owner, back)).json().data;
    expect(Object.keys(again.suggested_mapping).sort()).toEqual(
      [
        'id',
        'name',
        'phone',
        'email',
        'gender',
        'birthday',
        'address',
        'tier',
        'notes',
        'groups',
        'tags',
        ...fields.filter((f) => f.active !== false).map((f) => `custom.${f.key}`),
      ].sort(),
    );
    const reimported = await run(again, 'update');
    expect(reimported.result).toMatchObject({ updated: 2, failed: 0, created: 0 });
    const noContactAfter = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${noContact.json().data._id}`,
        headers: bearer(owner),
      })
    ).json().data;
    expect(noContactAfter.custom).toEqual({ ma_cu: 'KH-9', vip: false });
    expect(await customOf('0906000001')).toEqual(before);

    // An id of no customer here (or out of the caller's scope) fails its row.
    const stranger = '00000000-0000-4000-8000-00000000abcd';
    const unknownId = await upload(['Mã khách hàng (ID),Họ tên', `${stranger},Ai Đó`]);
    expect(unknownId.suggested_mapping).toEqual({ id: 0, name: 1 });
    const unknownJob = await run(unknownId, 'update');
    expect(unknownJob.result).toMatchObject({ failed: 1, created: 0, updated: 0 });
    const unknownReport = await t.app.inject({
      method: 'GET',
      url: unknownJob.download_url,
      headers: bearer(owner),
    });
    expect((await readSheet(unknownReport.rawPayload))[1]?.[1]).toBe(
      `Không tìm thấy khách hàng có mã ${stranger}`,
    );

    const switchedOff = await startImport(owner, {
      file_id: update.file_id,
      mapping: { name: 0, 'custom.tat': 1 },
    });
    expect(switchedOff.json().errors).toEqual([
      { param: 'mapping.custom.tat', message: 'Trường tùy chỉnh không tồn tại hoặc đã tắt' },
    ]);
  });
});

describe('customer import into groups and tags', () => {
  it('puts customers in the groups and tags a row names, and refuses names that do not exist', async () => {
    const other = await seedTenant(t, undefined, EVERYONE_TRANSFERS);
    const owner = await t.login(other.email('admin'));
    const send = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(owner), payload });
    const vip = (await send('/v2/group', { name: 'Khách VIP', target: 'end_user' })).json().data;
    const tagGroup = (
      await send('/v2/group-tag-customer', { name: 'Sở thích', tags: ['Du lịch', 'Ẩm thực'] })
    ).json().data;
    const csv = [
      'Họ tên,Số điện thoại,Nhóm khách hàng,Tags',
      'Có Nhóm,0907000001,khach vip,"du lich; Ẩm thực"',
      'Sai Tag,0907000002,,Câu cá',
      'Sai Nhóm,0907000003,Nhóm lạ,',
    ].join('\n');
    const file = multipart('kh.csv', Buffer.from(csv), 'text/csv');
    const preview = (await previewUpload(owner, file)).json().data;
    expect(preview.suggested_mapping).toEqual({ name: 0, phone: 1, groups: 2, tags: 3 });
    const started = await send('/v2/customers/import', {
      file_id: preview.file_id,
      mapping: preview.suggested_mapping,
    });
    const job = await waitForJob(owner, started.json().data._id);
    expect(job.result).toMatchObject({ created: 1, failed: 2 });
    const report = await t.app.inject({
      method: 'GET',
      url: job.download_url,
      headers: bearer(owner),
    });
    const [, first, second] = await readSheet(report.rawPayload);
    expect([first?.[1], second?.[1]]).toEqual([
      'Tag không tồn tại: Câu cá',
      'Nhóm khách hàng không tồn tại: Nhóm lạ',
    ]);
    const [found] = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/customers?keyword=0907000001',
        headers: bearer(owner),
      })
    ).json().data;
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/customers/${found._id}`,
        headers: bearer(owner),
      })
    ).json().data;
    expect(detail.groups.map((g: { _id: string }) => g._id)).toEqual([vip._id]);
    expect(detail.tags.map((tag: { _id: string }) => tag._id).sort()).toEqual(
      tagGroup.tags.map((tag: { _id: string }) => tag._id).sort(),
    );
  });
});

describe('customer export', () => {
  it("exports the current filter within the user's scope to XLSX", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/v2/customers/export',
      headers: bearer(admin),
      payload: { source: 'import' },
    });
    expect(started.statusCode).toBe(201);
    const job = await waitForJob(admin, started.json().data._id);
    expect(job.status).toBe('completed');
    expect(job.result.total).toBe(4);
    const file = await t.app.inject({
      method: 'GET',
      url: job.download_url,
      headers: bearer(admin),
    });
    expect(file.headers['content-disposition']).toContain('khach-hang-');
    const rows = await readSheet(file.rawPayload);
    expect(rows[0]).toEqual([
      'Mã khách hàng (ID)',
      'Tên khách hàng',
      'Số điện thoại',
      'Email',
      'Giới tính',
      'Ngày sinh',
      'Địa chỉ',
      'Tỉnh/Thành phố',
      'Quận/Huyện',
      'Hạng',
      'Nguồn',
      'Nhóm khách hàng',
      'Tags',
      'Người phụ trách',
      'Tổ chức',
      'Ngày tạo',
      'Ghi chú',
    ]);
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(['Bùi Minh Khôi', 'Khách XLSX', 'Ngô Thị Lan (mới)', 'Đỗ Văn Hùng'].sort());
    const khoi = rows.find((row) => row[1] === 'Bùi Minh Khôi');
    expect(khoi?.[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect([khoi?.[4], khoi?.[5], khoi?.[9], khoi?.[10]]).toEqual([
      'Khác',
      '01/07/1988',
      'Kim cương',
      'Nhập từ tệp',
    ]);

    // An agent owns none of these: their export is empty; another user cannot read this job.
    const agent = await t.login(tenant.email('agent'));
    const agentJob = await waitForJob(
      agent,
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/customers/export',
          headers: bearer(agent),
          payload: { source: 'import' },
        })
      ).json().data._id,
    );
    expect(agentJob.result.total).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v2/jobs/${job._id}`, headers: bearer(agent) }))
        .statusCode,
    ).toBe(404);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/v2/jobs?kind=customer_export',
        headers: bearer(admin),
      })
    ).json().data;
    expect(mine[0]._id).toBe(job._id);
  });
});
