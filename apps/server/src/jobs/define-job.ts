import type { z } from 'zod';

/**
 * A kind of background work, declared once by the module that owns it:
 *
 *   export const sendMailJob = defineJob('mail.send', MailPayload, { maxAttempts: 8 });
 *
 * The descriptor is static (no context, no closures), so it can be imported by
 * whoever enqueues the job and by app.ts, which registers the handler. The
 * payload schema is checked at enqueue: a bad payload fails the caller's
 * request, not a worker minutes later.
 */
export interface JobOptions {
  /** Tries in all, the first included (default 5). */
  maxAttempts: number;
  /** Delay before retry n (1-based) before jitter: base · 2^(n-1), at most maxMs. */
  backoff: { baseMs: number; maxMs: number };
  /** An attempt running longer fails (its signal is aborted). */
  timeoutMs: number;
  /** Groups jobs on the admin screen and, on BullMQ, is the queue (default: the name's first part). */
  queue: string;
  /**
   * At most this many jobs of this kind run at once for one company, across
   * every process (docs/decisions/047-fair-background-work.md): one company's
   * slow or failing work then cannot hold every slot. Unset: no limit.
   */
  perCompanyConcurrency?: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: S;
  readonly options: JobOptions;
}

export type PayloadOf<D> = D extends JobDefinition<infer S> ? z.infer<S> : never;

export const DEFAULT_JOB_OPTIONS = {
  maxAttempts: 5,
  backoff: { baseMs: 10_000, maxMs: 3_600_000 },
  timeoutMs: 5 * 60_000,
} as const;

const JOB_NAME = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/;

export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  options: Partial<JobOptions> = {},
): JobDefinition<S> {
  // `area.what`: the area names the queue, and names stay stable because rows outlive deployments.
  if (!JOB_NAME.test(name)) throw new Error(`job name "${name}" must look like "area.what"`);
  return {
    name,
    schema,
    options: {
      ...DEFAULT_JOB_OPTIONS,
      queue: name.split('.')[0] as string,
      ...options,
    },
  };
}

/**
 * Exponential back-off with "equal jitter": half the delay is fixed, half random,
 * so retries of many jobs that failed together (SMTP down) spread out instead of
 * hammering the server in lockstep. `scale` shortens every delay (tests only).
 */
export function retryDelayMs(options: JobOptions, attempt: number, scale = 1, random = Math.random): number {
  const exp = Math.min(options.backoff.baseMs * 2 ** Math.max(0, attempt - 1), options.backoff.maxMs);
  return Math.round((exp / 2 + (random() * exp) / 2) * scale);
}
