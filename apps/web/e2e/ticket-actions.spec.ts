/// <reference types="node" />
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import {
  apiCreate,
  createTicket,
  openTicketsAsAdministrator,
  pick,
  ticketRow,
  unique,
  screenshot,
} from './fixtures';
import { workerServer } from './worker-server';

test.use({ viewport: { width: 1366, height: 900 } });
// Each test walks several screens; a busy machine (CI shares two cores) needs the room.
test.describe.configure({ timeout: 150_000 });

/** The first load of a ticket's screen (its chunks, then its data) may be slow on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

const comment = (request: APIRequestContext, token: string, id: string, body: string) =>
  apiCreate(request, token, `/v2/tickets/${id}/comments`, { body: `<p>${body}</p>`, public: true });

/**
 * A message from the ticket's requester, as a channel would add it (no route writes one: email
 * and chat bring them in), put in the database directly.
 */
async function customerMessage(ticketId: string, body: string) {
  const client = new pg.Client({ connectionString: workerServer().databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into messages (tenant_id, ticket_id, author_type, direction, author_customer_id, body, public)
       select tenant_id, id, 'customer', 'in', requester_id, $2, true from tickets where id = $1`,
      [ticketId, `<p>${body}</p>`],
    );
  } finally {
    await client.end();
  }
}

/** Waits for the ticket's PUT that `act` starts, and answers its status. */
async function saved(page: Page, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && /\/v2\/tickets\//.test(answer.url()),
    ),
    act(),
  ]);
  return response.status();
}

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = await openTicketsAsAdministrator(page, request);
});

test('custom field, follower, CC and due date set on a ticket are kept after a reload', async ({
  page,
  request,
}) => {
  const tag = unique();
  const label = `Mã hợp đồng ${tag}`;
  await apiCreate(request, token, '/v2/fields', {
    entity: 'ticket',
    key: `hop_dong_${tag}`.replace(/[^a-z0-9_]/g, ''),
    label,
    type: 'text',
  });
  const channel = `Kênh liên hệ ${tag}`;
  await apiCreate(request, token, '/v2/fields', {
    entity: 'ticket',
    key: `kenh_${tag}`.replace(/[^a-z0-9_]/g, ''),
    label: channel,
    type: 'select',
    options: ['Tổng đài', 'Cửa hàng'],
  });
  const ticket = await createTicket(request, token, { subject: `Gia hạn hợp đồng ${tag}` });
  await page.goto(`/tickets/${ticket.number}`);
  await expect(page.getByTestId('record-name')).toContainText('Gia hạn hợp đồng', FIRST_LOAD);

  // A text field goes out when its box is left; a select at once.
  await page.getByLabel(label).fill('HD-2026-001');
  expect(await saved(page, () => page.getByLabel(label).press('Tab'))).toBe(200);
  expect(await saved(page, () => page.getByLabel(channel).selectOption('Cửa hàng'))).toBe(200);

  // Followers: staff picked by name, saved once when the list closes.
  await pick(page, page.getByLabel('Người theo dõi'), 'Trần Thị', 'Trần Thị Bình');
  expect(await saved(page, () => page.keyboard.press('Escape'))).toBe(200);

  // CC: a wrong email stays in the box with its message; a good one becomes a chip.
  const cc = page.getByLabel('CC', { exact: true });
  await cc.fill('ke-toan');
  await cc.press('Enter');
  await expect(page.getByText('Email không hợp lệ')).toBeVisible();
  await cc.fill('KeToan@Example.vn');
  expect(await saved(page, () => cc.press('Enter'))).toBe(200);
  await expect(page.getByRole('list', { name: 'Email CC' })).toContainText('ketoan@example.vn');

  // Due date: a day (17:00), then the time typed.
  expect(
    await saved(page, () => page.getByLabel('Hạn xử lý', { exact: true }).fill('24/12/2026')),
  ).toBe(200);
  await expect(page.getByLabel('Giờ')).toHaveValue('17:00');
  await page.getByLabel('Giờ').fill('09:30');
  expect(await saved(page, () => page.getByLabel('Giờ').press('Enter'))).toBe(200);
  await screenshot(page, 'ticket-detail-fields', true);

  await page.reload();
  await expect(page.getByLabel(label)).toHaveValue('HD-2026-001', FIRST_LOAD);
  await expect(page.getByLabel(channel)).toHaveValue('Cửa hàng');
  await expect(page.getByLabel('Người theo dõi')).toContainText('Trần Thị Bình');
  await expect(page.getByRole('list', { name: 'Email CC' })).toContainText('ketoan@example.vn');
  await expect(page.getByLabel('Hạn xử lý', { exact: true })).toHaveValue('24/12/2026');
  await expect(page.getByLabel('Giờ')).toHaveValue('09:30');
  const stored = await request.get(`/v2/tickets/${ticket._id}`, {
    headers: { Authorization: token },
  });
  const detail = ((await stored.json()) as { data: Record<string, unknown> }).data;
  // 09:30 in Bangkok.
  expect(detail.due_at).toBe('2026-12-24T02:30:00.000Z');

  // Cleared, the due date goes.
  expect(await saved(page, () => page.getByRole('button', { name: 'Xóa hạn xử lý' }).click())).toBe(
    200,
  );
  await expect(page.getByLabel('Hạn xử lý', { exact: true })).toHaveValue('');
});

test('a new ticket takes custom fields, followers, CC and a due date; a required field left empty is refused on the field', async ({
  page,
  request,
}) => {
  const tag = unique();
  const label = `Số hóa đơn ${tag}`;
  const field = await apiCreate<{ _id: string }>(request, token, '/v2/fields', {
    entity: 'ticket',
    key: `hoa_don_${tag}`.replace(/[^a-z0-9_]/g, ''),
    label,
    type: 'number',
    required: true,
  });
  try {
    await page.goto(`/tickets/new-${tag}`);
    await expect(page.getByLabel(label)).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Tiêu đề').fill(`Hóa đơn sai ${tag}`);
    await pick(page, page.getByLabel('Người theo dõi'), 'Trần Thị', 'Trần Thị Bình');
    await page.keyboard.press('Escape');
    await page.getByLabel('CC', { exact: true }).fill('sep@example.vn');
    await page.getByLabel('CC', { exact: true }).press('Enter');
    await page.getByLabel('Hạn xử lý', { exact: true }).fill('31/12/2026');

    // The server's 422 on the custom field shows under it; nothing typed is lost.
    await page.getByRole('button', { name: 'Tạo ticket' }).click();
    await expect(page.getByText(`${label} không được bỏ trống`)).toBeVisible();
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Tiêu đề')).toHaveValue(`Hóa đơn sai ${tag}`);
    await page.getByLabel(label).fill('12345');
    await expect(page.getByText(`${label} không được bỏ trống`)).toBeHidden();
    await screenshot(page, 'ticket-new-form', true);
    await page.getByRole('button', { name: 'Tạo ticket' }).click();
    await expect(page.getByText('Tạo ticket thành công')).toBeVisible();
    await expect(page).toHaveURL(/\/tickets\/\d+$/);
    await expect(page.getByLabel(label)).toHaveValue('12345');
    await expect(page.getByLabel('Người theo dõi')).toContainText('Trần Thị Bình');
    await expect(page.getByRole('list', { name: 'Email CC' })).toContainText('sep@example.vn');
    await expect(page.getByLabel('Hạn xử lý', { exact: true })).toHaveValue('31/12/2026');
    await expect(page.getByLabel('Giờ')).toHaveValue('17:00');
  } finally {
    // A required ticket field would refuse the other specs' tickets.
    await request.patch(`/v2/field/${field._id}`, {
      headers: { Authorization: token },
      data: { active: false },
    });
  }
});

test('merging a ticket into another from its page closes it, links the target, moves the conversation', async ({
  page,
  request,
}) => {
  const tag = unique();
  const source = await createTicket(request, token, { subject: `Mất mạng lặp lại ${tag}` });
  const target = await createTicket(request, token, { subject: `Mất mạng khu vực ${tag}` });
  await comment(request, token, source._id, `Khách gọi lần hai ${tag}`);
  await page.goto(`/tickets/${source.number}`);
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: `Khách gọi lần hai ${tag}` }),
  ).toBeVisible(FIRST_LOAD);

  await page.getByRole('button', { name: 'Thao tác' }).click();
  await page.getByRole('menuitem', { name: 'Gộp vào ticket khác' }).click();
  const dialog = page.getByRole('dialog');
  await pick(
    page,
    dialog.getByLabel('Ticket đích'),
    `Mất mạng khu vực ${tag}`,
    new RegExp(target.code),
  );
  await expect(dialog.getByTestId('merge-summary')).toContainText(
    `Toàn bộ bình luận, tệp đính kèm và liên kết của ${source.code} chuyển sang ${target.code}`,
  );
  await screenshot(page, 'ticket-merge-dialog', true);
  await dialog.getByRole('button', { name: 'Gộp ticket' }).click();
  await expect(page.getByText('Gộp ticket thành công')).toBeVisible();

  const banner = page.getByTestId('merged-banner');
  await expect(banner).toContainText('Ticket này đã được gộp vào ticket', FIRST_LOAD);
  await expect(page.getByTestId('record-name').locator('..')).toContainText('Đã đóng');
  await expect(page.getByRole('region', { name: 'Ticket liên quan' })).toContainText(target.code);
  await screenshot(page, 'ticket-merged-source', true);
  await banner.getByRole('link', { name: target.code }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${target.number}$`));
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: `Khách gọi lần hai ${tag}` }),
  ).toBeVisible(FIRST_LOAD);
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: `Đã gộp ticket ${source.code}` }),
  ).toBeVisible();
});

