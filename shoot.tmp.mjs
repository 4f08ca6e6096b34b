import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3457';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await context.newPage();
const login = await (await fetch(`${base}/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'supervisor@demo.vn', password: 'Demo@123456' }) })).json();
await page.goto(`${base}/login`);
await page.evaluate((data) => { localStorage.setItem('user', JSON.stringify(data)); }, login.data);
const screens = process.argv.slice(2);
for (const screen of screens) {
  for (const width of [1366, 1920]) {
    await page.setViewportSize({ width, height: width === 1366 ? 768 : 1080 });
    await page.goto(`${base}/report/${screen}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/reports-shots/${screen}-${width}.png`, fullPage: true });
  }
}
await browser.close();
