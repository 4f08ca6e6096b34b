import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ACCOUNTS, signInAs } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeEach(async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
});

test('customer groups: empty state, blank name, create, edit, delete', async ({ page }) => {
  const name = `Nhóm E2E ${unique()}`;
  await page.goto('/customers/groups');
  await expect(page.getByRole('heading', { name: 'Nhóm khách hàng' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Tìm kiếm' });
  await search.fill(name);
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();

  // Blank name: the spec's message, nothing sent.
  await page.getByRole('button', { name: 'Thêm nhóm khách hàng' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Thêm mới nhóm khách hàng' })).toBeVisible();
  await dialog.getByLabel('Tên nhóm khách hàng').fill('   ');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên nhóm khách hàng không được bỏ trống')).toBeVisible();

  await dialog.getByLabel('Tên nhóm khách hàng').fill(`  ${name}  `);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tạo mới nhóm khách hàng thành công')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByText('trong 1 bản ghi')).toBeVisible();

  // Edit.
  const renamed = `${name} sửa`;
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Chỉnh sửa nhóm khách hàng' })).toBeVisible();
  await expect(dialog.getByLabel('Tên nhóm khách hàng')).toHaveValue(name);
  await dialog.getByLabel('Tên nhóm khách hàng').fill(renamed);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Cập nhật nhóm khách hàng thành công')).toBeVisible();
  await search.fill(renamed);
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();

  // Delete: the confirmation question, cancel keeps it, confirm removes it.
  await page.getByRole('button', { name: `Xóa ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Bạn có chắc chắn muốn xóa ${renamed} không?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Xóa ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa nhóm khách hàng thành công')).toBeVisible();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
});

test('customer groups: search is debounced and starts again at page 1', async ({
  page,
  request,
}) => {
  const tag = unique();
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string },
  );
  for (let index = 0; index < 12; index += 1) {
    const response = await request.post('/v2/group', {
      headers: { Authorization: user.token },
      data: { name: `Trang ${tag} ${String(index).padStart(2, '0')}`, target: 'end_user' },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/customers/groups');
  const search = page.getByRole('searchbox', { name: 'Tìm kiếm' });
  await search.fill(`Trang ${tag}`);
  await expect(page.getByText('trong 12 bản ghi')).toBeVisible();
  await page.getByRole('button', { name: 'Trang sau' }).click();
  await expect(page.getByText('Trang 2/2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);

  const requests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/v2/groups?')) requests.push(req.url());
  });
  await search.fill(`Trang ${tag} 1`);
  await expect(page.getByText('Trang 1/1')).toBeVisible();
  await expect(page.getByText('trong 2 bản ghi')).toBeVisible();
  // One settled search, asked from the first row.
  expect(requests.filter((url) => url.includes('offset=0'))).toHaveLength(1);
  expect(requests.some((url) => url.includes('offset=10'))).toBe(false);
});

test('customer groups: a failed load shows the error toast and an empty list', async ({ page }) => {
  await page.route('**/v2/groups?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        message: 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!',
      }),
    }),
  );
  await page.goto('/customers/groups');
  await expect(toast(page, 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!')).toBeVisible();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
  await expect(page.getByText('trong 0 bản ghi')).toBeVisible();
});
