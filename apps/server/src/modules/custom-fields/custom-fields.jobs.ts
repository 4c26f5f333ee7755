import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { purgeDeletedFields } from './custom-field-deletion.ts';

export const purgeDeletedFieldsJob = defineJob('custom_fields.purge_deleted', z.object({}), {
  maxAttempts: 3,
});

/** Fields deleted over 30 days ago go for good, with their values, once a day. */
export function registerCustomFieldJobs(ctx: AppContext): void {
  ctx.jobs.handle(purgeDeletedFieldsJob, async () => {
    await purgeDeletedFields(ctx);
  });
  ctx.jobs.repeat(purgeDeletedFieldsJob, '23 4 * * *', {});
}
