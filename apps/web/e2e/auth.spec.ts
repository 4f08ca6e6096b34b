import { expect, test } from '@playwright/test';
import { ACCOUNTS, ROLES, apiLogin, signInWithForm, storeSession } from './fixtures';

test.describe('sign in and out', () => {
  for (const role of ROLES) {
    test(`${role} signs in with the form and out from the header`, async ({ page }) => {
      const { email, roleLabel } = ACCOUNTS[role];
      await page.goto('/login');
      await signInWithForm(page, email);
      await expect(page).toHaveURL(/\/report\/summary$/);
      await expect(page.getByTestId('header-user-role')).toHaveText(roleLabel);
      await expect(page.getByTestId('header-user-name')).not.toBeEmpty();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
      expect(stored).toMatchObject({ email, role });

      await page.getByRole('button', { name: /^Tài khoản:/ }).click();
      // The sign-in page shows at once; the server is told in the background.
      const revoked = page.waitForResponse(
        (answer) => new URL(answer.url()).pathname === '/v2/logout',
      );
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await revoked;
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      // The session is revoked on the server: the old token no longer works.
      const response = await page.request.get('/v2/my-account', {
        headers: { Authorization: stored.token },
      });
      expect(response.status()).toBe(403);
    });
  }

  test('shows Vietnamese field errors and the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Email không được bỏ trống')).toBeVisible();
    await expect(page.getByText('Mật khẩu không được bỏ trống')).toBeVisible();
    await page.getByLabel('Email').fill('khong-phai-email');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Email không hợp lệ')).toBeVisible();
    await signInWithForm(page, ACCOUNTS.agent.email, 'Sai@mat-khau-1');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Email hoặc mật khẩu không đúng' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('carries the address as redirect and lands there after signing in', async ({ page }) => {
    await page.goto('/customers/groups?q=vip');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomers%2Fgroups%3Fq%3Dvip$/);
    await signInWithForm(page, ACCOUNTS.supervisor.email);
    await expect(page).toHaveURL(/\/customers\/groups\?q=vip$/);
    await expect(page.getByRole('heading', { name: 'Nhóm khách hàng' })).toBeVisible();
  });

  test('/ goes to /report/summary and /login sends a stored user to /', async ({
    page,
    request,
  }) => {
    await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
    await page.goto('/');
    await expect(page).toHaveURL(/\/report\/summary$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/report\/summary$/);
  });

  test('saves the presence to the server, which broadcasts it to the other tabs', async ({
    page,
    context,
    request,
  }) => {
    const user = await apiLogin(request, ACCOUNTS.team_leader.email);
    await storeSession(page, user);
    await page.goto('/tickets');
    const other = await context.newPage();
    await other.goto('/customers');
    await expect(
      other.getByRole('button', { name: /^Trạng thái làm việc: (?!đang tải)/ }),
    ).toBeVisible();
    const next =
      (
        await (
          await request.get('/v2/my-account', { headers: { Authorization: user.token } })
        ).json()
      ).data.presence === 'MEETING'
        ? { value: 'ATLUNCH', label: 'Ăn trưa' }
        : { value: 'MEETING', label: 'Đi họp' };

    await page.getByRole('button', { name: /^Trạng thái làm việc/ }).click();
    await page.getByRole('menuitemradio', { name: next.label }).click();
    await expect(
      page.getByRole('button', { name: `Trạng thái làm việc: ${next.label}` }),
    ).toBeVisible();
    // The other tab hears it on the real-time channel.
    await expect(
      other.getByRole('button', { name: `Trạng thái làm việc: ${next.label}` }),
    ).toBeVisible();
    const account = await request.get('/v2/my-account', { headers: { Authorization: user.token } });
    expect((await account.json()).data.presence).toBe(next.value);
    await page.reload();
    await expect(
      page.getByRole('button', { name: `Trạng thái làm việc: ${next.label}` }),
    ).toBeVisible();
  });
});
