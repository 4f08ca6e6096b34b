import { expect, test } from '@playwright/test';
import type { Route } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession } from './fixtures';

const SERVER_ERROR = 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!';

test('the same error message is shown once within 2 s, again after', async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  // Two calls fail with the same message at the same moment.
  const failing = async (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500 }),
    });
  await page.route('**/v2/my-account', failing);
  await page.route('**/v2/notifications/unread-count', failing);
  await page.route('**/v2/notifications?*', failing);
  await page.goto('/tickets');
  const toasts = page.locator('[data-sonner-toast]').filter({ hasText: SERVER_ERROR });
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText('Đã xảy ra lỗi');
  await page.waitForTimeout(500);
  await expect(toasts).toHaveCount(1);

  // After 2 s the same message may show again.
  await page.waitForTimeout(1_700);
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  await expect(toasts).toHaveCount(2);
});
