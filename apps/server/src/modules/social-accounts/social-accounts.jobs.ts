import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { refreshDueAccounts } from './social-accounts.service.ts';

/** Renews tokens that expire within the next half hour; a refusal marks the account "reconnect needed". */
export const refreshSocialTokensJob = defineJob('social.refresh_tokens', z.object({}), { maxAttempts: 1 });

export function registerSocialAccountJobs(ctx: AppContext): void {
  ctx.jobs.handle(refreshSocialTokensJob, async () => refreshDueAccounts(ctx));
  ctx.jobs.repeat(refreshSocialTokensJob, '*/10 * * * *', {});
}
