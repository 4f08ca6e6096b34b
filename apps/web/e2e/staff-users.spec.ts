import { expect, test } from '@playwright/test';
import { ACCOUNTS, EXPIRED_MESSAGE, PASSWORD, signInAs, signInWithForm } from './fixtures';
import {
  adminToken,
  createAgent,
  runId,
  searchStaff,
  staffRow,
  staffTable,
} from './staff-fixtures';

const LAST_ADMIN =
  'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng';

test('an administrator creates an agent, who signs in and is signed out at once when disabled', async ({
  page,
  request,
  browser,
}) => {
  const id = runId();
  const name = `Chuyên viên ${id}`;
  const email = `agent-${id}@demo.vn`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/members');
  await page.getByRole('button', { name: 'Thêm nhân viên' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm nhân viên' });
  await dialog.getByLabel(/^Họ tên/).fill(name);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Mã nhân viên/).fill(`A${id}`);
  await dialog.getByLabel(/^Mật khẩu đăng nhập/).fill(PASSWORD);
  await dialog.getByLabel('SIP gateway').fill('wss://sip1.example.vn, wss://sip2.example.vn');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tạo mới nhân viên thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same email again is refused on its field.
  await page.getByRole('button', { name: 'Thêm nhân viên' }).click();
  await dialog.getByLabel(/^Họ tên/).fill(`${name} 2`);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Mã nhân viên/).fill(`B${id}`);
  await dialog.getByLabel(/^Mật khẩu đăng nhập/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Email đã tồn tại')).toBeVisible();
  await dialog.getByRole('button', { name: 'Hủy' }).click();

  await searchStaff(page, email);
  await expect(staffRow(page, name)).toContainText('Chuyên viên');
  await expect(staffRow(page, name)).toContainText('Hoạt động');

  // The agent signs in in a browser of their own.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto('/login');
  await signInWithForm(agentPage, email);
  await expect(agentPage).toHaveURL(/\/report\/summary$/);
  await expect(
    agentPage.getByRole('button', { name: /^Trạng thái làm việc: (?!đang tải)/ }),
  ).toBeVisible();

  await page.getByRole('button', { name: `Vô hiệu hóa ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Vô hiệu hóa' }).click();
  await expect(page.getByText('Vô hiệu hóa thành công')).toBeVisible();
  await expect(staffRow(page, name)).toContainText('Vô hiệu hóa');

  // Their open tab ends at /login with the expired message, without doing anything.
  await expect(agentPage).toHaveURL(/\/login/);
  await expect(agentPage.getByText(EXPIRED_MESSAGE)).toBeVisible();
  // And they cannot sign in again.
  await signInWithForm(agentPage, email);
  await expect(agentPage).toHaveURL(/\/login/);
  await agentContext.close();

  // The change history shows who did what.
  await page.getByRole('button', { name: `Lịch sử thay đổi ${name}` }).click();
  const history = page.getByRole('list', { name: 'Lịch sử thay đổi' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Vô hiệu hóa');
  await expect(history.getByRole('listitem').last()).toContainText('Tạo mới');
});

test('bulk activate and disable report each user, failures named with their reason', async ({
  page,
  request,
}) => {
  const id = runId();
  const token = await adminToken(request);
  const first = await createAgent(
    request,
    token,
    `Hàng loạt ${id} một`,
    `bulk1-${id}@demo.vn`,
    `C${id}`,
  );
  const second = await createAgent(
    request,
    token,
    `Hàng loạt ${id} hai`,
    `bulk2-${id}@demo.vn`,
    `D${id}`,
  );
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/members');

  // Select both new agents, then the tenant's only administrator (who cannot be disabled).
  await searchStaff(page, `Hàng loạt ${id}`);
  // The header row and the two agents: the search has settled.
  await expect(staffTable(page).getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }).click();
  await searchStaff(page, ACCOUNTS.administrator.email);
  await expect(staffTable(page).getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Chọn Nguyễn Văn An' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Thao tác hàng loạt' });
  await expect(toolbar).toContainText('Đã chọn 3 nhân viên');

  await toolbar.getByRole('button', { name: 'Vô hiệu hóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Vô hiệu hóa' }).click();
  const report = page.getByRole('status', { name: 'Kết quả thực hiện' });
  await expect(report).toContainText('2/3 thành công, 1 thất bại');
  const failures = report.getByRole('list', { name: 'Nhân viên không thực hiện được' });
  await expect(failures.getByRole('listitem')).toHaveCount(1);
  await expect(failures).toContainText(`Nguyễn Văn An: ${LAST_ADMIN}`);
  await expect(report).toContainText(first.name);
  await expect(report).toContainText(second.name);
  // Only the failed one stays selected.
  await expect(toolbar).toContainText('Đã chọn 1 nhân viên');
  await toolbar.getByRole('button', { name: 'Bỏ chọn' }).click();

  await searchStaff(page, `Hàng loạt ${id}`);
  await expect(staffTable(page).getByRole('row')).toHaveCount(3);
  await expect(staffRow(page, first.name)).toContainText('Vô hiệu hóa');
  await expect(staffRow(page, second.name)).toContainText('Vô hiệu hóa');

  await page.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }).click();
  await toolbar.getByRole('button', { name: 'Kích hoạt' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Kích hoạt' }).click();
  await expect(report).toContainText('Kích hoạt thành công');
  await expect(report).toContainText('2 thành công');
  await expect(report.getByRole('list')).toHaveCount(0);
  await expect(staffRow(page, first.name)).toContainText('Hoạt động');
  await expect(staffRow(page, second.name)).toContainText('Hoạt động');

  // The state filter agrees.
  await page.getByRole('combobox', { name: 'Lọc theo trạng thái' }).click();
  await page.getByRole('option', { name: 'Vô hiệu hóa' }).click();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
});

test('the last active administrator of a tenant cannot disable or demote themself', async ({
  page,
  request,
}) => {
  await signInAs(page, request, 'admin@other.vn');
  await page.goto('/settings/users/members');
  const name = 'Vũ Đức Giang';
  await expect(page.getByRole('checkbox', { name: `Chọn ${name}` })).toBeVisible();

  await page.getByRole('button', { name: `Vô hiệu hóa ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Vô hiệu hóa' }).click();
  await expect(page.getByText(LAST_ADMIN)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Hoạt động');

  await page.getByRole('button', { name: `Chỉnh sửa ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật nhân viên' });
  await dialog.getByRole('combobox', { name: /^Vai trò/ }).click();
  await page.getByRole('option', { name: 'Chuyên viên' }).click();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText(LAST_ADMIN)).toBeVisible();
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Quản trị viên');
  // Still signed in and still an administrator.
  await page.reload();
  await expect(page).toHaveURL(/\/settings\/users\/members$/);
});

test('the staff list keeps Back: a search and a role filter are steps of its history', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/report/summary');
  await page.goto('/settings/users/members');
  const search = page.getByRole('searchbox', { name: 'Tìm nhân viên' });
  const role = page.getByRole('combobox', { name: 'Lọc theo vai trò' });

  await searchStaff(page, 'admin@demo.vn');
  await expect(page).toHaveURL(/[?&]q=admin%40demo\.vn/);
  await expect(staffRow(page, 'admin@demo.vn')).toBeVisible();
  await role.click();
  await page.getByRole('option', { name: 'Chuyên viên' }).click();
  await expect(page).toHaveURL(/[?&]role=agent/);
  await expect(staffRow(page, 'admin@demo.vn')).toHaveCount(0);

  // Back: the filter goes, the search stays; Back again: the search goes; then the page before.
  await page.goBack();
  await expect(page).not.toHaveURL(/role=/);
  await expect(role).toHaveText('Tất cả vai trò');
  await expect(search).toHaveValue('admin@demo.vn');
  await expect(staffRow(page, 'admin@demo.vn')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/users\/members$/);
  await expect(search).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/report\/summary$/);
});
