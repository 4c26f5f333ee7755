import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createJobsHarness,
  enqueueRolledBackAndCommitted,
  type JobsHarness,
  until,
} from '../test-support/jobs-harness.ts';
import { defineJob } from './define-job.ts';
import { bullJobId } from './job-relay.ts';

/** BullMQ on the local Redis, each test under its own key prefix (removed afterwards). */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const countJob = defineJob('test.count', z.object({ n: z.number().int() }));
const flakyJob = defineJob('test.flaky', z.object({}), {
  maxAttempts: 3,
  backoff: { baseMs: 10_000, maxMs: 10_000 },
});

let h: JobsHarness;
let prefix: string;
const bull = () => h.engine({ engine: 'bullmq', queuePrefix: prefix });

beforeEach(async () => {
  prefix = `kontora-test-${randomBytes(5).toString('hex')}`;
  h = await createJobsHarness();
});
afterEach(async () => {
  await h.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('BullMQ jobs', () => {
  it('a rolled-back transaction leaves no job; a committed one is relayed and runs', async () => {
    const jobs = bull();
    const seen: number[] = [];
    jobs.handle(countJob, async ({ n }) => {
      seen.push(n);
    });
    await jobs.start();
    const id = await enqueueRolledBackAndCommitted(jobs, countJob, { n: 1 }, { n: 2 });
    await until(async () => (await jobs.get(id))?.state === 'completed');
    expect(seen).toEqual([2]);
    expect(await jobs.stats()).toEqual([
      {
        queue: 'test',
        name: 'test.count',
        counts: { waiting: 0, active: 0, completed: 1, failed: 0, dead: 0 },
      },
    ]);
  });

  it('two instances share 1,000 jobs and each runs exactly once', async () => {
    const effects = new Map<number, number>();
    const instances = [bull(), bull()];
    for (const jobs of instances) {
      jobs.handle(countJob, async ({ n }) => {
        effects.set(n, (effects.get(n) ?? 0) + 1);
      });
      await jobs.start();
    }
    const [first, second] = instances;
    if (!first || !second) throw new Error('no instances');
    for (let batch = 0; batch < 10; batch++) {
      // Both instances enqueue, and both relay.
      const producer = batch % 2 ? first : second;
      await producer.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++) await producer.enqueue(trx, countJob, { n: batch * 100 + i });
      });
    }
    await until(async () => effects.size === 1000, 60_000);
    await first.drain(30_000);
    expect([...effects.values()].every((count) => count === 1)).toBe(true);
  });

  it('a relay that died after adding to BullMQ but before marking the row does not duplicate the job', async () => {
    const jobs = bull();
    let runs = 0;
    jobs.handle(countJob, async () => {
      runs++;
    });
    const id = await jobs.enqueue(jobs.db, countJob, { n: 7 });
    expect(id).toBe(bullJobId(1));
    // What the dead relay managed: the BullMQ job under the row id; the row still says waiting.
    const queue = new Queue('test.count', { connection: { url: REDIS_URL }, prefix });
    await queue.add('test.count', { n: 7 }, { jobId: id });
    await queue.close();
    await jobs.start();
    await jobs.drain();
    await until(async () => (await jobs.get(id))?.state === 'completed');
    expect(runs).toBe(1);
  });

  it('retries, ends dead with the error; Retry runs it again; progress is reported', async () => {
    const jobs = h.engine({ engine: 'bullmq', queuePrefix: prefix, backoffScale: 0.001 });
    let calls = 0;
    let failing = true;
    jobs.handle(flakyJob, async (_payload, job) => {
      calls++;
      await job.progress(50, 'half');
      if (failing) throw new Error(`refused (${calls})`);
    });
    await jobs.start();
    const id = await jobs.enqueue(jobs.db, flakyJob, {});
    await until(async () => (await jobs.get(id))?.state === 'dead');
    expect(await jobs.get(id)).toMatchObject({
      attempts: 3,
      last_error: 'refused (3)',
      progress: 50,
      progress_message: 'half',
    });
    expect((await jobs.list({ state: 'dead', limit: 10 })).items.map((j) => j.id)).toEqual([id]);
    failing = false;
    expect(await jobs.retry(id)).toBe(true);
    await until(async () => (await jobs.get(id))?.state === 'completed');
    expect(calls).toBe(4);
    expect(await jobs.discard(id)).toBe(true);
    expect(await jobs.get(id)).toBeNull();
  });

  it('a repeating job becomes one BullMQ job scheduler, however many instances start', async () => {
    const hourly = defineJob('test.hourly', z.object({}));
    const a = bull();
    const b = bull();
    for (const jobs of [a, b]) {
      jobs.handle(hourly, async () => {});
      jobs.repeat(hourly, '0 * * * *', {});
      await jobs.start();
    }
    const queue = new Queue('test.hourly', { connection: { url: REDIS_URL }, prefix });
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await queue.close();
    const waiting = (await a.list({ state: 'waiting', limit: 10 })).items;
    expect(waiting.map((j) => j.name)).toEqual(['test.hourly']);
  });
});
