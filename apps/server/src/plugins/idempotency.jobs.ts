import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob } from '../jobs/define-job.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';

/** Stored first answers are kept 24 hours; a retry after that is a new request. */
export const pruneIdempotencyKeysJob = defineJob('idempotency.prune', z.object({}), { maxAttempts: 3 });

export function registerIdempotencyJobs(ctx: AppContext): void {
  ctx.jobs.handle(pruneIdempotencyKeysJob, async () => {
    await pruneIdempotencyKeys(ctx);
  });
  ctx.jobs.repeat(pruneIdempotencyKeysJob, '27 * * * *', {});
}
