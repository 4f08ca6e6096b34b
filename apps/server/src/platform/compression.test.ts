import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../../../scripts/lib/precompress.mjs';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { registerCompression } from './compression.js';

const BROWSER = 'gzip, deflate, br, zstd';

/** A few kilobytes of script, as a built chunk would hold. */
const SCRIPT = Array.from(
  { length: 200 },
  (_, i) => `export const label${i} = 'Danh sách ticket số ${i}';`,
).join('\n');
const STYLE = Array.from({ length: 100 }, (_, i) => `.row-${i}{padding:${i}px}`).join('\n');
const PAGE = `<!doctype html><html lang="vi"><head><title>OmniCare</title>
<script type="module" src="/assets/app-abc123.js"></script></head><body>${'<div></div>'.repeat(
  100,
)}</body></html>`;

describe('the built web app, compressed at build time', () => {
  let webDist: string;
  let web: TestApp;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'omnicare-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), PAGE);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.map'), JSON.stringify({ SCRIPT }));
    await writeFile(path.join(webDist, 'assets', 'app-abc123.css'), STYLE);
    await writeFile(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.alloc(2048, 7));
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg/>');
    await precompress(webDist);
    web = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await web.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('writes a brotli and a gzip copy beside each text file, only where they are smaller', async () => {
    const script = path.join(webDist, 'assets', 'app-abc123.js');
    expect(brotliDecompressSync(await readFile(`${script}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(`${script}.gz`)).toString()).toBe(SCRIPT);
    for (const file of ['index.html', 'assets/app-abc123.css']) {
      expect(existsSync(path.join(webDist, `${file}.br`)), file).toBe(true);
      expect(existsSync(path.join(webDist, `${file}.gz`)), file).toBe(true);
    }
    // Source maps only in gzip; images are never compressed; nothing bigger than the file.
    expect(existsSync(`${script}.map.gz`)).toBe(true);
    expect(existsSync(`${script}.map.br`)).toBe(false);
    expect(existsSync(path.join(webDist, 'assets', 'logo-abc123.png.gz'))).toBe(false);
    expect(existsSync(path.join(webDist, 'favicon.svg.br'))).toBe(false);
  });

  const asset = (acceptEncoding?: string) =>
    web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a browser that takes it, cached for good', async () => {
    const response = await asset(BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing to revalidate: no validators, bytes saved on every file of the first screen.
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    expect(response.headers['accept-ranges']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is taken, and the file itself otherwise', async () => {
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    for (const plain of [await asset(), await asset('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // The answer depends on the header even when it is not compressed (shared caches).
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends the stylesheet and the page of client routes compressed too, the page never cached', async () => {
    const style = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.css',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(style.headers['content-encoding']).toBe('br');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    for (const url of ['/', '/tickets?view=mine']) {
      const page = await web.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('gzip');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      // Asked again on every visit: its validator turns an unchanged page into a 304.
      expect(page.headers.etag, url).toBeDefined();
      expect(gunzipSync(page.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('sends a small file without a copy as it is, never compressing it on the fly', async () => {
    const icon = await web.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg/>');
  });
});

describe('API answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await seedTenant(t, 'Nén');
    token = await t.login(tenant.email('admin'));
    for (let n = 1; n <= 12; n++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v2/tickets',
        headers: bearer(token),
        payload: { subject: `Khách hàng báo mất kết nối Internet lần ${n}` },
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/v2/tickets?page_size=50',
      headers: { ...bearer(token), ...headers },
    });

  it('compresses a large list for a client that asks, and not for one that does not', async () => {
    const plain = await list({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    expect(plain.json().data).toHaveLength(12);

    const brotli = await list({ 'accept-encoding': BROWSER });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/json/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const decoded = JSON.parse(brotliDecompressSync(brotli.rawPayload).toString());
    expect(decoded.total).toBe(plain.json().total);
    expect(decoded.data.map((row: { _id: string }) => row._id)).toEqual(
      plain.json().data.map((row: { _id: string }) => row._id),
    );

    const gzipped = await list({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString()).total).toBe(plain.json().total);

    expect((await list({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBe(
      undefined,
    );
  });

  it('sends a small answer as it is', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/v2/health',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('what is never compressed on the fly', () => {
  const big = 'x'.repeat(8192);
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/v2/stream', async (_request, reply) =>
      reply.type('text/event-stream').send(`data: ${big}\n\n`),
    );
    app.get('/v2/big', async () => ({ big }));
    app.get('/elsewhere', async () => ({ big }));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': BROWSER } });

  it('leaves server-sent streams and routes outside the API alone', async () => {
    expect((await get('/v2/big')).headers['content-encoding']).toBe('br');
    const stream = await get('/v2/stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body).toBe(`data: ${big}\n\n`);
    expect((await get('/elsewhere')).headers['content-encoding']).toBeUndefined();
  });
});
