import { NOTIFICATION_LIMITS } from '@kontora/contract/notifications';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { deleteNotificationsBefore } from './notifications.repository.ts';

export const pruneNotificationsJob = defineJob('notifications.prune', z.object({}), { maxAttempts: 3 });

/** Notifications are kept 90 days, read or not; older ones are removed nightly. */
export function registerNotificationJobs(ctx: AppContext): void {
  ctx.jobs.handle(pruneNotificationsJob, async () => {
    const before = new Date(ctx.clock.now() - NOTIFICATION_LIMITS.keepDays * 86_400_000).toISOString();
    await deleteNotificationsBefore(ctx.db, before);
  });
  ctx.jobs.repeat(pruneNotificationsJob, '41 3 * * *', {});
}
