import type { JobCounts, JobState, JobSummary } from '@kontora/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { JobDefinition, PayloadOf } from './define-job.ts';

export type { JobCounts, JobState, JobSummary } from '@kontora/contract/jobs';
export { JOB_STATES } from '@kontora/contract/jobs';

/** What an engine is built from. */
export interface JobsDeps {
  db: Database;
  dialect: Dialect;
  config: Config;
  log: FastifyBaseLogger;
}

export interface EnqueueOptions {
  /** Earliest start (ISO time or Date); default now. */
  runAt?: string | Date;
  delayMs?: number;
  /** A second enqueue with the same key (for the same job name) is a no-op while the first is kept. */
  idempotencyKey?: string;
  maxAttempts?: number;
  /**
   * The company the job works for (decision 028); by default the payload's `company_id`, when it
   * has one. Its people may then read the job, and follow its progress live if the live module
   * lists the job.
   */
  companyId?: number;
}

/**
 * A job's state or progress changed in this process (decision 028). Engines
 * report it for jobs that belong to a company; the live module publishes it.
 * Not durable: the job row (or BullMQ's record) stays the truth.
 */
export interface JobEvent {
  jobId: string;
  name: string;
  companyId: number;
  state: JobState;
  progress: number;
  message: string | null;
  /** When a failed job tries again. */
  runAt: string | null;
  at: string;
}

/** What a handler gets besides its payload. */
export interface JobRun {
  id: string;
  name: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the attempt times out or the process shuts down: stop early and throw. */
  signal: AbortSignal;
  /** Reports progress (0–100, optional message) to the admin screen; cheap to call often. */
  progress(percent: number, message?: string): Promise<void>;
}

export type JobHandler<D extends JobDefinition> = (payload: PayloadOf<D>, job: JobRun) => Promise<void>;

export interface JobListQuery {
  state?: JobState;
  cursor?: string;
  limit: number;
}

/**
 * Durable background work for every module. Declare a job with `defineJob`,
 * register its handler once in app.ts with `handle`, and enqueue it inside the
 * transaction of the change that causes it: the job exists iff the change commits.
 *
 * Two engines implement it, chosen by configuration alone (decision 008): the
 * embedded one keeps jobs in the app database; with REDIS_URL a relay moves the
 * committed rows to BullMQ, which runs them across instances.
 */
export interface Jobs {
  readonly engine: 'embedded' | 'bullmq';
  handle<D extends JobDefinition>(definition: D, handler: JobHandler<D>): void;
  /** Validates the payload (400 on a bad one) and writes the job with `db`, which should be the caller's transaction. Returns the job id (the existing one for a repeated idempotency key). */
  enqueue<D extends JobDefinition>(
    db: Database,
    definition: D,
    payload: PayloadOf<D>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Removes the jobs of this kind with exactly this payload that have not started, with `db`
   * (the caller's transaction): work a change made moot (a rescheduled post's old publish).
   * Answers how many. On BullMQ only jobs not yet relayed are removed, so a handler must
   * still find nothing to do when its work was withdrawn.
   */
  cancelWaiting<D extends JobDefinition>(db: Database, definition: D, payload: PayloadOf<D>): Promise<number>;
  /** Runs the job on a cron schedule (`*\/15 * * * *`, UTC) in exactly one process of the deployment. */
  repeat<D extends JobDefinition>(definition: D, cron: string, payload: PayloadOf<D>): void;

  start(): Promise<void>;
  /** Takes no new jobs, waits up to graceMs for running ones, hands the rest back for another process. */
  stop(graceMs: number): Promise<void>;
  /**
   * Tests: resolves once no job is due, running or still on its way to the engine; throws after
   * timeoutMs (DRAIN_TIMEOUT_MS unless given).
   */
  drain(timeoutMs?: number): Promise<void>;

  stats(): Promise<JobCounts[]>;
  list(query: JobListQuery): Promise<{ items: JobSummary[]; next_cursor: string | null }>;
  get(id: string): Promise<JobSummary | null>;
  /** A failed or dead job runs again now, with a fresh set of attempts. False when there is no such job in a retryable state. */
  retry(id: string): Promise<boolean>;
  /** Removes a job that is not running. */
  discard(id: string): Promise<boolean>;

  /** Follows the state and progress of company jobs run by this process; returns the unsubscribe. */
  observe(listener: (event: JobEvent) => void): () => void;
}

/**
 * How long a test's drain waits by default: a mail job that takes a second alone took over 10 s
 * with the three suites side by side on two cores; still below the API tests' 30 s limit, so a
 * drain that never ends says so itself.
 */
export const DRAIN_TIMEOUT_MS = 20_000;