test('a customer message split into a new ticket opens it; related tickets are linked and unlinked', async ({
  page,
  request,
}) => {
  test.skip(!workerServer().databaseUrl, 'needs the e2e database (scripts/e2e.mjs gives it)');
  const tag = unique();
  const original = await createTicket(request, token, { subject: `Nhiều yêu cầu ${tag}` });
  const other = await createTicket(request, token, { subject: `Yêu cầu khác ${tag}` });
  await customerMessage(original._id, `Cho em hỏi thêm về hóa đơn tháng 11 ${tag}`);
  await comment(request, token, original._id, `Dạ em kiểm tra hóa đơn ngay ${tag}`);
  await page.goto(`/tickets/${original.number}`);
  // An agent's reply is no new request: it offers no split.
  const reply = page.getByTestId('ticket-comment').filter({ hasText: 'Dạ em kiểm tra' });
  await expect(reply).toBeVisible(FIRST_LOAD);
  await expect(reply.getByRole('button', { name: /Tách thành ticket mới/ })).toHaveCount(0);
  const item = page.getByTestId('ticket-comment').filter({ hasText: 'hóa đơn tháng 11' });
  await expect(item).toBeVisible(FIRST_LOAD);
  await item.getByRole('button', { name: /Tách thành ticket mới/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Tách bình luận này thành ticket mới?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tách ticket' }).click();
  await expect(page.getByText(/Tách ticket thành công/)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/tickets/${original.number}$`));
  await expect(page.getByTestId('record-name')).toContainText(
    'Cho em hỏi thêm về hóa đơn tháng 11',
    FIRST_LOAD,
  );
  const links = page.getByRole('region', { name: 'Ticket liên quan' });
  await expect(links).toContainText(original.code);
  await expect(links).toContainText('Tách ra');

  // A related ticket added by search, then removed.
  await links.getByRole('button', { name: 'Thêm ticket liên quan' }).click();
  await pick(
    page,
    links.getByLabel('Thêm ticket liên quan'),
    `Yêu cầu khác ${tag}`,
    new RegExp(other.code),
  );
  await expect(page.getByText('Đã liên kết ticket')).toBeVisible();
  await expect(links.getByRole('link', { name: new RegExp(other.code) })).toBeVisible();
  await screenshot(page, 'ticket-split-links', true);
  await links.getByRole('button', { name: `Gỡ liên kết ${other.code}` }).click();
  await expect(page.getByText('Đã gỡ liên kết ticket')).toBeVisible();
  await expect(links.getByRole('link', { name: new RegExp(other.code) })).toHaveCount(0);
  // Merge and split links stay.
  await expect(links.getByRole('button', { name: `Gỡ liên kết ${original.code}` })).toHaveCount(0);
});

test('bulk merge: two tickets into a third picked among the selection', async ({
  page,
  request,
}) => {
  const tag = unique();
  const first = await createTicket(request, token, { subject: `Gộp loạt ${tag} một` });
  const second = await createTicket(request, token, { subject: `Gộp loạt ${tag} hai` });
  const target = await createTicket(request, token, { subject: `Gộp loạt ${tag} đích` });
  await comment(request, token, first._id, `Bình luận một ${tag}`);
  await page.goto(`/tickets?view=all&q=${encodeURIComponent(`Gộp loạt ${tag}`)}`);
  await expect(ticketRow(page, `Gộp loạt ${tag} đích`)).toBeVisible(FIRST_LOAD);
  for (const subject of ['một', 'hai', 'đích'])
    await ticketRow(page, `Gộp loạt ${tag} ${subject}`).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar');
  await bar.getByRole('button', { name: 'Gộp' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(`Gộp loạt ${tag} đích`) }).check();
  await expect(dialog.getByTestId('bulk-merge-summary')).toContainText(
    `2 ticket sẽ được đóng và gộp vào ${target.code}`,
  );
  await screenshot(page, 'ticket-bulk-merge', true);
  await dialog.getByRole('button', { name: 'Gộp ticket' }).click();
  await expect(page.getByText(`Đã gộp 2 ticket vào ${target.code}`)).toBeVisible();
  await expect(ticketRow(page, `Gộp loạt ${tag} một`)).toContainText('Đã đóng');
  await expect(ticketRow(page, `Gộp loạt ${tag} hai`)).toContainText('Đã đóng');
  await expect(ticketRow(page, `Gộp loạt ${tag} đích`)).not.toContainText('Đã đóng');

  await page.goto(`/tickets/${second.number}`);
  await expect(page.getByTestId('merged-banner')).toContainText(target.code, FIRST_LOAD);
  await page.goto(`/tickets/${target.number}`);
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: `Bình luận một ${tag}` }),
  ).toBeVisible(FIRST_LOAD);
});

test('all results of a filter chosen past the page, then their status changed', async ({
  page,
  request,
}) => {
  const tag = unique();
  const count = 12;
  for (let index = 1; index <= count; index += 1)
    await createTicket(request, token, { subject: `Chọn hết ${tag} số ${index}` });
  await page.goto(`/tickets?view=all&size=10&q=${encodeURIComponent(`Chọn hết ${tag}`)}`);
  await expect(page.getByRole('row').filter({ hasText: `Chọn hết ${tag}` })).toHaveCount(
    10,
    FIRST_LOAD,
  );
  await page.getByLabel('Chọn tất cả ticket trên trang').check();
  const bar = page.getByRole('toolbar');
  await expect(bar).toContainText('Đã chọn 10 ticket');
  await bar.getByRole('button', { name: `Chọn tất cả ${count} kết quả` }).click();
  await expect(bar).toContainText(`Đã chọn tất cả ${count} ticket theo bộ lọc`);
  await screenshot(page, 'ticket-select-all', true);
  const [bulk] = await Promise.all([
    page.waitForRequest((sent) => sent.url().endsWith('/v2/tickets/bulk')),
    bar.getByLabel('Đổi trạng thái').selectOption({ label: 'Đang chờ' }),
  ]);
  const body = bulk.postDataJSON() as { filter?: { search?: string }; ids?: string[] };
  expect(body.ids).toBeUndefined();
  expect(body.filter?.search).toBe(`Chọn hết ${tag}`);
  await expect(page.getByText(`Đã cập nhật ${count} ticket`)).toBeVisible();
  const listed = await request.get(
    `/v2/tickets?status=pending&page_size=50&search=${encodeURIComponent(`Chọn hết ${tag}`)}`,
    { headers: { Authorization: token } },
  );
  expect(((await listed.json()) as { total: number }).total).toBe(count);
});
