import { performance } from 'node:perf_hooks';

/** The median, the 99th percentile and the slowest of samples (ms). */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * Runs `work` 5 times to warm up, then `runs` times timed. A run that times itself (to leave
 * its set-up reads out) answers its own duration.
 */
export async function timed(runs: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const own = await work(i);
    samples.push(typeof own === 'number' ? own : performance.now() - start);
  }
  return percentiles(samples);
}
