import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ACCOUNTS, signInAs } from './fixtures';
import { runId } from './staff-fixtures';

const tree = (page: Page) => page.getByRole('tree', { name: 'Cây tổ chức' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

async function addOrganization(page: Page, trigger: string, name: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên tổ chức').fill(name);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tạo mới tổ chức thành công').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the organization tree: add, rename, move, refused delete, then delete', async ({
  page,
  request,
}) => {
  const id = runId();
  const root = `Gốc ${id}`;
  const child = `Con ${id}`;
  const renamed = `Con đổi tên ${id}`;
  const target = `Đích ${id}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/organizations');

  await addOrganization(page, 'Thêm tổ chức', root);
  await addOrganization(page, `Thêm tổ chức con ${root}`, child);
  await expect(item(page, root)).toHaveAttribute('aria-expanded', 'true');
  await expect(item(page, root).getByRole('treeitem', { name: child })).toBeVisible();

  // A name already used is refused on its field.
  await page.getByRole('button', { name: `Thêm tổ chức con ${root}` }).click();
  await page.getByRole('dialog').getByLabel('Tên tổ chức').fill(child);
  await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByRole('dialog').getByText('Tên tổ chức đã tồn tại')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();

  await page.getByRole('button', { name: `Đổi tên ${child}` }).click();
  await page.getByRole('dialog').getByLabel('Tên tổ chức').fill(renamed);
  await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
  await expect(item(page, renamed)).toBeVisible();
  await expect(item(page, child)).toHaveCount(0);

  // Collapse and expand a branch.
  await page.getByRole('button', { name: `Thu gọn ${root}` }).click();
  await expect(item(page, root)).toHaveAttribute('aria-expanded', 'false');
  await expect(item(page, renamed)).toBeHidden();
  await page.getByRole('button', { name: `Mở rộng ${root}` }).click();
  await expect(item(page, renamed)).toBeVisible();

  // A node cannot move under itself or its own children: the root's choices leave them out.
  await addOrganization(page, 'Thêm tổ chức', target);
  await page.getByRole('button', { name: `Di chuyển ${root}` }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Tổ chức cha mới' }).click();
  await expect(page.getByRole('option', { name: target })).toBeVisible();
  await expect(page.getByRole('option', { name: renamed })).toHaveCount(0);
  await expect(page.getByRole('option', { name: root })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();

  await page.getByRole('button', { name: `Di chuyển ${renamed}` }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Tổ chức cha mới' }).click();
  await page.getByRole('option', { name: target }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Di chuyển' }).click();
  await expect(page.getByText('Cập nhật thành công').first()).toBeVisible();
  await expect(item(page, target).getByRole('treeitem', { name: renamed })).toBeVisible();
  await expect(item(page, root)).not.toHaveAttribute('aria-expanded');

  // Deleting a node that still has a child says why before anything is asked.
  await page.getByRole('button', { name: `Xóa ${target}` }).click();
  const blocked = page.getByRole('dialog');
  await expect(blocked.getByRole('heading', { name: 'Chưa thể xóa tổ chức' })).toBeVisible();
  await expect(blocked).toContainText(`“${target}” còn 1 tổ chức con`);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await blocked.getByRole('button', { name: 'Đã hiểu' }).click();
  await expect(item(page, target)).toBeVisible();

  for (const name of [renamed, target, root]) {
    await page.getByRole('button', { name: `Xóa ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect(item(page, name)).toHaveCount(0);
  }
});

test('an organization opens as a record tab whose edit draft is kept per tab', async ({
  page,
  request,
}) => {
  const id = runId();
  const name = `Hồ sơ ${id}`;
  const user = await signInAs(page, request, ACCOUNTS.administrator.email);
  const created = await request.post('/v2/organize', {
    headers: { Authorization: user.token },
    data: { name, parent_id: null },
  });
  const organization = ((await created.json()) as { data: { _id: string; number: number } }).data;
  await page.goto('/settings/users/organizations');
  await item(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/organizations/${organization.number}$`));
  // The heading is its name; the tab keeps the spec's title.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('record-name')).toHaveText(name);
  await expect(page.getByRole('tab', { name: `Tổ chức ${organization.number}` })).toHaveAttribute(
    'title',
    `Tổ chức ${organization.number} · ${name}`,
  );

  await page.getByLabel('Tên tổ chức').fill(`${name} nháp`);
  await expect(page.getByText('Bản nháp chưa lưu')).toBeVisible();
  await page.goto('/settings/users/members');
  await page.goto(`/settings/organizations/${organization.number}`);
  await expect(page.getByLabel('Tên tổ chức')).toHaveValue(`${name} nháp`);
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByTestId('record-name')).toHaveText(`${name} nháp`);
  await expect(page.getByText('Bản nháp chưa lưu')).toHaveCount(0);

  await request.delete(`/v2/organize/${organization._id}`, {
    headers: { Authorization: user.token },
  });
});
