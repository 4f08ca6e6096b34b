import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  signInAs,
  unique,
  screenshotsAtBothSizes,
} from './fixtures';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function save(dialog: Locator, page: Page, message: string) {
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function remove(page: Page, name: string, message: string) {
  await page.getByRole('button', { name: `Xóa ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Bạn có chắc chắn muốn xóa ${name} không?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  // Two deletions in a row show the same toast twice.
  await expect(toast(page, message).last()).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
}

test.beforeEach(async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
});

test('priorities: add, duplicate refused on the field, edit, delete', async ({ page }) => {
  const name = `Khẩn ${unique()}`;
  await page.goto('/settings/tickets/priority');
  await expect(page.getByRole('heading', { name: 'Mức độ ưu tiên ticket' })).toBeVisible();
  await page.getByRole('button', { name: 'Thêm mức độ ưu tiên' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên mức độ ưu tiên').fill(name);
  await dialog.getByRole('textbox', { name: /^Màu/ }).fill('#dc2626');
  await save(dialog, page, 'Tạo mới mức độ ưu tiên thành công');
  await expect(row(page, name)).toContainText('#dc2626');

  await page.getByRole('button', { name: 'Thêm mức độ ưu tiên' }).click();
  await dialog.getByLabel('Tên mức độ ưu tiên').fill(name.toUpperCase());
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên mức độ ưu tiên đã tồn tại')).toBeVisible();
  await dialog.getByRole('button', { name: 'Hủy' }).click();

  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await dialog.getByLabel('Thứ tự').fill('7');
  await save(dialog, page, 'Cập nhật mức độ ưu tiên thành công');
  await expect(row(page, name)).toContainText('7');
  await remove(page, name, 'Xóa mức độ ưu tiên thành công');
});

test('ticket types: add, edit, delete', async ({ page }) => {
  const name = `Sự cố ${unique()}`;
  await page.goto('/settings/tickets/ticket-type');
  await page.getByRole('button', { name: 'Thêm loại ticket' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên loại ticket không được bỏ trống')).toBeVisible();
  await dialog.getByLabel('Tên loại ticket').fill(name);
  await save(dialog, page, 'Tạo mới loại ticket thành công');
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await dialog.getByLabel('Tên loại ticket').fill(`${name} mạng`);
  await save(dialog, page, 'Cập nhật loại ticket thành công');
  await remove(page, `${name} mạng`, 'Xóa loại ticket thành công');
});

test('services: add for a type, a type in use is refused, edit, delete', async ({ page }) => {
  const u = unique();
  const type = `Khiếu nại ${u}`;
  const name = `Hoàn tiền ${u}`;
  await page.goto('/settings/tickets/ticket-type');
  await page.getByRole('button', { name: 'Thêm loại ticket' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên loại ticket').fill(type);
  await save(dialog, page, 'Tạo mới loại ticket thành công');

  await page.goto('/settings/tickets/service');
  await page.getByRole('button', { name: 'Thêm dịch vụ' }).click();
  await dialog.getByLabel('Tên dịch vụ').fill(name);
  await dialog.getByLabel('Loại ticket').selectOption({ label: type });
  await save(dialog, page, 'Tạo mới dịch vụ thành công');
  await expect(row(page, name)).toContainText(type);

  await page.goto('/settings/tickets/ticket-type');
  await page.getByRole('button', { name: `Xóa ${type}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Loại ticket đang được dùng bởi 1 dịch vụ')).toBeVisible();

  await page.goto('/settings/tickets/service');
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await dialog.getByLabel('Loại ticket').selectOption({ label: 'Mọi loại ticket' });
  await save(dialog, page, 'Cập nhật dịch vụ thành công');
  await expect(row(page, name)).toContainText('Mọi loại ticket');
  await remove(page, name, 'Xóa dịch vụ thành công');
});

test('ticket templates: add with prefills, edit, delete', async ({ page }) => {
  const name = `Đổi hàng ${unique()}`;
  await page.goto('/settings/tickets/template');
  await page.getByRole('button', { name: 'Thêm mẫu ticket' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên mẫu ticket').fill(name);
  await dialog.getByLabel('Tiêu đề').fill('Yêu cầu đổi hàng lỗi');
  await dialog.getByLabel('Mô tả').fill('Khách cần đổi sản phẩm lỗi.');
  await save(dialog, page, 'Tạo mới mẫu ticket thành công');
  await expect(row(page, name)).toContainText('Yêu cầu đổi hàng lỗi');
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await expect(dialog.getByLabel('Tiêu đề')).toHaveValue('Yêu cầu đổi hàng lỗi');
  await dialog.getByLabel('Tiêu đề').fill('Đổi hàng trong 7 ngày');
  await save(dialog, page, 'Cập nhật mẫu ticket thành công');
  await expect(row(page, name)).toContainText('Đổi hàng trong 7 ngày');
  await remove(page, name, 'Xóa mẫu ticket thành công');
});

test('smart views: add a shared view with filters and columns, edit, delete', async ({ page }) => {
  const name = `Quá hạn ${unique()}`;
  await page.goto('/settings/tickets/view');
  await page.getByRole('button', { name: 'Thêm view' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên view').fill(name);
  await dialog.getByLabel('Dùng chung cho mọi người').click();
  // The list's own filter fields: statuses are a multiple choice.
  await dialog.getByRole('combobox', { name: 'Trạng thái' }).click();
  await page.getByRole('option', { name: 'Đang mở' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'SLA' }).selectOption({ label: 'Quá hạn SLA' });
  await dialog.getByRole('checkbox', { name: 'Hạn xử lý' }).click();
  await save(dialog, page, 'Tạo mới view thành công');
  await expect(row(page, name)).toContainText('Dùng chung');
  await expect(row(page, name)).toContainText('Hạn xử lý');
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await expect(dialog.getByRole('combobox', { name: 'Trạng thái' })).toContainText('Đang mở');
  await expect(dialog.getByRole('combobox', { name: 'SLA' })).toHaveValue('breached');
  await dialog.getByLabel('Tên view').fill(`${name} toàn đội`);
  await save(dialog, page, 'Cập nhật view thành công');
  await remove(page, `${name} toàn đội`, 'Xóa view thành công');
});

test('working time: add a schedule with a second opening and a holiday, edit, delete', async ({
  page,
}) => {
  const name = `Ca hành chính ${unique()}`;
  await page.goto('/settings/time-working');
  await page.getByRole('button', { name: 'Thêm lịch làm việc' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên lịch làm việc').fill(name);
  // Saturday morning on top of the office hours the form starts with.
  await dialog.getByRole('button', { name: 'Thêm khung giờ Thứ Bảy' }).click();
  await dialog.getByLabel('Thứ Bảy khung 1 từ').fill('08:00');
  await dialog.getByLabel('Thứ Bảy khung 1 đến').fill('07:00');
  await dialog.getByRole('button', { name: 'Thêm ngày nghỉ' }).click();
  await dialog.getByRole('textbox', { name: 'Ngày nghỉ 1', exact: true }).fill('02/09/2026');
  await dialog.getByLabel('Tên ngày nghỉ 1').fill('Quốc khánh');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Giờ kết thúc phải sau giờ bắt đầu')).toBeVisible();
  await dialog.getByLabel('Thứ Bảy khung 1 đến').fill('12:00');
  await save(dialog, page, 'Tạo mới lịch làm việc thành công');
  // 5 days of 8 hours and a Saturday morning.
  await expect(row(page, name)).toContainText('44 giờ');
  await expect(row(page, name)).toContainText('02/09/2026');

  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await dialog.getByRole('button', { name: 'Xóa Thứ Bảy khung 1' }).click();
  await save(dialog, page, 'Cập nhật lịch làm việc thành công');
  await expect(row(page, name)).toContainText('40 giờ');
  await remove(page, name, 'Xóa lịch làm việc thành công');
});

test('SLA policies: add targets per priority, edit, delete', async ({ page }) => {
  const u = unique();
  const priority = `Cao ${u}`;
  const name = `SLA VIP ${u}`;
  await page.goto('/settings/tickets/priority');
  await page.getByRole('button', { name: 'Thêm mức độ ưu tiên' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên mức độ ưu tiên').fill(priority);
  await save(dialog, page, 'Tạo mới mức độ ưu tiên thành công');

  await page.goto('/settings/tickets/sla');
  await page.getByRole('button', { name: 'Thêm chính sách SLA' }).click();
  await dialog.getByLabel('Tên chính sách SLA').fill(name);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Vui lòng thêm ít nhất một mục tiêu')).toBeVisible();
  await dialog.getByRole('button', { name: 'Thêm mục tiêu' }).click();
  await dialog.getByLabel('Mức độ ưu tiên mục tiêu 1').selectOption({ label: priority });
  await dialog.getByLabel('Phản hồi đầu tiên (phút) mục tiêu 1').fill('30');
  await dialog.getByLabel('Giải quyết (phút) mục tiêu 1').fill('240');
  await save(dialog, page, 'Tạo mới chính sách SLA thành công');
  await expect(row(page, name)).toContainText(`${priority}: 30 phút / 4 giờ`);

  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await dialog.getByLabel('Giải quyết (phút) mục tiêu 1').fill('480');
  await save(dialog, page, 'Cập nhật chính sách SLA thành công');
  await expect(row(page, name)).toContainText(`${priority}: 30 phút / 8 giờ`);
  await remove(page, name, 'Xóa chính sách SLA thành công');
});

test('SLA policies: their order of trial is shown and an administrator moves one up', async ({
  page,
  request,
}) => {
  const u = unique();
  const { token } = await apiLogin(request, ACCOUNTS.administrator.email);
  const priority = await apiCreate<{ _id: string }>(request, token, '/v2/priorities', {
    name: `Khẩn ${u}`,
    color: '#f97316',
  });
  const first = `SLA tổng đài ${u}`;
  const second = `SLA đối tác ${u}`;
  for (const [name, minutes] of [
    [first, 15],
    [second, 30],
  ] as const)
    await apiCreate(request, token, '/v2/sla-policies', {
      name,
      order: 990,
      targets: [
        { priority_id: priority._id, first_response_minutes: minutes, resolution_minutes: 240 },
      ],
    });
  await page.goto('/settings/tickets/sla');
  const place = (name: string) => row(page, name).getByTestId('sla-order');
  // Same order number: by name, 'SLA đối tác' before 'SLA tổng đài'.
  await expect(place(second)).toHaveText(/\d+/, { timeout: 30_000 });
  const before = Number(await place(second).textContent());
  await expect(place(first)).toHaveText(String(before + 1));
  await expect(
    page.getByText('chính sách đầu tiên có mục tiêu phù hợp được áp dụng'),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await row(page, first).scrollIntoViewIfNeeded();
  await screenshotsAtBothSizes(page, 'sla-order');

  await page.getByRole('button', { name: `Đưa "${first}" lên trước` }).click();
  await expect(toast(page, 'Cập nhật thứ tự chính sách SLA thành công')).toBeVisible();
  await expect(place(first)).toHaveText(String(before));
  await expect(place(second)).toHaveText(String(before + 1));
  // Kept by the server: a reload shows the same order.
  await page.reload();
  await expect(place(first)).toHaveText(String(before), { timeout: 30_000 });
  await expect(place(second)).toHaveText(String(before + 1));
  await screenshotsAtBothSizes(page, 'sla-order-moved');
  for (const name of [first, second]) await remove(page, name, 'Xóa chính sách SLA thành công');
});
