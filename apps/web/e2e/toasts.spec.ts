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
  // Only their first calls: the unread count is asked again when the live channel connects,
  // which on a slow machine is past the window.
  await page.route('**/v2/my-account', failing, { times: 1 });
  await page.route('**/v2/notifications/unread-count', failing, { times: 1 });
  await page.route('**/v2/notifications?*', failing);
  // Every toast the page shows, in order: counted as shown, whether or not still on screen.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownToasts: shown });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches('[data-sonner-toast]')
            ? [node]
            : [...node.querySelectorAll('[data-sonner-toast]')];
          for (const toast of toasts) shown.push(toast.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
  const shownErrors = () =>
    page.evaluate(
      (text) =>
        (window as unknown as { shownToasts: string[] }).shownToasts.filter((shown) =>
          shown.includes(text),
        ).length,
      SERVER_ERROR,
    );
  // The page's clock, moved on by the test for the 2 s window.
  await page.clock.install();
  const bothFailed = Promise.all([
    page.waitForResponse('**/v2/my-account'),
    page.waitForResponse('**/v2/notifications/unread-count'),
  ]);
  await page.goto('/tickets');
  await bothFailed;
  await expect.poll(shownErrors).toBe(1);
  await page.clock.runFor(500);
  expect(await shownErrors()).toBe(1);

  // After 2 s the same message may show again.
  await page.clock.fastForward(2_000);
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  await expect.poll(shownErrors).toBe(2);
});
