import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession } from './fixtures';

test.beforeEach(async ({ page, request }) => {
  await storeSession(page, await apiLogin(request, ACCOUNTS.agent.email));
});

test('six record tabs open: the oldest closes, five are kept', async ({ page }) => {
  // Numbers no test reaches: the worker's earlier specs made tickets the agent may see.
  for (const id of ['990001', '990002', '990003', '990004', '990005', '990006']) {
    await page.goto(`/tickets/${id}`);
    await expect(page.getByRole('heading', { name: `Ticket ${id}` })).toBeVisible();
  }
  // None exists: each says so in the usual frame (404 either way: nothing told of the hidden).
  await expect(page.getByRole('alert').filter({ hasText: 'Không tìm thấy' })).toHaveText(
    'Không tìm thấy ticket hoặc bạn không có quyền xem',
  );
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    'Ticket 990002',
    'Ticket 990003',
    'Ticket 990004',
    'Ticket 990005',
    'Ticket 990006',
  ]);
  await expect(page.getByRole('tab', { name: 'Ticket 990006' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('tabs are titled by kind and closing the active one follows the rules', async ({ page }) => {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Danh sách khách hàng' })).toBeVisible();
  await page.goto('/tickets/new-1');
  await expect(page.getByRole('heading', { name: 'Ticket mới' })).toBeVisible();
  await page.goto('/customers/c-7');
  await expect(page.getByRole('heading', { name: 'Customer c-7' })).toBeVisible();
  await page.goto('/settings/organizations/o-3');
  // The agent may not open organizations: the warning page, and no tab for it.
  await expect(page).toHaveURL(/\/page-404/);
  await page.goto('/customers/c-7');
  await expect(page.getByRole('tab')).toHaveText(['Ticket mới', 'Customer c-7']);

  await page.getByRole('button', { name: 'Đóng Customer c-7' }).click();
  await expect(page).toHaveURL(/\/tickets\/new-1$/);
  await page.getByRole('button', { name: 'Đóng Ticket mới' }).click();
  // No tab left: back to the last page visited that is not a record.
  await expect(page).toHaveURL(/\/customers$/);
});

test('drafts survive switching tabs and a reload, and go when the tab closes', async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, ACCOUNTS.agent.email);
  const numbers: number[] = [];
  for (const subject of ['Nháp một', 'Nháp hai']) {
    const response = await request.post('/v2/tickets', {
      headers: { Authorization: token },
      data: { subject },
    });
    expect(response.status()).toBe(201);
    numbers.push(((await response.json()) as { data: { number: number } }).data.number);
  }
  const [first, second] = numbers as [number, number];
  const reply = page.getByRole('textbox', { name: 'Trả lời công khai' });
  await page.goto(`/tickets/${first}`);
  await reply.fill('Khách hẹn gọi lại lúc 15:00');
  await page.goto(`/tickets/${second}`);
  await expect(reply).toHaveText('');
  await page.getByRole('tab', { name: `Ticket ${first}` }).click();
  await expect(reply).toHaveText('Khách hẹn gọi lại lúc 15:00');
  await page.reload();
  await expect(reply).toHaveText('Khách hẹn gọi lại lúc 15:00');
  // A tab holding a draft asks before it drops it.
  await page.getByRole('button', { name: `Đóng Ticket ${first}` }).click();
  const ask = page.getByRole('alertdialog', { name: `Đóng Ticket ${first}?` });
  await ask.getByRole('button', { name: 'Ở lại' }).click();
  await expect(page.getByRole('tab', { name: `Ticket ${first}` })).toBeVisible();
  await page.getByRole('button', { name: `Đóng Ticket ${first}` }).click();
  await ask.getByRole('button', { name: 'Đóng và bỏ bản nháp' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${second}$`));
  expect(
    await page.evaluate((key) => localStorage.getItem(key), `recordTabDraft:ticket:${first}`),
  ).toBeNull();
  await page.goto(`/tickets/${first}`);
  await expect(reply).toHaveText('');
});
