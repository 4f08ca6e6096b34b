import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  PASSWORD,
  apiLogin,
  readInviteLink,
  signInAs,
  storeSession,
  unique,
} from './fixtures';

test('an administrator invites by email; the invitee sets a password from the link and is signed in', async ({
  page,
  browser,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/members');
  await page.getByRole('button', { name: 'Mời nhân viên' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Mời nhân viên qua email' })).toBeVisible();
  await expect(dialog.getByLabel(/^Mật khẩu đăng nhập/)).toHaveCount(0);
  const email = `moi.${unique()}@demo.vn`;
  await dialog.getByLabel(/^Họ tên/).fill('Trần Mời Mới');
  await dialog.getByLabel(/^Email/).fill(email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Gửi lời mời' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Đã gửi lời mời')).toBeVisible();

  await page.getByRole('searchbox').first().fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row.getByText('Chờ nhận lời mời')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Gửi lại lời mời Trần Mời Mới' })).toBeVisible();

  // The invitee, in a browser of their own.
  const link = await readInviteLink(email, since);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Nhận lời mời' })).toBeVisible();
  await invitee.getByLabel('Mật khẩu', { exact: true }).fill('Moi@2026ab');
  await invitee.getByLabel('Nhập lại mật khẩu').fill('Moi@2026ab');
  await invitee.getByRole('button', { name: 'Đặt mật khẩu và đăng nhập' }).click();
  await expect(invitee).toHaveURL(/\/report\/summary$/);
  await expect(invitee.getByTestId('header-user-name')).toHaveText('Trần Mời Mới');
  await context.close();

  // Accepted: no longer pending, and the link does not work twice.
  await page.reload();
  await page.getByRole('searchbox').first().fill(email);
  await expect(row.getByText('Hoạt động')).toBeVisible();
  const again = await request.post('/v2/accept-invite', {
    data: {
      email,
      token: new URL(link, 'http://x').searchParams.get('token'),
      password: 'Khac@2026ab',
    },
  });
  expect(again.status()).toBe(422);
  await apiLogin(request, email, 'Moi@2026ab');
});

test('the profile page changes the name shown in the header and refuses a picture over 2 MB', async ({
  page,
  request,
}) => {
  const email = `hoso.${unique()}@demo.vn`;
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const created = await request.post('/v2/create-user', {
    headers: { Authorization: admin.token },
    data: { name: 'Hồ Sơ Cũ', email, role: 'agent', password: PASSWORD },
  });
  expect(created.status()).toBe(201);
  await signInAs(page, request, email);
  await page.goto('/report/summary');
  await page.getByRole('button', { name: /^Tài khoản:/ }).click();
  await page.getByRole('menuitem', { name: 'Hồ sơ của tôi' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Hồ sơ của tôi' })).toBeVisible();

  await page.getByLabel(/^Họ tên/).fill('Hồ Sơ Mới');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Cập nhật hồ sơ thành công')).toBeVisible();
  await expect(page.getByTestId('header-user-name')).toHaveText('Hồ Sơ Mới');

  await page.getByLabel('Đổi ảnh đại diện').setInputFiles({
    name: 'lon.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('Ảnh đại diện tối đa 2 MB')).toBeVisible();

  // Password: the current one first, then the rules.
  await page.getByLabel(/^Mật khẩu hiện tại/).fill('sai-mat-khau-1');
  await page.getByLabel(/^Mật khẩu mới/).fill('Moi@2026ab');
  await page.getByLabel(/^Nhập lại mật khẩu mới/).fill('Moi@2026ab');
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).last().click();
  await expect(page.getByText('Mật khẩu hiện tại không đúng')).toBeVisible();
  await page.getByLabel(/^Mật khẩu hiện tại/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).last().click();
  await expect(page.getByText('Đổi mật khẩu thành công')).toBeVisible();
  // This session stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hồ sơ của tôi' })).toBeVisible();
});

test('login: the old error clears while typing, and Tab goes email → password → Quên mật khẩu?', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.agent.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('sai-mat-khau');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Email hoặc mật khẩu không đúng' });
  await expect(banner).toBeVisible();
  await page.getByLabel('Mật khẩu', { exact: true }).press('a');
  await expect(banner).toBeHidden();

  await page.getByLabel('Email').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mật khẩu', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Quên mật khẩu?' })).toBeFocused();
});

test('a mistyped address while signed in keeps the layout; the sidebar stays collapsed after a reload', async ({
  page,
  request,
}) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
  await page.goto('/khong-co-trang-nay');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  await expect(page.getByTestId('header-user-name')).toBeVisible();

  await page.getByRole('button', { name: 'Thu gọn menu' }).click();
  await expect(page.getByRole('button', { name: 'Mở rộng menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mở rộng menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Mở rộng menu' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Thu gọn menu' })).toBeVisible();
});

test('/page-404 wraps and bounds a long title and message', async ({ page }) => {
  const word = 'X'.repeat(400);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/page-404?title=${word}&message=${word}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(1366);
  expect((await heading.textContent())?.length ?? 0).toBeLessThanOrEqual(120);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(1366);
});

test("/report/summary shows today's counts in the caller's scope", async ({ page, request }) => {
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const name = `Khách Tổng Quan ${unique()}`;
  const made = await request.post('/v2/customers', {
    headers: { Authorization: agent.token },
    data: { name },
  });
  expect(made.status()).toBe(201);
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'short',
  }).format(new Date());
  const summary = (await (
    await request.get(`/v2/reports/summary?from=${today}&to=${today}`, {
      headers: { Authorization: agent.token },
    })
  ).json()) as { data: { metrics: { customers_created: number; staff_active: number } } };
  expect(summary.data.metrics.customers_created).toBeGreaterThanOrEqual(1);
  await storeSession(page, agent);
  await page.goto('/');
  await expect(page).toHaveURL(/\/report\/summary$/);
  await expect(page.getByText('Đang phát triển')).toHaveCount(0);
  await expect(
    page.getByLabel(`Khách hàng tạo mới: ${summary.data.metrics.customers_created}`),
  ).toBeVisible();
  await expect(
    page.getByLabel(`Nhân viên đang hoạt động: ${summary.data.metrics.staff_active}`),
  ).toBeVisible();
});
