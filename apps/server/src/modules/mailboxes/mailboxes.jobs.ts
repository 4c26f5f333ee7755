import { MODULE_ID } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import { crossCompany } from '../../db/cross-company.ts';
import { syncMailbox } from './mail-sync.ts';
import { pollMailboxesJob, sendEmailJob, syncMailboxJob } from './mailbox-jobs.ts';
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
    const boxes = await crossCompany(ctx.db, "the mail poll looks at every company's mailboxes")
      .selectFrom('mailboxes')
      .innerJoin('company_modules', (join) =>
        join
          .onRef('company_modules.company_id', '=', 'mailboxes.company_id')
          .on('company_modules.module_id', '=', MODULE_ID.crm),
      )
      .select(['mailboxes.id', 'mailboxes.company_id'])
      .where('mailboxes.disconnected_at', 'is', null)
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
  ctx.jobs.repeat(pollMailboxesJob, '* * * * *', {});
}
