import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs, unique, phone } from './fixtures';

test('import a small CSV with one bad row, then download its per-row report', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  const u = unique();
  const csv = [
    'Họ tên,Số điện thoại,Email',
    `Nhập Một ${u},${phone()},mot-${u}@example.vn`,
    `Nhập Hai ${u},${phone()},hai-${u}@example.vn`,
    `Nhập Lỗi ${u},12ab,khong-phai-email`,
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
  await expect(table.getByRole('cell', { name: 'Import' }).first()).toBeVisible();
});
