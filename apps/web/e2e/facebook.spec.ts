import { expect, test } from '@playwright/test';
import { fakeFacebook } from '../../server/src/modules/channels/facebook-fake';
import { ACCOUNTS, apiLogin, screenshotsAtBothSizes, signInAs, unique } from './fixtures';
import { openChatWorkspace, resolveRun, send, sendPictureFromComposer } from './livechat-fixtures';

test("an administrator adds a Facebook Page (against the local Graph fake), Meta's handshake is answered, a person's message reaches the agent's /chat and the answer goes out by the Send API", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const fb = await fakeFacebook();
  const run = unique();
  const name = `Fanpage ${run}`;
  try {
    await signInAs(page, request, ACCOUNTS.administrator.email);
    await page.goto('/settings/multi-channels/facebook');
    await expect(page.getByRole('heading', { name: 'Kênh Facebook' })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm Trang Facebook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Trang Facebook' });
    await dialog.getByLabel('Tên kênh').fill(name);
    await dialog.getByLabel('Địa chỉ Graph API').fill(fb.url);
    // The Page is picked from those the administrator's account may message from; its own
    // token is taken by the server, never typed nor shown.
    await dialog.getByLabel('User access token').fill(fb.page.userToken);
    await dialog.getByRole('button', { name: 'Tải danh sách Trang' }).click();
    await expect(dialog.getByLabel('Trang', { exact: true })).toHaveValue(fb.page.pageId);
    await expect(dialog.getByLabel('Page ID')).toHaveValue(fb.page.pageId);
    await expect(dialog.getByLabel('Tên Trang')).toHaveValue(fb.page.pageName);
    await dialog.getByLabel('App secret').fill(fb.page.appSecret);
    await dialog.getByRole('button', { name: 'Tạo Verify token ngẫu nhiên' }).click();
    const verifyToken = await dialog.getByLabel(/^Verify token/).inputValue();
    expect(verifyToken).toMatch(/^[0-9a-f]{32}$/);
    await screenshotsAtBothSizes(page, 'facebook-channel-dialog');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(fb.page.pageName);
    await expect(row).toContainText('Verify token: đã lưu');
    await expect(row).toContainText('Page access token: đã lưu');
    await expect(page.locator('body')).not.toContainText(fb.page.appSecret);
    await expect(page.locator('body')).not.toContainText(verifyToken);
    await expect(page.locator('body')).not.toContainText(fb.page.pageToken);
    await screenshotsAtBothSizes(page, 'facebook-channels');

    const admin = await apiLogin(request, ACCOUNTS.administrator.email);
    const channels = (
      await (await send(request, admin.token, 'GET', '/v2/channels?kind=facebook')).json()
    ).data as { _id: string; name: string; settings: Record<string, unknown> }[];
    const channel = channels.find((one) => one.name === name)!;
    const webhook = `${baseURL}/v2/webhooks/facebook/${channel._id}`;
    await expect(row).toContainText(`Webhook URL: ${webhook}`);
    // Meta's verification request, as the app's webhook page sends it.
    const handshake = await request.get(
      `${webhook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=987654`,
    );
    expect(handshake.status()).toBe(200);
    expect(await handshake.text()).toBe('987654');

    // Its conversations go to a department whose agent is AVAILABLE.
    const agentPage = await (await browser.newContext()).newPage();
    const agent = await signInAs(agentPage, request, ACCOUNTS.agent.email);
    const department = (
      await (
        await send(request, admin.token, 'POST', '/v2/group', {
          target: 'user',
          name: `Facebook ${run}`,
          member_ids: [agent._id],
        })
      ).json()
    ).data._id as string;
    const saved = await send(request, admin.token, 'PUT', `/v2/channels/${channel._id}`, {
      kind: 'facebook',
      name,
      group_id: department,
      settings: channel.settings,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    await openChatWorkspace(agentPage);

    const person = `Khách Facebook ${run}`;
    fb.person(`psid-${run}`, person);
    const status = await fb.deliver(
      webhook,
      fb.webhook([fb.message(`psid-${run}`, { text: 'Shop ơi, áo này còn size M không?' })]),
    );
    expect(status).toBe(200);
    const conversation = agentPage.getByRole('link').filter({ hasText: person });
    await expect(conversation).toBeVisible();
    await conversation.click();
    // In the conversation's log (the list's row previews the same words).
    const log = agentPage.getByRole('log', { name: 'Tin nhắn' });
    await expect(log.getByText('Shop ơi, áo này còn size M không?')).toBeVisible();
    const composer = agentPage.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await composer.fill('Dạ còn size M ạ');
    await composer.press('Enter');
    await expect(log.getByText('Dạ còn size M ạ')).toBeVisible();
    await expect
      .poll(() => fb.sent.map((message) => message.message.text))
      .toContain('Dạ còn size M ạ');
    expect(fb.sent.at(-1)).toMatchObject({
      recipient: { id: `psid-${run}` },
      messaging_type: 'RESPONSE',
    });
    // Meta's acceptance reaches the open conversation live.
    await expect(log.getByText('Đã gửi')).toBeVisible();
    // A picture the agent attaches goes to Meta in one upload-and-send, byte for byte.
    const picture = await sendPictureFromComposer(agentPage);
    await expect(agentPage.getByRole('img', { name: 'bang-gia.png' })).toBeVisible();
    await expect.poll(() => fb.sent.at(-1)?.file?.fileName).toBe('bang-gia.png');
    expect(fb.sent.at(-1)).toMatchObject({
      recipient: { id: `psid-${run}` },
      message: { attachment: { type: 'image', payload: {} } },
    });
    expect(fb.sent.at(-1)!.file!.content.equals(picture)).toBe(true);
    await expect(log.getByText('Đã gửi')).toHaveCount(2);
    await screenshotsAtBothSizes(agentPage, 'facebook-chat');
    await resolveRun(request, admin.token, run);
    await agentPage.context().close();
  } finally {
    await fb.close();
  }
});
