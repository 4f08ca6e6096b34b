import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, pick, signInAs, unique } from './fixtures';

async function createCustomers(request: APIRequestContext, token: string, names: string[]) {
  for (const name of names) {
    const created = await request.post('/v2/customers', {
      headers: { Authorization: token },
      data: { name },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('a birthday typed as 05/08/1982 is 5 August 1982', async ({ page, request }) => {
    const admin = await signInAs(page, request, ACCOUNTS.administrator.email);
    const name = `Sinh Nhật ${unique()}`;
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Thêm khách hàng' }).click();
    await page.getByLabel('Tên khách hàng').fill(name);
    const birthday = page.getByLabel('Ngày sinh');
    await expect(birthday).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await birthday.fill('05/08/1982');
    // The calendar opens on the typed day, Monday first, in Vietnamese.
    await page.getByRole('button', { name: 'Chọn ngày' }).click();
    const grid = page.getByRole('grid', { name: 'Tháng 8 năm 1982' });
    await expect(grid.getByRole('columnheader')).toHaveText([
      'T2',
      'T3',
      'T4',
      'T5',
      'T6',
      'T7',
      'CN',
    ]);
    await expect(grid.getByRole('button', { name: 'Thứ Năm, 05/08/1982' })).toBeFocused();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Tạo khách hàng' }).click();
    await expect(page.getByText('Tạo mới khách hàng thành công')).toBeVisible();

    const found = await request.get(`/v2/customers?keyword=${encodeURIComponent(name)}`, {
      headers: { Authorization: admin.token },
    });
    const [row] = ((await found.json()) as { data: { _id: string }[] }).data;
    const detail = await request.get(`/v2/customers/${row?._id}`, {
      headers: { Authorization: admin.token },
    });
    expect(((await detail.json()) as { data: { birthday: string } }).data.birthday).toBe(
      '1982-08-05',
    );
    await expect(page.getByLabel('Ngày sinh')).toHaveValue('05/08/1982');
  });
});

test('Back after a filter change shows the previous filter, then the list before it', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Bộ lọc', exact: true }).click();
  const tier = page.getByLabel('Hạng', { exact: true });
  await tier.selectOption({ label: 'Vàng' });
  await expect(page).toHaveURL(/tier=2/);
  await tier.selectOption({ label: 'Bạc' });
  await expect(page).toHaveURL(/tier=1/);

  await page.goBack();
  await expect(page).toHaveURL(/tier=2/);
  await expect(tier).toHaveValue('2');
  await page.goBack();
  await expect(page).not.toHaveURL(/tier=/);
  await expect(page).toHaveURL(/\/customers/);
});

test('select all by filter: every result of the search is tagged, past the first page', async ({
  page,
  request,
}) => {
  // Twelve customers made one by one on a shared machine.
  test.setTimeout(120_000);
  const admin = await signInAs(page, request, ACCOUNTS.administrator.email);
  const u = unique();
  const names = Array.from({ length: 12 }, (_, index) => `Theo Lọc ${index + 1} ${u}`);
  await createCustomers(request, admin.token, names);
  const tagName = `Tag lọc ${u}`;
  const tagGroup = await request.post('/v2/group-tag-customer', {
    headers: { Authorization: admin.token },
    data: { name: `Nhóm ${u}`, tags: [tagName] },
  });
  expect(tagGroup.status(), await tagGroup.text()).toBe(201);
  const tagId = ((await tagGroup.json()) as { data: { tags: { _id: string }[] } }).data.tags[0]
    ?._id;

  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  await expect(page).toHaveURL(new RegExp(`q=${u}`));
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }).check();
  const bar = page.getByRole('toolbar');
  await bar.getByRole('button', { name: 'Chọn tất cả 12 kết quả' }).click();
  await expect(bar).toContainText('Đã chọn tất cả 12 khách hàng theo bộ lọc');
  await bar.getByRole('button', { name: 'Gắn tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gắn tag' });
  await expect(dialog).toContainText('Đã chọn 12 khách hàng');
  await pick(page, dialog.getByRole('combobox', { name: 'Chọn tag' }), u, tagName);
  await dialog.getByRole('button', { name: 'Áp dụng' }).click();
  await expect(page.getByText('Đã gắn tag cho 12 khách hàng')).toBeVisible();

  const tagged = await request.get(`/v2/customers?tag_id=${tagId}&page_size=50`, {
    headers: { Authorization: admin.token },
  });
  expect(((await tagged.json()) as { total: number }).total).toBe(12);
});
