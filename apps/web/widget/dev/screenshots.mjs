// DEV TOOL: clicks through the widget on the fake server (fake-server.mjs) in Chromium and saves
// screenshots at 1366 and 390 wide.
//   node apps/web/widget/dev/screenshots.mjs <out-folder> [api-port] [page-port] [chromium]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [
  out = 'widget-shots',
  apiPort = '47310',
  pagePort = '47311',
  executablePath = '/usr/bin/chromium',
] = process.argv.slice(2);
const api = `http://127.0.0.1:${apiPort}`;
const page = `http://127.0.0.1:${pagePort}/`;
mkdirSync(out, { recursive: true });

const dev = (action, body = {}) =>
  fetch(`${api}/dev/${action}`, { method: 'POST', body: JSON.stringify(body) }).then((r) =>
    r.json(),
  );
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const errors = [];
const checks = [];
for (const [label, viewport] of [
  ['1366', { width: 1366, height: 768 }],
  ['390', { width: 390, height: 844 }],
]) {
  await dev('forget-visitors');
  await dev('config', { online: true, color: '#1F6FEB' });
  const context = await browser.newContext({ viewport, locale: 'vi-VN' });
  const tab = await context.newPage();
  tab.on('pageerror', (error) => errors.push(`${label}: ${error.message}`));
  tab.on(
    'console',
    (message) => message.type() === 'error' && errors.push(`${label}: ${message.text()}`),
  );
  const shot = (name) => tab.screenshot({ path: `${out}/${label}-${name}.png` });
  await tab.goto(page);
  const launcher = tab.getByRole('button', { name: 'Mở khung chat' });
  await launcher.waitFor();
  await shot('1-closed');
  await launcher.click();
  await tab.getByRole('button', { name: 'Bắt đầu trò chuyện' }).waitFor();
  await pause(300);
  await tab.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
  await tab.getByText('Vui lòng nhập họ tên').waitFor();
  await shot('2-prechat-errors');
  await tab.getByLabel('Họ tên').fill('Trần Minh Anh');
  await tab.getByLabel('Số điện thoại').fill('0912 345 678');
  await shot('3-prechat-filled');
  await tab.getByRole('button', { name: 'Bắt đầu trò chuyện' }).click();
  const box = tab.getByRole('textbox', { name: 'Nhập tin nhắn' });
  await box.waitFor();
  await box.fill('Chào shop, máy lọc nước RO 10 lõi còn hàng không ạ?');
  await box.press('Enter');
  await box.fill('<img src=x onerror=alert(1)>');
  await box.press('Enter');
  await tab.getByText('<img src=x onerror=alert(1)>').waitFor();
  // The visitor sends a picture (the file picker; paste and drop take the same path).
  await tab
    .locator('input[type=file]')
    .setInputFiles(new URL('./sample.png', import.meta.url).pathname);
  await tab.locator('.oc-row-in .oc-img img[src^="blob:"]').waitFor();
  await tab.locator('input[type=file]').setInputFiles({
    name: 'virus.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  checks.push([
    `${label} a refused file type says why`,
    await tab
      .getByText('Chỉ gửi được ảnh (PNG, JPEG, GIF, WEBP), PDF, Word, Excel, TXT hoặc CSV')
      .isVisible(),
  ]);
  await pause(300);
  await dev('agent-message', {
    body: 'Dạ chào chị Minh Anh, mẫu RO 10 lõi hiện còn hàng ạ. Em gửi chị bảng giá nhé:',
  });
  await dev('agent-message', { image: true });
  await dev('agent-message', { file: true, body: '' });
  await dev('seen');
  await dev('typing', { typing: true });
  await tab.locator('.oc-img img[src^="blob:"]').first().waitFor();
  await pause(400);
  await shot('4-conversation');
  await dev('typing', { typing: false });
  await dev('resolve');
  await tab.getByRole('radio', { name: '4 sao' }).click();
  await tab.getByRole('textbox', { name: 'Nhận xét' }).fill('Tư vấn nhanh, nhiệt tình');
  await pause(300);
  await shot('5-survey');
  await tab.getByRole('button', { name: 'Gửi đánh giá' }).click();
  await tab.getByText('Cảm ơn anh/chị đã đánh giá').waitFor();
  await shot('6-rated');
  await tab.reload();
  await tab.getByText('Chào shop, máy lọc nước RO 10 lõi còn hàng không ạ?').waitFor();
  await pause(400);
  await shot('7-after-reload');

  // Keyboard: the composer has the focus after a reload reopened the panel; Escape closes and
  // gives the focus back to the launcher.
  const focused = () =>
    tab.evaluate(() =>
      document
        .querySelector('omnicare-livechat')
        ?.shadowRoot?.activeElement?.getAttribute('aria-label'),
    );
  checks.push([`${label} focus on the composer`, (await focused()) === 'Nhập tin nhắn']);
  await tab.keyboard.press('Escape');
  checks.push([
    `${label} Escape closes, focus on the launcher`,
    (await focused()) === 'Mở khung chat',
  ]);
  await tab.getByRole('button', { name: 'Mở khung chat' }).click();
  await pause(200);

  // A lost ack and a dropped socket: the message is resent after the reconnect and shown once.
  await dev('config', { dropAcks: true });
  await box.fill('Tin gửi lúc mất mạng');
  await box.press('Enter');
  await pause(500);
  const queued = await tab.evaluate(() => localStorage.getItem('omnicare-livechat:demo'));
  checks.push([
    `${label} unacked message kept in the queue`,
    queued.includes('Tin gửi lúc mất mạng'),
  ]);
  await dev('config', { dropAcks: false });
  await dev('drop-sockets');
  await tab.waitForFunction(
    () => !localStorage.getItem('omnicare-livechat:demo').includes('Tin gửi lúc mất mạng'),
    null,
    { timeout: 15_000 },
  );
  await pause(300);
  checks.push([
    `${label} shown once after the reconnect`,
    (await tab.getByText('Tin gửi lúc mất mạng').count()) === 1,
  ]);
  const { log: serverLog } = (await dev('log')).data;
  checks.push([
    `${label} the server holds it once`,
    serverLog.filter((entry) => entry.body === 'Tin gửi lúc mất mạng').length === 1,
  ]);
  checks.push([
    `${label} typing reached the server`,
    serverLog.some((entry) => entry.kind === 'typing' && entry.typing),
  ]);
  await context.close();

  // Another channel look: amber (dark text on it), bottom left.
  await dev('config', { color: '#FBBF24', position: 'left', title: 'Tư vấn bán hàng' });
  const styled = await browser.newContext({ viewport, locale: 'vi-VN' });
  const styledTab = await styled.newPage();
  await styledTab.goto(page);
  await styledTab.getByRole('button', { name: 'Mở khung chat' }).click();
  await styledTab.getByRole('button', { name: 'Bắt đầu trò chuyện' }).waitFor();
  await pause(300);
  await styledTab.screenshot({ path: `${out}/${label}-10-left-amber.png` });
  await styled.close();
  await dev('config', { color: '#1F6FEB', position: 'right', title: 'Hỗ trợ trực tuyến' });

  await dev('config', { online: false });
  const offline = await browser.newContext({ viewport, locale: 'vi-VN' });
  const offlineTab = await offline.newPage();
  await offlineTab.goto(page);
  await offlineTab.getByRole('button', { name: 'Mở khung chat' }).click();
  await offlineTab.getByRole('button', { name: 'Gửi tin nhắn' }).waitFor();
  await offlineTab.getByLabel('Họ tên').fill('Lê Văn Bình');
  await offlineTab.getByLabel('Email').fill('binh@example.vn');
  await offlineTab
    .getByLabel('Nội dung')
    .fill('Tôi cần tư vấn lắp máy lọc nước cho văn phòng 30 người.');
  await pause(300);
  await offlineTab.screenshot({ path: `${out}/${label}-8-offline.png` });
  await offlineTab.getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await offlineTab.getByText('Cảm ơn anh/chị, chúng tôi sẽ liên hệ lại sớm nhất').waitFor();
  await offlineTab.screenshot({ path: `${out}/${label}-9-offline-sent.png` });
  await offline.close();
}
await browser.close();
for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log(errors.length ? `page errors:\n${errors.join('\n')}` : 'no page errors');
if (errors.length || checks.some(([, ok]) => !ok)) process.exitCode = 1;
