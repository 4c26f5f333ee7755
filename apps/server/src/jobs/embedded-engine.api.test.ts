import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createJobsHarness,
  enqueueRolledBackAndCommitted,
  type JobsHarness,
  until,
} from '../test-support/jobs-harness.ts';
import { defineJob } from './define-job.ts';
import { nextCronTime } from './schedule.ts';

const countJob = defineJob('test.count', z.object({ n: z.number().int() }));
const flakyJob = defineJob('test.flaky', z.object({ failures: z.number().int() }), {
  maxAttempts: 4,
  backoff: { baseMs: 200_000, maxMs: 600_000 },
});

let h: JobsHarness;
beforeEach(async () => {
  h = await createJobsHarness();
});
afterEach(async () => {
  await h.close();
});

describe('embedded jobs', () => {
  it('a rolled-back transaction leaves no job; a committed one runs', async () => {
    const jobs = h.engine();
    const seen: number[] = [];
    jobs.handle(countJob, async ({ n }) => {
      seen.push(n);
    });
    await jobs.start();
    await enqueueRolledBackAndCommitted(jobs, countJob, { n: 1 }, { n: 2 });
    await jobs.drain();
    expect(seen).toEqual([2]);
    expect(await jobs.stats()).toEqual([
      {
        queue: 'test',
        name: 'test.count',
        counts: { waiting: 0, active: 0, completed: 1, failed: 0, dead: 0 },
      },
    ]);
  });

  it('checks the payload at enqueue and takes an idempotency key once', async () => {
    const jobs = h.engine();
    await expect(jobs.enqueue(jobs.db, countJob, { n: 'x' } as never)).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    const a = await jobs.enqueue(jobs.db, countJob, { n: 1 }, { idempotencyKey: 'k1' });
    const b = await jobs.enqueue(jobs.db, countJob, { n: 9 }, { idempotencyKey: 'k1' });
    expect(b).toBe(a);
    expect((await jobs.list({ limit: 10 })).items).toHaveLength(1);
  });

  it('two workers share 1,000 jobs and each runs exactly once', async () => {
    const effects = new Map<number, number>();
    const workers = [h.engine({ concurrency: 8 }), h.engine({ concurrency: 8 })];
    const byWorker = [0, 0];
    workers.forEach((jobs, w) => {
      jobs.handle(countJob, async ({ n }) => {
        effects.set(n, (effects.get(n) ?? 0) + 1);
        byWorker[w] = (byWorker[w] ?? 0) + 1;
      });
    });
    await Promise.all(workers.map((w) => w.start()));
    const [first] = workers;
    if (!first) throw new Error('no worker');
    for (let batch = 0; batch < 10; batch++) {
      await first.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++) await first.enqueue(trx, countJob, { n: batch * 100 + i });
      });
    }
    await Promise.all(workers.map((w) => w.drain(30_000)));
    expect(effects.size).toBe(1000);
    expect([...effects.values()].every((count) => count === 1)).toBe(true);
    expect((await first.stats())[0]?.counts.completed).toBe(1000);
  });

  it('retries with back-off, keeps the last error, ends dead; Retry runs it again', async () => {
    const jobs = h.engine();
    let calls = 0;
    let failUntil = Number.POSITIVE_INFINITY;
    jobs.handle(flakyJob, async () => {
      calls++;
      if (calls <= failUntil) throw new Error(`refused (${calls})`);
    });
    await jobs.start();
    const id = await jobs.enqueue(jobs.db, flakyJob, { failures: 99 });
    const afterFirst = await until(async () => {
      const job = await jobs.get(id);
      return job?.state === 'failed' && job;
    });
    expect(afterFirst).toMatchObject({ attempts: 1, last_error: 'refused (1)' });
    // base 200 s · scale 0.001: the first retry is due 100–200 ms after the failure.
    expect(afterFirst.run_at).not.toBeNull();
    const dead = await until(async () => {
      const job = await jobs.get(id);
      return job?.state === 'dead' && job;
    });
    expect(dead).toMatchObject({ attempts: 4, last_error: 'refused (4)', run_at: null });
    expect(calls).toBe(4);

    failUntil = 0;
    expect(await jobs.retry(id)).toBe(true);
    await until(async () => (await jobs.get(id))?.state === 'completed');
    expect(calls).toBe(5);
    expect(await jobs.retry(id)).toBe(false);
  });

  it('takes over a job whose process died (lease ran out), once', async () => {
    const jobs = h.engine();
    let runs = 0;
    jobs.handle(countJob, async () => {
      runs++;
    });
    const id = Number(await jobs.enqueue(jobs.db, countJob, { n: 1 }));
    await jobs.db
      .updateTable('jobs')
      .set({
        state: 'active',
        attempts: 1,
        locked_by: 'a-dead-process',
        locked_until: new Date(Date.now() - 1).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await jobs.start();
    await until(async () => (await jobs.get(String(id)))?.state === 'completed');
    expect(runs).toBe(1);
    expect((await jobs.get(String(id)))?.attempts).toBe(2);
  });

  it('reports progress; stop hands an unfinished job back for another process', async () => {
    const jobs = h.engine();
    const longJob = defineJob('test.long', z.object({}));
    let started = false;
    jobs.handle(longJob, async (_payload, job) => {
      await job.progress(40, 'half way there');
      started = true;
      await new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)));
    });
    await jobs.start();
    const id = await jobs.enqueue(jobs.db, longJob, {});
    await until(async () => started);
    expect(await jobs.get(id)).toMatchObject({
      state: 'active',
      progress: 40,
      progress_message: 'half way there',
    });
    await jobs.stop(10);
    expect(await jobs.get(id)).toMatchObject({ state: 'waiting', attempts: 0 });

    const other = h.engine();
    let finished = false;
    other.handle(longJob, async () => {
      finished = true;
    });
    await other.start();
    await until(async () => (await other.get(id))?.state === 'completed');
    expect(finished).toBe(true);
  });

  it('a repeating job has its next occurrence queued once, however many processes run', async () => {
    const everyHour = defineJob('test.hourly', z.object({}));
    const a = h.engine();
    const b = h.engine();
    for (const jobs of [a, b]) {
      jobs.handle(everyHour, async () => {});
      jobs.repeat(everyHour, '0 * * * *', {});
    }
    await a.start();
    await b.start();
    const { items } = await a.list({ limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'test.hourly', state: 'waiting' });
    expect(items[0]?.run_at).toBe(nextCronTime('0 * * * *').toISOString());
  });

  it('discards a waiting job but not a running one', async () => {
    const jobs = h.engine();
    const id = await jobs.enqueue(jobs.db, countJob, { n: 1 });
    expect(await jobs.discard(id)).toBe(true);
    expect(await jobs.get(id)).toBeNull();
    expect(await jobs.discard(id)).toBe(false);
    await expect(jobs.list({ limit: 5, cursor: 'nonsense' })).rejects.toMatchObject({ status: 400 });
  });
});
