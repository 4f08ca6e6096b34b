import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession } from './fixtures';

const OFFLINE = 'Mất kết nối Internet, vui lòng kiểm tra đường truyền';

test('the user is told when the internet connection drops, and when it is back', async ({
  page,
  context,
  request,
}) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});
