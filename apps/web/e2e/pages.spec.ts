import { expect, test } from '@playwright/test';

test('/page-404 shows the defaults and goes home', async ({ page }) => {
  await page.goto('/page-404');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
  await expect(
    page.getByText('Đường dẫn không tồn tại, bạn hãy kiểm tra lại đường dẫn có đúng không?'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Quay lại trang chủ' }).click();
  // Home is / which needs a user: a visitor ends at the login screen.
  await expect(page).toHaveURL(/\/login$/);
});

test('/page-404 reads title and message from the search parameters', async ({ page }) => {
  await page.goto(
    '/page-404?title=Ti%C3%AAu%20%C4%91%E1%BB%81%20ri%C3%AAng&message=Th%C3%B4ng%20%C4%91i%E1%BB%87p%20ri%C3%AAng',
  );
  await expect(page.getByRole('heading', { name: 'Tiêu đề riêng' })).toBeVisible();
  await expect(page.getByText('Thông điệp riêng')).toBeVisible();
});

test('forgot-password validates the email in Vietnamese', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByText(/mã xác nhận gồm 4 chữ số/i)).toBeVisible();
  const card = page.locator('[data-slot="card"]');
  expect((await card.boundingBox())?.width).toBe(480);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByText('Email không được bỏ trống')).toBeVisible();
  await page.getByLabel('Email').fill('abc');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByText('Email không hợp lệ')).toBeVisible();
});

test('the callback pages render without a session', async ({ page }) => {
  // Zalo's landing without a session asks to sign in and connect again from the settings.
  await page.goto('/zalo-redirect?code=abc&state=xyz');
  await expect(page.getByText('Không kết nối được Zalo OA')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Vui lòng đăng nhập');
  // So does the mailboxes' OAuth2 landing.
  await page.goto('/email-redirect?code=abc&state=xyz');
  await expect(page.getByText('Không kết nối được hộp thư')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Hãy đăng nhập');
  await page.goto('/tiktok-redirect');
  await expect(page.getByRole('heading', { name: 'Kết nối TikTok' })).toBeVisible();
});
