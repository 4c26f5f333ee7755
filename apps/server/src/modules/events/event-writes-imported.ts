import type { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { type HeldImport, holdIds } from '../../lib/csv-import/held-import.ts';
import { AppError } from '../../lib/errors.ts';
import { bumpEventVersion } from '../../lib/event-versions.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { todoTimelineEntries } from '../customers/customers.service.ts';
import { isMember } from '../members/members.service.ts';
import { existingIds, insertTodoRows } from './event-import.repository.ts';
import { scheduleReminders } from './event-reminders.ts';
import type { NewEvent } from './events.repository.ts';

/**
 * The batched create path of CSV imports (docs/decisions/102-todo-csv-import.md), kept beside
 * the write door (event-writes.ts) and reached only through it: an imported to-do is written
 * with what a single create does — its references checked, its reminders queued, its
 * customer's timeline entry — in a few statements per batch instead of several per to-do, and
 * the batch told as one `event.imported` change `{count, ids}`. Assignees are not told of each
 * imported to-do one by one (a file of thousands would fill their bell).
 */

/** What an import keeps between its batches, in its one transaction. */
export interface ImportedTodosState {
  /** Assignee id → a member of the company, asked once per import. */
  members: Map<number, boolean>;
}

export const importedTodosState = (): ImportedTodosState => ({ members: new Map() });

/**
 * A single create's reference checks for the batch at once: each assignee a member, each
 * customer and deal the company's. A failure answers 400 as a create would (and rolls back the
 * whole import).
 */
async function checkReferences(
  trx: Database,
  companyId: number,
  state: ImportedTodosState,
  rows: readonly NewEvent[],
): Promise<void> {
  const details: Record<string, string[]> = {};
  for (const assignee of new Set(rows.map((r) => r.assignee_id ?? null))) {
    if (assignee === null) continue;
    let member = state.members.get(assignee);
    if (member === undefined) {
      member = await isMember(trx, companyId, assignee);
      state.members.set(assignee, member);
    }
    if (!member) details.assignee_id = ['not_member'];
  }
  const wanted = (key: 'customer_id' | 'deal_id') => [
    ...new Set(rows.flatMap((r) => (r[key] == null ? [] : [r[key] as number]))),
  ];
  const customers = wanted('customer_id');
  const foundCustomers = await existingIds(trx, 'customers', companyId, customers);
  if (customers.some((id) => !foundCustomers.has(id))) details.customer_id = ['not_found'];
  const deals = wanted('deal_id');
  const foundDeals = await existingIds(trx, 'deals', companyId, deals);
  if (deals.some((id) => !foundDeals.has(id))) details.deal_id = ['not_found'];
  if (Object.keys(details).length)
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
}

/**
 * An import saving behind a switch on SQLite (docs/decisions/104-deal-todo-imports-behind-a-switch.md):
 * its to-dos are written marked, and their feed and the open to-dos they add per day (the counters'
 * triggers skip them, migration 072) are held for the flip.
 */
export type HeldTodos = HeldImport<{ state: ImportedTodosState; open: Map<string, number> }>;

/**
 * A batch of new to-dos of one company with one `event.imported` change (held for the flip when
 * `held`: the rows and their customers' entries marked); answers their ids in order.
 */
export async function importTodos(
  ctx: AppContext,
  trx: Database,
  actor: Actor,
  state: ImportedTodosState,
  rows: readonly NewEvent[],
  held?: HeldTodos,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const { companyId } = actor;
  if (rows.some((r) => r.company_id !== companyId)) throw new Error('An import batch is of one company.');
  await checkReferences(trx, companyId, state, rows);
  const ids = await insertTodoRows(trx, held ? rows.map((r) => ({ ...r, import_id: held.importId })) : rows);
  for (const [i, row] of rows.entries())
    if (row.assignee_id != null && row.reminders && row.reminders !== '[]')
      await scheduleReminders(ctx, trx, companyId, ids[i] as number);
  const along = await todoTimelineEntries(
    trx,
    actor,
    rows.map((r) => ({ customer_id: r.customer_id ?? null, title: r.title })),
    'todo_created',
    [],
    held?.importId,
  );
  if (held) {
    if (along) await trx.executeQuery(along);
    for (const r of rows) {
      if (r.done) continue;
      const day = r.until_at.slice(0, 10);
      held.extra.open.set(day, (held.extra.open.get(day) ?? 0) + 1);
    }
    holdIds(held, ids);
    return ids;
  }
  await importedChange(trx, actor, ids, along);
  return ids;
}

function importedChange(trx: Database, actor: Actor, ids: number[], along?: CompiledQuery): Promise<unknown> {
  return recordChange(
    trx,
    {
      companyId: actor.companyId,
      type: 'event.imported',
      entity: { type: 'event', id: null },
      actor: byActor(actor),
      data: { count: ids.length, ids },
    },
    along,
  );
}

/**
 * The flip of an import saved behind a switch (its state already `applied`): its open to-dos
 * counted in one upsert, then one `event.imported` per feed batch, in order — what one saving
 * transaction records.
 */
export async function todosApplied(trx: Database, actor: Actor, held: HeldTodos): Promise<void> {
  const { companyId } = actor;
  const days = [...held.extra.open];
  for (let i = 0; i < days.length; i += 500) {
    await trx
      .insertInto('event_counts')
      .values(days.slice(i, i + 500).map(([day, n]) => ({ company_id: companyId, day, n_open: n })))
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'day'])
          .doUpdateSet((eb) => ({ n_open: eb('event_counts.n_open', '+', eb.ref('excluded.n_open')) })),
      )
      .execute();
  }
  for (const ids of held.feed) if (ids?.length) await importedChange(trx, actor, ids);
  // The flip writes no to-do row, whose triggers would bump it: cached list pages go by this.
  await bumpEventVersion(trx, companyId);
}

/** An import's counts, as `event.import_finished` tells them (the shape of `deal.import_finished`). */
export interface TodoImportCounts {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
}

/** One entry for a whole CSV import, after its batches: subscribers may wait for it instead. */
export async function todoImportFinished(
  trx: Database,
  actor: Actor,
  counts: TodoImportCounts,
): Promise<void> {
  await recordChange(trx, {
    companyId: actor.companyId,
    type: 'event.import_finished',
    entity: { type: 'event', id: null },
    actor: byActor(actor),
    data: { ...counts },
  });
}
