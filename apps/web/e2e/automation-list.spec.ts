/// <reference types="node" />
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { ACCOUNTS, apiLogin, signInAs, unique } from './fixtures';
import { workerServer } from './worker-server';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * start → update ticket → end: passes every publish rule. Its trigger only takes tickets whose
 * subject holds a word no other spec writes: an active workflow of the shared demo tenant must
 * not reopen the tickets later specs make.
 */
const NEVER_ELSEWHERE = `chi-danh-cho-automation-list-${Date.now().toString(36)}`;
const validSteps = {
  trigger: {
    target: 'tickets',
    event: 'ticket_created',
    title: 'Ticket mới',
    conditions: {
      logic: 'and',
      items: [{ field: 'ticket.subject', operator: 'some', value: [NEVER_ELSEWHERE] }],
    },
  },
  nodes: [
    { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: { x: 0, y: 0 } },
    {
      id: 'open',
      type: 'update_ticket',
      name: 'Mở ticket',
      data: { status: 'open' },
      position: { x: 0, y: 100 },
    },
    { id: 'end', type: 'end', name: 'Kết thúc', data: {}, position: { x: 0, y: 200 } },
  ],
  edges: [
    { source: 'start', target: 'open' },
    { source: 'open', target: 'end' },
  ],
};

