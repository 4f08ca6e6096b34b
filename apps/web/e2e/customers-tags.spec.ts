import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ACCOUNTS, signInAs, unique } from './fixtures';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
/** Tailwind 4's red-500, as Chromium reports it. */
const RED_500 = 'oklch(0.637 0.237 25.331)';
const tagInput = (page: Page, position: number) =>
  page.getByRole('dialog').getByRole('textbox', { name: `Tag ${position}`, exact: true });

test.beforeEach(async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
});

test('tag groups: blank checks, create, duplicate marking, edit, search, delete', async ({
  page,
}) => {
  // A long scenario: past 60 s when two workers share two cores.
  test.slow();
  const u = unique();
  const groupName = `Sở thích ${u}`;
  await page.goto('/customers/tags');
  await expect(page.getByRole('heading', { name: 'Nhóm tags' })).toBeVisible();

  await page.getByRole('button', { name: 'Thêm nhóm tags' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên nhóm tags không được bỏ trống')).toBeVisible();
  await expect(dialog.getByText('Tên tag không được bỏ trống')).toBeVisible();

  await dialog.getByLabel('Tên nhóm tags').fill(`  ${groupName} `);
  await tagInput(page, 1).fill(` Du lịch ${u} `);
  await dialog.getByRole('button', { name: 'Thêm tag' }).click();
  await tagInput(page, 2).fill(`Thể thao ${u}`);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tạo mới nhóm tags thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second group repeats a tag of the first, without accents and in another case.
  const other = `Kênh ${u}`;
  await page.getByRole('button', { name: 'Thêm nhóm tags' }).click();
  await dialog.getByLabel('Tên nhóm tags').fill(other);
  await tagInput(page, 1).fill(`Zalo ${u}`);
  await dialog.getByRole('button', { name: 'Thêm tag' }).click();
  await tagInput(page, 2).fill(`DU LICH ${u}`);
  await dialog.getByRole('button', { name: 'Thêm tag' }).click();
  await tagInput(page, 3).fill(`Facebook ${u}`);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tên tag bị trùng')).toBeVisible();
  await expect(tagInput(page, 2)).toHaveAttribute('aria-invalid', 'true');
  await expect(tagInput(page, 2)).toHaveClass(/border-red-500/);
  await expect(tagInput(page, 2)).toHaveCSS('border-top-color', RED_500);
  for (const label of ['Tag 1', 'Tag 3']) {
    await expect(
      page.getByRole('dialog').getByRole('textbox', { name: label, exact: true }),
    ).not.toHaveAttribute('aria-invalid', 'true');
  }
  // No text in the dialog: only the red border.
  await expect(dialog.getByText('Tên tag bị trùng')).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Hủy' }).click();

  // Search by tag name.
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(`Thể thao ${u}`);
  const item = page.getByTestId('tag-group').filter({ hasText: groupName });
  await expect(item).toHaveCount(1);
  await expect(page.getByTestId('tag-group')).toHaveCount(1);
  await expect(item.getByText(`Du lịch ${u}`)).toBeVisible();

  // Edit: the raw tags come back for editing.
  await page.getByRole('button', { name: `Sửa ${groupName}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Chỉnh sửa nhóm tags' })).toBeVisible();
  await expect(tagInput(page, 1)).toHaveValue(`Du lịch ${u}`);
  await dialog.getByRole('button', { name: 'Thêm tag' }).click();
  await tagInput(page, 3).fill(`Ẩm thực ${u}`);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Cập nhật nhóm tags thành công')).toBeVisible();
  await expect(item.getByText(`Ẩm thực ${u}`)).toBeVisible();

  // Delete.
  await page.getByRole('button', { name: `Xóa ${groupName}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Bạn có chắc chắn muốn xóa ${groupName} không?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa nhóm tags thành công')).toBeVisible();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
});
