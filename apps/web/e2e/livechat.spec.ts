import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  apiLogin,
  screenshot,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';

/** A plain page of another site (its own origin) embedding the widget with its one tag. */
async function siteEmbedding(baseURL: string, channelId: string) {
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Cửa hàng</title>
<style>* { font-family: serif !important; color: #a00 !important; } button { background: lime; }</style>
</head><body><h1>Cửa hàng mẫu</h1>
<script src="${baseURL}/widget.js" data-channel="${channelId}" async></script></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const send = (
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: object,
) => request.fetch(url, { method, headers: { Authorization: token }, ...(data ? { data } : {}) });

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
  const department = await send(request, admin.token, 'POST', '/v2/group', {
    target: 'user',
    name: `Livechat ${run}`,
    member_ids: [agent._id],
  });
  expect(department.status(), await department.text()).toBe(201);
  const channel = await send(request, admin.token, 'POST', '/v2/channels', {
    kind: 'livechat',
    name: `Website ${run}`,
    group_id: (await department.json()).data._id,
    settings: { title: `Hỗ trợ ${run}`, color: '#0E7C66' },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  const site = await siteEmbedding(baseURL!, (await channel.json()).data._id);
  await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'AVAILABLE' });
  await page.goto('/chat');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Mở khung chat' }).click();
    await expect(visitor.getByRole('dialog')).toContainText(`Hỗ trợ ${run}`);
    const name = `Khách ${run}`;
    await visitor.getByLabel('Họ tên').fill(name);
    await visitor.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
    const box = visitor.getByLabel('Nhập tin nhắn');
    await box.fill('Cho em hỏi gói cước 300Mbps ạ');
    await box.press('Enter');
    await expect(visitor.getByText('Cho em hỏi gói cước 300Mbps ạ')).toBeVisible();

    // The agent's list gets it without a reload; it is theirs (routed), waiting.
    const row = page.getByRole('link').filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page.getByText('Cho em hỏi gói cước 300Mbps ạ')).toBeVisible();
    const composer = page.getByRole('textbox', { name: 'Soạn tin nhắn' });
    await composer.fill('Dạ gói 300Mbps là 250.000đ/tháng ạ');
    await composer.press('Enter');
    await expect(visitor.getByText('Dạ gói 300Mbps là 250.000đ/tháng ạ')).toBeVisible();
    await screenshotsAtBothSizes(page, 'chat-workspace');
    await screenshotsAtBothSizes(visitor, 'widget-open');
    await visitor.setViewportSize({ width: 390, height: 800 });
    await screenshot(visitor, 'widget-open-390');

    // The conversation survives a reload of the visitor's page (the panel opens again by itself).
    await visitor.reload();
    await expect(visitor.getByRole('button', { name: 'Đóng khung chat' }).first()).toBeVisible();
    await expect(visitor.getByText('Dạ gói 300Mbps là 250.000đ/tháng ạ')).toBeVisible();
    await expect(visitor.getByText('Cho em hỏi gói cước 300Mbps ạ')).toHaveCount(1);
  } finally {
    await send(request, agent.token, 'PUT', '/v2/my-presence', { presence: 'NOT AVAILABLE' });
    await visitorContext.close();
    site.close();
  }
});
