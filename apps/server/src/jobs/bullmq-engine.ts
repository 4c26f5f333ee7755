import { type Queue as BullQueue, DelayedError, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { createBullmqAdmin } from './bullmq-admin.ts';
import { companySlot } from './company-slots.ts';
import { type JobDefinition, retryDelayMs } from './define-job.ts';
import { errorText } from './enqueue.ts';
import { createJobEvents } from './job-events.ts';
import { bullJobId, createJobRelay, rowIdOfBullJob } from './job-relay.ts';
import { cancelWaitingRows, createJobWriter, listenForJobs } from './job-rows.ts';
import { companyOfJob } from './jobs.repository.ts';
import { DRAIN_TIMEOUT_MS, type JobEvent, type JobHandler, type Jobs, type JobsDeps } from './jobs.ts';
import { KEEP_COMPLETED_MS, KEEP_DEAD_MS } from './retention.ts';
import { type Registered, runHandler } from './run-handler.ts';
import { nextCronTime } from './schedule.ts';

/** A job whose company has no free slot of its kind comes back after 1–2 times this. */
const SLOT_WAIT_MS = 500;

/**
 * Jobs on BullMQ (REDIS_URL set): any number of instances share the work,
 * delayed and repeating jobs included. Callers still enqueue into the database
 * transaction; the relay moves committed rows to BullMQ (see job-relay.ts).
 * One BullMQ queue per job name, so counts per kind come from BullMQ itself.
 */
export function createBullmqJobs(deps: JobsDeps): Jobs {
  const { db, dialect, config, log } = deps;
  const settings = config.jobs;
  const redisUrl = config.redisUrl;
  if (!redisUrl) throw new Error('the BullMQ engine needs REDIS_URL');
  // BullMQ's blocking commands need retries without limit; one connection serves all queues.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  const writeJob = createJobWriter(dialect);
  const handlers = new Map<string, Registered>();
  const definitions = new Map<string, JobDefinition>();
  const repeats: { definition: JobDefinition; cron: string; payload: unknown }[] = [];
  const queues = new Map<string, BullQueue>();
  const workers: Worker[] = [];
  const running = new Set<AbortController>();
  const events = createJobEvents();
  /** Company and last progress of the company jobs this process runs, until BullMQ settles them. */
  const followed = new Map<string, { companyId: number; progress: number }>();
  const report = (
    job: { id?: string; name: string },
    state: JobEvent['state'],
    extra: { progress?: number; message?: string | null; runAt?: string | null } = {},
  ) => {
    const f = job.id === undefined ? undefined : followed.get(job.id);
    if (!f || job.id === undefined) return;
    if (extra.progress !== undefined) f.progress = extra.progress;
    events.emit({
      jobId: job.id,
      name: job.name,
      companyId: f.companyId,
      state,
      progress: f.progress,
      ...extra,
    });
  };
  let pollTimer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let started = false;

  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: redis, prefix: settings.queuePrefix });
      queues.set(name, queue);
    }
    return queue;
  };
  const groupOf = (name: string) => definitions.get(name)?.options.queue ?? name.split('.')[0] ?? name;
  const relay = createJobRelay(db, queueFor);
  const relaySoon = () => {
    relay().catch((err) => log.error({ err }, 'relaying jobs to BullMQ failed'));
  };

  const jobOptions = (definition: JobDefinition) => ({
    attempts: definition.options.maxAttempts,
    backoff: { type: 'kontora' },
    removeOnComplete: { age: KEEP_COMPLETED_MS / 1000 },
    removeOnFail: { age: KEEP_DEAD_MS / 1000 },
  });

  /** The company's slot for this kind, when the kind is limited per company (company-slots.ts). */
  const slotFor = (definition: JobDefinition, companyId: number | null, jobId: string | undefined) => {
    const most = definition.options.perCompanyConcurrency;
    if (most === undefined || companyId === null || jobId === undefined) return null;
    const key = { prefix: settings.queuePrefix, name: definition.name, companyId };
    return companySlot(redis, key, jobId, most, settings.leaseMs);
  };

  function startWorker(registered: Registered) {
    const { definition } = registered;
    const worker = new Worker(
      definition.name,
      async (job, token) => {
        // The company lives on the outbox row (kept a week after relaying), not in BullMQ's record.
        const rowId = rowIdOfBullJob(job.id);
        const companyId = rowId === null ? null : await companyOfJob(db, rowId);
        const slot = slotFor(definition, companyId, job.id);
        if (slot && !(await slot.take())) {
          // The company runs as many of these as it may: back a moment later, the try not counted.
          await job.moveToDelayed(Date.now() + SLOT_WAIT_MS * (1 + Math.random()), token);
          throw new DelayedError();
        }
        const renewal = slot && setInterval(() => void slot.renew().catch(() => {}), settings.leaseMs / 3);
        const controller = new AbortController();
        running.add(controller);
        if (companyId !== null && job.id) followed.set(job.id, { companyId, progress: 0 });
        report(job, 'active', { progress: 0 });
        try {
          await runHandler(
            registered,
            job.data,
            {
              id: String(job.id),
              name: job.name,
              attempt: job.attemptsMade + 1,
              maxAttempts: job.opts.attempts ?? 1,
              progress: async (percent, message) => {
                await job.updateProgress({ percent, message: message ?? null });
                report(job, 'active', { progress: percent, message: message ?? null });
              },
            },
            controller,
          );
        } finally {
          running.delete(controller);
          if (renewal) clearInterval(renewal);
          await slot?.release().catch((err) => log.warn({ err }, 'releasing a company slot failed'));
        }
      },
      {
        connection: redis,
        prefix: settings.queuePrefix,
        concurrency: settings.concurrency,
        autorun: false,
        // The lease: a job of a process that died is taken over after about this long.
        lockDuration: settings.leaseMs,
        stalledInterval: settings.leaseMs,
        settings: {
          backoffStrategy: (attemptsMade: number) =>
            retryDelayMs(definition.options, attemptsMade, settings.backoffScale),
        },
      },
    );
    // Reported once BullMQ has settled the job, so a client that reads it then sees the same state.
    worker.on('completed', (job) => {
      report(job, 'completed', { progress: 100 });
      if (job.id) followed.delete(job.id);
    });
    worker.on('failed', (job, err) => {
      log.warn({ err, job: job?.name, id: job?.id }, 'job attempt failed');
      if (!job) return;
      const dead = job.attemptsMade >= (job.opts.attempts ?? 1);
      const runAt = dead
        ? null
        : new Date(
            Date.now() + retryDelayMs(definition.options, job.attemptsMade, settings.backoffScale),
          ).toISOString();
      report(job, dead ? 'dead' : 'failed', { message: errorText(err), runAt });
      if (job.id) followed.delete(job.id);
    });
    worker.on('error', (err) => log.error({ err }, 'BullMQ worker error'));
    workers.push(worker);
    void worker.run();
  }

  const admin = createBullmqAdmin(() =>
    [...queues.values()].map((queue) => ({ queue, group: groupOf(queue.name) })),
  );

  return {
    engine: 'bullmq',
    ...admin,
    observe: events.observe,
    handle(definition, handler) {
      if (handlers.has(definition.name)) throw new Error(`job "${definition.name}" already has a handler`);
      handlers.set(definition.name, { definition, handler: handler as JobHandler<JobDefinition> });
      definitions.set(definition.name, definition);
      queueFor(definition.name);
    },
    async enqueue(target, definition, payload, options = {}) {
      definitions.set(definition.name, definition);
      const id = await writeJob(target, definition, payload, options);
      // On SQLite the relay's read waits for the one connection, i.e. for the caller's commit.
      if (dialect === 'sqlite' && started) relaySoon();
      return bullJobId(id);
    },
    cancelWaiting: cancelWaitingRows,
    repeat(definition, cron, payload) {
      nextCronTime(cron);
      definition.schema.parse(payload);
      definitions.set(definition.name, definition);
      repeats.push({ definition, cron, payload });
    },
    async start() {
      if (started) return;
      started = true;
      await redis.connect().catch(() => {});
      for (const r of repeats) {
        // The scheduler id is the job name: every instance upserts the same one, so it runs once per tick.
        await queueFor(r.definition.name).upsertJobScheduler(
          r.definition.name,
          { pattern: r.cron, tz: 'UTC' },
          { name: r.definition.name, data: r.payload, opts: jobOptions(r.definition) },
        );
      }
      if (config.database.kind === 'postgres')
        listener = await listenForJobs(config.database.url, relaySoon, log);
      pollTimer = setInterval(relaySoon, settings.pollMs);
      pollTimer.unref();
      if (settings.worker) for (const registered of handlers.values()) startWorker(registered);
      await relay();
    },
    async stop(graceMs) {
      if (!started) return;
      started = false;
      clearInterval(pollTimer);
      await listener?.end().catch(() => {});
      // Workers take nothing new and finish what runs; after the grace, running jobs are
      // abandoned: their lock lapses and another instance takes them over (handed back).
      const closed = Promise.all(workers.map((w) => w.close()));
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!inTime) {
        for (const c of running) c.abort(new Error('The server is shutting down.'));
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await Promise.all([...queues.values()].map((q) => q.close()));
      await redis.quit().catch(() => {});
    },
    async drain(timeoutMs = DRAIN_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await relay();
        const outbox = await db
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'waiting')
          .limit(1)
          .execute();
        let busy = outbox.length > 0;
        for (const queue of queues.values()) {
          if (busy) break;
          const c = await queue.getJobCounts('waiting', 'active', 'prioritized');
          busy = (c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0) > 0;
        }
        if (!busy) return;
        if (Date.now() > deadline) throw new Error(`jobs still running or due after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
