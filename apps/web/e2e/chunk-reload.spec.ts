import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession } from './fixtures';

test('a page chunk that fails to load reloads the page once, then works', async ({
  page,
  request,
}) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  let failures = 0;
  // The first download of the reports chunk fails, as after a deploy with a stale index.
  await page.route(/\/assets\/report-summary-page-[\w-]+\.js$/, async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.fulfill({ status: 404, body: 'gone' });
    } else {
      await route.continue();
    }
  });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goto('/report/summary');
  await expect(page.getByRole('heading', { name: 'Báo cáo tổng quan' })).toBeVisible();
  expect(failures).toBe(1);
  // One load for the visit, one for the reload.
  expect(loads.length).toBe(2);
  const reloaded = await page.evaluate(() => sessionStorage.getItem('chunkReloadedErrors'));
  expect(JSON.parse(reloaded ?? '[]')).toHaveLength(1);
});

test('the same chunk failure does not reload twice: the error screen shows', async ({
  page,
  request,
}) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.route(/\/assets\/report-summary-page-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/report/summary');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  expect(loads).toBe(2);
});
