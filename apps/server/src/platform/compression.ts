import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Only the API's answers are compressed on the fly. */
const COMPRESSED_ROUTES = /^\/v2(\/|$)/;

/**
 * JSON and text; never a server-sent stream (text/event-stream): its events would wait in the
 * compressor's buffer. Binary files (images, PDF, office files, octet-stream) are compressed
 * already or not worth it.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/**
 * Compresses the API's answers of 1 KB and more for clients that accept it: brotli at quality 4
 * (cheap: a fraction of a millisecond for a page of 50 tickets) or gzip at level 6, with
 * `Vary: Accept-Encoding`. The web app's files are compressed once at build time
 * (scripts/lib/precompress.mjs) and sent as they are stored (@fastify/static `preCompressed`),
 * so every route outside /v2 is left alone here; socket.io answers its own requests beside
 * Fastify's routes and never passes through this. Request bodies are never decompressed.
 * Register before the routes: the plugin decides per route when the route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!COMPRESSED_ROUTES.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
}
