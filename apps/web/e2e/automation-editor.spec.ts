import { expect, test } from '@playwright/test';
import { WORKFLOW_TRIGGER } from '@omnicare/shared/automation/workflow-enums';
import type { Locator, Page } from '@playwright/test';
import type { Workflow } from '@omnicare/shared/automation/workflow.schemas';
import { WORKFLOW_BLOCK_MESSAGES } from '@omnicare/shared/automation/workflow-blocks';
import { ACCOUNTS, apiLogin, readMail, signInAs, unique, screenshot } from './fixtures';

/**
 * The visual editor (issue 14): build a workflow with a trigger condition, an if/else branch
 * with both edges, an email, a delay and two ends; undo/redo and copy/paste on the canvas; save
 * it as a draft, see publish refuse an unfinished graph on its blocks, then publish it.
 */

const blocks = (page: Page, type: string) => page.locator(`[data-block-type="${type}"]`);

/** Drops a palette block on the canvas at a point of the canvas's box. */
async function dropBlock(page: Page, type: string, x: number, y: number) {
  const canvas = page.locator('.react-flow__pane');
  await page.getByTestId(`palette-${type}`).dragTo(canvas, { targetPosition: { x, y } });
}

/** The id of the only block of a type that `which` picks. */
async function blockId(block: Locator): Promise<string> {
  const testId = await block.getAttribute('data-testid');
  return (testId ?? '').replace(/^block-/, '');
}

