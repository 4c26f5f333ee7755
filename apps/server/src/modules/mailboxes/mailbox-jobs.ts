import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * One sync run of one mailbox: the first pass, or what arrived since the last UID read.
 * `only_sent`: the poll's run of a mailbox whose INBOX an IDLE watch holds (decision 079).
 */
export const syncMailboxJob = defineJob(
  'mailboxes.sync',
  z.object({
    company_id: z.number().int(),
    mailbox_id: z.number().int(),
    only_sent: z.boolean().optional(),
  }),
  {
    maxAttempts: 3,
    backoff: { baseMs: 30_000, maxMs: 600_000 },
    timeoutMs: 30 * 60_000,
    // Mail servers throttle; two per company leave the other slots to everyone else.
    perCompanyConcurrency: 2,
  },
);

/** Every minute: a run for each mailbox (new mail arrives by polling). */
export const pollMailboxesJob = defineJob('mailboxes.poll', z.object({}), { maxAttempts: 1 });

/** One message from a person's mailbox: SMTP, then its copy in the Sent folder (never sent twice). */
export const sendEmailJob = defineJob(
  'mailboxes.send',
  z.object({ company_id: z.number().int(), outbox_id: z.number().int() }),
  {
    maxAttempts: 5,
    backoff: { baseMs: 30_000, maxMs: 1_800_000 },
    timeoutMs: 5 * 60_000,
    perCompanyConcurrency: 2,
  },
);

/**
 * Deletes the kept mail a list of exclusions now covers (docs/decisions/083-mail-exclusions.md):
 * `user_id` null for the company's list, else the person's own. Queued when entries are added.
 */
export const purgeExcludedMailJob = defineJob(
  'mailboxes.purge-excluded',
  z.object({ company_id: z.number().int(), user_id: z.number().int().nullable() }),
  {
    maxAttempts: 5,
    backoff: { baseMs: 10_000, maxMs: 600_000 },
    timeoutMs: 30 * 60_000,
    // A company's purges one at a time: each reads the whole of its mail.
    perCompanyConcurrency: 1,
  },
);
