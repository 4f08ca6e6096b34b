import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiCreate,
  createTicket,
  openTicketsAsAdministrator,
  ticketRow,
  ticketViews,
  unique,
} from './fixtures';

let token = '';
const cleanup: string[] = [];

const post = <T = unknown>(request: APIRequestContext, url: string, data: object) =>
  apiCreate<T>(request, token, url, data);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeEach(async ({ page, request }) => {
  token = await openTicketsAsAdministrator(page, request);
  await page.setViewportSize({ width: 1366, height: 900 });
});

// The field and the view belong to the shared demo tenant: later specs see the list without them.
test.afterEach(async ({ request }) => {
  for (const url of cleanup.splice(0))
    await request.delete(url, { headers: { Authorization: token } });
});

test('a custom-field filter saved as a view is remembered, and follows its settings', async ({
  page,
  request,
}, testInfo) => {
  // Several screens and reloads in one flow.
  test.slow();
  const u = unique();
  const label = `Kênh bán ${u}`;
  const field = await post<{ _id: string; key: string }>(request, '/v2/fields', {
    entity: 'ticket',
    key: `kenh_ban_${u}`.toLowerCase().replace(/[^a-z0-9_]/g, '_'),
    label,
    type: 'select',
    options: ['Online', 'Cửa hàng'],
  });
  cleanup.push(`/v2/field/${field._id}`);
  const online = `Vé ${u} online`;
  const store = `Vé ${u} cửa hàng`;
  const none = `Vé ${u} chưa rõ`;
  await post(request, '/v2/tickets', { subject: online, custom: { [field.key]: 'Online' } });
  await post(request, '/v2/tickets', { subject: store, custom: { [field.key]: 'Cửa hàng' } });
  await post(request, '/v2/tickets', { subject: none });

  // Filter the list by the custom field: it goes to the address like the other filters.
  await page.goto('/tickets?view=all');
  await page.getByRole('searchbox').fill(`Vé ${u}`);
  await expect(ticketRow(page, none)).toBeVisible();
  await page.getByRole('button', { name: /^Bộ lọc/ }).click();
  const panel = page.getByRole('region', { name: 'Trường tùy chỉnh' });
  await panel.getByLabel(label).selectOption('Online');
  await expect(ticketRow(page, online)).toBeVisible();
  await expect(ticketRow(page, store)).toHaveCount(0);
  await expect(ticketRow(page, none)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('custom')).toBe(
    JSON.stringify({ [field.key]: 'Online' }),
  );
  await page.screenshot({ path: testInfo.outputPath('ticket-list-filters.png') });

  // Saved as a shared view: it is then the view shown, and remembered.
  const name = `Online ${u}`;
  await page.getByRole('button', { name: 'Lưu thành view' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên view').fill(name);
  await dialog.getByRole('checkbox', { name: /Dùng chung/ }).click();
  await page.screenshot({ path: testInfo.outputPath('save-view-dialog.png') });
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tạo mới view thành công')).toBeVisible();
  await expect(dialog).toBeHidden();
  const views = await ticketViews(page);
  await expect(views.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const viewId = new URL(page.url()).searchParams.get('view') ?? '';
  expect(viewId).toMatch(/^[0-9a-f-]{36}$/);
  cleanup.unshift(`/v2/smart-view/${viewId}`);
  expect(await page.evaluate(() => localStorage.getItem('smartView'))).toBe(JSON.stringify(viewId));
  // The panel shows the view's filters.
  await expect(panel.getByLabel(label)).toHaveValue('Online');

  // A reload of a bare /tickets opens the view remembered, with the same tickets.
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(ticketRow(page, online)).toBeVisible();
  await expect(ticketRow(page, store)).toHaveCount(0);
  await expect(ticketRow(page, none)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('ticket-list-view.png') });

  // Its filters edited in the settings: the list follows.
  await page.goto('/settings/tickets/view');
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await expect(dialog.getByLabel(label)).toHaveValue('Online');
  await expect(dialog.getByLabel('Từ khóa tìm kiếm')).toHaveValue(`Vé ${u}`);
  await dialog.getByLabel(label).selectOption('Cửa hàng');
  // The list's own fields: several statuses, any of which matches.
  await dialog.getByRole('combobox', { name: 'Trạng thái' }).click();
  await page.getByRole('option', { name: 'Mới' }).click();
  await page.getByRole('option', { name: 'Đang mở' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('combobox', { name: 'Trạng thái' })).toContainText('Đang mở');
  await page.screenshot({ path: testInfo.outputPath('view-dialog.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Cập nhật view thành công')).toBeVisible();

  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(ticketRow(page, store)).toBeVisible();
  await expect(ticketRow(page, online)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('view')).toBe(viewId);

  // A filter changed from the view, then saved back to it ('Cập nhật view').
  await page.getByRole('button', { name: /^Bộ lọc/ }).click();
  await expect(page.getByRole('combobox', { name: 'Trạng thái' })).toContainText('Mới');
  await panel.getByLabel(label).selectOption('');
  await expect(page.getByRole('heading', { name: `${name} (đã thay đổi)` })).toBeVisible();
  // The view's other filters stay: only the one changed goes.
  await expect(page.getByRole('combobox', { name: 'Trạng thái' })).toContainText('Đang mở');
  expect(new URL(page.url()).searchParams.get('status')).toBe('new,open');
  expect(new URL(page.url()).searchParams.get('from')).toBe(viewId);
  await page.screenshot({ path: testInfo.outputPath('ticket-list-changed.png') });
  await expect(ticketRow(page, online)).toBeVisible();
  await expect(ticketRow(page, none)).toBeVisible();
  await page.getByRole('button', { name: 'Cập nhật view' }).click();
  await expect(toast(page, 'Cập nhật view thành công')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(ticketRow(page, online)).toBeVisible();
  await expect(ticketRow(page, store)).toBeVisible();
});

test('at 1366 the views pane starts collapsed and the list fits; opened, it counts each view and is remembered', async ({
  page,
  request,
}) => {
  const tag = unique();
  for (const suffix of ['một', 'hai'])
    await createTicket(request, token, { subject: `Đếm ${tag} ${suffix}`, status: 'pending' });
  const name = `Đếm ${tag}`;
  const view = await post<{ _id: string }>(request, '/v2/smart-view', {
    name,
    shared: false,
    columns: ['code', 'subject', 'status'],
    filters: { search: `Đếm ${tag}` },
  });
  cleanup.unshift(`/v2/smart-view/${view._id}`);
  await page.goto('/tickets');
  const pane = page.getByRole('navigation', { name: 'Chế độ xem' });
  await expect(pane.getByRole('button', { name: 'Mở chế độ xem' })).toBeVisible();
  // The default columns without scrolling sideways, the toolbar on one row.
  await expect(ticketRow(page, `Đếm ${tag} hai`)).toBeVisible();
  const fits = await page.evaluate(() => {
    const table = document.querySelector('table');
    return table ? table.scrollWidth <= (table.parentElement?.clientWidth ?? 0) : false;
  });
  expect(fits).toBe(true);
  const toolbarTops = await page
    .getByRole('searchbox')
    .locator('xpath=ancestor::div[contains(@class,"flex-wrap")][1]')
    .evaluate(
      (row) =>
        new Set([...row.children].map((child) => Math.round(child.getBoundingClientRect().top)))
          .size,
    );
  expect(toolbarTops).toBe(1);

  await ticketViews(page);
  await expect(pane.getByRole('button', { name })).toContainText('2');
  await page.reload();
  await expect(pane.getByRole('button', { name: 'Thu gọn chế độ xem' })).toBeVisible();
  await pane.getByRole('button', { name: 'Thu gọn chế độ xem' }).click();
  await page.reload();
  await expect(pane.getByRole('button', { name: 'Mở chế độ xem' })).toBeVisible();
});
