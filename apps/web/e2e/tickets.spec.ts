import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  createTicket,
  openTicketsAsAdministrator,
  pick,
  storeSession,
  ticketRow,
  ticketViews,
  unique,
  type CreatedTicket,
} from './fixtures';

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = await openTicketsAsAdministrator(page, request);
});

test('a new ticket for a customer from a template keeps its draft across a reload, then becomes the ticket', async ({
  page,
  request,
}) => {
  const name = `Trần Thị Ticket ${unique()}`;
  const customer = await apiCreate<CreatedTicket>(request, token, '/v2/customers', { name });
  const priority = `Gấp ${unique()}`;
  const { _id: priorityId } = await apiCreate<{ _id: string }>(request, token, '/v2/priorities', {
    name: priority,
    color: '#dc2626',
    order: 9,
  });
  const subject = `Mất kết nối internet ${unique()}`;
  const template = `Mẫu mất mạng ${unique()}`;
  await apiCreate(request, token, '/v2/templates', {
    name: template,
    subject,
    description: '<p>Khách báo mất mạng từ sáng</p>',
    priority_id: priorityId,
  });
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Thêm ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/new-[a-z0-9]+$/);
  await expect(page.getByRole('tab', { name: 'Ticket mới' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel('Mẫu ticket').selectOption({ label: template });
  await expect(page.getByLabel('Tiêu đề')).toHaveValue(subject);
  // The picker shows which template filled the form.
  await expect(page.getByLabel('Mẫu ticket').locator('option:checked')).toHaveText(template);
  await expect(page.getByText(`Đã điền theo mẫu "${template}"`)).toBeVisible();
  await expect(page.getByLabel('Mức độ ưu tiên').locator('option:checked')).toHaveText(priority);
  await pick(page, page.getByRole('combobox', { name: 'Khách hàng' }), name, name);

  await page.reload();
  await expect(page.getByLabel('Tiêu đề')).toHaveValue(subject);
  await expect(page.getByLabel('Mẫu ticket').locator('option:checked')).toHaveText(template);
  await expect(page.getByRole('textbox', { name: 'Mô tả' })).toContainText(
    'Khách báo mất mạng từ sáng',
  );
  await expect(page.getByRole('combobox', { name: 'Khách hàng' })).toContainText(name);
  await expect(page.getByLabel('Mức độ ưu tiên').locator('option:checked')).toHaveText(priority);

  await page.getByRole('button', { name: 'Tạo ticket' }).click();
  await expect(page.getByText('Tạo ticket thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await expect(page.getByTestId('record-name')).toContainText(subject);
  await expect(page.getByTestId('record-name')).toContainText(/#\d{6}/);
  await expect(page.getByLabel('Mức độ ưu tiên').locator('option:checked')).toHaveText(priority);
  await expect(page.getByRole('combobox', { name: 'Khách hàng' })).toContainText(name);

  // The customer's record lists the ticket.
  await page.goto(`/customers/${customer.number}`);
  const theirs = page.getByRole('region', { name: /Ticket của khách hàng/ });
  await expect(theirs.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
});

test('a reply and an internal note with an attachment; a status change in the activity log', async ({
  page,
  request,
}) => {
  const subject = `Hóa đơn sai ${unique()}`;
  const ticket = await createTicket(request, token, { subject });
  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByTestId('record-name')).toContainText(subject);

  await page.getByRole('textbox', { name: 'Trả lời công khai' }).fill('Chào anh, em đã kiểm tra');
  await page.getByRole('button', { name: 'Gửi' }).click();
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: 'em đã kiểm tra' }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Ghi chú nội bộ' }).click();
  await page.getByRole('textbox', { name: 'Ghi chú nội bộ' }).fill('Cần kiểm tra lại cước');
  await page.getByLabel('Đính kèm tệp').setInputFiles({
    name: 'bien-ban.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Biên bản kiểm tra cước tháng 10\n'),
  });
  await page.getByRole('button', { name: 'Gửi' }).click();
  const note = page.getByTestId('ticket-comment').filter({ hasText: 'Cần kiểm tra lại cước' });
  await expect(note).toContainText('Nội bộ');
  await expect(note.getByRole('link', { name: 'bien-ban.txt' })).toBeVisible();

  await page.getByLabel('Trạng thái', { exact: true }).selectOption({ label: 'Đang chờ' });
  await expect(page.getByTestId('record-name').locator('..')).toContainText('Đang chờ');
  await page.getByRole('tab', { name: 'Lịch sử thay đổi' }).click();
  const log = page.getByRole('region', { name: 'Lịch sử thay đổi' });
  await expect(log).toContainText('Trạng thái');
  await expect(log).toContainText('Đang chờ');
});

test('two people on one ticket see each other, who is typing, and each other’s changes live', async ({
  page,
  request,
  browser,
}) => {
  const subject = `Hai người cùng xem ${unique()}`;
  const ticket = await createTicket(request, token, { subject });
  const leader = await apiLogin(request, ACCOUNTS.supervisor.email);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await storeSession(other, leader);
  await page.goto(`/tickets/${ticket.number}`);
  await other.goto(`/tickets/${ticket.number}`);

  await expect(page.getByTestId('record-viewers')).toContainText(leader.name);
  await expect(other.getByTestId('record-viewers')).toBeVisible();

  await other.getByRole('textbox', { name: 'Trả lời công khai' }).pressSequentially('Đang xử');
  await expect(page.getByRole('status').filter({ hasText: 'đang soạn trả lời' })).toContainText(
    leader.name,
  );

  // What this side is typing stays while the other's changes come in.
  const myReply = page.getByRole('textbox', { name: 'Trả lời công khai' });
  await myReply.fill('Em đang kiểm tra');
  await other.getByLabel('Trạng thái', { exact: true }).selectOption({ label: 'Đang mở' });
  await expect(other.getByRole('status').filter({ hasText: 'Đã lưu' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'vừa cập nhật Trạng thái' }),
  ).toContainText(leader.name);
  await expect(page.getByLabel('Trạng thái', { exact: true })).toHaveValue('open');
  await expect(myReply).toContainText('Em đang kiểm tra');

  await other.getByRole('button', { name: 'Gửi' }).click();
  await expect(page.getByText('Đang xử', { exact: true })).toBeVisible();
  await expect(myReply).toContainText('Em đang kiểm tra');
  await otherContext.close();
  await expect(page.getByTestId('record-viewers')).toBeHidden();
});

test('a bulk status change shows in another browser’s list without reloading it', async ({
  page,
  request,
  browser,
}) => {
  const tag = unique();
  const first = `Bulk ${tag} một`;
  const second = `Bulk ${tag} hai`;
  await createTicket(request, token, { subject: first });
  await createTicket(request, token, { subject: second });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await storeSession(other, await apiLogin(request, ACCOUNTS.administrator.email));
  for (const view of [page, other]) {
    await view.goto(`/tickets?view=all&q=${encodeURIComponent(`Bulk ${tag}`)}`);
    await expect(ticketRow(view, first)).toContainText('Mới');
  }

  await ticketRow(page, first).getByRole('checkbox').check();
  await ticketRow(page, second).getByRole('checkbox').check();
  await page
    .getByRole('toolbar')
    .getByLabel('Đổi trạng thái')
    .selectOption({ label: 'Đã giải quyết' });
  await expect(page.getByText('Đã cập nhật 2 ticket')).toBeVisible();

  await expect(ticketRow(other, first)).toContainText('Đã giải quyết');
  await expect(ticketRow(other, second)).toContainText('Đã giải quyết');
  await otherContext.close();
});

test('an overdue ticket says so in the list and on its page', async ({ page, request }) => {
  const subject = `Quá hạn ${unique()}`;
  const ticket = await createTicket(request, token, {
    subject,
    due_at: new Date(Date.now() - 3_600_000).toISOString(),
  });
  await page.goto(`/tickets?view=all&q=${encodeURIComponent(subject)}`);
  await expect(ticketRow(page, subject)).toContainText('Quá hạn');
  await ticketRow(page, subject).getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.number}$`));
  await expect(page.getByText(/^Quá hạn \d+ (phút|giờ)/)).toBeVisible();
});

test('a closed ticket is read-only for all but administrators', async ({ page, request }) => {
  const subject = `Đã đóng ${unique()}`;
  const ticket = await createTicket(request, token, { subject, status: 'closed' });
  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByLabel('Trạng thái', { exact: true })).toBeEnabled();
  await expect(page.getByTestId('closed-note')).toHaveCount(0);

  await storeSession(page, await apiLogin(request, ACCOUNTS.supervisor.email));
  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByTestId('closed-note')).toHaveText(
    'Ticket đã đóng, chỉ quản trị viên được thay đổi',
  );
  await expect(page.getByLabel('Trạng thái', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Mức độ ưu tiên', { exact: true })).toBeDisabled();
});

test('a saved view of the tenant lists its tickets, and is remembered', async ({
  page,
  request,
}) => {
  const tag = unique();
  await createTicket(request, token, { subject: `View ${tag} chờ`, status: 'pending' });
  await createTicket(request, token, { subject: `View ${tag} mở`, status: 'open' });
  const name = `Đang chờ ${tag}`;
  await apiCreate(request, token, '/v2/smart-view', {
    name,
    shared: true,
    columns: ['code', 'subject', 'status', 'assignee'],
    filters: { status: ['pending'] },
  });
  await page.goto('/tickets');
  await (await ticketViews(page)).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('searchbox').fill(`View ${tag}`);
  await expect(ticketRow(page, `View ${tag} chờ`)).toBeVisible();
  await expect(ticketRow(page, `View ${tag} mở`)).toHaveCount(0);

  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('the list answers its keys: j and k move between rows, x selects, Enter opens, ? lists them', async ({
  page,
  request,
}) => {
  const run = unique();
  const older = await createTicket(request, token, { subject: `Phím tắt ${run} một` });
  const newer = await createTicket(request, token, { subject: `Phím tắt ${run} hai` });
  await page.goto(`/tickets?view=all&q=${encodeURIComponent(`Phím tắt ${run}`)}`);
  await expect(ticketRow(page, `Phím tắt ${run} một`)).toBeVisible();
  // Newest first: 'hai', then 'một'.
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: `Phím tắt ${run} hai` })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: `Phím tắt ${run} một` })).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.getByRole('link', { name: `Phím tắt ${run} hai` })).toBeFocused();
  await page.keyboard.press('x');
  await expect(ticketRow(page, `Phím tắt ${run} hai`).getByRole('checkbox')).toBeChecked();
  await page.keyboard.press('x');
  await expect(ticketRow(page, `Phím tắt ${run} hai`).getByRole('checkbox')).not.toBeChecked();

  await page.getByRole('button', { name: 'Phím tắt (?)' }).click();
  const help = page.getByRole('dialog', { name: 'Phím tắt' });
  await expect(help).toContainText('Ticket tiếp theo');
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await expect(
    page.getByRole('searchbox', { name: 'Tìm theo mã, tiêu đề hoặc khách hàng' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: `Phím tắt ${run} hai` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tickets/${newer.number}$`));
  expect(older.number).toBeLessThan(newer.number);
});
