import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, expectForbidden, storeSession } from './fixtures';

test('an admin views the app as an agent and comes back', async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.administrator.email));
  await page.goto('/view-as-mode');
  await expect(page.getByRole('heading', { name: 'Xem với tư cách' })).toBeVisible();
  // A team of up to 50 is listed without typing (staff-shell.spec); a search narrows it.
  await page.getByLabel('Tìm nhân viên').fill('agent@demo');
  const pick = page.getByRole('button', { name: /^Xem với tư cách Phạm Quốc Dũng/ });
  await pick.click();

  await expect(page).toHaveURL(/\/report\/summary$/);
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText('Phạm Quốc Dũng');
  await expect(page.getByTestId('header-user-role')).toHaveText('Chuyên viên');
  // Their presence is shown, never changed on their behalf.
  await expect(page.getByRole('button', { name: /^Trạng thái làm việc/ })).toBeDisabled();
  const viewAs = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('viewAsUserData') ?? 'null'),
  );
  expect(viewAs).toMatchObject({ email: 'agent@demo.vn', role: 'agent' });

  // The impersonated role applies.
  await page.goto('/settings');
  await expectForbidden(page);
  await page.goto('/view-as-mode');
  await page
    .getByTestId('view-as-banner')
    .getByRole('button', { name: 'Thoát chế độ xem' })
    .click();
  await expect(page.getByTestId('view-as-banner')).toHaveCount(0);
  await expect(page.getByTestId('header-user-role')).toHaveText('Quản trị viên');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Cài đặt' })).toBeVisible();
});
