import { expect, test } from '@playwright/test';
import { ACCOUNTS, PASSWORD, apiLogin, readResetCode, storeSession, unique } from './fixtures';

test('import and export are offered only to the roles the tenant allows (administrators and supervisors by default)', async ({
  page,
  request,
}) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Danh sách khách hàng' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thêm khách hàng' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Nhập/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Xuất/ })).toHaveCount(0);

  await storeSession(page, await apiLogin(request, ACCOUNTS.supervisor.email));
  await page.goto('/customers');
  await expect(page.getByRole('button', { name: /^Nhập/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Xuất/ })).toBeVisible();
});

test('view-as lists a small team without typing; a disabled account cannot be picked; the banner stays in sight', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const email = `tat.${unique()}@demo.vn`;
  const created = await request.post('/v2/create-user', {
    headers: { Authorization: admin.token },
    data: { name: `Đã Tắt ${unique()}`, email, role: 'agent', password: PASSWORD },
  });
  const disabled = ((await created.json()) as { data: { _id: string; name: string } }).data;
  await request.put(`/v2/disable-user/${disabled._id}`, {
    headers: { Authorization: admin.token },
    data: {},
  });

  await storeSession(page, admin);
  await page.goto('/view-as-mode');
  await expect(page.getByRole('button', { name: 'Xem với tư cách Phạm Quốc Dũng' })).toBeEnabled();
  await expect(
    page.getByRole('button', { name: `Xem với tư cách ${disabled.name}` }),
  ).toBeDisabled();

  await page.getByRole('button', { name: 'Xem với tư cách Phạm Quốc Dũng' }).click();
  await expect(page).toHaveURL(/\/report\/summary$/);
  await page.setViewportSize({ width: 1366, height: 400 });
  await page.mouse.wheel(0, 2000);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('view-as-banner')).toBeInViewport();
  await page
    .getByTestId('view-as-banner')
    .getByRole('button', { name: 'Thoát chế độ xem' })
    .click();
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
});

test("'Gửi lại mã' counts down instead of meeting the server's limit", async ({ page }) => {
  await page.goto('/forgot-password');
  const since = Date.now();
  await page.getByLabel('Email').fill('leader@demo.vn');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByRole('heading', { name: 'Đặt lại mật khẩu' })).toBeVisible();
  await readResetCode('leader@demo.vn', since);
  const resend = page.getByRole('button', { name: /^Gửi lại mã/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Gửi lại mã sau \d+ giây$/);
});
