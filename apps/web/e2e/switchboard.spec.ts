import { expect, test } from '@playwright/test';
import {
  abandonedCall,
  ACCOUNTS,
  GATEWAY_HEADERS,
  apiCreate,
  createTicket,
  phone,
  pick,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';

/** '0912345678' as the screens write it: '0912 345 678'. */
const formatPhoneLike = (digits: string) =>
  `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;

test('an administrator adds a queue; a caller to its hotline waits and hangs up, and the history shows the call', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/switchboard/queue');
  const run = unique();
  const name = `Hàng chờ ${run}`;
  const hotline = `1900${String(Date.now()).slice(-6)}`;
  await page.getByRole('button', { name: 'Thêm hàng chờ' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên hàng chờ').fill(name);
  await dialog.getByLabel('Hotline').fill('abc');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Số hotline không hợp lệ')).toBeVisible();
  await dialog.getByLabel('Hotline').fill(hotline);
  await dialog.getByLabel('Cách phân phối').selectOption('round_robin');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Xoay vòng');

  // A caller no customer owns; nobody of the queue is free, so the caller waits.
  const caller = phone();
  const callId = `e2e-${run}`;
  const routed = await request.post('/v2/telephony/route', {
    headers: GATEWAY_HEADERS,
    data: { call_id: callId, from: caller, to: hotline },
  });
  expect((await routed.json()).data.action).toBe('queue');
  await abandonedCall(request, { callId, from: caller, hotline });

  await page.goto('/switchboard/call-history');
  await page.getByLabel('Số điện thoại').fill(caller);
  const table = page.getByRole('table', { name: 'Lịch sử cuộc gọi' });
  const call = table.getByRole('row').filter({ hasText: name });
  await expect(call).toContainText('Gọi vào');
  await expect(call).toContainText('Khách hàng mới');
  await expect(call).toContainText('Khách gác máy');
  await expect(call).toContainText('00:10');
  await page.screenshot({ path: 'test-results/switchboard-call-history.png', fullPage: true });
  // The call's ticket opens from the row.
  await call.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  await expect(page.getByText(`Cuộc gọi từ`).first()).toBeVisible();
  // The ticket lists its call.
  const calls = page.getByRole('region', { name: 'Cuộc gọi' });
  await expect(calls).toContainText(formatPhoneLike(caller));
  await expect(calls).toContainText('Khách gác máy');
});

test('a call without a ticket opens from the history and is attached to a ticket; the ticket lists it', async ({
  page,
  request,
}) => {
  const { token } = await signInAs(page, request, ACCOUNTS.administrator.email);
  const auth = { Authorization: token };
  const run = unique();
  const hotline = `1901${String(Date.now()).slice(-6)}`;
  await apiCreate(request, token, '/v2/queues', { name: `Hàng chờ ${run}`, hotlines: [hotline] });
  const subject = `Khách hỏi cước ${run}`;
  const ticket = await createTicket(request, token, { subject });

  // A caller no customer owns rings and hangs up: the call gets its ticket, which is then
  // deleted, so the call has none.
  const caller = phone();
  const callId = `e2e-attach-${run}`;
  const routed = await request.post('/v2/telephony/route', {
    headers: GATEWAY_HEADERS,
    data: { call_id: callId, from: caller, to: hotline },
  });
  expect((await routed.json()).data.action).toBe('queue');
  await abandonedCall(request, { callId, from: caller, hotline });
  const listed = await request.get(`/v2/calls?number=${caller}`, { headers: auth });
  const [made] = (await listed.json()).data as { ticket: { _id: string } }[];
  expect(made?.ticket).toBeTruthy();
  const removed = await request.delete(`/v2/tickets/${made?.ticket._id}`, { headers: auth });
  expect(removed.status()).toBe(200);

  await page.goto('/switchboard/call-history');
  await page.getByLabel('Số điện thoại').fill(caller);
  const table = page.getByRole('table', { name: 'Lịch sử cuộc gọi' });
  const row = table.getByRole('row').filter({ hasText: formatPhoneLike(caller) });
  await expect(row).toContainText('Khách gác máy');
  await row.getByText('Khách gác máy').click();
  const dialog = page.getByRole('dialog', { name: 'Chi tiết cuộc gọi' });
  await expect(dialog).toContainText('Gọi vào');
  await expect(dialog).toContainText('Khách hàng mới');
  await expect(dialog).toContainText(`Hàng chờ ${run}`);
  await expect(dialog.getByRole('list', { name: 'Diễn biến cuộc gọi' })).toContainText(
    'Kết thúc · Khách gác máy',
  );
  await expect(dialog).toContainText('Chưa gắn ticket');
  await screenshotsAtBothSizes(page, 'call-details-no-ticket');

  await dialog.getByRole('button', { name: 'Gắn vào ticket' }).click();
  await pick(page, dialog.getByLabel('Chọn ticket'), run, new RegExp(ticket.code));
  await screenshotsAtBothSizes(page, 'call-details-attaching');
  await dialog.getByRole('button', { name: 'Gắn', exact: true }).click();
  await expect(page.getByText(`Đã gắn cuộc gọi vào ticket ${ticket.code}`)).toBeVisible();
  const link = dialog.getByRole('link', { name: `Mở ticket ${ticket.code}` });
  await expect(link).toContainText(subject);
  await expect(dialog.getByRole('button', { name: 'Tạo ticket' })).toHaveCount(0);
  await screenshotsAtBothSizes(page, 'call-details-attached');
  // The history's row shows the ticket too; the keyboard opens the row again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('link', { name: ticket.code })).toBeVisible();
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(link).toContainText(subject);

  // The ticket opens from the call and lists it.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.number}$`));
  const calls = page.getByRole('region', { name: 'Cuộc gọi' });
  await expect(calls).toContainText(formatPhoneLike(caller));
  await expect(calls).toContainText('Khách gác máy');
  await calls.scrollIntoViewIfNeeded();
  await screenshotsAtBothSizes(page, 'call-details-ticket');
  // Its history says who attached which call.
  await page.getByRole('tab', { name: 'Lịch sử thay đổi' }).click();
  const history = page.getByRole('list', { name: 'Lịch sử thay đổi' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `Gắn cuộc gọi vào ticket: Cuộc gọi từ ${formatPhoneLike(caller)} · Khách gác máy`,
  );
  await screenshotsAtBothSizes(page, 'call-details-ticket-history');
});
