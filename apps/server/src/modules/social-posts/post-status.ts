import type { PostStatus, TargetStatus } from '@kontora/contract/social-posts';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { findPostRow, targetsOf, updatePostRow } from './social-posts.repository.ts';

/**
 * One publish of one post to one account. The handler keeps its own attempt count
 * and back-off on the target row (so it can honour Retry-After and tell "try again"
 * from "confirm first"); the job framework's retries only cover a crashed worker.
 */
export const publishTargetJob = defineJob(
  'social.publish',
  z.object({ companyId: z.number().int(), targetId: z.number().int() }),
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

/** Recomputes a post's status from its targets (in the caller's transaction); answers the new one when it changed. */
export async function refreshPostStatus(
  db: Database,
  companyId: number,
  postId: number,
): Promise<PostStatus | null> {
  const post = await findPostRow(db, companyId, postId);
  if (!post) return null;
  const targets = await targetsOf(db, companyId, [postId]);
  const status = postStatusOf(targets.map((t) => t.status));
  if (status === post.status) return null;
  await updatePostRow(db, companyId, postId, { status, updated_at: new Date().toISOString() });
  return status;
}
