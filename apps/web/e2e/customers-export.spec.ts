import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Page, Route } from '@playwright/test';
import { ACCOUNTS, apiLogin, storeSession, unique, phone } from './fixtures';

/** The text of the worksheets of an XLSX (a ZIP archive), read through its central directory. */
function worksheetText(file: Buffer): string {
  let end = file.length - 22;
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end -= 1;
  let entry = file.readUInt32LE(end + 16);
  const count = file.readUInt16LE(end + 10);
  const texts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const method = file.readUInt16LE(entry + 10);
    const size = file.readUInt32LE(entry + 20);
    const nameLength = file.readUInt16LE(entry + 28);
    const skip = nameLength + file.readUInt16LE(entry + 30) + file.readUInt16LE(entry + 32);
    const name = file.toString('utf8', entry + 46, entry + 46 + nameLength);
    const local = file.readUInt32LE(entry + 42);
    if (name.startsWith('xl/worksheets/') || name === 'xl/sharedStrings.xml') {
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const data = file.subarray(start, start + size);
      texts.push((method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    }
    entry += 46 + skip;
  }
  return texts.join('\n');
}

/** GET /v2/jobs and /v2/jobs/{id}, not the job's file. */
const isJobStatus = (url: URL) => /^\/v2\/jobs(\/[0-9a-f-]{36})?$/.test(url.pathname);

/**
 * Keeps the customer exports started from now on at 'running' 50% while `held()` says so (older
 * ones, from earlier tests, read as they are). The demo export ends well under a second after
 * it starts, too fast for a reload to land in it; the job itself, its list and its file are the
 * server's.
 */
async function holdExportsRunning(page: Page, held: () => boolean) {
  const since = new Date().toISOString();
  await page.route(isJobStatus, async (route: Route) => {
    const response = await route.fetch();
    if (!held() || !response.ok()) return route.fulfill({ response });
    const body = (await response.json()) as { data: unknown };
    const running = (job: { kind?: string; created_at?: string }) =>
      job.kind === 'customer_export' && (job.created_at ?? '') >= since
        ? { ...job, status: 'running', processed: 1, total: 2, percent: 50, download_url: null }
        : job;
    body.data = Array.isArray(body.data)
      ? body.data.map(running)
      : running(body.data as { kind?: string; created_at?: string });
    return route.fulfill({ response, json: body });
  });
}

// A job-status poll still being held when a test ends must not fail it ("route.fetch: Test ended").
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a customer export survives a reload: its progress shows again, then its file downloads', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const u = unique();
  const names = [`Xuất Một ${u}`, `Xuất Hai ${u}`, `Xuất Ba ${u}`];
  for (const name of names) {
    const created = await request.post('/v2/customers', {
      headers: { Authorization: admin.token },
      data: { name, phones: [{ phone: phone(), is_primary: true }] },
    });
    expect(created.status(), name).toBe(201);
  }
  let held = true;
  await holdExportsRunning(page, () => held);
  await storeSession(page, admin);

  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.getByRole('link', { name: names[0] })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(3);

  await page.getByRole('button', { name: 'Xuất Excel', exact: true }).click();
  const banner = page.getByRole('region', { name: 'Xuất Excel' });
  await expect(banner).toContainText('Đang xuất 50%');
  await expect(page.getByRole('button', { name: 'Đang xuất 50%' })).toBeDisabled();

  // A reload while the export runs finds it again: same progress, button still busy.
  await page.reload();
  await expect(banner).toContainText('Đang xuất 50%');
  await expect(banner.getByRole('progressbar', { name: 'Tiến độ xuất Excel' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await expect(banner).toContainText('Đã xử lý 1/2 khách hàng');
  await expect(page.getByRole('button', { name: 'Đang xuất 50%' })).toBeDisabled();

  // The job's real state comes through: done, and its file is offered (not forced) after a reload.
  held = false;
  await expect(banner).toContainText('Xuất Excel hoàn tất: 3 khách hàng');
  await expect(page.getByRole('button', { name: 'Xuất Excel', exact: true })).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Tải tệp Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^khach-hang-.*\.xlsx$/);
  const file = await readFile((await download.path()) ?? '');
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  const sheet = worksheetText(file);
  for (const name of names) expect(sheet).toContain(name);
  expect(sheet).toContain('Tên khách hàng');

  // Downloaded and closed: a reload does not bring it back.
  await banner.getByRole('button', { name: 'Đóng thông báo xuất Excel' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('an export that ends during a reload is offered afterwards, not downloaded by itself', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  // Seen running until the reload, as if it ended while the page was away.
  let held = true;
  await holdExportsRunning(page, () => held);
  await storeSession(page, admin);
  await page.goto('/customers');
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByRole('button', { name: 'Xuất Excel', exact: true }).click();
  const banner = page.getByRole('region', { name: 'Xuất Excel' });
  await expect(banner).toContainText('Đang xuất 50%');

  held = false;
  await page.reload();
  await expect(banner).toContainText(/Xuất Excel hoàn tất: \d+ khách hàng/);
  expect(downloads).toBe(0);
  const downloading = page.waitForEvent('download');
  await banner.getByRole('button', { name: 'Tải tệp Excel' }).click();
  const file = await readFile((await (await downloading).path()) ?? '');
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
});