/** Drags an edge from a block's way out (or a branch's Có/Không) to another block's way in. */
async function connect(page: Page, source: string, target: string, handle?: 'yes' | 'no') {
  const from = page.locator(
    `.react-flow__handle.source[data-nodeid="${source}"]${handle ? `[data-handleid="${handle}"]` : ''}`,
  );
  const to = page.locator(`.react-flow__handle.target[data-nodeid="${target}"]`);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('handle not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

const edgeCount = (page: Page) => page.locator('.react-flow__edge').count();

test('build, undo/redo, copy/paste, save as draft and publish a workflow; a matching ticket runs it', async ({
  page,
  request,
}) => {
  // A long scenario (dozens of steps): past 60 s when two workers share two cores.
  test.slow();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const tag = unique();
  const template = await request.post('/v2/core/template', {
    headers: { Authorization: admin.token },
    data: {
      kind: 'email',
      name: `Xác nhận ticket ${tag}`,
      subject: 'Đã nhận ticket {{ticket.code}}',
      content: 'Chào {{customer.name}}, chúng tôi đã nhận yêu cầu {{ticket.subject}}.',
      visibility: 'everyone',
    },
  });
  expect(template.status()).toBe(201);
  const customer = await request.post('/v2/customers', {
    headers: { Authorization: admin.token },
    data: { name: `Khách e2e ${tag}`, emails: [{ email: `khach-${tag}@example.com` }] },
  });
  expect(customer.status()).toBe(201);
  const requesterId = ((await customer.json()) as { data: { _id: string } }).data._id;

  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/automation/editor');
  await expect(page.getByTestId('workflow-editor')).toBeVisible();

  // A new workflow starts with a start block joined to an end block.
  await expect(blocks(page, 'start')).toHaveCount(1);
  await expect(blocks(page, 'end')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Tên kịch bản' }).fill(`Kịch bản e2e ${tag}`);
  await page.getByRole('textbox', { name: 'Mô tả' }).fill('Email và nhắc xử lý cho ticket mới');

  // The unsupported blocks are there, locked.
  for (const type of [
    'send_facebook',
    'send_livechat',
    'send_zalo',
    'callbot',
    'create_contact',
    'update_contact',
  ]) {
    await expect(page.getByTestId(`palette-${type}`)).toHaveAttribute('aria-disabled', 'true');
  }
  await page.getByTestId('palette-callbot').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Chưa hỗ trợ');

  // Trigger: ticket created, a title, one condition.
  const startId = await blockId(blocks(page, 'start'));
  const firstEndId = await blockId(blocks(page, 'end'));
  await blocks(page, 'start').click();
  const trigger = page.getByTestId('trigger-panel');
  await expect(trigger.getByLabel('Sự kiện', { exact: true })).toHaveValue('ticket_created');
  await trigger.getByLabel('Tiêu đề sự kiện', { exact: true }).fill('Ticket mới');
  await trigger.getByRole('button', { name: 'Thêm điều kiện' }).click();
  await trigger.getByLabel('Trường 1', { exact: true }).selectOption({ label: 'Tiêu đề ticket' });
  await trigger.getByLabel('Toán tử 1', { exact: true }).selectOption({ label: 'Chứa' });
  await trigger.getByLabel('Giá trị 1', { exact: true }).fill(`e2e-${tag}`);

  // Zoom out so the drops below land on empty canvas.
  await page.getByRole('button', { name: 'Thu phóng' }).click();
  await page.getByRole('menuitem', { name: '50%' }).click();

  // At 50 % the start and end blocks sit in the middle of the canvas; these spots are free.
  await dropBlock(page, 'branch', 560, 250);
  await dropBlock(page, 'send_email', 150, 600);
  await dropBlock(page, 'delay', 150, 740);
  await dropBlock(page, 'end', 600, 600);
  await expect(blocks(page, 'branch')).toHaveCount(1);
  await expect(blocks(page, 'send_email')).toHaveCount(1);
  await expect(blocks(page, 'delay')).toHaveCount(1);
  await expect(blocks(page, 'end')).toHaveCount(2);
  const branchId = await blockId(blocks(page, 'branch'));
  const emailId = await blockId(blocks(page, 'send_email'));
  const delayId = await blockId(blocks(page, 'delay'));
  const secondEndId = (await Promise.all((await blocks(page, 'end').all()).map(blockId))).find(
    (id) => id !== firstEndId,
  ) as string;

  // Undo removes the last added block, redo brings it back (keyboard and toolbar).
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+z');
  await expect(blocks(page, 'end')).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(blocks(page, 'end')).toHaveCount(2);
  await page.getByRole('button', { name: 'Hoàn tác (Ctrl+Z)' }).click();
  await expect(blocks(page, 'end')).toHaveCount(1);
  await page.getByRole('button', { name: 'Làm lại (Ctrl+Shift+Z)' }).click();
  await expect(blocks(page, 'end')).toHaveCount(2);

  // Publishing now is refused before any call: the unfinished blocks are marked.
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect(page.getByTestId('graph-problems')).toBeVisible();
  await expect(page.getByTestId(`block-${emailId}`)).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByTestId(`block-${branchId}`)).toHaveAttribute('data-invalid', 'true');

  // Wire: start → branch, Có → email → delay → end, Không → second end.
  const edgesBefore = await edgeCount(page);
  await connect(page, startId, branchId);
  // The start's only way out moved from the end block to the branch.
  await expect.poll(() => edgeCount(page)).toBe(edgesBefore);
  await connect(page, branchId, emailId, 'yes');
  await connect(page, branchId, secondEndId, 'no');
  await connect(page, emailId, delayId);
  await connect(page, delayId, firstEndId);
  await expect.poll(() => edgeCount(page)).toBe(5);
  await expect(page.locator('.react-flow__edge-text', { hasText: 'Có' })).toHaveCount(1);
  await expect(page.locator('.react-flow__edge-text', { hasText: 'Không' })).toHaveCount(1);

  // Undo and redo a connection.
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => edgeCount(page)).toBe(4);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => edgeCount(page)).toBe(5);

  // The branch: one condition, the shared message until it is whole.
  await page.getByTestId(`block-${branchId}`).click();
  let panel = page.getByTestId('block-panel');
  await panel.getByRole('button', { name: 'Thêm điều kiện' }).click();
  await panel.getByLabel('Trường 1', { exact: true }).selectOption({ label: 'Số lần mở lại' });
  await panel.getByLabel('Toán tử 1', { exact: true }).selectOption({ label: 'Nhỏ hơn' });
  await panel.getByLabel('Giá trị 1', { exact: true }).fill('1');

  // The email: to the requester (ticked for a new block), a subject and body written here; a
  // template, when picked, replaces them.
  await page.getByTestId(`block-${emailId}`).click();
  panel = page.getByTestId('block-panel');
  await expect(panel.getByText(WORKFLOW_BLOCK_MESSAGES.emailContentRequired)).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Khách hàng (người yêu cầu)' })).toBeChecked();
  const templateSelect = panel.getByLabel('Mẫu tin nhắn', { exact: true });
  await templateSelect.selectOption({ label: `Xác nhận ticket ${tag}` });
  await expect(panel.getByText('Tiêu đề và nội dung lấy từ mẫu đã chọn.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Nội dung email' })).toHaveCount(0);
  await templateSelect.selectOption({ label: 'Không dùng mẫu' });
  await panel.getByRole('textbox', { name: 'Tiêu đề email' }).fill('Đã nhận {{ticket.code}}');
  await panel
    .getByRole('textbox', { name: 'Nội dung email' })
    .fill('Chào {{customer.name}}, chúng tôi đã nhận yêu cầu {{ticket.subject}}.');
  await expect(panel.getByText(WORKFLOW_BLOCK_MESSAGES.emailContentRequired)).toHaveCount(0);

  // The delay: 5 minutes.
  await page.getByTestId(`block-${delayId}`).click();
  panel = page.getByTestId('block-panel');
  await panel.getByLabel('Thời lượng', { exact: true }).fill('5');
  await panel.getByLabel('Đơn vị', { exact: true }).selectOption({ label: 'Phút' });
  await expect(page.getByTestId(`block-${delayId}`)).toContainText('Chờ 5 phút');

  // Copy and paste the delay: a new block with a new id; Delete takes it away again.
  await page.getByTestId(`block-${delayId}`).click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(blocks(page, 'delay')).toHaveCount(2);
  const pastedId = (await Promise.all((await blocks(page, 'delay').all()).map(blockId))).find(
    (id) => id !== delayId,
  );
  expect(pastedId).toBeTruthy();
  await expect(page.getByTestId(`block-${pastedId}`)).toContainText('Chờ 5 phút');
  await page.keyboard.press('Delete');
  await expect(blocks(page, 'delay')).toHaveCount(1);
  await expect(page.getByTestId(`block-${delayId}`)).toBeVisible();

  // Save as draft: the address takes the new id; the server keeps what was drawn.
  await page.getByRole('button', { name: 'Lưu nháp' }).click();
  await expect(page.getByText('Lưu nháp thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/automation\/editor\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  await expect(page.getByRole('link', { name: 'Lịch sử' })).toHaveAttribute(
    'href',
    `/automation/history/${id}`,
  );
  const read = async () => {
    const response = await request.get(`/v2/workflow/${id}`, {
      headers: { Authorization: admin.token },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Workflow }).data;
  };
  const draft = await read();
  expect(draft.status).toBe('draft');
  expect(draft.name).toBe(`Kịch bản e2e ${tag}`);
  expect(draft.workflow_steps.trigger).toMatchObject({
    event: 'ticket_created',
    title: 'Ticket mới',
    conditions: {
      logic: 'and',
      items: [{ field: 'ticket.subject', operator: 'some', value: [`e2e-${tag}`] }],
    },
  });
  expect(draft.workflow_steps.nodes.map((node) => node.type).sort()).toEqual(
    ['branch', 'delay', 'end', 'end', 'send_email', 'start'].sort(),
  );
  expect(draft.workflow_steps.edges).toEqual(
    expect.arrayContaining([
      { source: startId, target: branchId },
      { source: branchId, target: emailId, branch: 'yes' },
      { source: branchId, target: secondEndId, branch: 'no' },
      { source: emailId, target: delayId },
      { source: delayId, target: firstEndId },
    ]),
  );

  // Publish: every check passes, the workflow is active. (The toast sits over the header's
  // buttons while it shows.)
  // A toast under the pointer stays (sonner pauses it on hover): the pointer moves away first.
  await page.mouse.move(400, 600);
  await expect(page.getByText('Lưu nháp thành công')).toBeHidden();
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect(page.getByText('Xuất bản thành công')).toBeVisible();
  await expect(page.getByTestId('graph-problems')).toHaveCount(0);
  expect((await read()).status).toBe('active');
  await expect(page.getByText('Hoạt động', { exact: true })).toBeVisible();

  // A matching ticket starts a run: the branch says yes, the email goes out, the delay waits.
  const since = Date.now();
  const created = await request.post('/v2/tickets', {
    headers: { Authorization: admin.token },
    data: { subject: `Yêu cầu e2e-${tag} gấp`, requester_id: requesterId },
  });
  expect(created.status()).toBe(201);
  const ticket = ((await created.json()) as { data: { _id: string; code: string } }).data;
  const mail = await readMail(`khach-${tag}@example.com`, since, (body) =>
    body.includes(`e2e-${tag}`) ? body : undefined,
  );
  expect(mail).toContain('chúng tôi đã nhận yêu cầu');

  await page.getByRole('link', { name: 'Lịch sử' }).click();
  await expect(page).toHaveURL(`/automation/history/${id}`);
  const run = page.getByRole('row').filter({ has: page.getByRole('link', { name: ticket.code }) });
  await expect(run).toContainText('Đang chờ');
  await run.getByRole('button', { name: 'Xem chi tiết các bước' }).click();
  const trace = page.getByRole('list', { name: 'Các bước đã chạy' });
  await expect(trace.getByRole('listitem')).toHaveCount(4);
  await expect(trace.getByRole('listitem').nth(2)).toContainText(`khach-${tag}@example.com`);
  await expect(trace.getByRole('listitem').nth(2)).toContainText(`Đã nhận ${ticket.code}`);
  await expect(trace.getByRole('listitem').nth(3)).toContainText('Đang chờ');

  // The shared demo tenant goes on without it.
  const removed = await request.delete(`/v2/workflow/${id}`, {
    headers: { Authorization: admin.token },
  });
  expect(removed.status()).toBe(200);
});

