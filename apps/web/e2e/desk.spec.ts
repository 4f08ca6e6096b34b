/// <reference types="node" />
import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  createTicket,
  openTicketsAsAdministrator,
  signInAs,
  unique,
  screenshotsAtBothSizes,
} from './fixtures';
import { adminToken, createAgent, runId } from './staff-fixtures';

/** The agent's desk (issue 30): the assignee picker, an agent's own ticket, the SLA order. */

test.use({ viewport: { width: 1366, height: 768 } });
// Staff, a department and tickets made first: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });
const FIRST_LOAD = { timeout: 30_000 };

test('the assignee picker: a department first, then its people with presence and open tickets; never disabled or pending ones', async ({
  page,
  request,
}) => {
  const id = runId();
  const token = await adminToken(request);
  const headers = { Authorization: token };
  const free = await createAgent(request, token, `Sẵn Sàng ${id}`, `free-${id}@demo.vn`, `F${id}`);
  const away = await createAgent(request, token, `Đi Họp ${id}`, `away-${id}@demo.vn`, `W${id}`);
  const locked = await createAgent(request, token, `Đã Khóa ${id}`, `lock-${id}@demo.vn`, `L${id}`);
  expect((await request.put(`/v2/disable-user/${locked._id}`, { headers })).status()).toBe(200);
  const pending = await apiCreate<{ _id: string }>(request, token, '/v2/invite-user', {
    name: `Chờ Nhận Lời ${id}`,
    email: `pending-${id}@demo.vn`,
    role: 'agent',
  });
  const department = `Bàn hỗ trợ ${id}`;
  await apiCreate(request, token, '/v2/group', {
    target: 'user',
    name: department,
    member_ids: [free._id, away._id, locked._id, pending._id],
  });
  for (const [person, presence] of [
    [free, 'AVAILABLE'],
    [away, 'MEETING'],
  ] as const) {
    const session = await apiLogin(request, person.email);
    const answer = await request.put('/v2/my-presence', {
      headers: { Authorization: session.token },
      data: { presence },
    });
    expect(answer.status()).toBe(200);
  }
  for (const n of [1, 2])
    await createTicket(request, token, { subject: `Việc ${n} ${id}`, assignee_id: free._id });
  const ticket = await createTicket(request, token, { subject: `Cần người xử lý ${id}` });

  await openTicketsAsAdministrator(page, request);
  await page.goto(`/tickets/${ticket.number}`);
  const assignee = page.getByLabel('Người xử lý', { exact: true });
  await expect(assignee).toContainText('Chưa giao', FIRST_LOAD);
  await assignee.click();
  const filter = page.getByRole('combobox', { name: 'Lọc người xử lý theo bộ phận' });
  await expect(filter.locator('option', { hasText: department })).toHaveCount(1);
  await filter.selectOption({ label: department });
  const list = page.getByRole('listbox');
  const freeOption = list.getByRole('option', { name: new RegExp(`Sẵn Sàng ${id}`) });
  await expect(freeOption).toContainText('Sẵn sàng làm việc');
  await expect(freeOption.getByLabel('2 ticket đang mở')).toHaveText('2 đang mở');
  const awayOption = list.getByRole('option', { name: new RegExp(`Đi Họp ${id}`) });
  await expect(awayOption).toContainText('Đi họp');
  await expect(awayOption.getByLabel('0 ticket đang mở')).toHaveText('0 đang mở');
  // The available one first; the disabled account and the pending invitation are not offered.
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list.getByRole('option').first()).toContainText(`Sẵn Sàng ${id}`);
  await screenshotsAtBothSizes(page, 'assignee-picker');

  const [saved] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && /\/v2\/tickets\//.test(answer.url()),
    ),
    freeOption.click(),
  ]);
  expect(saved.status()).toBe(200);
  expect(saved.request().postDataJSON()).toMatchObject({ assignee_id: free._id });
  await expect(assignee).toContainText(`Sẵn Sàng ${id}`);
  // Picked from that department: the ticket went there with them.
  await expect(page.getByLabel('Bộ phận', { exact: true })).toContainText(department);

  // The server refuses the disabled account and the pending invitation too.
  for (const refused of [locked._id, pending._id]) {
    const answer = await request.put(`/v2/tickets/${ticket._id}`, {
      headers,
      data: { assignee_id: refused },
    });
    expect(answer.status()).toBe(422);
    expect(await answer.json()).toMatchObject({
      errors: [{ param: 'assignee_id', message: 'Người xử lý phải là nhân viên đang hoạt động' }],
    });
  }
});

test("an agent's new ticket is theirs unless they choose otherwise", async ({ page, request }) => {
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Thêm ticket' }).click(FIRST_LOAD);
  const assignee = page.getByLabel('Người xử lý', { exact: true });
  await expect(assignee).toContainText(agent.name, FIRST_LOAD);
  const subject = `Khách gọi hỏi cước ${unique()}`;
  await page.getByLabel('Tiêu đề').fill(subject);
  await page.getByRole('button', { name: 'Tạo ticket' }).click();
  await expect(page.getByText('Tạo ticket thành công')).toBeVisible();
  await expect(page.getByTestId('record-name')).toContainText(subject, FIRST_LOAD);
  await expect(page.getByLabel('Người xử lý', { exact: true })).toContainText(agent.name);
});
