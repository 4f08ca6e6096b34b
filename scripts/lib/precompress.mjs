// Brotli and gzip copies of the built web app's text files, made once at build time, so the
// server sends them as they are (@fastify/static `preCompressed`) instead of compressing the
// same bytes for every visitor. `node scripts/lib/precompress.mjs <folder>` or precompress().
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Source maps are fetched only by the developer tools: gzip alone, brotli's best is slow. */
const GZIP_ONLY = /\.map$/;
/** Files compressed at once (zlib works in libuv's pool of four threads). */
const PARALLEL = 4;

async function filesUnder(folder) {
  const found = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) found.push(full);
  }
  return found;
}

/**
 * Writes `<file>.br` (brotli, best quality, text mode) and `<file>.gz` (gzip level 9) beside
 * every compressible file under `folder`, each only where it is smaller than the file (a file
 * without a copy is sent as it is). Answers the count of files and their sizes summed.
 */
export async function precompress(folder) {
  const files = await filesUnder(folder);
  const totals = { files: files.length, bytes: 0, br: 0, gz: 0 };
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const content = await readFile(file);
      totals.bytes += content.length;
      const copies = [
        ['.gz', gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
        GZIP_ONLY.test(file)
          ? null
          : [
              '.br',
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
      ].filter(Boolean);
      for (const [extension, compressing] of copies) {
        const compressed = await compressing;
        if (compressed.length >= content.length) continue;
        await writeFile(file + extension, compressed);
        totals[extension.slice(1)] += compressed.length;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder || !(await stat(folder).catch(() => null))?.isDirectory()) {
    console.error('usage: node scripts/lib/precompress.mjs <folder>');
    process.exit(1);
  }
  await precompress(folder);
}
