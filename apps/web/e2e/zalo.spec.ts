import { expect, test } from '@playwright/test';
import { fakeZalo } from '../../server/src/modules/channels/zalo-fake';
import { ACCOUNTS, apiLogin, screenshotsAtBothSizes, signInAs, unique } from './fixtures';
import { openChatWorkspace, resolveRun, send, sendPictureFromComposer } from './livechat-fixtures';

test("an administrator connects a Zalo OA through Zalo's permission page (the local fake), a follower's message reaches the agent's /chat live, and the answer goes out through the OA API", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const zalo = await fakeZalo();
  const run = unique();
  const name = `Zalo ${run}`;
  try {
    await signInAs(page, request, ACCOUNTS.administrator.email);
    await page.goto('/settings/multi-channels/zalo');
    await expect(page.getByRole('heading', { name: 'Kênh Zalo OA' })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm Zalo OA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm Zalo OA' });
    await dialog.getByLabel('Tên kênh').fill(name);
    await dialog.getByLabel('App ID').fill(zalo.account.appId);
    await dialog.getByLabel('App secret key').fill(zalo.account.appSecret);
    await dialog.getByLabel('OA secret key').fill(zalo.account.oaSecret);
    await dialog.getByLabel('Địa chỉ OAuth của Zalo').fill(zalo.url);
    await dialog.getByLabel('Địa chỉ OpenAPI của Zalo').fill(zalo.url);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Chưa kết nối');

    // Zalo's permission page (the fake grants at once) sends the browser back to /zalo-redirect.
    await row.getByRole('button', { name: 'Kết nối' }).click();
    await page.waitForURL(/\/zalo-redirect\?/);
    await expect(page.getByText(`OA "${zalo.account.oaName}" đã được kết nối`)).toBeVisible();
    await screenshotsAtBothSizes(page, 'zalo-redirect');
    await page.getByRole('link', { name: 'Về trang Zalo OA' }).click();
    await expect(row).toContainText(zalo.account.oaName);
    await expect(row).toContainText('Đã kết nối');
    await expect(page.locator('body')).not.toContainText(zalo.account.appSecret);
    await screenshotsAtBothSizes(page, 'zalo-channels');

    // Its conversations go to a department whose agent is AVAILABLE.
    const admin = await apiLogin(request, ACCOUNTS.administrator.email);
    const agentPage = await (await browser.newContext()).newPage();
    const agent = await signInAs(agentPage, request, ACCOUNTS.agent.email);
    const department = (
      await (
        await send(request, admin.token, 'POST', '/v2/group', {
          target: 'user',
          name: `Zalo ${run}`,
          member_ids: [agent._id],
        })
      ).json()
    ).data._id as string;
    const channels = (
      await (await send(request, admin.token, 'GET', '/v2/channels?kind=zalo')).json()
    ).data as { _id: string; name: string; settings: Record<string, unknown> }[];
    const channel = channels.find((one) => one.name === name)!;
    const saved = await send(request, admin.token, 'PUT', `/v2/channels/${channel._id}`, {
      kind: 'zalo',
      name,
      group_id: department,
      settings: channel.settings,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
    await openChatWorkspace(agentPage);

    // A follower writes to the OA: Zalo posts the signed event to our webhook.
    const follower = `Khách Zalo ${run}`;
    zalo.follow(`u-${run}`, follower);
    const status = await zalo.deliver(
      `${baseURL}/v2/webhooks/zalo/${channel._id}`,
      zalo.webhook({
        event_name: 'user_send_text',
        sender: `u-${run}`,
        message: { text: 'Shop ơi, đơn hàng của mình đến đâu rồi?' },
      }),
    );
    expect(status).toBe(200);
    const conversation = agentPage.getByRole('link').filter({ hasText: follower });
    await expect(conversation).toBeVisible();
    await conversation.click();
    // In the conversation's log (the list's row previews the same words).
    const log = agentPage.getByRole('log', { name: 'Tin nhắn' });
    await expect(log.getByText('Shop ơi, đơn hàng của mình đến đâu rồi?')).toBeVisible();
    const composer = agentPage.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await composer.fill('Dạ đơn của anh/chị đang được giao ạ');
    await composer.press('Enter');
    await expect(log.getByText('Dạ đơn của anh/chị đang được giao ạ')).toBeVisible();
    await expect
      .poll(() => zalo.sent.map((message) => message.message.text))
      .toContain('Dạ đơn của anh/chị đang được giao ạ');
    expect(zalo.sent.at(-1)?.recipient.user_id).toBe(`u-${run}`);
    // Zalo's acceptance reaches the open conversation live: the reply's mark turns 'Đã gửi'.
    await expect(log.getByText('Đã gửi')).toBeVisible();

    // An image the agent attaches goes up to Zalo and out as a media message.
    await sendPictureFromComposer(agentPage);
    await expect(agentPage.getByRole('img', { name: 'bang-gia.png' })).toBeVisible();
    await expect
      .poll(() => zalo.uploads.map((upload) => `${upload.kind} ${upload.fileName}`))
      .toContain('image bang-gia.png');
    const uploaded = zalo.uploads.find((upload) => upload.fileName === 'bang-gia.png')!;
    await expect
      .poll(() => zalo.sent.at(-1)?.message.attachment)
      .toEqual({
        type: 'template',
        payload: {
          template_type: 'media',
          elements: [{ media_type: 'image', attachment_id: uploaded.handle }],
        },
      });
    await screenshotsAtBothSizes(agentPage, 'zalo-chat');
    await resolveRun(request, admin.token, run);
    await agentPage.context().close();
  } finally {
    await zalo.close();
  }
});
