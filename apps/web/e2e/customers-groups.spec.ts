import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '@omnicare/shared/platform/constants';
import { ACCOUNTS, signInAs, unique } from './fixtures';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = (await signInAs(page, request, ACCOUNTS.administrator.email)).token;
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
  for (let index = 0; index < 12; index += 1) {
    const response = await request.post('/v2/group', {
      headers: { Authorization: token },
      data: { name: `Trang ${tag} ${String(index).padStart(2, '0')}`, target: 'end_user' },
    });
    expect(response.status()).toBe(201);
  }
  // Every list request, with when it left. On a fresh database these 12 groups may be all there
  // is, so the unfiltered list also reads 'trong 12 bản ghi': each step waits for the answer to
  // its own request, never for a text the previous list could show as well.
  const sent: { at: number; name: string | null; offset: string | null }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname !== '/v2/groups') return;
    sent.push({
      at: Date.now(),
      name: url.searchParams.get('name'),
      offset: url.searchParams.get('offset'),
    });
  });
  const answered = (name: string, offset: number) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === '/v2/groups' &&
        url.searchParams.get('name') === name &&
        url.searchParams.get('offset') === String(offset)
      );
    });

  await page.goto('/customers/groups');
  const search = page.getByRole('searchbox', { name: 'Tìm kiếm' });
  const searched = answered(`Trang ${tag}`, 0);
  await search.fill(`Trang ${tag}`);
  await searched;
  await expect(page.getByText('trong 12 bản ghi')).toBeVisible();
  const secondPage = answered(`Trang ${tag}`, 10);
  await page.getByRole('button', { name: 'Trang sau' }).click();
  await secondPage;
  await expect(page.getByText('Trang 2/2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);

  // Every request so far is answered; from here on only the new search may be asked.
  const before = sent.length;
  const typedAt = Date.now();
  const settled = answered(`Trang ${tag} 1`, 0);
  await search.fill(`Trang ${tag} 1`);
  await settled;
  await expect(page.getByText('Trang 1/1')).toBeVisible();
  await expect(page.getByText('trong 2 bản ghi')).toBeVisible();
  // A stale request would leave with the settled one or after it: give it the debounce window.
  await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 100);
  // One settled search, asked from the first row, not before the debounce ran out.
  const after = sent.slice(before);
  expect(after.map(({ name, offset }) => ({ name, offset }))).toEqual([
    { name: `Trang ${tag} 1`, offset: '0' },
  ]);
  expect(after[0]!.at - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
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
