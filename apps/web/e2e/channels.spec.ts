import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiLogin,
  expectForbidden,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';
import {
  livechatChannel,
  resolveRun,
  send,
  siteEmbedding,
  startChat,
  visitorOn,
} from './livechat-fixtures';

test('an administrator connects an SMS channel whose keys are kept and never shown again', async ({
  page,
  request,
}) => {
  const run = unique();
  const name = `eSMS ${run}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels/sms');
  await expect(page.getByRole('heading', { name: 'Kênh SMS' })).toBeVisible();
  await page.getByRole('button', { name: 'Kết nối SMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết nối SMS' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Brandname').fill('OMNICARE');
  await dialog.getByLabel('Địa chỉ API').fill('ftp://sai');
  await dialog.getByLabel('API key').fill('khoa-api-bi-mat');
  // A missing key and a wrong address: each said under its field, nothing saved.
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Địa chỉ phải bắt đầu bằng http:// hoặc https://')).toBeVisible();
  await dialog.getByLabel('Địa chỉ API').fill('');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Secret key không được bỏ trống')).toBeVisible();
  await dialog.getByLabel('Secret key').fill('secret-bi-mat');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('OMNICARE');
  await expect(row).toContainText('Mặc định của eSMS');
  await expect(row).toContainText('Đã lưu');
  await expect(row).toContainText('Đang hoạt động');
  await expect(page.locator('body')).not.toContainText('khoa-api-bi-mat');
  await screenshotsAtBothSizes(page, 'sms-channels');

  // Pausing it with the keys left blank keeps them.
  await row.getByRole('button', { name: /Sửa/ }).click();
  const edit = page.getByRole('dialog', { name: 'Cập nhật kênh SMS' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await expect(edit.getByText('Để trống để giữ khóa đã lưu').first()).toBeVisible();
  await edit.getByLabel('Trạng thái').selectOption({ label: 'Tạm dừng' });
  await edit.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Cập nhật kênh thành công')).toBeVisible();
  await expect(row).toContainText('Tạm dừng');
  await expect(row).toContainText('Đã lưu');

  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const listed = await request.get('/v2/channels?kind=sms', {
    headers: { Authorization: admin.token },
  });
  const text = await listed.text();
  expect(text).toContain(name);
  expect(text).not.toContain('secret-bi-mat');
});

test('a supervisor may not open the channels settings', async ({ page, request }) => {
  await signInAs(page, request, ACCOUNTS.supervisor.email);
  await page.goto('/settings/multi-channels/sms');
  await expectForbidden(page);
});

test('an administrator sets how chats are shared out and what the widget says', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const before = await (
    await request.get('/v2/chat-config', { headers: { Authorization: admin.token } })
  ).json();
  await page.goto('/settings/multi-channels/livechat');
  await expect(page.getByRole('heading', { name: 'Kênh Livechat' })).toBeVisible();
  await page.getByRole('tab', { name: 'Cấu hình chat' }).click();
  const form = page.getByRole('form', { name: 'Cấu hình chat' });
  const perAgent = form.getByLabel('Số chat cùng lúc của một chuyên viên');
  await perAgent.fill('0');
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(form.getByText('Số chat cùng lúc từ 1 đến 50')).toBeVisible();
  await perAgent.fill('6');
  await form
    .getByLabel('Khi chuyên viên đăng xuất hoặc Không sẵn sàng')
    .selectOption({ label: 'Giữ lại cho chuyên viên đó' });
  const greeting = `Chào mừng đến với Demo ${unique()}!`;
  await form.getByLabel('Lời chào').fill(greeting);
  await form.getByRole('button', { name: 'Lưu cấu hình' }).click();
  await expect(page.getByText('Cập nhật cấu hình chat thành công')).toBeVisible();
  await screenshotsAtBothSizes(page, 'livechat-settings');

  await page.reload();
  await expect(form.getByLabel('Số chat cùng lúc của một chuyên viên')).toHaveValue('6');
  await expect(form.getByLabel('Lời chào')).toHaveValue(greeting);
  await expect(form.getByLabel('Khi chuyên viên đăng xuất hoặc Không sẵn sàng')).toHaveValue(
    'keep',
  );
  // The shared demo tenant goes on with what it had.
  const { updated_at: _saved, ...restore } = before.data;
  const restored = await request.put('/v2/chat-config', {
    headers: { Authorization: admin.token },
    data: restore,
  });
  expect(restored.status()).toBe(200);
});

test('an administrator adds a livechat channel beside its preview and installs it with its tag', async ({
  page,
  request,
}) => {
  const name = `Website ${unique()}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels/livechat');
  await page.getByRole('button', { name: 'Thêm kênh Livechat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm kênh Livechat' });
  const preview = dialog.getByRole('region', { name: 'Xem trước' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Mã màu').fill('#7C3AED');
  await dialog.getByLabel('Tiêu đề khung chat').fill('Shop Hoa Mai');
  await dialog.getByLabel('Vị trí').selectOption({ label: 'Góc trái' });
  await expect(preview.getByRole('img', { name: 'Nút mở khung chat, góc trái' })).toHaveCSS(
    'background-color',
    'rgb(124, 58, 237)',
  );
  await expect(preview.getByText('Shop Hoa Mai').first()).toBeVisible();
  const domains = dialog.getByLabel('Trang web được nhúng');
  await domains.fill('shop hoa mai');
  await domains.press('Enter');
  await expect(
    dialog.getByText('Tên miền không hợp lệ (ví dụ: shop.vn hoặc *.shop.vn)'),
  ).toBeVisible();
  await domains.fill('127.0.0.1:47999');
  await domains.press('Enter');
  await dialog.getByLabel('Email').selectOption({ label: 'Không hỏi' });
  await screenshotsAtBothSizes(page, 'livechat-channel-form');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();

  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const listed = await request.get('/v2/channels?kind=livechat', {
    headers: { Authorization: admin.token },
  });
  const channel = ((await listed.json()) as { data: { _id: string; name: string }[] }).data.find(
    (row) => row.name === name,
  );
  expect(channel).toBeDefined();
  const snippet = page.getByRole('region', { name: `Mã nhúng của kênh ${name}` });
  await expect(snippet).toContainText(`data-channel="${channel!._id}"`);
  await expect(snippet).toContainText('/widget.js');
  await screenshotsAtBothSizes(page, 'livechat-channels');

  // The widget reads the channel from an allowed site only, and not once it is paused.
  const config = () =>
    request.get(`/v2/livechat/${channel!._id}/config`, {
      headers: { Origin: 'http://127.0.0.1:47999' },
    });
  const answered = await config();
  expect(answered.status()).toBe(200);
  expect((await answered.json()).data).toMatchObject({ title: 'Shop Hoa Mai', position: 'left' });
  const card = page.getByRole('listitem').filter({ has: snippet });
  await card.getByRole('button', { name: `Tạm dừng ${name}` }).click();
  await expect(card).toContainText('Kênh đang tạm dừng');
  expect((await config()).status()).toBe(404);

  // Without messages it may be deleted.
  await card.getByRole('button', { name: `Xóa ${name}` }).click();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Xóa kênh thành công')).toBeVisible();
  await expect(snippet).toHaveCount(0);
});

test('an administrator connects a mailbox, and its connection test says what failed', async ({
  page,
  request,
}) => {
  const name = `Hộp thư ${unique()}`;
  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels/email');
  await expect(page.getByRole('heading', { name: 'Kênh Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Kết nối hộp thư' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết nối hộp thư' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Địa chỉ gửi').fill('support@shop.test');
  await dialog.getByLabel('Tên hiển thị').fill('CSKH Shop');
  // Nothing listens on port 1 here: the test names the host and port that failed.
  await dialog.getByLabel('Máy chủ IMAP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng IMAP').fill('1');
  await dialog.getByLabel('Tài khoản IMAP').fill('support@shop.test');
  await dialog.getByLabel('Mật khẩu IMAP').fill('mat-khau-imap');
  await dialog.getByLabel('Máy chủ SMTP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng SMTP').fill('1');
  await dialog.getByLabel('Mật khẩu SMTP').fill('mat-khau-smtp');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('127.0.0.1:1');
  await expect(row).toContainText('Đã lưu');
  await row.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
  await expect(row).toContainText('Không kết nối được máy chủ IMAP 127.0.0.1:1');
  await expect(row).toContainText('Không kết nối được máy chủ SMTP 127.0.0.1:1');
  await expect(page.locator('body')).not.toContainText('mat-khau-imap');
  await screenshotsAtBothSizes(page, 'email-channels');
  await dialog
    .page()
    .getByRole('button', { name: `Tạm dừng: ${name}` })
    .click();
  await expect(row).toContainText('Tạm dừng');
  await expect(row.getByRole('button', { name: `Tiếp tục: ${name}` })).toBeVisible();
});

test("the channels' index shows each kind, its channels' state and today's messages", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const channelId = await livechatChannel(request, admin.token, run, [agent._id]);
  // Someone on duty: the widget offers the chat (else its offline form).
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const paused = await send(request, admin.token, 'POST', '/v2/channels', {
    kind: 'sms',
    name: `eSMS ${run}`,
    status: 'disabled',
    settings: { brandname: 'OMNICARE' },
    secrets: { api_key: 'k', secret_key: 's' },
  });
  expect(paused.status(), await paused.text()).toBe(201);
  // A visitor's first message through the website channel: today's count shows it.
  const site = await siteEmbedding(baseURL!, channelId);
  const visitor = await visitorOn(browser, site.url);
  try {
    await startChat(visitor.page, `Khách ${run}`, 'Cho em hỏi giá gói cước ạ');
  } finally {
    await visitor.close();
    site.close();
  }

  await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels');
  await expect(page.getByRole('heading', { name: 'Tổng quan kênh' })).toBeVisible();
  const website = page
    .getByRole('region', { name: 'Livechat' })
    .getByRole('listitem')
    .filter({ hasText: `Website ${run}` });
  await expect(website).toContainText('Đang hoạt động');
  await expect(website.getByTitle('Nhận hôm nay')).toHaveText('Nhận hôm nay1');
  const sms = page.getByRole('region', { name: 'SMS' });
  await expect(sms.getByRole('listitem').filter({ hasText: `eSMS ${run}` })).toContainText(
    'Tạm dừng',
  );
  await expect(page.getByRole('region', { name: 'TikTok' })).toContainText('Sắp ra mắt');
  for (const name of ['Facebook', 'WhatsApp', 'Zalo OA'])
    await expect(page.getByRole('region', { name })).not.toContainText('Sắp ra mắt');
  await screenshotsAtBothSizes(page, 'channels-index');
  await sms.getByRole('link', { name: 'Mở cài đặt SMS' }).click();
  await expect(page.getByRole('heading', { name: 'Kênh SMS' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `eSMS ${run}` });
  await expect(row).toContainText('Tạm dừng');
  await screenshotsAtBothSizes(page, 'sms-channels-paused');
  await row.getByRole('button', { name: `Tiếp tục: eSMS ${run}` }).click();
  await expect(row).toContainText('Đang hoạt động');
  await resolveRun(request, admin.token, run);
});
