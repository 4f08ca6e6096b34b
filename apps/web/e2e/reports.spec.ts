import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ACCOUNTS,
  apiLogin,
  createTicket,
  pick,
  readMail,
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

test('a report exports to a real XLSX with its figures, and a schedule mails it', async ({
  page,
  request,
}) => {
  test.slow();
  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  await createTicket(request, supervisor.token, { subject: `Xuất báo cáo ${unique()}` });
  const today = bangkokToday();
  const answer = await request.get(`/v2/reports/ticket?from=${today}&to=${today}`, {
    headers: { Authorization: supervisor.token },
  });
  const created = (await answer.json()).data.metrics.tickets_created as number;

  await storeSession(page, supervisor);
  await page.goto('/report/ticket');
  await page.getByRole('tab', { name: 'Hôm nay' }).click();
  await expect(page.getByRole('button', { name: `Ticket tạo mới: ${created}` })).toBeVisible();
  await page.getByRole('button', { name: 'Xuất báo cáo' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).first().click();
  const banner = page.getByRole('region', { name: 'Xuất báo cáo' });
  await expect(banner).toContainText('Đã xuất xong 24 dòng');
  await expect(banner).toContainText(`bao-cao-ticket-${today}-${today}.xlsx`);
  const downloading = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Tải tệp' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`bao-cao-ticket-${today}-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) ?? '');
  const sheet = workbook.getWorksheet('Theo thời gian')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header[0]).toBe('Giờ');
  const column = header.indexOf('Ticket tạo mới') + 1;
  let total: unknown;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === 'Tổng') total = row.getCell(column).value;
  });
  // The file's total is the tile's figure.
  expect(total).toBe(created);
  // The bell says it is ready too.
  await page.getByRole('button', { name: /^Thông báo/ }).click();
  await expect(page.getByText('Báo cáo đã xuất xong').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A schedule mailed now: the supervisor receives it.
  const name = `Ticket mỗi sáng ${unique()}`;
  await page.getByRole('button', { name: 'Lịch gửi email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lịch gửi báo cáo ticket' });
  await dialog.getByLabel('Tên lịch gửi').fill(name);
  await dialog.getByLabel('Giờ gửi').selectOption('7');
  await pick(
    page,
    dialog.getByRole('combobox', { name: 'Người nhận' }),
    'supervisor@demo',
    /supervisor@demo\.vn/,
  );
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Lưu lịch gửi' }).click();
  const item = dialog.getByRole('listitem', { name });
  await expect(item).toContainText('Hằng ngày lúc 7:00');
  await expect(item).toContainText('Lần gửi tới:');
  await screenshotsAtBothSizes(page, 'report-schedules');
  const since = Date.now();
  await item.getByRole('button', { name: 'Gửi ngay' }).click();
  await expect(page.getByText('Đã gửi báo cáo tới 1 người nhận')).toBeVisible();
  const mail = await readMail(ACCOUNTS.supervisor.email, since, (body) =>
    body.includes('Báo cáo ticket') ? body : undefined,
  );
  expect(mail).toContain('Ticket tạo mới:');
});

test('the ad funnel takes a spend file and shows what the ads cost', async ({ page, request }) => {
  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  await storeSession(page, supervisor);
  await page.goto('/report/ad-funnel');
  await expect(page.getByRole('heading', { name: 'Báo cáo phễu quảng cáo' })).toBeVisible();
  await page.getByRole('tab', { name: 'Hôm nay' }).click();
  const today = bangkokToday();
  const before = (
    await (
      await request.get(`/v2/reports/ad-funnel?from=${today}&to=${today}`, {
        headers: { Authorization: supervisor.token },
      })
    ).json()
  ).data.metrics.ad_spend as number;
  await page.getByLabel('Tải lên chi phí (CSV)').setInputFiles({
    name: 'chi-phi.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`ad_id,spend,date\nAD-E2E,250000,${today}\n`),
  });
  await expect(page.getByText('Đã tải lên 1 dòng chi phí quảng cáo')).toBeVisible();
  const spent = new Intl.NumberFormat('vi-VN').format(before + 250000);
  await expect(page.getByRole('button', { name: `Chi phí quảng cáo: ${spent} ₫` })).toBeVisible();
  await screenshotsAtBothSizes(page, 'report-ad-funnel');
});

test('a custom report is saved from its screen, shared, and opened again by a team leader', async ({
  page,
  request,
}) => {
  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  await storeSession(page, supervisor);
  await page.goto('/report/custom');
  await expect(page.getByRole('heading', { name: 'Báo cáo tùy chỉnh' })).toBeVisible();
  await page.getByLabel('Chiều phân tích').selectOption({ label: 'Bộ phận' });
  await expect(page).toHaveURL(/dimension=group/);
  await expect(page.getByRole('heading', { name: 'Theo bộ phận' })).toBeVisible();
  const name = `Theo bộ phận ${unique()}`;
  await page.getByRole('button', { name: 'Lưu báo cáo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lưu báo cáo tùy chỉnh' });
  await dialog.getByLabel('Tên báo cáo').fill(name);
  await dialog.getByRole('switch', { name: 'Chia sẻ cho mọi người xem báo cáo' }).click();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu báo cáo')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A team leader opens the shared report on a fresh screen: its dimension comes back.
  const leader = await apiLogin(request, ACCOUNTS.team_leader.email);
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const leaderPage = await other.newPage();
  await storeSession(leaderPage, leader);
  await leaderPage.goto('/report/custom');
  await expect(leaderPage.getByRole('heading', { name: 'Báo cáo tùy chỉnh' })).toBeVisible();
  const saved = leaderPage.getByLabel('Báo cáo đã lưu');
  await expect(saved.locator('optgroup[label="Dùng chung"] option', { hasText: name })).toHaveCount(
    1,
  );
  await saved.selectOption({ label: name });
  await expect(leaderPage).toHaveURL(/dimension=group/);
  await expect(leaderPage.getByRole('heading', { name: 'Theo bộ phận' })).toBeVisible();
  // Not theirs to delete.
  await expect(leaderPage.getByRole('button', { name: `Xóa báo cáo đã lưu: ${name}` })).toHaveCount(
    0,
  );
  await other.close();
});
