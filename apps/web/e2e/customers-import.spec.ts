import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs, unique, phone } from './fixtures';

test('import a small CSV with one bad row, then download its per-row report', async ({
  page,
  request,
}) => {
  const user = await signInAs(page, request, ACCOUNTS.administrator.email);
  const u = unique();
  // A custom field of the tenant: its column is suggested by its label.
  const oldCode = `Mã cũ ${u}`;
  const field = await request.post('/v2/fields', {
    headers: { Authorization: user.token },
    data: { entity: 'customer', key: `e2e_ma_cu_${u}`, label: oldCode, type: 'text' },
  });
  expect(field.status()).toBe(201);
  const fieldId = ((await field.json()) as { data: { _id: string } }).data._id;
  const csv = [
    `Họ tên,Số điện thoại,Email,${oldCode}`,
    `Nhập Một ${u},${phone()},mot-${u}@example.vn,KH-001`,
    `Nhập Hai ${u},${phone()},hai-${u}@example.vn,`,
    `Nhập Lỗi ${u},12ab,khong-phai-email,KH-003`,
  ].join('\n');

  await page.goto('/customers');
  await page.getByRole('button', { name: 'Nhập khách hàng' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nhập khách hàng' })).toBeVisible();
  await dialog.getByLabel('Chọn tệp').setInputFiles({
    name: `khach-hang-${u}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });

  // Mapping: suggested from the headers, with a preview of the rows.
  await expect(dialog.getByText('Tệp có 3 dòng dữ liệu', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel(/Tên khách hàng/)).toHaveValue('0');
  await expect(dialog.getByLabel('Số điện thoại')).toHaveValue('1');
  await expect(dialog.getByLabel('Email')).toHaveValue('2');
  await expect(dialog.getByRole('heading', { name: 'Trường tùy chỉnh' })).toBeVisible();
  await expect(dialog.getByLabel(oldCode)).toHaveValue('3');
  const preview = dialog.getByRole('table', { name: 'Xem trước' });
  await expect(preview.getByText(`Nhập Một ${u}`)).toBeVisible();
  await dialog.getByLabel('Bỏ qua dòng trùng').check();
  await dialog.getByRole('button', { name: 'Bắt đầu nhập' }).click();

  // Result: two created, one failed.
  await expect(dialog.getByText('Hoàn tất')).toBeVisible({ timeout: 30_000 });
  const results = dialog.getByRole('definition');
  await expect(
    dialog.locator('dl > div').filter({ hasText: 'Tạo mới' }).getByRole('definition'),
  ).toHaveText('2');
  await expect(
    dialog.locator('dl > div').filter({ hasText: 'Lỗi' }).getByRole('definition'),
  ).toHaveText('1');
  await expect(
    dialog.locator('dl > div').filter({ hasText: 'Tổng số dòng' }).getByRole('definition'),
  ).toHaveText('3');
  await expect(results).toHaveCount(5);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Tải báo cáo chi tiết' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await readFile((await download.path()) ?? '');
  // An XLSX is a ZIP archive.
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

  await dialog.getByRole('button', { name: 'Đóng', exact: true }).first().click();
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.getByRole('link', { name: `Nhập Một ${u}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Nhập Hai ${u}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Nhập Lỗi ${u}` })).toHaveCount(0);

  // The record: its source is the import, its custom field filled from the file.
  await table.getByRole('link', { name: `Nhập Một ${u}` }).click();
  await expect(page.getByLabel('Nguồn')).toHaveValue('import');
  await expect(page.getByLabel(oldCode)).toHaveValue('KH-001');
  await request.delete(`/v2/field/${fieldId}`, { headers: { Authorization: user.token } });
});
