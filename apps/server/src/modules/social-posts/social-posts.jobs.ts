import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { publishTargetJob } from './post-status.ts';
import { publishTarget } from './publish-target.ts';
import { refreshDueAccounts } from '../social-accounts/social-accounts.service.ts';

/** Renews tokens that expire within the next half hour; a refusal marks the account "reconnect needed". */
export const refreshSocialTokensJob = defineJob('social.refresh_tokens', z.object({}), { maxAttempts: 1 });

export function registerSocialPostJobs(ctx: AppContext): void {
  // The job's signal (shutdown, timeout) ends the network's request too, not only the wait for it.
  ctx.jobs.handle(publishTargetJob, async ({ company_id, target_id }, job) =>
    publishTarget(ctx, company_id, target_id, job.signal),
  );
  ctx.jobs.handle(refreshSocialTokensJob, async () => refreshDueAccounts(ctx));
  ctx.jobs.repeat(refreshSocialTokensJob, '*/10 * * * *', {});
}
