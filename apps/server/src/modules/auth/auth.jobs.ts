import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';

export const purgeExpiredCredentialsJob = defineJob('auth.purge_expired', z.object({}), { maxAttempts: 3 });

/** Expired sessions and used or expired one-time tokens are dead weight (and dead secrets' hashes): removed every 15 min. */
export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.handle(purgeExpiredCredentialsJob, async () => {
    const now = new Date().toISOString();
    const idleSince = new Date(Date.now() - ctx.config.session.idleMs).toISOString();
    await ctx.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', idleSince)]))
      .execute();
    await ctx.db
      .deleteFrom('one_time_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .execute();
  });
  ctx.jobs.repeat(purgeExpiredCredentialsJob, '*/15 * * * *', {});
}