const created: { token: string; id: string }[] = [];
async function createWorkflow(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ _id: string; name: string }> {
  const response = await request.post('/v2/workflow', {
    headers: { Authorization: token },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  const workflow = ((await response.json()) as { data: { _id: string; name: string } }).data;
  created.push({ token, id: workflow._id });
  return workflow;
}

// The workflows belong to the shared demo tenant: later specs see it without them.
test.afterEach(async ({ request }) => {
  for (const { token, id } of created.splice(0))
    await request.delete(`/v2/workflow/${id}`, { headers: { Authorization: token } });
});

/** Waits for the list's answer to the settled search for `text`. */
const searched = (page: Page, text: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/v2/workflow' &&
      new URL(response.url()).searchParams.get('name') === text,
  );

test('the workflow list: draft rules, publish, unpublish, copy and delete with their toasts', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const run = unique();
  const active = await createWorkflow(request, admin.token, {
    name: `Kịch bản chạy ${run}`,
    status: 'active',
    workflow_steps: validSteps,
  });
  const inactive = await createWorkflow(request, admin.token, {
    name: `Kịch bản tắt ${run}`,
    status: 'inactive',
    workflow_steps: validSteps,
  });
  const draft = await createWorkflow(request, admin.token, { name: `Kịch bản nháp ${run}` });

  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/automation');
  await expect(page.getByRole('heading', { name: 'Danh sách tự động hóa' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Tìm kịch bản theo tên' });
  const settled = searched(page, run);
  await search.fill(run);
  await settled;
  const table = page.getByRole('table', { name: 'Danh sách kịch bản tự động hóa' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Newest change first.
  await expect(table.getByRole('row').nth(1)).toContainText(draft.name);

  await expect(row(active.name)).toContainText('Hoạt động');
  await expect(row(active.name)).toContainText('Ticket');
  await expect(row(inactive.name)).toContainText('Không hoạt động');
  const draftRow = row(draft.name);
  await expect(draftRow).toContainText('Bản nháp');
  await expect(draftRow.getByRole('button', { name: /^Kích hoạt/ })).toHaveCount(0);
  await expect(draftRow.getByRole('button', { name: /^Ngừng hoạt động/ })).toHaveCount(0);
  await expect(draftRow.getByRole('button', { name: /^Sao chép/ })).toBeDisabled();
  await expect(row(active.name).getByRole('button', { name: /^Kích hoạt/ })).toHaveCount(0);
  await expect(row(inactive.name).getByRole('button', { name: /^Ngừng hoạt động/ })).toHaveCount(0);

  // Publish the inactive one, stop the active one.
  await row(inactive.name)
    .getByRole('button', { name: /^Kích hoạt/ })
    .click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
  await expect(row(inactive.name)).toContainText('Hoạt động');
  await expect(row(inactive.name).getByRole('button', { name: /^Ngừng hoạt động/ })).toBeVisible();
  await row(active.name)
    .getByRole('button', { name: /^Ngừng hoạt động/ })
    .click();
  await expect(row(active.name)).toContainText('Không hoạt động');

  // Copy: a draft named '… (bản sao)'.
  await row(active.name)
    .getByRole('button', { name: /^Sao chép/ })
    .click();
  await expect(toast(page, 'Sao chép thành công')).toBeVisible();
  const copyName = `${active.name} (bản sao)`;
  await expect(row(copyName)).toContainText('Bản nháp');

  // Delete the copy behind the shared confirmation.
  await row(copyName).getByRole('button', { name: /^Xóa/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Bạn có chắc chắn muốn xóa ${copyName} không?`);
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa thành công')).toBeVisible();
  await expect(row(copyName)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(4);

  // A row opens the editor.
  await row(draft.name).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/automation/editor/${draft._id}$`));

  // Nothing matches: the empty text.
  await page.goto('/automation');
  const none = searched(page, `không-có-${run}`);
  await page.getByRole('searchbox', { name: 'Tìm kịch bản theo tên' }).fill(`không-có-${run}`);
  await none;
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
});

test('the skeleton shows while the list loads', async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v2/workflow?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/automation');
  const table = page.getByRole('table', { name: 'Danh sách kịch bản tự động hóa' });
  await expect(table.locator('[data-slot="skeleton"]')).toHaveCount(10);
  release();
  await expect(table.locator('[data-slot="skeleton"]')).toHaveCount(0);
});

test('the history of a workflow: its summary, runs and a run trace', async ({ page, request }) => {
  const databaseUrl = workerServer().databaseUrl;
  test.skip(!databaseUrl, 'needs the e2e database (scripts/e2e.mjs gives it)');
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const headers = { Authorization: admin.token };
  const run = unique();
  const workflow = await createWorkflow(request, admin.token, {
    name: `Kịch bản có lịch sử ${run}`,
    status: 'inactive',
    workflow_steps: validSteps,
  });
  const customer = await request.post('/v2/customers', { headers, data: { name: `Khách ${run}` } });
  expect(customer.status()).toBe(201);
  const ticketAnswer = await request.post('/v2/tickets', {
    headers,
    data: {
      subject: `Yêu cầu hoàn tiền ${run}`,
      requester_id: ((await customer.json()) as { data: { _id: string } }).data._id,
    },
  });
  expect(ticketAnswer.status()).toBe(201);
  const ticket = ((await ticketAnswer.json()) as { data: { _id: string; number: number } }).data;

  // The engine writes runs; here they are put in place as it would leave them.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const insertRun = async (status: string, minutesAgo: number, error: string | null) => {
      const result = await client.query<{ id: string; tenant_id: string }>(
        `insert into workflow_runs (tenant_id, workflow_id, workflow_version, event_id, ticket_id, status, error, created_at, finished_at)
         select tenant_id, id, version, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $6) + interval '4 seconds'
         from workflows where id = $1
         returning id, tenant_id`,
        [workflow._id, -minutesAgo - 1_000_000, ticket._id, status, error, minutesAgo],
      );
      return result.rows[0]!;
    };
    const step = (
      runRow: { id: string; tenant_id: string },
      seq: number,
      nodeId: string,
      name: string,
      type: string,
      status: string,
      extra: { attempt?: number; input?: unknown; output?: unknown; error?: string } = {},
    ) =>
      client.query(
        `insert into workflow_run_steps (tenant_id, run_id, node_id, step_name, type, status, attempt, input, output, error, seq, created_at, finished_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - interval '5 minutes', now() - interval '5 minutes' + interval '1200 milliseconds')`,
        [
          runRow.tenant_id,
          runRow.id,
          nodeId,
          name,
          type,
          status,
          extra.attempt ?? 1,
          extra.input === undefined ? null : JSON.stringify(extra.input),
          extra.output === undefined ? null : JSON.stringify(extra.output),
          extra.error ?? null,
          seq,
        ],
      );
    const failed = await insertRun('failed', 5, 'Máy chủ CRM trả về 500');
    await step(failed, 1, 'start', 'Bắt đầu', 'start', 'completed');
    await step(failed, 2, 'open', 'Mở ticket', 'update_ticket', 'failed', {
      attempt: 3,
      input: { status: 'open' },
      output: { http_status: 500, body: 'Internal Server Error' },
      error: 'Máy chủ CRM trả về 500',
    });
    const done = await insertRun('completed', 30, null);
    await step(done, 1, 'start', 'Bắt đầu', 'start', 'completed');
    await step(done, 2, 'open', 'Mở ticket', 'update_ticket', 'completed', {
      output: { changed: ['status'] },
    });
    await step(done, 3, 'end', 'Kết thúc', 'end', 'completed');
  } finally {
    await client.end();
  }

  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/automation');
  const settled = searched(page, run);
  await page.getByRole('searchbox', { name: 'Tìm kịch bản theo tên' }).fill(run);
  await settled;
  await page
    .getByRole('row')
    .filter({ hasText: workflow.name })
    .getByRole('button', { name: /^Lịch sử/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/automation/history/${workflow._id}$`));
  await expect(page.getByRole('heading', { name: workflow.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chỉnh sửa kịch bản' })).toHaveAttribute(
    'href',
    `/automation/editor/${workflow._id}`,
  );
  await expect(page.getByText('Ticket mới', { exact: true })).toBeVisible();

  const runs = page.getByRole('table', { name: 'Lịch sử hành động của kịch bản' });
  const code = `#${String(ticket.number).padStart(6, '0')}`;
  await expect(runs.getByRole('link', { name: code })).toHaveCount(2);
  await expect(runs.getByRole('link', { name: code }).first()).toHaveAttribute(
    'href',
    `/tickets/${ticket._id}`,
  );
  const failedRow = runs.getByRole('row').filter({ hasText: 'Máy chủ CRM trả về 500' });
  await expect(failedRow).toContainText('Thất bại');
  await expect(failedRow).toContainText(`Khách ${run}`);
  await expect(failedRow).toContainText('Mở ticket');

  // Status filter, then the trace of the failed run.
  await page
    .getByRole('combobox', { name: 'Lọc theo trạng thái' })
    .selectOption({ label: 'Hoàn thành' });
  await expect(runs.getByRole('link', { name: code })).toHaveCount(1);
  await expect(runs).not.toContainText('Máy chủ CRM trả về 500');
  await page
    .getByRole('combobox', { name: 'Lọc theo trạng thái' })
    .selectOption({ label: 'Thất bại' });
  // The completed run's row also counts 1: wait for the failed one before opening its trace.
  await expect(runs).toContainText('Máy chủ CRM trả về 500');
  await expect(runs.getByRole('link', { name: code })).toHaveCount(1);
  await runs.getByRole('button', { name: 'Xem chi tiết các bước' }).click();
  const trace = page.getByRole('list', { name: 'Các bước đã chạy' });
  await expect(trace.getByRole('listitem')).toHaveCount(2);
  const failedStep = trace.getByRole('listitem').nth(1);
  await expect(failedStep).toContainText('Mở ticket');
  await expect(failedStep).toContainText('Lần thử 3');
  await expect(failedStep).toContainText('"http_status": 500');
  await expect(failedStep).toContainText('1,2 s');
});
