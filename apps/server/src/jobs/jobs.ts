import type { Database } from '../db/database.ts';
import type { JobDefinition, PayloadOf } from './define-job.ts';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'dead';
export const JOB_STATES: readonly JobState[] = ['waiting', 'active', 'completed', 'failed', 'dead'];

export interface EnqueueOptions {
  /** Earliest start (ISO time or Date); default now. */
  runAt?: string | Date;
  delayMs?: number;
  /** A second enqueue with the same key (for the same job name) is a no-op while the first is kept. */
  idempotencyKey?: string;
  maxAttempts?: number;
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

/** One job as the admin screen shows it. */
export interface JobSummary {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  attempts: number;
  max_attempts: number;
  /** When it runs (next), for waiting and failed jobs. */
  run_at: string | null;
  last_error: string | null;
  progress: number;
  progress_message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface JobCounts {
  queue: string;
  name: string;
  counts: Record<JobState, number>;
}

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
  /** Runs the job on a cron schedule (`*\/15 * * * *`, UTC) in exactly one process of the deployment. */
  repeat<D extends JobDefinition>(definition: D, cron: string, payload: PayloadOf<D>): void;

  start(): Promise<void>;
  /** Takes no new jobs, waits up to graceMs for running ones, hands the rest back for another process. */
  stop(graceMs: number): Promise<void>;
  /** Tests: resolves once no job is due, running or still on its way to the engine. */
  drain(timeoutMs?: number): Promise<void>;

  stats(): Promise<JobCounts[]>;
  list(query: JobListQuery): Promise<{ items: JobSummary[]; next_cursor: string | null }>;
  get(id: string): Promise<JobSummary | null>;
  /** A failed or dead job runs again now, with a fresh set of attempts. False when there is no such job in a retryable state. */
  retry(id: string): Promise<boolean>;
  /** Removes a job that is not running. */
  discard(id: string): Promise<boolean>;
}
