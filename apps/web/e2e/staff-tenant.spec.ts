import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TenantConfigView } from '@omnicare/shared/tenants/tenants.schemas';
import { ACCOUNTS, expectForbidden, signInAs } from './fixtures';
import { adminToken } from './staff-fixtures';

const automationLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Điều hướng chính' }).getByText('Tự động hóa');

async function setWorkflow(request: APIRequestContext, workflow: 'enabled' | 'disabled') {
  const token = await adminToken(request);
  const current = (await (
    await request.get('/v2/tenant/config', { headers: { Authorization: token } })
  ).json()) as { data: TenantConfigView };
  const { name, logo_url, time_zone, data_scopes } = current.data;
  await request.put('/v2/tenant/config', {
    headers: { Authorization: token },
    data: { name, logo_url: logo_url ?? '', time_zone, data_scopes, workflow },
  });
}

test.afterEach(async ({ request }) => {
  // Other specs expect the demo tenant with automation on.
  await setWorkflow(request, 'enabled');
});

test('turning automation off hides its menu and guards /automation, live in other tabs', async ({
  page,
  request,
  context,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/tenant/config');
  // The context's second tab, signed in as the first one left the session.
  const other = await context.newPage();
  await other.goto('/tickets');
  await expect(automationLink(other)).toBeVisible();

  const form = page.getByRole('form', { name: 'Cấu hình tenant' });
  await expect(form.getByLabel('Tên tenant')).toHaveValue('Demo');
  await expect(form.getByRole('combobox', { name: 'Múi giờ' })).toContainText('Asia/Bangkok');
  await expect(form.getByRole('combobox', { name: 'Chuyên viên' })).toHaveText(
    'Khách hàng của tôi',
  );
  const workflow = form.getByRole('switch', { name: /Tự động hóa/ });
  await expect(workflow).toHaveAttribute('aria-checked', 'true');
  await workflow.click();
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();

  await expect(automationLink(page)).toHaveCount(0);
  // The other tab hears tenant:config-changed and re-reads the account.
  await expect(automationLink(other)).toHaveCount(0);
  await page.goto('/automation');
  await expect(page).toHaveURL(/\/report\/summary$/);

  await page.goto('/settings/tenant/config');
  await expect(workflow).toHaveAttribute('aria-checked', 'false');
  await workflow.click();
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await expect(automationLink(page)).toBeVisible();
  await page.goto('/automation');
  await expect(page).toHaveURL(/\/automation$/);
});

test('tenant settings validate the logo and keep data scopes per role', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/tenant/config');
  const form = page.getByRole('form', { name: 'Cấu hình tenant' });
  await form.getByLabel('Logo (URL)').fill('ftp://logo');
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(form.getByText('Logo phải là đường dẫn http(s)')).toBeVisible();
  await form.getByLabel('Logo (URL)').fill('');

  await form.getByRole('combobox', { name: 'Trưởng bộ phận' }).click();
  await page.getByRole('option', { name: 'Tổ chức của tôi' }).click();
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('combobox', { name: 'Trưởng bộ phận' })).toHaveText(
    'Tổ chức của tôi',
  );
  await form.getByRole('combobox', { name: 'Trưởng bộ phận' }).click();
  await page.getByRole('option', { name: 'Nhóm của tôi' }).click();
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(page.getByText('Cập nhật thành công')).toBeVisible();
});

test('the platform administrator lists tenants and opens another tenant; others may not', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/tenant');
  const tenants = page.getByRole('table', { name: 'Danh sách tenant' });
  await expect(tenants.getByRole('row', { name: /Other/ })).toBeVisible();
  await tenants.getByRole('link', { name: 'Cấu hình Other' }).click();
  await expect(page).toHaveURL(/\/settings\/tenant\/config\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cấu hình tenant: Other');
  await expect(page.getByLabel('Tên tenant')).toHaveValue('Other');
  await expect(
    page.getByRole('table', { name: 'Nhân viên của tenant' }).getByText('admin@other.vn'),
  ).toBeVisible();
  const otherUrl = page.url();

  // An administrator without the platform flag has no tenants list and no way in.
  await signInAs(page, request, 'admin@other.vn');
  await page.goto('/settings/tenant');
  await expect(page.getByText('Tenant của bạn')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Danh sách tenant' })).toHaveCount(0);
  await page.goto(otherUrl);
  await expectForbidden(page);
});

test('private webhook targets are switched per tenant by the platform administrator only', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/tenant');
  await page
    .getByRole('table', { name: 'Danh sách tenant' })
    .getByRole('link', { name: 'Cấu hình Other' })
    .click();
  await expect(page.getByLabel('Tên tenant')).toHaveValue('Other');
  const privateTargets = page.getByRole('switch', { name: 'Cho phép webhook gọi địa chỉ nội bộ' });
  const save = async () => {
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  };
  await expect(privateTargets).toHaveAttribute('aria-checked', 'false');
  await privateTargets.click();
  await save();
  await page.reload();
  await expect(privateTargets).toHaveAttribute('aria-checked', 'true');
  await privateTargets.click();
  await save();
  // The own tenant's screen shows the setting without a control.
  await page.goto('/settings/tenant/config');
  await expect(page.getByText('Chỉ quản trị nền tảng có thể cho phép')).toBeVisible();
  await expect(page.getByRole('switch', { name: /webhook/ })).toHaveCount(0);
});
