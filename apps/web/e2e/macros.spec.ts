import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  createTicket,
  storeSession,
  unique,
  SCREEN_SIZES,
  screenshotsAtBothSizes,
} from './fixtures';

test('an agent answers with a shared macro from the reply box: preview, edit, send, changes', async ({
  page,
  request,
}) => {
  // Four screenshots and a build's first loads on a shared machine.
  test.slow();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const code = unique();
  const customerName = `Nguyễn Thị Macro ${code}`;
  const customer = await apiCreate<{ _id: string }>(request, admin.token, '/v2/customers', {
    name: customerName,
  });
  const macroName = `Chờ khách phản hồi ${code}`;
  await apiCreate(request, admin.token, '/v2/macros', {
    name: macroName,
    body: 'Chào {{customer.name}},\nEm đã gửi hướng dẫn cho yêu cầu {{ticket.code}}.',
    actions: { status: 'pending' },
    shared: true,
  });
  const ticket = await createTicket(request, admin.token, {
    subject: `Không vào được mạng ${code}`,
    requester_id: customer._id,
    assignee_id: agent._id,
  });

  await storeSession(page, agent);
  await page.setViewportSize(SCREEN_SIZES[0]);
  await page.goto(`/tickets/${ticket.number}`);
  const box = page.getByRole('textbox', { name: 'Trả lời công khai' });
  await box.click();
  await page.keyboard.type(`/${code}`);
  const palette = page.getByTestId('reply-palette');
  await expect(palette.getByRole('option', { name: new RegExp(macroName) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const preview = palette.getByTestId('reply-palette-preview');
  await expect(preview).toContainText(`Chào ${customerName},`);
  await expect(preview).toContainText(`Em đã gửi hướng dẫn cho yêu cầu ${ticket.code}.`);
  await expect(preview).toContainText('Trạng thái → Đang chờ');
  await screenshotsAtBothSizes(page, 'reply-palette');

  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(box).toContainText(`Chào ${customerName},`);
  await expect(page.getByTestId('macro-chip')).toContainText(
    `Macro: ${macroName} · Trạng thái → Đang chờ`,
  );
  // The agent edits the text before sending.
  await page.keyboard.press('End');
  await page.keyboard.type(' Anh/chị kiểm tra giúp em nhé.');
  await page.getByRole('button', { name: 'Gửi' }).click();

  await expect(page.getByText(`Đã áp dụng macro ${macroName}`)).toBeVisible();
  const reply = page.getByTestId('ticket-comment').filter({ hasText: customerName });
  await expect(reply).toContainText('Anh/chị kiểm tra giúp em nhé.');
  await expect(page.getByTestId('macro-chip')).toBeHidden();
  await expect(page.getByLabel('Trạng thái', { exact: true }).locator('option:checked')).toHaveText(
    'Đang chờ',
  );
  await page.getByRole('tab', { name: 'Lịch sử thay đổi' }).click();
  const log = page.getByRole('region', { name: 'Lịch sử thay đổi' });
  await expect(log).toContainText(`Áp dụng macro ${macroName}`);
});

test('an administrator creates a shared macro on the settings screen', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  await storeSession(page, admin);
  await page.setViewportSize(SCREEN_SIZES[0]);
  await page.goto('/settings/tickets/macros');
  await expect(page.getByRole('link', { name: 'Macro' })).toBeVisible();

  const name = `Đã giải quyết ${unique()}`;
  await page.getByRole('button', { name: 'Thêm macro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên macro').fill(name);
  const body = dialog.getByLabel('Nội dung trả lời');
  await body.fill('Cảm ơn anh/chị ');
  await dialog.getByRole('button', { name: 'Chèn biến Tên khách hàng' }).click();
  await expect(body).toHaveValue('Cảm ơn anh/chị {{customer.name}}');
  await expect(dialog.getByTestId('template-preview')).not.toContainText('{{');
  await dialog.getByLabel('Trạng thái').selectOption({ label: 'Đã giải quyết' });
  await expect(dialog.getByRole('switch', { name: 'Dùng chung' })).toBeChecked();
  await screenshotsAtBothSizes(page, 'macro-dialog');
  await dialog.getByRole('button', { name: 'Lưu' }).click();

  await expect(page.getByText('Tạo mới macro thành công')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Trạng thái → Đã giải quyết');
  await expect(row).toContainText('Dùng chung');
  // Never applied yet: its usage count.
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await screenshotsAtBothSizes(page, 'macros-settings');
});

test('an agent writes a personal macro from the reply box and answers with it', async ({
  page,
  request,
}) => {
  test.slow();
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const code = unique();
  const ticket = await createTicket(request, agent.token, { subject: `Macro riêng ${code}` });
  await storeSession(page, agent);
  await page.setViewportSize(SCREEN_SIZES[0]);
  await page.goto(`/tickets/${ticket.number}`);
  await page.getByRole('textbox', { name: 'Trả lời công khai' }).click();
  await page.keyboard.type('/');
  await page.getByTestId('reply-palette').getByRole('link', { name: 'Quản lý macro' }).click();
  await expect(page).toHaveURL(/\/macros$/);

  const name = `Xin số hợp đồng ${code}`;
  await page.getByRole('button', { name: 'Thêm macro' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên macro').fill(name);
  await dialog.getByLabel('Nội dung trả lời').fill('Anh/chị cho em xin số hợp đồng ạ.');
  // An agent's macros are their own: no sharing offered.
  await expect(dialog.getByRole('switch', { name: 'Dùng chung' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tạo mới macro thành công')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Của tôi');
  await screenshotsAtBothSizes(page, 'my-macros');

  // Back on the ticket: the draft kept the '/' typed before leaving; typed over.
  await page.goto(`/tickets/${ticket.number}`);
  await page.getByRole('textbox', { name: 'Trả lời công khai' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(`/${code}`);
  await expect(
    page.getByTestId('reply-palette').getByRole('option', { name: new RegExp(name) }),
  ).toHaveAttribute('aria-selected', 'true');
});
