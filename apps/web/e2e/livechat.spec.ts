import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  apiCreate,
  apiLogin,
  screenshot,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';
import {
  countSounds,
  livechatChannel,
  openChatWorkspace,
  resolveRun,
  send,
  siteEmbedding,
  startChat,
  titleCount,
  sendPictureFromComposer,
  visitorOn,
} from './livechat-fixtures';

test('a visitor on another site chats with the AVAILABLE agent of the channel, live both ways, and keeps the conversation across a reload', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // Two browsers and a second site: more steps than one page's test.
  test.setTimeout(240_000);
  const run = unique();
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const agent = await signInAs(page, request, ACCOUNTS.agent.email);
  const channelId = await livechatChannel(request, admin.token, run, [agent._id]);
  // A chat template the agent answers with through '/', its placeholder filled for the chat.
  const shortcut = `/gia${run}`.slice(0, 31);
  await apiCreate(request, admin.token, '/v2/core/template', {
    kind: 'chat',
    name: `Báo giá 300Mbps ${run}`,
    content: 'Dạ chào {{customer.name}}, gói 300Mbps là 250.000đ/tháng ạ',
    shortcut,
    visibility: 'everyone',
  });
  const site = await siteEmbedding(baseURL!, channelId);
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  const sounds = await countSounds(page);
  await openChatWorkspace(page);
  const soundsBefore = await sounds();
  const countBefore = await titleCount(page);

  const visitor = await visitorOn(browser, site.url);
  try {
    await expect(visitor.page.getByRole('dialog')).toContainText(`Hỗ trợ ${run}`);
    const name = `Khách ${run}`;
    await startChat(visitor.page, name, 'Cho em hỏi gói cước 300Mbps ạ');

    // The agent's list gets it without a reload; it is theirs (routed), with a sound and the
    // title's count raised (the bell's notification of the new chat).
    const row = page.getByRole('link').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect.poll(sounds).toBeGreaterThan(soundsBefore);
    await expect.poll(() => titleCount(page)).toBeGreaterThan(countBefore);
    await expect(page).toHaveTitle(/^OmniCare \((\d|9\+)\)$/);
    await row.click();
    // In the conversation (a bell's toast may show the same words).
    const messages = page.getByRole('log', { name: 'Tin nhắn' });
    await expect(messages.getByText('Cho em hỏi gói cước 300Mbps ạ')).toBeVisible();

    // A template through '/', its placeholder filled with the visitor's name.
    const composer = page.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await composer.fill(shortcut);
    const palette = page.getByTestId('reply-palette');
    await expect(
      palette.getByRole('option', { name: new RegExp(`Báo giá 300Mbps ${run}`) }),
    ).toBeVisible();
    await expect(page.getByTestId('reply-palette-preview')).toContainText(
      `Dạ chào ${name}, gói 300Mbps là 250.000đ/tháng ạ`,
    );
    await screenshotsAtBothSizes(page, 'chat-template-palette');
    await composer.press('Enter');
    await expect(composer).toHaveValue(`Dạ chào ${name}, gói 300Mbps là 250.000đ/tháng ạ`);
    await composer.press('Enter');
    await expect(
      visitor.page.getByText(`Dạ chào ${name}, gói 300Mbps là 250.000đ/tháng ạ`),
    ).toBeVisible();

    // An image the agent attaches: the visitor sees it as a picture.
    await sendPictureFromComposer(page);
    const picture = visitor.page.getByRole('img', { name: 'bang-gia.png' });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(120);
    await expect(page.getByRole('img', { name: 'bang-gia.png' })).toBeVisible();

    await screenshotsAtBothSizes(page, 'chat-workspace');
    await screenshotsAtBothSizes(visitor.page, 'widget-open');
    await visitor.page.setViewportSize({ width: 390, height: 800 });
    await screenshot(visitor.page, 'widget-open-390');

    // The conversation survives a reload of the visitor's page (the panel opens again by itself).
    await visitor.page.reload();
    await expect(
      visitor.page.getByRole('button', { name: 'Đóng khung chat' }).first(),
    ).toBeVisible();
    await expect(
      visitor.page.getByText(`Dạ chào ${name}, gói 300Mbps là 250.000đ/tháng ạ`),
    ).toBeVisible();
    await expect(visitor.page.getByText('Cho em hỏi gói cước 300Mbps ạ')).toHaveCount(1);
    await expect(visitor.page.getByRole('img', { name: 'bang-gia.png' })).toBeVisible();
  } finally {
    await resolveRun(request, admin.token, run);
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitor.close();
    site.close();
  }
});
