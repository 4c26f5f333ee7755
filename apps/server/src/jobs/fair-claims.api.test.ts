import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { createJobsHarness, type JobsHarness, until } from '../test-support/jobs-harness.ts';
import { defineJob } from './define-job.ts';
import type { Jobs } from './jobs.ts';

type Engine = Jobs & { db: Database };

/**
 * Per-company limits and the slots kept for jobs without a company
 * (docs/decisions/047-fair-background-work.md), with two instances sharing
 * the work, on both engines.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const Payload = z.object({ n: z.number().int() });
const limitedJob = defineJob('test.limited', Payload, { perCompanyConcurrency: 2 });
const unlimitedJob = defineJob('test.unlimited', Payload);
const mailJob = defineJob('test.mail', Payload);

/** Handlers that hold until let go, counting how many run at once per company. */
function holdingHandlers() {
  const runningNow = new Map<string, number>();
  const most = new Map<string, number>();
  const done: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const hold = (kind: string, company: string | number) => async (p: { n: number }) => {
    const key = `${kind}:${company}`;
    runningNow.set(key, (runningNow.get(key) ?? 0) + 1);
    most.set(key, Math.max(most.get(key) ?? 0, runningNow.get(key) ?? 0));
    try {
      if (company !== 'none') await gate;
      done.push(`${key}:${p.n}`);
    } finally {
      runningNow.set(key, (runningNow.get(key) ?? 1) - 1);
    }
  };
  return { most, done, release: () => release(), hold };
}

describe.each(['embedded', 'bullmq'] as const)('fair claims (%s engine)', (engine) => {
  let h: JobsHarness;
  let prefix: string;
  const instance = (concurrency: number) =>
    h.engine({ concurrency, ...(engine === 'bullmq' ? { engine: 'bullmq', queuePrefix: prefix } : {}) });

  beforeEach(async () => {
    prefix = `kontora-test-${randomBytes(5).toString('hex')}`;
    h = await createJobsHarness();
  });
  afterEach(async () => {
    await h.close();
    if (engine !== 'bullmq') return;
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  async function enqueue(jobs: Engine, def: typeof mailJob, n: number, companyId?: number) {
    await jobs.enqueue(jobs.db, def, { n }, companyId === undefined ? {} : { companyId });
  }

  it('never runs more of a limited kind for one company than its limit, across instances', async () => {
    const handlers = holdingHandlers();
    const instances = [instance(8), instance(8)];
    for (const jobs of instances) {
      jobs.handle(limitedJob, (p) => handlers.hold('limited', companyOf(p.n))(p));
      jobs.handle(mailJob, handlers.hold('mail', 'none'));
      await jobs.start();
    }
    const [first] = instances as [Engine];
    for (let n = 0; n < 12; n++) await enqueue(first, limitedJob, n, 1);
    await enqueue(first, limitedJob, 100, 2);
    await enqueue(first, mailJob, 200);
    // Company 2's job and the mail run to the end while company 1's are held at its limit.
    await until(async () => handlers.done.includes('mail:none:200') && handlers.done.length >= 1, 20_000);
    await until(async () => (handlers.most.get('limited:2') ?? 0) === 1, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(handlers.most.get('limited:1')).toBe(2);
    handlers.release();
    await until(async () => handlers.done.filter((d) => d.startsWith('limited:1:')).length === 12, 30_000);
    expect(handlers.most.get('limited:1')).toBe(2);
  });

  it('keeps slots for jobs without a company when company jobs fill the rest', async () => {
    const handlers = holdingHandlers();
    const jobs = instance(4);
    jobs.handle(unlimitedJob, handlers.hold('unlimited', 1));
    jobs.handle(mailJob, handlers.hold('mail', 'none'));
    await jobs.start();
    for (let n = 0; n < 10; n++) await enqueue(jobs, unlimitedJob, n, 1);
    await until(async () => (handlers.most.get('unlimited:1') ?? 0) >= 3, 20_000);
    await enqueue(jobs, mailJob, 1);
    await until(async () => handlers.done.includes('mail:none:1'), 10_000);
    handlers.release();
  });
});

/** Jobs 0–99 work for company 1, 100 and up for company 2. */
const companyOf = (n: number) => (n < 100 ? 1 : 2);
