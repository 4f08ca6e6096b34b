import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { PASSWORD, apiLogin, readResetCode, signInWithForm } from './fixtures';

const EMAIL = 'agent2@demo.vn';
const NEW_PASSWORD = 'Doi@mat-khau-2026';

/** `usedCode`: the code of a reset just made, whose mail may still look new. */
async function resetThroughApi(request: APIRequestContext, password: string, usedCode?: string) {
  const since = Date.now();
  expect((await request.post('/v2/forgot-password', { data: { email: EMAIL } })).status()).toBe(
    200,
  );
  const code = await readResetCode(EMAIL, since, usedCode);
  const confirm = await request.post('/v2/forgot-password/confirm', {
    data: { email: EMAIL, code, password },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

test.afterEach(async ({ request }) => {
  // Whatever happened, agent2 gets the demo password back for the other specs.
  const check = await request.post('/v2/login', { data: { email: EMAIL, password: PASSWORD } });
  if (check.status() !== 200) await resetThroughApi(request, PASSWORD);
});

test('resets the password with the mailed 4-digit code and signs in with it', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const since = Date.now();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByRole('heading', { name: 'Đặt lại mật khẩu' })).toBeVisible();
  const code = await readResetCode(EMAIL, since);

  // A wrong code is refused on the code field, nothing else is lost.
  const wrong = code === '0000' ? '1111' : '0000';
  await page.getByLabel('Mã xác nhận').fill(wrong);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu mới').fill('khac-hoan-toan-1');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu nhập lại không khớp')).toBeVisible();
  await page.getByLabel('Nhập lại mật khẩu mới').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.locator('#reset-code-error')).toBeVisible();
  await expect(page.getByLabel('Mật khẩu mới', { exact: true })).toHaveValue(NEW_PASSWORD);

  await page.getByLabel('Mã xác nhận').fill(code);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Đổi mật khẩu thành công, vui lòng đăng nhập lại')).toBeVisible();

  await signInWithForm(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/report\/summary$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Hoàng Thu Hà');

  await resetThroughApi(request, PASSWORD, code);
  await apiLogin(request, EMAIL, PASSWORD);
});
