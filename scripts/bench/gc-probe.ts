import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Preloaded into a benchmarked server (`--expose-gc --import`, never in the product):
 * on SIGUSR2 it runs a full collection and writes the process's memory, so a
 * benchmark reads what is still held rather than garbage not yet collected.
 */
export const gcProbeFile = (pid: number) => path.join(tmpdir(), `kontora-gc-probe-${pid}.json`);

const collect = (globalThis as { gc?: () => void }).gc;
if (collect) {
  process.on('SIGUSR2', () => {
    collect();
    collect();
    const status = readFileSync('/proc/self/status', 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    writeFileSync(
      gcProbeFile(process.pid),
      JSON.stringify({ ...process.memoryUsage(), rssKb, at: Date.now() }),
    );
  });
}
