import type { TimelineEntry, TimelineNoteBody, TimelinePage } from '@kontora/contract/customer-timeline';
import type { AppContext } from '../../../context.ts';
import type { Actor } from '../../../lib/actor.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../../lib/keyset-cursor.ts';
import { byActor, recordChange } from '../../change-feed/change-feed.service.ts';
import { notifyMentions } from '../../notifications/notifications.service.ts';
import { authorOf, toTimelineEntry } from '../customer-dto.ts';
import { findCustomer } from '../customers.repository.ts';
import { findActivity, insertActivity, listActivities } from './customer-activities.repository.ts';

async function assertCustomer(ctx: AppContext, companyId: number, customerId: number): Promise<void> {
  if (!(await findCustomer(ctx.db, companyId, customerId))) throw notFound('Customer');
}

/** Notes and changes of one customer, newest first. */
export async function listTimeline(
  ctx: AppContext,
  companyId: number,
  customerId: number,
  query: { cursor?: string | undefined; limit: number },
): Promise<TimelinePage> {
  await assertCustomer(ctx, companyId, customerId);
  let before: { at: string; id: number } | undefined;
  if (query.cursor) {
    const [kind, at, id] = decodeCursor(query.cursor) ?? [];
    if (kind !== 'timeline' || typeof at !== 'string' || !Number.isSafeInteger(id)) {
      throw invalidField('cursor', 'invalid_cursor');
    }
    before = { at, id: id as number };
  }
  const rows = await listActivities(ctx.db, companyId, customerId, before, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toTimelineEntry),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor(['timeline', last.created_at, last.id]) : null,
  };
}

export async function addNote(
  ctx: AppContext,
  actor: Actor,
  customerId: number,
  body: TimelineNoteBody,
): Promise<TimelineEntry> {
  const customer = await findCustomer(ctx.db, actor.companyId, customerId);
  if (!customer) throw notFound('Customer');
  const id = await ctx.db.transaction().execute(async (trx) => {
    const noteId = await insertActivity(trx, {
      company_id: actor.companyId,
      customer_id: customerId,
      kind: 'note',
      body: body.body,
      changes: null,
      ...authorOf(actor),
      created_at: new Date().toISOString(),
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.note_added',
      entity: { type: 'customer', id: customerId },
      actor: byActor(actor),
      data: { note_id: noteId, body: body.body },
    });
    await notifyMentions(ctx, trx, actor, {
      id: noteId,
      body: body.body,
      recordId: customerId,
      route: `/company/customer/${customerId}`,
      title: customer.name,
      dedupeKind: 'mention',
    });
    return noteId;
  });
  const row = await findActivity(ctx.db, actor.companyId, id);
  if (!row) throw notFound('Note');
  return toTimelineEntry(row);
}
