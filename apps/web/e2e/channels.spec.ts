import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiLogin,
  expectForbidden,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';

test('an administrator connects an SMS channel whose keys are kept and never shown again', async ({
  page,
  request,
}) => {
  const run = unique();
  const name = `eSMS ${run}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels/sms');
  await expect(page.getByRole('heading', { name: 'Kênh SMS' })).toBeVisible();
  await page.getByRole('button', { name: 'Kết nối SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết nối SMS' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Brandname').fill('OMNICARE');
  await dialog.getByLabel('Địa chỉ API').fill('ftp://sai');
  await dialog.getByLabel('API key').fill('khoa-api-bi-mat');
  // A missing key and a wrong address: each said under its field, nothing saved.
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Địa chỉ phải bắt đầu bằng http:// hoặc https://')).toBeVisible();
  await dialog.getByLabel('Địa chỉ API').fill('');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Secret key không được bỏ trống')).toBeVisible();
  await dialog.getByLabel('Secret key').fill('secret-bi-mat');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('OMNICARE');
  await expect(row).toContainText('Mặc định của eSMS');
  await expect(row).toContainText('Đã lưu');
  await expect(row).toContainText('Đang hoạt động');
  await expect(page.locator('body')).not.toContainText('khoa-api-bi-mat');
  await screenshotsAtBothSizes(page, 'sms-channels');

  // Pausing it with the keys left blank keeps them.
  await row.getByRole('button', { name: /Sửa/ }).click();
  const edit = page.getByRole('dialog', { name: 'Cập nhật kênh SMS' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await expect(edit.getByText('Để trống để giữ khóa đã lưu').first()).toBeVisible();
  await edit.getByLabel('Trạng thái').selectOption({ label: 'Tạm dừng' });
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Cập nhật kênh thành công')).toBeVisible();
  await expect(row).toContainText('Tạm dừng');
  await expect(row).toContainText('Đã lưu');

  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const listed = await request.get('/v2/channels?kind=sms', {
    headers: { Authorization: admin.token },
  });
  const text = await listed.text();
  expect(text).toContain(name);
  expect(text).not.toContain('secret-bi-mat');
});

test('a supervisor may not open the channels settings', async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/settings/multi-channels/sms');
  await expectForbidden(page);
});
