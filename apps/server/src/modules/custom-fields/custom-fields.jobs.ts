import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { purgeDeletedFields } from './custom-field-deletion.ts';
import { fillOwnWords } from './own-words-filler.ts';

export const purgeDeletedFieldsJob = defineJob('custom_fields.purge_deleted', z.object({}), {
  maxAttempts: 3,
});

export const fillOwnWordsJob = defineJob('custom_fields.fill_value_words', z.object({}), { maxAttempts: 3 });

/**
 * Fields deleted over 30 days ago go for good, with their values, once a day. On SQLite the
 * words of new records' own values are filled every minute (own-words-filler.ts).
 */
export function registerCustomFieldJobs(ctx: AppContext): void {
  ctx.jobs.handle(purgeDeletedFieldsJob, async () => {
    await purgeDeletedFields(ctx);
  });
  ctx.jobs.repeat(purgeDeletedFieldsJob, '23 4 * * *', {});
  ctx.jobs.handle(fillOwnWordsJob, () => fillOwnWords(ctx.db));
  if (ctx.dialect === 'sqlite') ctx.jobs.repeat(fillOwnWordsJob, '* * * * *', {});
}
