import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../apps/server/src/db/database.ts';
import { defineJob } from '../apps/server/src/jobs/define-job.ts';
import type { Jobs } from '../apps/server/src/jobs/jobs.ts';
import { createJobsHarness } from '../apps/server/src/test-support/jobs-harness.ts';

/**
 * Jobs: no-op jobs enqueued and completed per second, and enqueue-to-start
 * latency of a due job (commit to handler start), per engine and database.
 */
const noopJob = defineJob('bench.noop', z.object({ n: z.number() }));
const pingJob = defineJob('bench.ping', z.object({ at: z.number() }));

type BenchEngine = Jobs & { db: Database };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Four producers commit `perTransaction` jobs per transaction (1: as requests
 * would; 100: as a bulk import would); the clock stops when the last job completes.
 */
async function throughput(jobs: BenchEngine, count: number, perTransaction: number) {
  let done = 0;
  let resolveAll: () => void = () => {};
  const all = new Promise<void>((r) => (resolveAll = r));
  jobs.handle(noopJob, async () => {
    if (++done === count) resolveAll();
  });
  await jobs.start();
  const started = performance.now();
  const producers = 4;
  await Promise.all(
    Array.from({ length: producers }, async (_, p) => {
      for (let first = p * perTransaction; first < count; first += producers * perTransaction) {
        await jobs.db.transaction().execute(async (trx) => {
          for (let i = first; i < Math.min(first + perTransaction, count); i++) {
            await jobs.enqueue(trx, noopJob, { n: i });
          }
        });
      }
    }),
  );
  await all;
  const perSec = Math.round(count / ((performance.now() - started) / 1000));
  await jobs.stop(0);
  return perSec;
}

async function latency(jobs: BenchEngine, samples: number) {
  const delays: number[] = [];
  let next: () => void = () => {};
  jobs.handle(pingJob, async ({ at }) => {
    delays.push(performance.now() - at);
    next();
  });
  await jobs.start();
  for (let i = 0; i < samples; i++) {
    const started = new Promise<void>((r) => (next = r));
    await jobs.db.transaction().execute((trx) => jobs.enqueue(trx, pingJob, { at: performance.now() }));
    await started;
  }
  await jobs.stop(0);
  const sorted = delays.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const ENGINES = [
  { label: 'embedded (SQLite)', db: 'sqlite', engine: 'embedded' },
  { label: 'embedded (PostgreSQL)', db: 'postgres', engine: 'embedded' },
  { label: 'BullMQ (relay from SQLite)', db: 'sqlite', engine: 'bullmq' },
] as const;

export async function benchJobs(): Promise<void> {
  const rows: string[] = [];
  for (const { label, db, engine } of ENGINES) {
    process.env.TEST_DB = db;
    const h = await createJobsHarness({ pollMs: 500, concurrency: 32 });
    const queuePrefix = `kontora-bench-${process.pid}-${engine}`;
    try {
      const single = await throughput(h.engine({ engine, queuePrefix }), 3000, 1);
      const batched = await throughput(h.engine({ engine, queuePrefix: `${queuePrefix}-b` }), 5000, 100);
      const lat = await latency(h.engine({ engine, queuePrefix }), 300);
      rows.push(`| ${label} | ${single} | ${batched} | ${lat.p50.toFixed(1)} | ${lat.p99.toFixed(1)} |`);
    } finally {
      await h.close();
      if (engine === 'bullmq') await removeKeys(queuePrefix);
      if (engine === 'bullmq') await removeKeys(`${queuePrefix}-b`);
    }
  }
  console.log('\n## Background jobs (no-op jobs, 4 producers, worker concurrency 32)\n');
  console.log(
    '| Engine | jobs/s, 1 per transaction | jobs/s, 100 per transaction | enqueue-to-start p50 ms | p99 ms |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

async function removeKeys(prefix: string) {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

if (import.meta.filename === process.argv[1]) await benchJobs();
