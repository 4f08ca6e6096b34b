import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, realtimeConnected, signInAs, storeSession } from './fixtures';
import { adminToken, createAgent, runId } from './staff-fixtures';

test('an administrator turns automatic assignment on; a new ticket goes to the AVAILABLE member, who is told', async ({
  page,
  browser,
  request,
}) => {
  // Two sessions, three staff accounts and a department: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const id = runId();
  const token = await adminToken(request);
  const available = await createAgent(
    request,
    token,
    `Sẵn sàng ${id}`,
    `assign-on-${id}@demo.vn`,
    `AO${id}`,
  );
  const away = await createAgent(
    request,
    token,
    `Vắng mặt ${id}`,
    `assign-off-${id}@demo.vn`,
    `AF${id}`,
  );
  const name = `Phân công ${id}`;
  const department = await request.post('/v2/group', {
    headers: { Authorization: token },
    data: { target: 'user', name, member_ids: [available._id, away._id] },
  });
  expect(department.status()).toBe(201);
  const groupId = ((await department.json()) as { data: { _id: string } }).data._id;

  // One member is AVAILABLE, the other stays NOT AVAILABLE; the first watches the bell.
  const agent = await apiLogin(request, available.email);
  const presence = await request.put('/v2/my-presence', {
    headers: { Authorization: agent.token },
    data: { presence: 'AVAILABLE' },
  });
  expect(presence.status()).toBe(200);
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await storeSession(agentPage, agent);
  await agentPage.goto('/tickets');
  // A fresh context loads every chunk: slow on a busy machine.
  await expect(agentPage.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible({
    timeout: 30_000,
  });
  const bell = agentPage.getByRole('button', { name: /^Thông báo/ });
  await expect(bell).toHaveAccessibleName('Thông báo');

  // The administrator turns automatic assignment on in the department's dialog.
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/users/departments');
  await page.getByRole('searchbox', { name: 'Tìm phòng ban' }).fill(id);
  const table = page.getByRole('table', { name: 'Danh sách phòng ban' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Thủ công');
  await page.getByRole('button', { name: `Chỉnh sửa ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật phòng ban' });
  const auto = dialog.getByRole('switch', { name: 'Tự động phân công ticket' });
  await expect(auto).toHaveAttribute('aria-checked', 'false');
  await auto.click();
  const capacity = dialog.getByLabel('Số ticket đang mở tối đa mỗi nhân viên');
  await capacity.fill('0');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(
    dialog.getByText('Số ticket đang mở tối đa phải là số nguyên từ 1 đến 1000'),
  ).toBeVisible();
  await capacity.fill('5');
  await dialog.getByRole('switch', { name: 'Phân công lại khi nhân viên đăng xuất' }).click();
  await dialog.screenshot({ path: test.info().outputPath('department-dialog.png') });
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Cập nhật phòng ban thành công')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Tự động');
  await expect(row).toContainText('Tối đa 5 ticket/người');
  await page.screenshot({ path: test.info().outputPath('departments-list.png') });

  // A ticket created into the department goes to the AVAILABLE member, not the other.
  await realtimeConnected(agentPage);
  const created = await request.post('/v2/tickets', {
    headers: { Authorization: token },
    data: { subject: `Khách báo mất mạng ${id}`, group_id: groupId },
  });
  expect(created.status()).toBe(201);
  const ticket = (
    (await created.json()) as {
      data: { number: number; code: string; assignee: { _id: string } | null };
    }
  ).data;
  expect(ticket.assignee?._id).toBe(available._id);

  // The assignee's bell tells them, and leads to the ticket.
  await expect(agentPage.getByTestId('bell-count')).toHaveText('1');
  await bell.click();
  const item = agentPage.getByRole('button', {
    name: new RegExp(`Bạn được giao ticket ${ticket.code}`),
  });
  await expect(item).toBeVisible();
  await agentPage.screenshot({ path: test.info().outputPath('assignee-bell.png') });
  await item.click();
  await expect(agentPage).toHaveURL(new RegExp(`/tickets/${ticket.number}$`));
  await agentContext.close();
});
