import type { DealNoteBody, DealTimelineEntry } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { authorOfActor } from '../../lib/record-author.ts';
import { notifyMentions } from '../notifications/notifications.service.ts';
import { findDealActivity } from './deal-timeline.repository.ts';
import { writeDeals } from './deal-writes.ts';
import { findDealRow } from './deals.repository.ts';
import { toTimelineEntry } from './deals.service.ts';

/**
 * A note on a deal's timeline, written through the deal write door (its change goes to the
 * feed, so webhooks and open screens see it). Each member named by `@[Name](user:ID)` is told once.
 */
export async function addDealNote(
  ctx: AppContext,
  actor: Actor,
  dealId: number,
  body: DealNoteBody,
): Promise<DealTimelineEntry> {
  const noteId = await writeDeals(ctx, authorOfActor(actor), async (writes, trx) => {
    const deal = await findDealRow(trx, actor.companyId, dealId);
    if (!deal) throw notFound('Deal');
    const id = await writes.note(deal, body.body);
    await notifyMentions(ctx, trx, actor, {
      id,
      body: body.body,
      recordId: dealId,
      route: `/company/deal/${dealId}`,
      title: deal.title,
      dedupeKind: 'deal-mention',
    });
    return id;
  });
  const row = await findDealActivity(ctx.db, actor.companyId, noteId);
  if (!row) throw notFound('Note');
  return toTimelineEntry(row);
}
