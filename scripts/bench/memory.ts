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

/**
 * A process's CPU time (user + system) in seconds, from /proc (Linux): on a shared machine the
 * wall time of a run says little, its CPU time more.
 */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
