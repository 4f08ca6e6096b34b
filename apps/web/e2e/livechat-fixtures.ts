/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { realtimeConnected } from './fixtures';

/** A plain page of another site (its own origin) embedding the widget with its one tag. */
export async function siteEmbedding(baseURL: string, channelId: string) {
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Cửa hàng</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
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

/** An API call with a session token. */
export const send = (
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: object,
) => request.fetch(url, { method, headers: { Authorization: token }, ...(data ? { data } : {}) });

/**
 * Resolves every open conversation of this run (its visitors' names hold `run`): an agent's
 * open chats count against their capacity, and come back to them from the queue whenever they
 * are AVAILABLE again, so a test leaves none behind for the next.
 */
export async function resolveRun(request: APIRequestContext, adminToken: string, run: string) {
  const listed = await send(request, adminToken, 'GET', `/v2/conversations?box=all&q=${run}`);
  for (const row of (await listed.json()).data as { _id: string }[])
    await send(request, adminToken, 'PUT', `/v2/tickets/${row._id}`, { status: 'solved' });
}

/** A department of `memberIds` and a livechat channel sending its chats there; answers its id. */
export async function livechatChannel(
  request: APIRequestContext,
  adminToken: string,
  run: string,
  memberIds: string[],
  settings: Record<string, unknown> = {},
) {
  const department = await send(request, adminToken, 'POST', '/v2/group', {
    target: 'user',
    name: `Livechat ${run}`,
    member_ids: memberIds,
  });
  expect(department.status(), await department.text()).toBe(201);
  const channel = await send(request, adminToken, 'POST', '/v2/channels', {
    kind: 'livechat',
    name: `Website ${run}`,
    group_id: (await department.json()).data._id,
    settings: { title: `Hỗ trợ ${run}`, color: '#0E7C66', ...settings },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  return (await channel.json()).data._id as string;
}

/** A visitor in a browser of their own on the site, the widget opened. */
export async function visitorOn(browser: Browser, siteUrl: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(siteUrl);
  await page.getByRole('button', { name: 'Mở khung chat' }).click();
  return { page, close: () => context.close() };
}

/** The visitor fills the pre-chat form and writes their first message. */
export async function startChat(visitor: Page, name: string, first: string) {
  await visitor.getByLabel('Họ tên').fill(name);
  await visitor.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
  const box = visitor.getByLabel('Nhập tin nhắn');
  await box.fill(first);
  await box.press('Enter');
  await expect(visitor.getByText(first)).toBeVisible();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of `size`×`size` pixels: a diagonal of two colours (RGB). */
export function twoTonePng(size: number, a: [number, number, number], b: [number, number, number]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(x + y < size ? a : b, 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Counts the chat's chimes: each note of it is an oscillator the page starts. */
export async function countSounds(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { chatSounds: number };
    counted.chatSounds = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counted.chatSounds += 1;
      return original.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { chatSounds: number }).chatSounds);
}

/** The unread count the title shows ('OmniCare (3)'; 9+ as 10; none as 0). */
export async function titleCount(page: Page) {
  const count = /\((\d+|9\+)\)\s*$/.exec(await page.title())?.[1];
  return count === undefined ? 0 : count === '9+' ? 10 : Number(count);
}

/**
 * The agent attaches a picture in the open conversation's composer (`bang-gia.png`, 120×120)
 * and sends it; answers the picture's bytes.
 */
export async function sendPictureFromComposer(page: Page) {
  const buffer = twoTonePng(120, [14, 124, 102], [250, 204, 21]);
  await page
    .getByTestId('chat-composer')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bang-gia.png', mimeType: 'image/png', buffer });
  await page.getByRole('button', { name: 'Gửi', exact: true }).click();
  return buffer;
}

/**
 * The chat workspace open and live: its socket connected and its list read. A conversation
 * pushed before the socket connects reaches nobody, and the list read before it does not have
 * it: a scenario starts its visitor's chat only once the agent's screen is ready.
 */
export async function openChatWorkspace(page: Page) {
  await page.goto('/chat');
  await realtimeConnected(page);
  const list = page.getByRole('region', { name: 'Danh sách cuộc trò chuyện' });
  await expect(
    list.getByRole('link').or(list.getByText('Không có cuộc trò chuyện nào')).first(),
  ).toBeVisible();
}
