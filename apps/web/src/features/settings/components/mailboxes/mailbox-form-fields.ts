import { MAILBOX_LIMITS, MAILBOX_VISIBILITY } from '@kontora/contract/mailboxes';
import { z } from 'zod';

/** Who reads the mail and how far back the first sync reads: asked alike for every way of connecting. */
export const MailboxReadingFields = {
  visibility: z.enum(MAILBOX_VISIBILITY),
  sync_days: z
    .number({ error: 'invalid_number' })
    .int({ error: 'invalid_number' })
    .min(1, { error: 'too_small' })
    .max(MAILBOX_LIMITS.syncDaysMax, { error: 'too_big' }),
};
