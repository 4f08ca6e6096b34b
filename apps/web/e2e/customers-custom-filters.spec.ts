import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession, unique } from './fixtures';

let token = '';
const fieldIds: string[] = [];

async function defineField(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post('/v2/fields', {
    headers: { Authorization: token },
    data: { entity: 'customer', ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  const field = ((await response.json()) as { data: { _id: string; key: string } }).data;
  fieldIds.push(field._id);
  return field;
}

test.beforeEach(async ({ page, request }) => {
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  token = user.token;
  await storeSession(page, user);
});

// The fields belong to the shared demo tenant: later specs see its forms without them.
test.afterEach(async ({ request }) => {
  for (const id of fieldIds.splice(0)) {
    await request.delete(`/v2/field/${id}`, { headers: { Authorization: token } });
  }
});

test('custom field filters: a select and a checkbox narrow the list, survive a reload and are saved', async ({
  page,
  request,
}, testInfo) => {
  const u = unique();
  // The fields come through the API here; custom-fields.spec.ts drives their settings screen.
  const segment = await defineField(request, {
    key: `phan_khuc_${u}`,
    label: 'Phân khúc',
    type: 'select',
    options: ['Bán lẻ', 'Doanh nghiệp', 'Đại lý'],
    position: 1,
  });
  const vip = await defineField(request, {
    key: `vip_${u}`,
    label: 'Khách VIP',
    type: 'checkbox',
    position: 2,
  });
  // The other kinds, so the panel shows every control.
  await defineField(request, {
    key: `ghi_chu_${u}`,
    label: 'Ghi chú nội bộ',
    type: 'text',
    position: 3,
  });
  await defineField(request, {
    key: `diem_${u}`,
    label: 'Điểm tích lũy',
    type: 'number',
    position: 4,
  });
  await defineField(request, {
    key: `ngay_ky_${u}`,
    label: 'Ngày ký hợp đồng',
    type: 'date',
    position: 5,
  });
  await defineField(request, {
    key: `so_thich_${u}`,
    label: 'Sở thích',
    type: 'multiselect',
    options: ['Du lịch', 'Ẩm thực', 'Thể thao'],
    position: 6,
  });
  for (const [name, custom] of [
    [`Khách bán lẻ ${u}`, { [segment.key]: 'Bán lẻ', [vip.key]: true }],
    [`Khách doanh nghiệp ${u}`, { [segment.key]: 'Doanh nghiệp', [vip.key]: false }],
  ] as const) {
    const response = await request.post('/v2/customers', {
      headers: { Authorization: token },
      data: { name, custom },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  const retail = table.getByRole('link', { name: `Khách bán lẻ ${u}` });
  const business = table.getByRole('link', { name: `Khách doanh nghiệp ${u}` });

  await page.goto('/customers');
  await expect(retail).toBeVisible();
  await expect(business).toBeVisible();
  await page.getByRole('button', { name: 'Bộ lọc', exact: true }).click();
  const custom = page.getByRole('region', { name: 'Trường tùy chỉnh' });
  await expect(custom).toBeVisible();

  await custom.getByLabel('Phân khúc').selectOption('Bán lẻ');
  await expect(business).toHaveCount(0);
  await expect(retail).toBeVisible();
  await custom.getByLabel('Khách VIP').selectOption({ label: 'Có' });
  await expect(page).toHaveURL(/custom=/);
  await expect(retail).toBeVisible();
  await expect(page.getByText('1 khách hàng', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bộ lọc\s*2$/ })).toBeVisible();

  // The filters live in the address: a reload shows the same list and the same choices.
  await page.reload();
  await expect(retail).toBeVisible();
  await expect(business).toHaveCount(0);
  await expect(custom.getByLabel('Phân khúc')).toHaveValue('Bán lẻ');
  await expect(custom.getByLabel('Khách VIP')).toHaveValue('true');

  await page.screenshot({ path: testInfo.outputPath('custom-filters-1280.png'), fullPage: true });

  // Not ticked finds the other one.
  await custom.getByLabel('Phân khúc').selectOption('Doanh nghiệp');
  await custom.getByLabel('Khách VIP').selectOption({ label: 'Không' });
  await expect(business).toBeVisible();
  await expect(retail).toHaveCount(0);
  await custom.getByLabel('Phân khúc').selectOption('Bán lẻ');
  await custom.getByLabel('Khách VIP').selectOption({ label: 'Có' });
  await expect(retail).toBeVisible();

  // Saved, cleared, then applied again from the saved filters menu.
  await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
  await page.getByRole('menuitem', { name: 'Lưu bộ lọc hiện tại' }).click();
  await page.getByLabel('Tên bộ lọc').fill(`VIP bán lẻ ${u}`);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Lưu bộ lọc thành công' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
  await expect(business).toBeVisible();
  await expect(retail).toBeVisible();
  await expect(page).not.toHaveURL(/custom=/);

  await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
  await page.getByRole('menuitem', { name: `VIP bán lẻ ${u}` }).click();
  await expect(business).toHaveCount(0);
  await expect(retail).toBeVisible();
  await expect(page).toHaveURL(/custom=/);
  await expect(custom.getByLabel('Phân khúc')).toHaveValue('Bán lẻ');
  await expect(custom.getByLabel('Khách VIP')).toHaveValue('true');
});
