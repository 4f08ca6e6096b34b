import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { ACCOUNTS, apiLogin, expectForbidden, pick, signInAs } from './fixtures';
import { adminToken, createAgent, runId } from './staff-fixtures';

const NO_RIGHT = 'Bạn không có quyền truy cập';
const departmentsTable = (page: Page) => page.getByRole('table', { name: 'Danh sách phòng ban' });
const departmentRow = (page: Page, name: string) =>
  departmentsTable(page).getByRole('row').filter({ hasText: name });

/** Opens a picker, types into its search box and picks the option naming `name`. */
test('an administrator creates a department with a leader and members, edits it, then deletes it', async ({
  page,
  request,
}) => {
  const id = runId();
  const token = await adminToken(request);
  const leader = await createAgent(
    request,
    token,
    `Trưởng ${id}`,
    `dep-lead-${id}@demo.vn`,
    `L${id}`,
  );
  const first = await createAgent(
    request,
    token,
    `Thành viên ${id} An`,
    `dep-a-${id}@demo.vn`,
    `M${id}`,
  );
  const second = await createAgent(
    request,
    token,
    `Thành viên ${id} Bình`,
    `dep-b-${id}@demo.vn`,
    `N${id}`,
  );
  const organization = `Khối CSKH ${id}`;
  const created = await request.post('/v2/organize', {
    headers: { Authorization: token },
    data: { name: organization },
  });
  expect(created.status()).toBe(201);

  const name = `Phòng E2E ${id}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/departments');
  await page.getByRole('button', { name: 'Thêm phòng ban' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm phòng ban' });
  await dialog.getByLabel(/^Tên phòng ban/).fill(name);
  await pick(page, dialog.getByRole('combobox', { name: 'Tổ chức' }), 'khoi cskh', organization);
  // Staff are searched on the server: the new agents are found by a part of their names.
  const leaderPicker = dialog.getByRole('combobox', { name: 'Trưởng phòng' });
  await pick(page, leaderPicker, `truong ${id}`, leader.name);
  await expect(leaderPicker).toHaveText(leader.name);
  const membersPicker = dialog.getByRole('combobox', { name: 'Thành viên' });
  await pick(page, membersPicker, id, first.name);
  await page.getByRole('option', { name: second.name }).click();
  await page.keyboard.press('Escape');
  await expect(membersPicker).toContainText(first.name);
  await expect(membersPicker).toContainText(second.name);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tạo mới phòng ban thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The table: its organization, its leader, and the leader counted among three members.
  await page.getByRole('searchbox', { name: 'Tìm phòng ban' }).fill(id);
  await expect(departmentsTable(page).getByRole('row')).toHaveCount(2);
  const row = departmentRow(page, name);
  await expect(row.getByRole('cell').nth(1)).toHaveText(organization);
  await expect(row.getByRole('cell').nth(2)).toHaveText(leader.name);
  await expect(row.getByRole('cell').nth(3)).toContainText('3 thành viên');
  for (const member of [leader, first, second]) {
    await expect(row.getByRole('cell').nth(3)).toContainText(member.name);
  }

  // Edit: the form names the current leader and members, one member leaves, a new name.
  await page.getByRole('button', { name: `Chỉnh sửa ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Cập nhật phòng ban' });
  await expect(edit.getByRole('combobox', { name: 'Trưởng phòng' })).toHaveText(leader.name);
  await expect(edit.getByRole('combobox', { name: 'Tổ chức' })).toHaveText(organization);
  const editMembers = edit.getByRole('combobox', { name: 'Thành viên' });
  await expect(editMembers).toContainText(second.name);
  await editMembers.click();
  // Before any search the chosen members come first, checked.
  const chosen = page.getByRole('option', { name: second.name });
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Escape');
  await expect(editMembers).not.toContainText(second.name);
  const renamed = `${name} (sửa)`;
  await edit.getByLabel(/^Tên phòng ban/).fill(renamed);
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Cập nhật phòng ban thành công')).toBeVisible();
  const after = departmentRow(page, renamed);
  await expect(after.getByRole('cell').nth(3)).toContainText('2 thành viên');
  await expect(after.getByRole('cell').nth(3)).not.toContainText(second.name);

  // The staff list filtered by the department (picked the same way) agrees.
  await page.goto('/settings/users/members');
  await pick(page, page.getByRole('combobox', { name: 'Lọc theo phòng ban' }), renamed, renamed);
  const staff = page.getByRole('table', { name: 'Danh sách nhân viên' });
  await expect(staff.getByRole('row')).toHaveCount(3);
  await expect(staff).toContainText(leader.name);
  await expect(staff).toContainText(first.name);

  // Delete through the confirmation dialog.
  await page.goto('/settings/users/departments');
  await page.getByRole('searchbox', { name: 'Tìm phòng ban' }).fill(id);
  await expect(departmentRow(page, renamed)).toBeVisible();
  await page.getByRole('button', { name: `Xóa ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Bạn có chắc chắn muốn xóa ${renamed} không?`);
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Xóa phòng ban thành công')).toBeVisible();
  await expect(departmentsTable(page)).toContainText('Không có dữ liệu.');
});

test('a supervisor may read departments but not change them; the screen is for administrators', async ({
  page,
  request,
}) => {
  const id = runId();
  const token = await adminToken(request);
  const created = await request.post('/v2/group', {
    headers: { Authorization: token },
    data: { target: 'user', name: `Phòng chỉ đọc ${id}` },
  });
  expect(created.status()).toBe(201);
  const department = ((await created.json()) as { data: Group }).data;

  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  const headers = { Authorization: supervisor.token };
  const list = await request.get('/v2/all-group', {
    headers,
    params: { target: 'user', name: `chi doc ${id}` },
  });
  expect(list.status()).toBe(200);
  const read = (await list.json()) as { data: { list: Group[]; total: number } };
  expect(read.data.list.map((group) => group.name)).toEqual([department.name]);

  const refusals = [
    await request.post('/v2/group', { headers, data: { target: 'user', name: `Phòng X ${id}` } }),
    await request.put('/v2/updateGroup', {
      headers,
      data: { id: department._id, target: 'user', name: `Đổi tên ${id}` },
    }),
    await request.delete(`/v2/group/${department._id}`, { headers }),
  ];
  for (const refusal of refusals) {
    expect(refusal.status()).toBe(401);
    expect(((await refusal.json()) as { message: string }).message).toBe(NO_RIGHT);
  }
  const unchanged = await request.get('/v2/all-group', {
    headers: { Authorization: token },
    params: { target: 'user', ids: department._id },
  });
  expect(
    ((await unchanged.json()) as { data: { list: Group[] } }).data.list.map((group) => group.name),
  ).toEqual([department.name]);

  // The settings area is the administrators': the screen itself is refused, not half shown.
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/settings/users/departments');
  await expectForbidden(page);
  await expect(page.getByRole('button', { name: 'Thêm phòng ban' })).toHaveCount(0);
});
