import { readFile } from 'node:fs/promises';

/** A process's resident memory in bytes, from /proc (Linux). */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * Reads the process's idle memory, then samples it every `everyMs` until `stop()`, which answers
 * the idle level and the peak seen meanwhile (a peak between samples can be missed).
 */
export async function watchRss(
  pid: number,
  everyMs = 50,
): Promise<{ stop(): { idle: number; peak: number } }> {
  const idle = await rssBytes(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    rssBytes(pid)
      .then((rss) => {
        peak = Math.max(peak, rss);
      })
      .catch(() => {});
  }, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      return { idle, peak };
    },
  };
}
