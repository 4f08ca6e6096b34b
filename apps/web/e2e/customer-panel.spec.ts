import { expect, test } from '@playwright/test';
import {
  abandonedCall,
  ACCOUNTS,
  apiCreate,
  apiLogin,
  createTicket,
  phone,
  storeSession,
  unique,
  screenshot,
} from './fixtures';

test("a ticket shows its customer beside the conversation: card, their other ticket (opened from there), their calls, also on the customer's page", async ({
  page,
  request,
}) => {
  // Two sizes, two screens, a build's first loads on a shared machine.
  test.slow();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const code = unique();
  const number = phone();
  const name = `Lê Thị Panel ${code}`;
  const customer = await apiCreate<{ _id: string; number: number }>(
    request,
    admin.token,
    '/v2/customers',
    { name, phones: [{ phone: number, is_primary: true }], tier: 2 },
  );
  // Someone else's number, for the server's duplicate rule.
  const takenPhone = phone();
  const holder = `Trần Văn Số ${code}`;
  await apiCreate(request, admin.token, '/v2/customers', {
    name: holder,
    phones: [{ phone: takenPhone, is_primary: true }],
  });
  const other = await createTicket(request, admin.token, {
    subject: `Mất tín hiệu truyền hình ${code}`,
    requester_id: customer._id,
  });
  const ticket = await createTicket(request, admin.token, {
    subject: `Đổi chủ hợp đồng ${code}`,
    requester_id: customer._id,
  });
  const hotline = `1900${String(Date.now()).slice(-6)}`;
  await apiCreate(request, admin.token, '/v2/queues', {
    name: `Tổng đài ${code}`,
    hotlines: [hotline],
  });
  await abandonedCall(request, { from: number, hotline, minutesAgo: 90, seconds: 20 });
  await abandonedCall(request, { from: number, hotline, minutesAgo: 30, seconds: 20 });

  await storeSession(page, admin);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByTestId('record-name')).toContainText(`Đổi chủ hợp đồng ${code}`);
  // At 1366 the customer shares the left column with the ticket's properties, as a tab.
  const panel = page.getByTestId('customer-panel');
  await expect(panel).toBeHidden();
  await page.getByRole('tab', { name: 'Khách hàng' }).click();
  const card = panel.getByTestId('customer-card');
  await expect(card.getByTestId('customer-card-name')).toHaveText(name);
  await expect(card).toContainText(number.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3'));
  await expect(card).toContainText('Hạng');
  await expect(card.getByRole('link', { name: `Xem hồ sơ đầy đủ của ${name}` })).toHaveAttribute(
    'href',
    `/customers/${customer.number}`,
  );
  const tickets = panel.getByTestId('customer-tickets');
  await expect(tickets.getByRole('link', { name: new RegExp(other.code) })).toBeVisible();
  const calls = panel.getByTestId('customer-calls');
  await expect(calls.getByText('Gọi vào')).toHaveCount(2);
  await expect(calls.getByText('Khách gác máy').first()).toBeVisible();
  await screenshot(page, 'ticket-panel-1366');

  // At 1920 it is a column of its own beside the conversation, the properties still shown.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(page.getByRole('tab', { name: 'Khách hàng' })).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(page.getByLabel('Trạng thái', { exact: true })).toBeVisible();
  await screenshot(page, 'ticket-panel-1920');

  // Edited in place: the tier saves; a phone another customer holds is refused by the server.
  await card.getByRole('button', { name: 'Sửa hạng khách hàng' }).click();
  await card
    .getByRole('combobox', { name: 'Hạng khách hàng' })
    .selectOption({ label: 'Kim cương' });
  await card.getByRole('button', { name: 'Lưu' }).click();
  await expect(card.getByRole('status')).toHaveText('Đã lưu');
  await expect(card.locator('[data-field="Hạng khách hàng"]')).toContainText('Kim cương');
  await card.getByRole('button', { name: 'Sửa số điện thoại' }).click();
  await card.getByRole('button', { name: 'Thêm số điện thoại' }).click();
  await card.getByRole('textbox', { name: 'Số điện thoại 2' }).fill(takenPhone);
  await card.getByRole('button', { name: 'Lưu' }).click();
  await expect(card.getByText('Không lưu được.')).toBeVisible();
  await expect(card.getByText(`Số điện thoại đã thuộc về khách hàng ${holder}`)).toBeVisible();
  await screenshot(page, 'ticket-panel-refused-1920');
  await card.getByRole('button', { name: 'Hủy' }).click();

  // The customer's other ticket opens from the panel.
  await tickets.getByRole('link', { name: new RegExp(other.code) }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${other.number}$`));
  await expect(page.getByTestId('record-name')).toContainText(`Mất tín hiệu truyền hình ${code}`);
  await expect(panel.getByTestId('customer-card-name')).toHaveText(name);

  // The customer's own page lists the calls too.
  await page.goto(`/customers/${customer.number}`);
  await expect(page.getByTestId('record-name')).toHaveText(name);
  const pageCalls = page.getByTestId('customer-calls');
  await expect(pageCalls.getByText('Gọi vào')).toHaveCount(2);
  await pageCalls.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-calls-1920');
  await page.setViewportSize({ width: 1366, height: 768 });
  await pageCalls.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-calls-1366');
});
