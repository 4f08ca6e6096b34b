import { expect, test, type Browser, type Page } from '@playwright/test';
import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  phone,
  screenshot,
  screenshotsAtBothSizes,
  signInAs,
  storeSession,
  unique,
} from './fixtures';
import {
  livechatChannel,
  openChatWorkspace,
  resolveRun,
  send,
  siteEmbedding,
  startChat,
  twoTonePng,
  visitorOn,
} from './livechat-fixtures';

/** Several browsers (agents and a visitor) and a second site: more than one page's budget. */
test.describe.configure({ timeout: 240_000 });

/** Another staff member in a browser of their own, signed in. */
async function staffBrowser(browser: Browser, user: StoredUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, user);
  return { page, close: () => context.close() };
}

/** The conversation a row of the list opens: its id from the address. */
async function openRow(page: Page, name: string) {
  const row = page.getByRole('link').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  return /\/chat\/([0-9a-f-]{36})/.exec(page.url())![1]!;
}

test('an agent going NOT AVAILABLE gets no new chat: the next one goes to the AVAILABLE colleague', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  const agent2 = await apiLogin(request, 'agent2@demo.vn');
  const channelId = await livechatChannel(request, admin.token, run, [agent._id, agent2._id]);
  const site = await siteEmbedding(baseURL!, channelId);
  for (const user of [agent, agent2])
    await send(request, user.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const colleague = await staffBrowser(browser, agent2);
  let visitor: Awaited<ReturnType<typeof visitorOn>> | undefined;
  try {
    await openChatWorkspace(page);
    await openChatWorkspace(colleague.page);
    // The agent steps away through the header's presence menu.
    await page.getByRole('button', { name: /^Trạng thái làm việc/ }).click();
    await page.getByRole('menuitemradio', { name: 'Không sẵn sàng' }).click();
    await expect(
      page.getByRole('button', { name: 'Trạng thái làm việc: Không sẵn sàng' }),
    ).toBeVisible();

    visitor = await visitorOn(browser, site.url);
    const name = `Khách mới ${run}`;
    await startChat(visitor.page, name, 'Shop ơi cho mình hỏi');
    // The colleague gets it live, in their own box; the agent who stepped away does not.
    await expect(colleague.page.getByRole('link').filter({ hasText: name })).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: name })).toHaveCount(0);
    const rows = await send(request, admin.token, 'GET', '/v2/conversations?box=all&q=' + run);
    const [row] = (await rows.json()).data as { assignee: { _id: string } | null }[];
    expect(row?.assignee?._id).toBe(agent2._id);
    await screenshotsAtBothSizes(colleague.page, 'chat-routed-to-available');
  } finally {
    await resolveRun(request, admin.token, run);
    for (const user of [agent, agent2])
      await send(request, user.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitor?.close();
    await colleague.close();
    site.close();
  }
});

test('outside the working time the widget takes a message, which becomes a ticket the agent sees', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  // Closed today whatever the hour: yesterday, today and tomorrow (Bangkok) are holidays.
  const day = (offset: number) =>
    new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  // A tenant's first schedule becomes its default, which every SLA without its own then counts
  // in: the shop's hours must not be that one (the SLA tests of this tenant count in calendar
  // time), so an always-open default comes first when there is none.
  const schedules = await send(request, admin.token, 'GET', '/v2/time/schedules');
  const known = ((await schedules.json()) as { data: { is_default: boolean }[] }).data;
  if (!known.some((one) => one.is_default))
    await apiCreate(request, admin.token, '/v2/time/schedules', {
      name: 'Cả tuần (mặc định)',
      is_default: true,
      periods: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      holidays: [],
    });
  const schedule = await apiCreate<{ _id: string }>(request, admin.token, '/v2/time/schedules', {
    name: `Giờ cửa hàng ${run}`,
    periods: [{ weekday: 1, start: '08:00', end: '17:00' }],
    holidays: [-1, 0, 1].map((offset) => ({ date: day(offset), name: `Nghỉ ${offset}` })),
  });
  const channelId = await livechatChannel(request, admin.token, run, [agent._id], {
    working_time_id: schedule._id,
    pre_chat: { name: 'required', phone: 'optional', email: 'required' },
  });
  const site = await siteEmbedding(baseURL!, channelId);
  // Someone is AVAILABLE: it is the schedule that closes the chat.
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const visitor = await visitorOn(browser, site.url);
  try {
    await visitor.page.setViewportSize({ width: 1366, height: 768 });
    await openChatWorkspace(page);
    const widget = visitor.page.getByRole('dialog');
    await expect(widget).toContainText('Hiện đang ngoài giờ làm việc');
    await expect(widget).toContainText('Anh/chị vui lòng để lại lời nhắn');
    await expect(visitor.page.getByLabel('Nhập tin nhắn')).toHaveCount(0);
    const name = `Khách ngoài giờ ${run}`;
    await visitor.page.getByLabel('Họ tên').fill(name);
    await visitor.page.getByLabel('Email').fill(`ngoaigio-${run}@example.vn`);
    // The message is required.
    await visitor.page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
    await expect(visitor.page.getByLabel('Nội dung')).toHaveAttribute('aria-invalid', 'true');
    await visitor.page.getByLabel('Nội dung').fill('Mai gọi lại giúp em về đơn #1234 nhé');
    await screenshot(visitor.page, 'widget-offline-form-1366');
    await visitor.page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
    await expect(widget).toContainText('Cảm ơn anh/chị, chúng tôi sẽ liên hệ lại sớm nhất');
    await visitor.page.setViewportSize({ width: 390, height: 800 });
    await screenshot(visitor.page, 'widget-offline-sent-390');

    // The agent sees it live in their chats (theirs: routed as any chat), and as a ticket whose
    // description is the message.
    await openRow(page, name);
    await page.getByRole('link', { name: 'Mở dạng ticket' }).click();
    await expect(page.getByText(`Tin nhắn ngoài giờ từ ${name}`).first()).toBeVisible();
    await expect(page.getByText('Mai gọi lại giúp em về đơn #1234 nhé').first()).toBeVisible();
  } finally {
    await resolveRun(request, admin.token, run);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitor.close();
    site.close();
  }
});

