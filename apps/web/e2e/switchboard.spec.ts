import { expect, test } from '@playwright/test';
import { ACCOUNTS, phone, signInAs, unique } from './fixtures';

/** '0912345678' as the screens write it: '0912 345 678'. */
const formatPhoneLike = (digits: string) =>
  `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;

/** The secret scripts/e2e.mjs gives the server: the spec plays the SIP gateway. */
const gateway = { 'x-gateway-secret': 'e2e-gateway-secret-0123456789' };

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
    headers: gateway,
    data: { call_id: callId, from: caller, to: hotline },
  });
  expect((await routed.json()).data.action).toBe('queue');
  const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000).toISOString();
  for (const [n, type, extra] of [
    [1, 'call.started', {}],
    [2, 'call.ended', { cause: 'caller_hangup' }],
  ] as const) {
    const sent = await request.post('/v2/telephony/events', {
      headers: gateway,
      data: {
        call_id: callId,
        event_id: String(n),
        type,
        at: at(n * 10),
        direction: 'CALL_INBOUND',
        from: caller,
        to: hotline,
        ...extra,
      },
    });
    expect(sent.status()).toBe(200);
  }

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
