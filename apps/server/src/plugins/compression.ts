import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KB and more (lists, CSV exports, the OpenAPI document) for
 * clients that ask with Accept-Encoding; see docs/decisions/010-compression.md.
 * - Its hook attaches to the routes registered after it: the API and its docs. The web app
 *   is registered before it on purpose: the build writes its .br/.gz copies at the strongest
 *   settings (apps/web/build/precompress.ts) and the server sends them as they are; files
 *   too small to gain (under 1 KB) go out as they are rather than recompressed per request.
 * - Brotli at quality 4 (the default) and gzip level 6: close to the best ratio for JSON at a
 *   small fraction of the CPU of the strongest settings, which only pay off at build time.
 * - Streams (the CSV export) are compressed as they flow; Server-Sent Events
 *   (text/event-stream) are left alone by the plugin's default type filter, since
 *   compression would hold events back until a buffer fills.
 * - Request bodies are not decompressed: a few KB of gzip can expand to gigabytes, and no
 *   client of this API sends compressed bodies.
 * - Answers that carry a secret next to input the client sent (sign-in, activation) opt out
 *   per route with `compress: false` (BREACH).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
