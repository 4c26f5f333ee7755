import type { EventExportQuery } from '@kontora/contract/events';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvLine } from '../../lib/csv.ts';
import { memberIdsByEmail } from '../members/members.service.ts';
import { type EventConditions, listEvents } from './events.repository.ts';
import { conditionsFor, remindersOf } from './events.service.ts';

/**
 * Columns of the export. Those the to-do import knows (title … reminder_minutes, `assignee` an
 * email, `customer` a name, `deal` a title) read back under these headers; the others are for
 * reading (docs/decisions/102-todo-csv-import.md).
 */
export const TODO_EXPORT_COLUMNS = [
  'id',
  'title',
  'type',
  'priority',
  'start_at',
  'end_at',
  'all_day',
  'done',
  'completed_at',
  'assignee',
  'customer',
  'deal',
  'location',
  'recurrence',
  'reminder_minutes',
  'reminders',
  'description',
  'created_at',
  'updated_at',
] as const;

const BATCH = 1000;

/**
 * The to-dos of the list's filters as CSV, in start order, a series as one row with its rule,
 * in pages of a thousand read by keyset (as the customer and deal exports do): memory stays flat
 * whatever the size. The filters are checked before the answer starts, so a bad one is a 400.
 */
export async function exportTodosCsv(
  ctx: AppContext,
  actor: Actor,
  query: EventExportQuery,
): Promise<AsyncGenerator<string>> {
  const conditions = await conditionsFor(ctx, actor, query);
  const emails = new Map(
    [...(await memberIdsByEmail(ctx.db, actor.companyId))].map(([email, id]) => [id, email]),
  );
  return csvPages(ctx, actor.companyId, conditions, emails);
}

async function* csvPages(
  ctx: AppContext,
  companyId: number,
  conditions: EventConditions | null,
  emails: ReadonlyMap<number, string>,
): AsyncGenerator<string> {
  // The BOM makes spreadsheet programs read UTF-8 (Č, Š, Ž…) correctly.
  yield `\uFEFF${csvLine(TODO_EXPORT_COLUMNS)}`;
  if (!conditions) return;
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await listEvents(ctx.db, companyId, conditions, after, 'asc', BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        r.title,
        r.type,
        r.priority,
        r.start_at,
        r.end_at,
        r.all_day ? 'true' : 'false',
        r.done ? 'true' : 'false',
        r.completed_at,
        r.assignee_id === null ? null : (emails.get(r.assignee_id) ?? null),
        r.customer_id === null ? null : r.customer_name,
        r.deal_id === null ? null : r.deal_title,
        r.location,
        r.recurrence,
        r.reminder_minutes,
        remindersOf(r).join(' '),
        r.description,
        r.created_at,
        r.updated_at,
      ]);
    }
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows.at(-1);
    if (!last) return;
    after = { at: last.start_at, id: last.id };
  }
}
