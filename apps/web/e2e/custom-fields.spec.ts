import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession, unique } from './fixtures';

let token = '';

test.beforeEach(async ({ page, request }) => {
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  token = user.token;
  await storeSession(page, user);
});

// The fields belong to the shared demo tenant: later specs must not see them in their forms.
test.afterEach(async ({ request }) => {
  const response = await request.get('/v2/fields?entity=customer', {
    headers: { Authorization: token },
  });
  const fields = ((await response.json()) as { data: { _id: string; key: string }[] }).data;
  for (const field of fields.filter((f) => f.key.startsWith('e2e_'))) {
    await request.delete(`/v2/field/${field._id}`, { headers: { Authorization: token } });
  }
});

const fieldRows = (page: Page) =>
  page.getByRole('table', { name: 'Danh sách trường tùy chỉnh' }).locator('tbody tr');
const option = (page: Page, index: number) =>
  page.getByRole('textbox', { name: `Lựa chọn ${index}`, exact: true });

test('custom fields: an administrator adds, orders, switches off, edits and deletes them, and the customer form follows', async ({
  page,
}) => {
  // A long scenario (dozens of steps): past 60 s when two workers share two cores.
  test.slow();
  const u = unique();
  const segment = `E2E Phân khúc ${u}`;
  const vip = `E2E Khách VIP ${u}`;
  await page.goto('/settings/object-rule');
  await expect(page.getByRole('heading', { name: 'Quy tắc đối tượng' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Khách hàng' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Blank name and key are refused in Vietnamese; the key then follows the name.
  await page.getByRole('button', { name: 'Thêm trường' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm trường tùy chỉnh' });
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên trường không được bỏ trống')).toBeVisible();
  await dialog.getByLabel('Tên trường').fill(segment);
  await expect(dialog.getByLabel('Mã trường')).toHaveValue(`e2e_phan_khuc_${u}`);
  await dialog.getByLabel('Kiểu dữ liệu').selectOption('select');
  await option(page, 1).fill('Bán lẻ');
  await dialog.getByRole('button', { name: 'Thêm lựa chọn' }).click();
  await option(page, 2).fill('Doanh nghiệp');
  await dialog.getByRole('button', { name: 'Thêm lựa chọn' }).click();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Lựa chọn không được bỏ trống')).toBeVisible();
  await option(page, 3).fill('bán lẻ');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Các lựa chọn không được trùng nhau')).toBeVisible();
  await option(page, 3).fill('Đại lý');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tạo mới trường thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Thêm trường' }).click();
  await dialog.getByLabel('Tên trường').fill(vip);
  await dialog.getByLabel('Kiểu dữ liệu').selectOption('checkbox');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();

  // The new field went last; moving it up puts it before the other, and a reload keeps that.
  const mine = fieldRows(page).filter({ hasText: `E2E` });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText(segment);
  await expect(mine.nth(0)).toContainText('Chọn một');
  await expect(mine.nth(1)).toContainText(vip);
  await page.getByRole('button', { name: `Đưa ${vip} lên trên` }).click();
  await expect(mine.nth(0)).toContainText(vip);
  await page.reload();
  await expect(mine.nth(0)).toContainText(vip);
  await expect(mine.nth(1)).toContainText(segment);

  // The customer form shows both, in that order.
  await page.goto('/customers/new-fields');
  const extra = page.getByRole('region', { name: 'Thông tin bổ sung' });
  await expect(extra.getByText(vip)).toBeVisible();
  await expect(extra.getByText(segment)).toBeVisible();
  const labels = await extra.locator('label').allInnerTexts();
  const at = (label: string) => labels.findIndex((text) => text.includes(label));
  expect(at(vip)).toBeLessThan(at(segment));

  // Switched off, the field leaves the form.
  await page.goto('/settings/object-rule');
  await page.getByRole('switch', { name: `Dùng trường ${segment}` }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Dùng trường ${segment}` })).not.toBeChecked();
  await page.goto('/customers/new-fields');
  await expect(extra.getByText(vip)).toBeVisible();
  await expect(extra.getByText(segment)).toHaveCount(0);

  // Editing: key and type are fixed; removing an option warns that its values go too.
  await page.goto('/settings/object-rule');
  await page.getByRole('button', { name: `Chỉnh sửa ${segment}` }).click();
  const edit = page.getByRole('dialog', { name: 'Chỉnh sửa trường tùy chỉnh' });
  await expect(edit.getByLabel('Mã trường')).toBeDisabled();
  await expect(edit.getByLabel('Kiểu dữ liệu')).toBeDisabled();
  await edit.getByRole('button', { name: 'Xóa lựa chọn 3' }).click();
  await expect(edit.getByText('Lựa chọn bị xóa cũng được xóa khỏi')).toBeVisible();
  await edit.getByLabel('Đang dùng').check();
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(edit).toBeHidden();
  const segmentRow = fieldRows(page).filter({ hasText: segment });
  await expect(segmentRow).toContainText('Doanh nghiệp');
  await expect(segmentRow).not.toContainText('Đại lý');
  await expect(page.getByRole('switch', { name: `Dùng trường ${segment}` })).toBeChecked();

  // Deleting asks first and says what goes with it.
  await page.getByRole('button', { name: `Xóa ${vip}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Bạn có chắc chắn muốn xóa ${vip} không?`);
  await expect(confirm).toContainText('không khôi phục được');
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Xóa thành công')).toBeVisible();
  await expect(fieldRows(page).filter({ hasText: vip })).toHaveCount(0);

  // The ticket tab is its own list.
  await page.getByRole('tab', { name: 'Ticket' }).click();
  await expect(page).toHaveURL(/entity=ticket/);
  await expect(fieldRows(page).filter({ hasText: segment })).toHaveCount(0);
});
