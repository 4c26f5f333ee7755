import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { JobDefinition } from './define-job.ts';
import { retryDelayMs } from './define-job.ts';
import { errorText } from './enqueue.ts';
import { createJobEvents } from './job-events.ts';
import { cancelWaitingRows, createJobWriter, listenForJobs } from './job-rows.ts';
import * as repo from './jobs.repository.ts';
import { DRAIN_TIMEOUT_MS, type JobEvent, type JobHandler, type Jobs, type JobsDeps } from './jobs.ts';
import { createJobsAdmin } from './jobs-admin.ts';
import { type Registered, runHandler } from './run-handler.ts';
import { nextCronTime } from './schedule.ts';

const iso = (ms: number) => new Date(ms).toISOString();
/** How far ahead drain looks for due jobs (see drain). */
const DRAIN_HORIZON_MS = 100;

/**
 * Slots company jobs may fill: a quarter of them (at least one, when there are
 * two or more) is kept for the deployment's own jobs, so mail to a person and
 * maintenance run whatever companies' jobs are doing.
 */
function companySlots(concurrency: number): number {
  return concurrency < 2 ? concurrency : concurrency - Math.max(1, Math.floor(concurrency / 4));
}

function perCompanyLimits(registered: Iterable<Registered>): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { definition } of registered) {
    const most = definition.options.perCompanyConcurrency;
    if (most !== undefined) limits.set(definition.name, most);
  }
  return limits;
}

