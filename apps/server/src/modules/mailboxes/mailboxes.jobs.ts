import type { AppContext } from '../../context.ts';
import { crossCompany } from '../../db/cross-company.ts';
import { syncMailbox } from './mail-sync.ts';
import { pollMailboxesJob, sendEmailJob, syncMailboxJob } from './mailbox-jobs.ts';
import { connectedCrmMailboxes } from './mailboxes.repository.ts';
import { sendOutgoing } from './send-email.ts';

/**
 * The sync job, the poll that queues one run per mailbox each minute (a failing mailbox only
 * once its next try is due), and the send job.
 */
export function registerMailboxJobs(ctx: AppContext): void {
  ctx.jobs.handle(sendEmailJob, async (payload, run) => {
    await sendOutgoing(ctx, payload.company_id, payload.outbox_id, run);
  });
  ctx.jobs.handle(syncMailboxJob, async (payload) => {
    await syncMailbox(ctx, payload.company_id, payload.mailbox_id);
  });
  ctx.jobs.handle(pollMailboxesJob, async () => {
    const slot = Math.floor(ctx.clock.now() / 60_000);
    const boxes = await connectedCrmMailboxes(
      crossCompany(ctx.db, "the mail poll looks at every company's mailboxes"),
    )
      // A failing mailbox waits for its next try (mailbox-health.ts).
      .where((eb) =>
        eb.or([
          eb('mailboxes.retry_at', 'is', null),
          eb('mailboxes.retry_at', '<=', new Date(ctx.clock.now()).toISOString()),
        ]),
      )
      .execute();
    for (const box of boxes) {
      await ctx.jobs.enqueue(
        ctx.db,
        syncMailboxJob,
        { company_id: box.company_id, mailbox_id: box.id },
        { idempotencyKey: `poll:${box.id}:${slot}` },
      );
    }
  });
  ctx.jobs.repeat(pollMailboxesJob, ctx.config.mailboxes.pollCron, {});
}