test('two agents on one conversation see each other’s messages and typing live; after the resolve the visitor rates it and the agents read the rating', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  const supervisor = await apiLogin(request, ACCOUNTS.supervisor.email);
  const channelId = await livechatChannel(request, admin.token, run, [agent._id]);
  const site = await siteEmbedding(baseURL!, channelId);
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const second = await staffBrowser(browser, supervisor);
  const visitor = await visitorOn(browser, site.url);
  try {
    await openChatWorkspace(page);
    const name = `Khách hai người ${run}`;
    await startChat(visitor.page, name, 'Em cần đổi địa chỉ giao hàng');
    const id = await openRow(page, name);
    await second.page.goto(`/chat/${id}`);
    // In the conversation (the customer pane's tickets may name it too, once loaded).
    await expect(
      second.page.getByTestId('chat-message').getByText('Em cần đổi địa chỉ giao hàng'),
    ).toBeVisible();

    // Typing, both ways.
    const mine = page.getByRole('textbox', { name: 'Soạn tin nhắn' });
    const theirs = second.page.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await mine.pressSequentially('Dạ anh');
    await expect(second.page.getByText(`${agent.name} đang nhập…`)).toBeVisible();
    await theirs.pressSequentially('Để chị');
    await expect(page.getByText(`${supervisor.name} đang nhập…`)).toBeVisible();
    // Messages, both ways: a reply and an internal note.
    await mine.fill('Dạ anh gửi giúp em địa chỉ mới ạ');
    await mine.press('Enter');
    await expect(second.page.getByText('Dạ anh gửi giúp em địa chỉ mới ạ')).toBeVisible();
    await second.page.getByRole('switch', { name: 'Ghi chú nội bộ' }).click();
    const note = second.page.getByRole('textbox', { name: 'Ghi chú nội bộ' });
    await note.fill('Khách VIP, đổi địa chỉ miễn phí');
    await note.press('Enter');
    await expect(
      page.getByRole('log', { name: 'Tin nhắn' }).getByText('Khách VIP, đổi địa chỉ miễn phí'),
    ).toBeVisible();
    await expect(visitor.page.getByText('Dạ anh gửi giúp em địa chỉ mới ạ')).toBeVisible();
    await expect(visitor.page.getByText('Khách VIP, đổi địa chỉ miễn phí')).toHaveCount(0);
    await screenshotsAtBothSizes(second.page, 'chat-two-agents');

    // The agent resolves; the visitor is asked, answers 4 stars with a comment.
    await page.getByRole('button', { name: 'Đóng hội thoại' }).click();
    const stars = visitor.page.getByRole('radiogroup', {
      name: 'Anh/chị đánh giá cuộc trò chuyện này thế nào?',
    });
    await expect(stars).toBeVisible();
    await screenshot(visitor.page, 'widget-survey-1366');
    await stars.getByRole('radio', { name: '4 sao' }).click();
    await visitor.page.getByLabel('Nhận xét').fill('Tư vấn nhanh, nhiệt tình');
    await visitor.page.setViewportSize({ width: 390, height: 800 });
    await screenshot(visitor.page, 'widget-survey-390');
    await visitor.page.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await expect(visitor.page.getByText('Cảm ơn anh/chị đã đánh giá')).toBeVisible();

    // Stored, and shown on the conversation to whoever opens it.
    for (const reader of [page, second.page]) {
      await reader.reload();
      const survey = reader.getByTestId('conversation-survey');
      await expect(survey.getByRole('img', { name: '4/5 sao' })).toBeVisible();
      await expect(survey).toContainText('Tư vấn nhanh, nhiệt tình');
    }
    await screenshotsAtBothSizes(page, 'chat-survey-rated');
  } finally {
    await resolveRun(request, admin.token, run);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitor.close();
    await second.close();
    site.close();
  }
});

