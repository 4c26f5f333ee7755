import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const WEB = path.resolve(import.meta.dirname, '../../../web');
const VITE = path.resolve(import.meta.dirname, '../../../../node_modules/vite/bin/vite.js');

/**
 * Builds the web app from its current sources into a temporary folder (a few seconds),
 * so a test of how the server sends it never reads a stale or missing apps/web/dist.
 */
export async function buildWebAppForTest(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kontora-web-'));
  await promisify(execFile)(
    process.execPath,
    [VITE, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: WEB,
    },
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
