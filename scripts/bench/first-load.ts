import { statSync } from 'node:fs';
import path from 'node:path';
import { measureBundles } from '../bundle-size.ts';
import { formatLighthouse, runLighthouse } from './lighthouse.ts';
import { startServer } from './server-process.ts';
import { formatWireBytes, measureWireBytes } from './wire-bytes.ts';

/**
 * First load as a person receives it: bytes on the wire per route from the real server,
 * then Lighthouse (mobile and desktop). `BENCH_LIGHTHOUSE=0` skips Lighthouse.
 */
export async function benchFirstLoad(demo: { email: string; password: string }): Promise<void> {
  const distDir = path.resolve(import.meta.dirname, '../../apps/web/dist');
  const server = await startServer();
  try {
    const wire = await measureWireBytes(
      server.url,
      measureBundles(distDir),
      (file) => statSync(path.join(distDir, file)).size,
    );
    console.log(
      '\nFirst load: bytes on the wire per route (Accept-Encoding: br, gzip; HTML, JS, CSS, en.json)',
    );
    console.log(formatWireBytes(wire));
    if (process.env.BENCH_LIGHTHOUSE === '0') return;
    console.log('\nLighthouse (mobile: slow 4G, 4x CPU slowdown; desktop: its desktop settings)');
    console.log(formatLighthouse(await runLighthouse(server.url, demo)));
  } finally {
    await server.stop();
  }
}
