import type { AppContext } from '../../context.ts';
import { deleteBlobs } from '../social-media/media-blobs.service.ts';
import { deleteMessages } from './emails.repository.ts';
import { excludesMessage, exclusionMatcher } from './mail-exclusion-match.ts';
import { type ExclusionList, listExclusions } from './mail-exclusions.repository.ts';
import { announceMailKept } from './mail-notices.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

/** Messages read per page; each page's matches go in one transaction. */
const PAGE = 500;

const addressesOf = (json: string): string[] => {
  try {
    const parsed = JSON.parse(json) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.flatMap((p) =>
      p && typeof p === 'object' && typeof (p as { address?: unknown }).address === 'string'
        ? [(p as { address: string }).address]
        : [],
    );
  } catch {
    return [];
  }
};

/**
 * Deletes the mail already kept that the list now excludes: of every mailbox of the company
 * for the company's list, of the person's mailboxes (connected or disconnected with their
 * mail kept) for a person's. The list is read when the job runs, so an entry taken out
 * again before it ran deletes nothing. Kept mail stores from, to and cc; those are what is
 * matched (the sync also looks at sender, reply-to and bcc before it keeps a message).
 */
export async function purgeExcludedMail(ctx: AppContext, list: ExclusionList): Promise<number> {
  const matches = exclusionMatcher(await listExclusions(ctx.db, list));
  let after = 0;
  let deleted = 0;
  const touched = new Map<number, Pick<MailboxRow, 'company_id' | 'id' | 'user_id' | 'visibility'>>();
  for (;;) {
    const rows = await ctx.db
      .selectFrom('email_messages')
      .innerJoin('mailboxes', 'mailboxes.id', 'email_messages.mailbox_id')
      .select([
        'email_messages.id',
        'email_messages.from_json',
        'email_messages.to_json',
        'email_messages.cc_json',
        'mailboxes.id as mailbox_id',
        'mailboxes.email as own',
        'mailboxes.user_id',
        'mailboxes.visibility',
      ])
      .where('email_messages.company_id', '=', list.companyId)
      .where('mailboxes.company_id', '=', list.companyId)
      .$if(list.userId !== null, (q) => q.where('mailboxes.user_id', '=', list.userId as number))
      .where('email_messages.id', '>', after)
      .orderBy('email_messages.id')
      .limit(PAGE)
      .execute();
    const gone = rows.filter((r) =>
      excludesMessage(
        matches,
        [...addressesOf(r.from_json), ...addressesOf(r.to_json), ...addressesOf(r.cc_json)],
        r.own,
      ),
    );
    if (gone.length > 0) {
      await deleteBlobs(
        ctx,
        await deleteMessages(
          ctx.db,
          list.companyId,
          gone.map((r) => r.id),
        ),
      );
      deleted += gone.length;
      for (const r of gone)
        touched.set(r.mailbox_id, {
          company_id: list.companyId,
          id: r.mailbox_id,
          user_id: r.user_id,
          visibility: r.visibility,
        });
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) break;
    after = last.id;
  }
  // The Emails cards and mailbox counts that showed them ask again.
  for (const box of touched.values()) announceMailKept(ctx, box);
  return deleted;
}
