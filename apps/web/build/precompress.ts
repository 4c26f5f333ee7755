import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|xml|map)$/;
/**
 * Below this a compressed copy saves next to nothing and can even be larger; the server
 * compresses nothing smaller on the fly either (@fastify/compress threshold).
 */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/manifest.json` is build metadata, not served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * text file of the build, public files (translations) included, once everything is
 * written. The server sends them as they are (@fastify/static `preCompressed`), so the
 * slow, strongest settings cost build time once instead of CPU on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kontora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const file of textFiles(outDir)) {
          if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
          jobs.push(
            readFile(file).then(async (source) => {
              const [br, gzipped] = await Promise.all([
                brotli(source, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gz(source, { level: constants.Z_BEST_COMPRESSION }),
              ]);
              await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
            }),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}
