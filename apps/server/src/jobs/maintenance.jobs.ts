import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob } from './define-job.ts';
import { pruneFinishedJobs } from './jobs.repository.ts';

const DAY_MS = 86_400_000;
/** Completed jobs stay visible on the admin screen a week; dead ones a month, to be looked into. */
export const KEEP_COMPLETED_JOBS_MS = 7 * DAY_MS;
export const KEEP_DEAD_JOBS_MS = 30 * DAY_MS;

export const pruneFinishedJobsJob = defineJob('jobs.prune_finished', z.object({}), { maxAttempts: 3 });

export function registerMaintenanceJobs(ctx: AppContext): void {
  ctx.jobs.handle(pruneFinishedJobsJob, async () => {
    const now = Date.now();
    await pruneFinishedJobs(ctx.db, {
      completedBefore: new Date(now - KEEP_COMPLETED_JOBS_MS).toISOString(),
      deadBefore: new Date(now - KEEP_DEAD_JOBS_MS).toISOString(),
    });
  });
  ctx.jobs.repeat(pruneFinishedJobsJob, '7 * * * *', {});
}
