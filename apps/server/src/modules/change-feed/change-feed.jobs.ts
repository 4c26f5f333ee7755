import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { pruneChangeFeed } from './change-feed.service.ts';

/** Entries older than CHANGE_FEED_DAYS go; consumers that fell further behind resync (decision 009). */
export const pruneChangeFeedJob = defineJob('change_feed.prune', z.object({}), { maxAttempts: 3 });

export function registerChangeFeedJobs(ctx: AppContext): void {
  ctx.jobs.handle(pruneChangeFeedJob, async () => {
    await pruneChangeFeed(ctx);
  });
  ctx.jobs.repeat(pruneChangeFeedJob, '17 * * * *', {});
}
