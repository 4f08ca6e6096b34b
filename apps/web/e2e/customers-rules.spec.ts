import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, phone, storeSession, unique } from './fixtures';

let token = '';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](url, { headers: { Authorization: token }, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test.beforeEach(async ({ page, request }) => {
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  token = user.token;
  await storeSession(page, user);
});

// A required field of the shared demo tenant would refuse every later spec's new customers.
test.afterEach(async ({ request }) => {
  const fields = await api<{ _id: string; key: string }[]>(
    request,
    'get',
    '/v2/fields?entity=customer',
  );
  for (const field of fields.filter((f) => f.key.startsWith('e2e_')))
    await api(request, 'delete', `/v2/field/${field._id}`);
});

test('a field made required: the warning counts customers without it, new ones need it, old ones still save', async ({
  page,
  request,
}) => {
  // Three screens in one story: give a busy machine room.
  test.setTimeout(120_000);
  const u = unique();
  const label = `E2E CCCD ${u}`;
  const field = await api<{ _id: string }>(request, 'post', '/v2/fields', {
    entity: 'customer',
    key: `e2e_cccd_${u}`,
    label,
    type: 'text',
  });
  const old = await api<{ _id: string; name: string }>(request, 'post', '/v2/customers', {
    name: `Khách Cũ ${u}`,
    phones: [{ phone: phone() }],
  });
  const { count } = await api<{ count: number }>(request, 'get', `/v2/field/${field._id}/missing`);
  expect(count).toBeGreaterThan(0);

  await page.goto('/settings/object-rule');
  await page.getByRole('button', { name: `Chỉnh sửa ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Chỉnh sửa trường tùy chỉnh' });
  await dialog.getByLabel('Bắt buộc nhập').check();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  const warning = page.getByRole('dialog', { name: 'Chuyển trường sang bắt buộc?' });
  await expect(warning).toContainText(
    `${count.toLocaleString('vi-VN')} khách hàng hiện chưa có giá trị cho trường "${label}"`,
  );
  await warning.getByRole('button', { name: 'Vẫn chuyển sang bắt buộc' }).click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();

  // A new customer is refused without it, naming the field.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Thêm khách hàng' }).click();
  await page.getByLabel('Tên khách hàng').fill(`Khách Mới ${u}`);
  await page.getByRole('button', { name: 'Tạo khách hàng' }).click();
  await expect(page.getByText(`${label} không được bỏ trống`)).toBeVisible();

  // The older customer saves an unrelated change.
  await page.goto(`/customers/${old._id}`);
  await expect(page.getByLabel('Tên khách hàng')).toHaveValue(old.name);
  await page.getByLabel('Ghi chú').fill('Gọi lại sau 15:00');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
  await expect(page.getByText(`${label} không được bỏ trống`)).toHaveCount(0);
});

test("a customer group's count opens the customer list filtered by the group", async ({
  page,
  request,
}) => {
  const u = unique();
  const group = await api<{ _id: string }>(request, 'post', '/v2/group', {
    name: `Nhóm Đếm ${u}`,
    target: 'end_user',
  });
  const member = await api<{ _id: string }>(request, 'post', '/v2/customers', {
    name: `Thành Viên ${u}`,
    phones: [{ phone: phone() }],
    group_ids: [group._id],
  });
  await api(request, 'post', '/v2/customers', { name: `Ngoài Nhóm ${u}` });

  await page.goto('/customers/groups');
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(`Nhóm Đếm ${u}`);
  // The search settled (its list shown) before the click, as a reader would see it.
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('link', { name: `Xem 1 khách hàng của nhóm Nhóm Đếm ${u}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customers\\?group_id=${group._id}`));
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.getByRole('link', { name: `Thành Viên ${u}` })).toBeVisible();
  await expect(page.getByText('trong 1 bản ghi')).toBeVisible();
  expect(member._id).toBeTruthy();
});
