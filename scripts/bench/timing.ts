import { performance } from 'node:perf_hooks';

/** The median, the 99th percentile and the slowest of samples (ms). */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** What a run that times itself answers: its duration and the process's CPU time in it (ms). */
export interface OwnTiming {
  ms: number;
  cpuMs: number;
}

/** Times `work` (wall clock and this process's CPU, user and system), for a run to time itself. */
export async function timeOwn(work: () => Promise<unknown>): Promise<OwnTiming> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Runs `work` 5 times to warm up, then `runs` times timed. A run that times itself (to leave
 * its set-up reads out) answers its own duration, or an `OwnTiming`. `cpu` is the mean CPU
 * time of this process per run (ms): on a machine loaded by other work the wall clock waits
 * for a core, the CPU time does not (the database server's own CPU is not in it).
 */
export async function timed(runs: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await work(i);
  const samples: number[] = [];
  let cpuMs = 0;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const own = await work(i);
    const used = process.cpuUsage(cpu);
    if (own && typeof own === 'object' && 'cpuMs' in own && 'ms' in own) {
      const timing = own as OwnTiming;
      samples.push(timing.ms);
      cpuMs += timing.cpuMs;
      continue;
    }
    samples.push(typeof own === 'number' ? own : performance.now() - start);
    cpuMs += (used.user + used.system) / 1000;
  }
  return { ...percentiles(samples), cpu: cpuMs / Math.max(1, runs) };
}