test("a macro from the chat's '/' makes its changes with the message, and the conversation is linked to a new customer", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  await apiCreate(request, agent.token, '/v2/macros', {
    name: `Chờ khách gửi ảnh ${run}`,
    body: 'Dạ {{customer.name}} gửi giúp em ảnh hóa đơn ạ',
    actions: { status: 'pending' },
  });
  const channelId = await livechatChannel(request, admin.token, run, [agent._id]);
  const site = await siteEmbedding(baseURL!, channelId);
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const visitor = await visitorOn(browser, site.url);
  try {
    await openChatWorkspace(page);
    const name = `Khách macro ${run}`;
    await startChat(visitor.page, name, 'Hóa đơn của em bị sai');
    const id = await openRow(page, name);

    const composer = page.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await composer.fill(`/${run}`);
    await expect(page.getByTestId('reply-palette')).toContainText('Trạng thái → Đang chờ');
    await composer.press('Enter');
    await expect(composer).toHaveValue(`Dạ ${name} gửi giúp em ảnh hóa đơn ạ`);
    await expect(page.getByTestId('macro-chip')).toContainText(`Macro: Chờ khách gửi ảnh ${run}`);
    await screenshotsAtBothSizes(page, 'chat-macro-chip');
    await composer.press('Enter');
    await expect(visitor.page.getByText(`Dạ ${name} gửi giúp em ảnh hóa đơn ạ`)).toBeVisible();
    await expect(page.getByTestId('macro-chip')).toHaveCount(0);
    const header = page.getByRole('region', { name: 'Cuộc trò chuyện' });
    await expect(header.getByText('Đang chờ', { exact: true })).toBeVisible();
    const ticket = await send(request, admin.token, 'GET', `/v2/tickets/${id}/activities`);
    expect(JSON.stringify((await ticket.json()).data)).toContain(
      `Áp dụng macro Chờ khách gửi ảnh ${run}`,
    );

    // 'Đổi khách hàng': a new customer made here becomes the conversation's.
    await page.getByRole('button', { name: 'Đổi khách hàng' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đổi khách hàng của cuộc trò chuyện' });
    await dialog.getByRole('radio', { name: 'Tạo khách hàng mới' }).click();
    const newName = `Nguyễn Thị Hóa Đơn ${run}`;
    await dialog.getByLabel(/Họ tên/).fill(newName);
    await dialog.getByLabel('Số điện thoại').fill(phone());
    await dialog.getByLabel('Email').fill('sai-email');
    await dialog.getByRole('button', { name: 'Tạo và gắn' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await screenshotsAtBothSizes(page, 'chat-change-customer');
    await dialog.getByLabel('Email').fill(`hoadon-${run}@example.vn`);
    await dialog.getByRole('button', { name: 'Tạo và gắn' }).click();
    await expect(dialog).toBeHidden();
    const pane = page.getByRole('complementary', { name: 'Thông tin khách hàng' });
    await expect(pane.getByTestId('customer-card-name')).toHaveText(newName);
    const detail = await send(request, admin.token, 'GET', `/v2/tickets/${id}`);
    expect((await detail.json()).data.requester.name).toBe(newName);
    await screenshotsAtBothSizes(page, 'chat-customer-changed');
  } finally {
    await resolveRun(request, admin.token, run);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitor.close();
    site.close();
  }
});

test("the livechat channel's avatar is uploaded in its settings and shown in the preview and the widget's header", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const run = unique();
  const admin = await signInAs(page, request, ACCOUNTS.administrator.email);
  const channelId = await livechatChannel(request, admin.token, run, [admin._id]);
  await page.goto('/settings/multi-channels/livechat');
  await page.getByRole('button', { name: `Sửa Website ${run}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật kênh Livechat' });
  // Not an image, whatever it is called: refused in Vietnamese.
  await dialog.getByLabel('Tải ảnh đại diện lên').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><body>không phải ảnh</body></html>'),
  });
  await expect(dialog.getByText('Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF')).toBeVisible();
  await dialog.getByLabel('Tải ảnh đại diện lên').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: twoTonePng(96, [250, 204, 21], [14, 124, 102]),
  });
  await expect(page.getByText('Cập nhật ảnh đại diện thành công')).toBeVisible();
  const previewImage = dialog.getByTestId('widget-preview-panel').locator('img');
  await expect(previewImage).toHaveAttribute('src', /^\/files\/livechat\/.+\.png$/);
  await expect
    .poll(() => previewImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(96);
  await screenshotsAtBothSizes(page, 'livechat-avatar-upload');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();

  // The widget on the customer's site shows it in its header.
  const site = await siteEmbedding(baseURL!, channelId);
  const visitor = await visitorOn(browser, site.url);
  try {
    await visitor.page.setViewportSize({ width: 390, height: 800 });
    const avatar = visitor.page.locator('.oc-avatar img');
    await expect(avatar).toBeVisible();
    await expect
      .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(96);
    await screenshot(visitor.page, 'widget-avatar-390');
  } finally {
    await visitor.close();
    site.close();
  }
});
