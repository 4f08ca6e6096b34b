import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiLogin,
  createTicket,
  screenshotsAtBothSizes,
  storeSession,
  unique,
} from './fixtures';

const bangkokToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', dateStyle: 'short' }).format(
    new Date(),
  );

test('a report renders its figures as the API gives them, and a figure opens the rows it counts', async ({
  page,
  request,
}) => {
  // Two sizes of two screens and a chart's library loaded on demand.
  test.slow();
  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  const code = unique();
  const ticket = await createTicket(request, supervisor.token, {
    subject: `Báo cáo hôm nay ${code}`,
  });
  await createTicket(request, supervisor.token, { subject: `Báo cáo thứ hai ${code}` });
  const today = bangkokToday();
  const answer = await request.get(`/v2/reports/ticket?from=${today}&to=${today}`, {
    headers: { Authorization: supervisor.token },
  });
  expect(answer.status()).toBe(200);
  const created = (await answer.json()).data.metrics.tickets_created as number;
  expect(created).toBeGreaterThanOrEqual(2);

  await storeSession(page, supervisor);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/report/ticket');
  await expect(page.getByRole('heading', { name: 'Báo cáo ticket' })).toBeVisible();
  await page.getByRole('tab', { name: 'Hôm nay' }).click();
  const tile = page.getByRole('button', { name: `Ticket tạo mới: ${created}` });
  await expect(tile).toBeVisible();
  // Its definition is beside it.
  await expect(page.getByRole('button', { name: 'Định nghĩa: Ticket tạo mới' })).toHaveAttribute(
    'title',
    /Số ticket được tạo/,
  );
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Theo kênh' })).toContainText('Thủ công');
  await screenshotsAtBothSizes(page, 'report-ticket');

  await tile.click();
  const dialog = page.getByRole('dialog', { name: 'Ticket tạo mới' });
  await expect(dialog).toContainText(`trong ${created} bản ghi`);
  await expect(dialog.getByRole('link', { name: ticket.code })).toBeVisible();
  await screenshotsAtBothSizes(page, 'report-ticket-rows');
  await dialog.getByRole('link', { name: ticket.code }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.number}$`));
  await expect(page.getByTestId('record-name')).toContainText(`Báo cáo hôm nay ${code}`);

  // The summary: today at a glance, the same figure.
  await page.goto('/report/summary');
  await expect(page.getByRole('button', { name: `Ticket tạo mới: ${created}` })).toBeVisible();
  await expect(page.getByLabel('Nhân viên theo trạng thái')).toBeVisible();
  await screenshotsAtBothSizes(page, 'report-summary');
});
