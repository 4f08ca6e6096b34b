import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, phone, pick, signInAs, unique } from './fixtures';

test('bulk actions: add to a group, assign an owner the agent then sees, delete', async ({
  page,
  request,
}) => {
  const admin = await signInAs(page, request, ACCOUNTS.administrator.email);
  const headers = { Authorization: admin.token };
  const u = unique();
  const names = ['An', 'Bình', 'Chi'].map((name) => `Hàng Loạt ${name} ${u}`);
  for (const name of names) {
    const created = await request.post('/v2/customers', {
      headers,
      data: { name, phones: [{ phone: phone() }] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const groupName = `Nhóm Hàng Loạt ${u}`;
  const group = await request.post('/v2/group', {
    headers,
    data: { name: groupName, target: 'end_user' },
  });
  expect(group.status()).toBe(201);

  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  // The search has settled (it is in the address) and the list shows only these three.
  await expect(page).toHaveURL(new RegExp(`q=${u}`));
  await expect(table.getByRole('link', { name: /Hàng Loạt/ })).toHaveCount(3);
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // All three into the group: one toast that says what was done.
  await page.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }).check();
  const bar = page.getByRole('toolbar');
  await expect(bar).toContainText('Đã chọn 3 khách hàng');
  await bar.getByRole('button', { name: 'Thêm vào nhóm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm vào nhóm' });
  await pick(page, dialog.getByRole('combobox', { name: 'Chọn nhóm khách hàng' }), u, groupName);
  await dialog.getByRole('button', { name: 'Áp dụng' }).click();
  await expect(page.getByText('Đã thêm 3 khách hàng vào nhóm')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Kết quả thao tác hàng loạt' })).toHaveCount(0);
  const groups = await request.get(`/v2/groups?target=end_user&name=${encodeURIComponent(u)}`, {
    headers,
  });
  const listed = ((await groups.json()) as { data: { list: { customer_count: number }[] } }).data;
  expect(listed.list[0]?.customer_count).toBe(3);

  // Two of them to the agent, whose own scope then shows exactly those two.
  await bar.getByRole('button', { name: 'Bỏ chọn' }).click();
  await page.getByRole('checkbox', { name: `Chọn ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Chọn ${names[1]}` }).check();
  await expect(bar).toContainText('Đã chọn 2 khách hàng');
  await bar.getByRole('button', { name: 'Giao người phụ trách' }).click();
  const owner = page.getByRole('dialog', { name: 'Giao người phụ trách' });
  await pick(
    page,
    owner.getByRole('combobox', { name: 'Chọn người phụ trách' }),
    'pham quoc',
    'Phạm Quốc Dũng',
  );
  await owner.getByRole('button', { name: 'Áp dụng' }).click();
  await expect(page.getByText('Đã cập nhật người phụ trách của 2 khách hàng')).toBeVisible();
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const seen = await request.get(`/v2/customers?keyword=${encodeURIComponent(u)}`, {
    headers: { Authorization: agent.token },
  });
  const mine = ((await seen.json()) as { data: { name: string }[] }).data.map((c) => c.name);
  expect(mine.sort()).toEqual([names[0], names[1]].sort());

  // Deleting asks first, then the row is gone. (The last selection is kept after an action.)
  await expect(bar).toContainText('Đã chọn 2 khách hàng');
  await bar.getByRole('button', { name: 'Bỏ chọn' }).click();
  await page.getByRole('checkbox', { name: `Chọn ${names[2]}` }).check();
  await bar.getByRole('button', { name: 'Xóa' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Bạn có chắc chắn muốn xóa 1 khách hàng đã chọn không?');
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Đã xóa 1 khách hàng')).toBeVisible();
  await expect(table.getByRole('link', { name: names[2] })).toHaveCount(0);
  await expect(table.getByRole('link', { name: names[0] })).toBeVisible();
});
