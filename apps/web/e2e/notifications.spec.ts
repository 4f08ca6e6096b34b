import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiLogin, realtimeConnected, storeSession } from './fixtures';

test('the bell and the title update live when a notification arrives', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  await request.put('/v2/notifications/read-all', { headers: { Authorization: agent.token } });
  await storeSession(page, agent);
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'Danh sách ticket' })).toBeVisible();
  await expect(page).toHaveTitle('OmniCare');
  const bell = page.getByRole('button', { name: /^Thông báo/ });
  await expect(bell).toHaveAccessibleName('Thông báo');
  await realtimeConnected(page);

  const title = `Ticket #${Date.now()} cần xử lý`;
  const created = await request.post('/v2/notifications', {
    headers: { Authorization: admin.token },
    data: {
      title,
      body: 'Khách hàng đang chờ phản hồi',
      link: '/tickets/42',
      user_ids: [agent.user_id],
    },
  });
  expect([200, 201]).toContain(created.status());

  await expect(page).toHaveTitle('OmniCare (1)');
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Thông báo, 1 chưa đọc');

  await bell.click();
  const item = page.getByRole('button', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/tickets\/42$/);
  await expect(page).toHaveTitle('OmniCare');
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  const count = await request.get('/v2/notifications/unread-count', {
    headers: { Authorization: agent.token },
  });
  expect((await count.json()).data.count).toBe(0);
});

test('the title caps the count at 9+', async ({ page, request }) => {
  const agent = await apiLogin(request, 'agent2@demo.vn');
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  await request.put('/v2/notifications/read-all', { headers: { Authorization: agent.token } });
  for (let index = 0; index < 10; index += 1) {
    await request.post('/v2/notifications', {
      headers: { Authorization: admin.token },
      data: { title: `Thông báo ${index}`, body: '', user_ids: [agent.user_id] },
    });
  }
  await storeSession(page, agent);
  await page.goto('/tickets');
  await expect(page).toHaveTitle('OmniCare (9+)');
  await expect(page.getByTestId('bell-count')).toHaveText('9+');
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  await page.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
  await expect(page).toHaveTitle('OmniCare');
});
