import type { AppContext } from '../../context.ts';
import { crossCompany } from '../../db/cross-company.ts';
import { purgeExcludedMail } from './mail-exclusions-purge.ts';
import { syncMailbox } from './mail-sync.ts';
import { pollMailboxesJob, purgeExcludedMailJob, sendEmailJob, syncMailboxJob } from './mailbox-jobs.ts';
import { connectedCrmMailboxes } from './mailboxes.repository.ts';
import { sendOutgoing } from './send-email.ts';

/**
 * The sync job, the poll that queues one run per mailbox each minute (a failing mailbox only
 * once its next try is due; of one whose INBOX a live IDLE claim watches, the Sent folder
 * alone: decision 079), the send job, and the deletion of kept mail a new exclusion covers.
 */
export function registerMailboxJobs(ctx: AppContext): void {
  ctx.jobs.handle(sendEmailJob, async (payload, run) => {
    await sendOutgoing(ctx, payload.company_id, payload.outbox_id, run);
  });
  ctx.jobs.handle(purgeExcludedMailJob, async (payload) => {
    await purgeExcludedMail(ctx, { companyId: payload.company_id, userId: payload.user_id });
  });
  ctx.jobs.handle(syncMailboxJob, async (payload) => {
    await syncMailbox(ctx, payload.company_id, payload.mailbox_id, { onlySent: payload.only_sent === true });
  });
  ctx.jobs.handle(pollMailboxesJob, async (_payload, run) => {
    const nowIso = new Date(ctx.clock.now()).toISOString();
    const boxes = await connectedCrmMailboxes(
      crossCompany(ctx.db, "the mail poll looks at every company's mailboxes"),
    )
      // A failing mailbox waits for its next try (mailbox-health.ts).
      .where((eb) => eb.or([eb('mailboxes.retry_at', 'is', null), eb('mailboxes.retry_at', '<=', nowIso)]))
      .select('mailboxes.idle_until')
      .execute();
    // Every few minutes (10) the poll reads INBOX of watched mailboxes too: a notice IDLE missed
    // (a server's hiccup, a watch between connections) waits at most that long.
    const every = ctx.config.mailboxes.watchedInboxPollMinutes;
    const safetyNet = Math.floor(ctx.clock.now() / 60_000) % every === 0;
    for (const box of boxes) {
      // An instance watching INBOX in IDLE (its claim still holds) brings new mail there itself.
      const watched = !safetyNet && box.idle_until !== null && box.idle_until > nowIso;
      await ctx.jobs.enqueue(
        ctx.db,
        syncMailboxJob,
        { company_id: box.company_id, mailbox_id: box.id, ...(watched ? { only_sent: true } : {}) },
        // One run per mailbox per firing of the poll (the engine fires each slot of its cron once).
        { idempotencyKey: `poll:${box.id}:${run.id}` },
      );
    }
  });
  ctx.jobs.repeat(pollMailboxesJob, ctx.config.mailboxes.pollCron, {});
}