test('a block clicked in the palette is joined into the flow; a flagged block says why; publishing works', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const tag = unique();
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/automation/editor');
  await expect(page.getByTestId('workflow-editor')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tên kịch bản' }).fill(`Cập nhật ticket ${tag}`);
  const startId = await blockId(blocks(page, 'start'));
  const endId = await blockId(blocks(page, 'end'));

  // A click puts 'Cập nhật ticket' between Bắt đầu and Kết thúc, joined both ways.
  await page.getByTestId('palette-update_ticket').click();
  await expect(blocks(page, 'update_ticket')).toHaveCount(1);
  const updateId = await blockId(blocks(page, 'update_ticket'));
  await expect.poll(() => edgeCount(page)).toBe(2);
  await expect(page.getByTestId('block-panel')).toHaveAttribute('data-block-id', updateId);

  // A dropped block stays where it fell, unjoined: publishing flags it and its panel says why.
  // (At 50 % the flow sits in the middle and the canvas's left part is free.)
  await page.getByRole('button', { name: 'Thu phóng' }).click();
  await page.getByRole('menuitem', { name: '50%' }).click();
  await dropBlock(page, 'delay', 90, 300);
  await expect(blocks(page, 'delay')).toHaveCount(1);
  const delayId = await blockId(blocks(page, 'delay'));
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect(page.getByTestId(`block-${delayId}`)).toHaveAttribute('data-invalid', 'true');
  await page.getByTestId(`block-${delayId}`).click();
  const problems = page.getByTestId('block-panel').getByTestId('block-problems');
  await expect(problems).toContainText(WORKFLOW_BLOCK_MESSAGES.unreachable);
  await expect(problems).toContainText(WORKFLOW_BLOCK_MESSAGES.deadEnd);
  await screenshot(page, 'editor-flagged-block-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(problems).toBeVisible();
  await screenshot(page, 'editor-flagged-block-1920');
  await page.keyboard.press('Delete');
  await expect(blocks(page, 'delay')).toHaveCount(0);

  // The update block is flagged too: it changes nothing yet.
  await page.getByTestId(`block-${updateId}`).click();
  const panel = page.getByTestId('block-panel');
  await expect(panel.getByText(WORKFLOW_BLOCK_MESSAGES.updateEmpty)).toBeVisible();
  await panel.getByLabel('Trạng thái', { exact: true }).selectOption({ index: 1 });

  // The trigger is named after its event, so publishing asks nothing more.
  await blocks(page, 'start').click();
  const trigger = page.getByTestId('trigger-panel');
  await expect(trigger.getByLabel('Tiêu đề sự kiện', { exact: true })).toHaveValue(
    WORKFLOW_TRIGGER.label('ticket_created'),
  );
  // A text condition reads what it does; the and/or choice shows from the first condition.
  await trigger.getByRole('button', { name: 'Thêm điều kiện' }).click();
  await trigger.getByLabel('Trường 1', { exact: true }).selectOption({ label: 'Tiêu đề ticket' });
  await trigger.getByLabel('Toán tử 1', { exact: true }).selectOption({ label: 'Không chứa' });
  await trigger.getByLabel('Giá trị 1', { exact: true }).fill('spam');
  await expect(trigger.getByTestId('condition-0-hint')).toContainText('không chứa từ nào');
  await expect(trigger.getByRole('radiogroup', { name: 'Kết hợp điều kiện' })).toBeVisible();
  await screenshot(page, 'editor-trigger-1920');
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, 'editor-trigger-1366');
  await page.getByRole('button', { name: 'Xuất bản' }).click();
  await expect(page.getByText('Xuất bản thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/automation\/editor\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  const response = await request.get(`/v2/workflow/${id}`, {
    headers: { Authorization: admin.token },
  });
  const saved = ((await response.json()) as { data: Workflow }).data;
  expect(saved.status).toBe('active');
  expect(saved.workflow_steps.trigger).toMatchObject({
    title: 'Ticket được tạo',
    conditions: {
      logic: 'and',
      items: [{ field: 'ticket.subject', operator: 'not_some', value: ['spam'] }],
    },
  });
  expect(saved.workflow_steps.edges).toEqual(
    expect.arrayContaining([
      { source: startId, target: updateId },
      { source: updateId, target: endId },
    ]),
  );
  expect(saved.workflow_steps.edges).toHaveLength(2);

  const removed = await request.delete(`/v2/workflow/${id}`, {
    headers: { Authorization: admin.token },
  });
  expect(removed.status()).toBe(200);
});

test('leaving with unsaved changes asks first', async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/automation/editor');
  await page.getByTestId('palette-delay').click();
  await expect(blocks(page, 'delay')).toHaveCount(1);
  await page.getByRole('link', { name: 'Quay lại danh sách' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page).toHaveURL(/\/automation\/editor$/);
});
