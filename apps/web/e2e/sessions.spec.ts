import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  EXPIRED_MESSAGE,
  apiLogin,
  realtimeConnected,
  signInWithForm,
  storeSession,
} from './fixtures';

test('logging out in one tab logs out the other', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/login');
  await signInWithForm(first, ACCOUNTS.agent.email);
  await expect(first).toHaveURL(/\/report\/summary$/);
  const second = await context.newPage();
  await second.goto('/tickets');
  await expect(second.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible();

  await first.getByRole('button', { name: /^Tài khoản:/ }).click();
  await first.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
});

test('a session revoked on the server ends at /login with the expired message', async ({
  page,
  playwright,
  baseURL,
}) => {
  // No real-time channel here: this test proves the 403 path of the HTTP client alone.
  await page.routeWebSocket(/socket\.io/, () => undefined);
  const user = await apiLogin(page.request, ACCOUNTS.supervisor.email);
  await storeSession(page, user);
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Trạng thái làm việc: (?!đang tải)/ }),
  ).toBeVisible();

  // The page goes quiet first: a request of its own meeting the revoked session would end it
  // there (toast included), and the load below would find nobody signed in.
  await page.goto('about:blank');
  // Another client revokes the same session.
  const other = await playwright.request.newContext({ baseURL });
  expect(
    (await other.post('/v2/logout', { headers: { Authorization: user.token } })).status(),
  ).toBe(200);
  await other.dispose();

  await page.goto('/customers');
  // The expired session keeps the address, to come back after signing in again.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomers$/);
  await expect(page.getByText(EXPIRED_MESSAGE)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a revoked session is noticed live, without navigating', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = await apiLogin(page.request, ACCOUNTS.team_leader.email);
  await storeSession(page, user);
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Trạng thái làm việc: (?!đang tải)/ }),
  ).toBeVisible();
  await realtimeConnected(page);
  const other = await playwright.request.newContext({ baseURL });
  await other.post('/v2/logout', { headers: { Authorization: user.token } });
  await other.dispose();
  // The socket's session:revoked logs the page out with no action from the user.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(EXPIRED_MESSAGE)).toBeVisible();
});
