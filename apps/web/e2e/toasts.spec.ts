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
  // The page's own clock, moved on instead of waited for.
  await page.clock.install();
  await page.goto('/tickets');
  const toasts = page.locator('[data-sonner-toast]').filter({ hasText: SERVER_ERROR });
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText('Đã xảy ra lỗi');
  // From here the page's time moves only when the test moves it: a slow machine's own delays
  // neither close the first toast (shown 4 s) nor end the 2 s window early.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
  await page.clock.fastForward(500);
  await expect(toasts).toHaveCount(1);

  // After 2 s the same message may show again.
  await page.clock.fastForward(1_600);
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  // The list's request and its toast wait on the page's timers: moved on a little at a time.
  await expect
    .poll(async () => {
      await page.clock.runFor(20);
      return toasts.count();
    })
    .toBe(2);
});
