import { z } from 'zod';
import { Cursor } from './fields.ts';

/** Background jobs as the superuser's "Background jobs" screen sees them. */
export const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'dead'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

export const JobSummary = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  state: JobState,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** When a waiting or failed job runs (next); null otherwise. */
  run_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** 0–100, reported by long jobs. */
  progress: z.number().int(),
  progress_message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummary>;

export const JobCounts = z.object({
  queue: z.string(),
  name: z.string(),
  counts: z.record(JobState, z.number().int()),
});
export type JobCounts = z.infer<typeof JobCounts>;

export const JobsOverview = z.object({
  engine: z.enum(['embedded', 'bullmq']),
  queues: z.array(JobCounts),
});
export type JobsOverview = z.infer<typeof JobsOverview>;

/** The row id inside a job id (`123` on the embedded engine, `row-123` on BullMQ): a PostgreSQL integer. */
const rowIdFits = (id: string) => {
  const digits = /^(?:row-)?(\d+)$/.exec(id)?.[1];
  return digits === undefined || Number(digits) <= 2_147_483_647;
};

/** Job ids are strings: database row ids on both engines, but opaque to clients. */
export const JobId = z
  .string()
  .regex(/^[\w:.-]{1,200}$/)
  .refine(rowIdFits, { error: 'invalid_id' });

export const JobsQuery = z.object({
  state: JobState.optional(),
  cursor: Cursor(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type JobsQuery = z.infer<typeof JobsQuery>;

export const JobsPage = z.object({ items: z.array(JobSummary), next_cursor: z.string().nullable() });
export type JobsPage = z.infer<typeof JobsPage>;