interface Running {
  row: repo.JobRow;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Jobs in the application's own database, run by an in-process worker.
 *
 * A claimed job carries a lease (`locked_until`) that the worker extends while
 * the job runs; a lease that runs out means its process died, and any worker
 * puts the job back. The worker claims in batches, polls every JOBS_POLL_MS and
 * is woken at once when a job is committed: on PostgreSQL by NOTIFY (delivered
 * only on commit, to every process), on SQLite by the enqueue itself (the one
 * connection is held by the enqueuing transaction, so the claim runs after it).
 */
export function createEmbeddedJobs(deps: JobsDeps): Jobs {
  const { db, dialect, config, log } = deps;
  const settings = config.jobs;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, Registered>();
  const repeats: { definition: JobDefinition; cron: string; payload: unknown }[] = [];
  const running = new Map<number, Running>();
  let started = false;
  let stopping = false;
  let pumping = false;
  let wakeAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  const writeJob = createJobWriter(dialect);
  const events = createJobEvents();
  /** Company jobs only: the deployment's own jobs have no one to tell. */
  const report = (
    row: repo.JobRow,
    state: JobEvent['state'],
    progress: number,
    extra: { message?: string | null; runAt?: string | null } = {},
  ) => {
    if (row.company_id === null) return;
    events.emit({
      jobId: String(row.id),
      name: row.name,
      companyId: row.company_id,
      state,
      progress,
      ...extra,
    });
  };

  let wakeScheduled = false;
  /** Coalesced: the many wakes of one turn (a batch of completions, say) become one claim. */
  const wake = () => {
    if (!started || stopping) return;
    if (pumping) {
      wakeAgain = true;
      return;
    }
    if (wakeScheduled) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      if (pumping) wakeAgain = true;
      else void pump();
    });
  };

  /** Claims and starts jobs while there are free slots and due jobs. */
  async function pump(): Promise<void> {
    pumping = true;
    try {
      do {
        wakeAgain = false;
        while (!stopping && running.size < settings.concurrency) {
          const free = settings.concurrency - running.size;
          const forCompanies = [...running.values()].filter((r) => r.row.company_id !== null).length;
          const now = Date.now();
          const rows = await repo.claimDueJobs(db, dialect, {
            names: [...handlers.keys()],
            owner,
            now: iso(now),
            leaseUntil: iso(now + settings.leaseMs),
            limit: free,
            companyLimit: companySlots(settings.concurrency) - forCompanies,
            perCompany: perCompanyLimits(handlers.values()),
          });
          for (const row of rows) run(row);
          if (rows.length < free) break;
        }
      } while (wakeAgain && !stopping);
    } catch (err) {
      log.error({ err }, 'claiming jobs failed');
    } finally {
      pumping = false;
    }
  }

  function run(row: repo.JobRow): void {
    const registered = handlers.get(row.name);
    if (!registered) return;
    const controller = new AbortController();
    const done = (async () => {
      try {
        report(row, 'active', 0);
        if (await attempt(row, registered, controller)) {
          await completeSoon(row.id);
          report(row, 'completed', 100);
        }
      } catch (err) {
        // The lease runs out and the job runs again: at least once rather than lost.
        log.error({ err, id: row.id }, 'recording a job outcome failed');
      } finally {
        running.delete(row.id);
        wake();
      }
    })();
    running.set(row.id, { row, controller, done });
  }

  /** Runs the handler once; true when it succeeded (failures are recorded here, hand-backs left to stop()). */
  async function attempt(row: repo.JobRow, registered: Registered, controller: AbortController) {
    try {
      const repeat = repeats.find((r) => r.definition.name === row.name);
      if (repeat) await scheduleNext(repeat);
      await runHandler(
        registered,
        JSON.parse(row.payload),
        {
          id: String(row.id),
          name: row.name,
          attempt: row.attempts,
          maxAttempts: row.max_attempts,
          progress: async (percent, message) => {
            await repo.setJobProgress(db, row.id, owner, percent, message ?? null);
            row.progress = percent; // this attempt's copy of the row: a failure reports where it stopped
            report(row, 'active', percent, { message: message ?? null });
          },
        },
        controller,
      );
      return true;
    } catch (err) {
      // On shutdown the job is handed back, not failed.
      if (!(stopping && controller.signal.aborted)) await recordFailure(row, registered.definition, err);
      return false;
    }
  }

  /**
   * Completions that happen in the same turn of the event loop are written by one
   * UPDATE: with many short jobs that is one commit (one fsync) instead of dozens.
   */
  let completions: { id: number; resolve: () => void; reject: (err: unknown) => void }[] = [];
  function completeSoon(id: number): Promise<void> {
    return new Promise((resolve, reject) => {
      completions.push({ id, resolve, reject });
      if (completions.length === 1) setImmediate(() => void flushCompletions());
    });
  }
  async function flushCompletions() {
    const batch = completions;
    completions = [];
    try {
      await repo.completeJobs(
        db,
        batch.map((c) => c.id),
        owner,
        iso(Date.now()),
      );
      for (const c of batch) c.resolve();
    } catch (err) {
      for (const c of batch) c.reject(err);
    }
  }

  async function recordFailure(row: repo.JobRow, definition: JobDefinition, err: unknown) {
    const now = Date.now();
    const last_error = errorText(err);
    const dead = row.attempts >= row.max_attempts;
    log.warn({ err, job: row.name, id: row.id, attempt: row.attempts, dead }, 'job attempt failed');
    const runAt = iso(now + retryDelayMs(definition.options, row.attempts, settings.backoffScale));
    try {
      await repo.finishAttempt(
        db,
        row.id,
        owner,
        dead
          ? { state: 'dead', last_error, finished_at: iso(now) }
          : { state: 'failed', last_error, run_at: runAt },
      );
      report(row, dead ? 'dead' : 'failed', row.progress, {
        message: last_error,
        runAt: dead ? null : runAt,
      });
    } catch (dbErr) {
      // The lease will run out and another attempt follow: nothing is lost.
      log.error({ err: dbErr, id: row.id }, 'recording a job failure failed');
    }
  }

  /** The next occurrence of a repeating job; its time is its idempotency key, so every process may try. */
  async function scheduleNext(r: (typeof repeats)[number]) {
    const next = nextCronTime(r.cron);
    await engine.enqueue(db, r.definition, r.payload, {
      runAt: next,
      idempotencyKey: `repeat:${next.toISOString()}`,
    });
  }

  async function poll() {
    try {
      const released = await repo.releaseExpiredLeases(db, iso(Date.now()));
      if (released) log.warn({ released }, 'jobs of a stopped process were put back');
    } catch (err) {
      log.error({ err }, 'releasing expired job leases failed');
    }
    wake();
  }

  const admin = createJobsAdmin(db);
  const engine: Jobs = {
    engine: 'embedded',
    ...admin,
    observe: events.observe,
    handle(definition, handler) {
      if (handlers.has(definition.name)) throw new Error(`job "${definition.name}" already has a handler`);
      handlers.set(definition.name, { definition, handler: handler as JobHandler<JobDefinition> });
    },

    async enqueue(target, definition, payload, options = {}) {
      const id = await writeJob(target, definition, payload, options);
      // On SQLite the claim waits for the one connection, i.e. for the caller's commit.
      if (dialect === 'sqlite') wake();
      return String(id);
    },

    cancelWaiting: cancelWaitingRows,

    repeat(definition, cron, payload) {
      nextCronTime(cron); // a bad expression fails at start-up, not at the first run
      definition.schema.parse(payload);
      repeats.push({ definition, cron, payload });
    },

    async start() {
      if (started || !settings.worker) return;
      started = true;
      stopping = false;
      for (const r of repeats) await scheduleNext(r);
      if (config.database.kind === 'postgres') listener = await listenForJobs(config.database.url, wake, log);
      pollTimer = setInterval(() => void poll(), settings.pollMs);
      heartbeatTimer = setInterval(() => {
        const until = iso(Date.now() + settings.leaseMs);
        repo.extendLeases(db, owner, [...running.keys()], until).catch((err) => {
          log.error({ err }, 'extending job leases failed');
        });
      }, settings.leaseMs / 3);
      pollTimer.unref();
      heartbeatTimer.unref();
      await poll();
    },

    async stop(graceMs) {
      if (!started) return;
      stopping = true;
      clearInterval(pollTimer);
      const jobsDone = Promise.all([...running.values()].map((r) => r.done));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([jobsDone, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
      if (running.size > 0) {
        log.warn({ jobs: running.size }, 'handing unfinished jobs back');
        const handedBack = [...running.values()].map((r) => r.row);
        for (const r of running.values()) r.controller.abort(new Error('The server is shutting down.'));
        await repo.handBackJobs(db, owner, iso(Date.now()));
        for (const row of handedBack) report(row, 'waiting', 0);
      }
      clearInterval(heartbeatTimer);
      await listener?.end().catch(() => {});
      listener = undefined;
      started = false;
    },

    async drain(timeoutMs = DRAIN_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A retry whose backoff ends within the horizon is still on its way: a test's 1 ms backoff
        // otherwise lets drain return in the millisecond between the failure and the retry.
        const horizon = iso(Date.now() + DRAIN_HORIZON_MS);
        if (running.size === 0 && !pumping && !(await repo.hasDueOrActiveJobs(db, horizon))) return;
        if (Date.now() > deadline) throw new Error(`jobs still running or due after ${timeoutMs} ms`);
        wake();
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
  return engine;
}
