import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * One attempt to deliver one message. The handler schedules the next attempt
 * itself (the webhook retry schedule and Retry-After), as a new job enqueued
 * with the attempt's log entry; the job's own retries only cover failures to
 * reach the database.
 */
export const deliverWebhookJob = defineJob(
  'webhooks.deliver',
  z.object({
    company_id: z.number().int(),
    endpoint_id: z.number().int(),
    message_id: z.number().int(),
    attempt: z.number().int().min(1),
    trigger: z.enum(['change', 'test', 'replay']),
  }),
  {
    maxAttempts: 3,
    backoff: { baseMs: 5_000, maxMs: 60_000 },
    timeoutMs: 30_000,
    // Receivers that never answer hold a slot for the whole attempt: a company's own endpoints wait for each other.
    perCompanyConcurrency: 3,
  },
);

/** The delivery log is kept 30 days. */
export const pruneWebhookLogJob = defineJob('webhooks.prune_log', z.object({}), { maxAttempts: 3 });
