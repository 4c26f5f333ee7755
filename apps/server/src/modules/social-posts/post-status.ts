import type { PostStatus, TargetStatus } from '@kontora/contract/social-posts';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * One publish of one post to one account. The handler keeps its own attempt count
 * and back-off on the target row (so it can honour Retry-After and tell "try again"
 * from "confirm first"); the job framework's retries only cover a crashed worker.
 */
export const publishTargetJob = defineJob(
  'social.publish',
  z.preprocess(
    // Jobs queued before the payload named its company as the engine reads it (`company_id`) still run.
    (raw) => {
      const old = raw as { companyId?: unknown; targetId?: unknown } | null;
      return old?.companyId === undefined ? raw : { company_id: old.companyId, target_id: old.targetId };
    },
    z.object({ company_id: z.number().int(), target_id: z.number().int() }),
  ),
  {
    maxAttempts: 5,
    backoff: { baseMs: 5_000, maxMs: 300_000 },
    timeoutMs: 30 * 60_000,
    perCompanyConcurrency: 3,
  },
);

/** What the post's status is, given its targets' states. */
export function postStatusOf(states: TargetStatus[]): PostStatus {
  if (states.length === 0 || states.every((s) => s === 'draft')) return 'draft';
  if (states.every((s) => s === 'published')) return 'published';
  if (states.every((s) => s === 'failed')) return 'failed';
  if (states.every((s) => s === 'published' || s === 'failed')) return 'partly_failed';
  if (states.every((s) => s === 'queued')) return 'scheduled';
  return 'publishing';
}
