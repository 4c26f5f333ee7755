import type { AppContext } from '../../context.ts';
import { publishTargetJob } from './post-status.ts';
import { publishTarget } from './publish-target.ts';

export function registerSocialPostJobs(ctx: AppContext): void {
  // The job's signal (shutdown, timeout) ends the network's request too, not only the wait for it.
  ctx.jobs.handle(publishTargetJob, async ({ company_id, target_id }, job) =>
    publishTarget(ctx, company_id, target_id, job.signal),
  );
}
