import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob } from './define-job.ts';
import { pruneFinishedJobs } from './jobs.repository.ts';
import { KEEP_COMPLETED_MS, KEEP_DEAD_MS } from './retention.ts';

export const pruneFinishedJobsJob = defineJob('jobs.prune_finished', z.object({}), { maxAttempts: 3 });

export function registerMaintenanceJobs(ctx: AppContext): void {
  ctx.jobs.handle(pruneFinishedJobsJob, async () => {
    const now = Date.now();
    await pruneFinishedJobs(ctx.db, {
      completedBefore: new Date(now - KEEP_COMPLETED_MS).toISOString(),
      deadBefore: new Date(now - KEEP_DEAD_MS).toISOString(),
    });
  });
  ctx.jobs.repeat(pruneFinishedJobsJob, '7 * * * *', {});
}
