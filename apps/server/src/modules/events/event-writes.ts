import type { ChangeType, FieldChange } from '@kontora/contract/change-feed';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { type TodoTimelineKind, todoTimelineEntry } from '../customers/customers.service.ts';
import { noticeAssigned } from './event-assignee-notice.ts';
import { scheduleReminders } from './event-reminders.ts';
import {
  deleteEvent as deleteEventRow,
  type EventPatch,
  type EventRow,
  findEvent,
  insertEvent,
  type NewEvent,
  updateEventIfVersion,
} from './events.repository.ts';

/**
 * The one door through which to-dos (and their series) are written: what
 * happens when a to-do changes lives here. Single to-dos, series, one
 * occurrence or "this and following" all write through these three, which
 * own, within the caller's transaction:
 * - the version check (409 `stale_update` when the to-do changed since read),
 * - the reminders, queued again for the to-do as it now is,
 * - the change-feed row, as the last statement,
 * - the linked customer's timeline entry, sent to the database in the
 *   change-feed row's own statement.
 * An import's batches take the same steps in their batch form (`importTodos`).
 * The to-do lists need no eviction: their cache is keyed by the company's
 * to-do version, which every write moves (events-page-cache.ts).
 */

export const stale = () =>
  new AppError(409, 'stale_update', 'Someone else changed this event meanwhile. Reload it and try again.');

/** What the customer's timeline says of the write, when the to-do has a customer. */
export interface TimelineNote {
  todo: { customer_id: number | null; title: string };
  kind: TodoTimelineKind;
  changes?: FieldChange[];
}

export interface TodoChange {
  type: ChangeType;
  changes?: FieldChange[];
  data?: Record<string, unknown>;
  timeline?: TimelineNote;
}

/** A new to-do or series (or the continuation of a split series). Answers its id. */
export async function insertTodo(
  ctx: AppContext,
  trx: Database,
  actor: Actor,
  row: NewEvent,
  change: (id: number) => Omit<TodoChange, 'type'>,
): Promise<number> {
  const id = await insertEvent(trx, row);
  await scheduleReminders(ctx, trx, actor.companyId, id);
  await noticeAssigned(ctx, trx, actor, { ...row, id, assignee_id: row.assignee_id ?? null });
  await record(trx, actor, id, 1, { type: 'event.created', ...change(id) });
  return id;
}

/**
 * A change of a to-do or series as read at `current.version`; `also` runs
 * after the version check (e.g. occurrence rows that no longer line up).
 */
export async function changeTodo(
  ctx: AppContext,
  trx: Database,
  actor: Actor,
  current: { id: number; version: number },
  patch: EventPatch,
  change: TodoChange,
  also?: () => Promise<void>,
): Promise<void> {
  const stamped = { ...patch, updated_by: authorIdOf(actor), updated_at: patch.updated_at ?? now() };
  // Read only when the write names an assignee: a new one is told (below).
  const before = patch.assignee_id != null ? await findEvent(trx, actor.companyId, current.id) : undefined;
  if (!(await updateEventIfVersion(trx, actor.companyId, current.id, current.version, stamped)))
    throw stale();
  if (before && before.assignee_id !== patch.assignee_id) {
    const after = await findEvent(trx, actor.companyId, current.id);
    if (after) await noticeAssigned(ctx, trx, actor, after);
  }
  await also?.();
  await scheduleReminders(ctx, trx, actor.companyId, current.id);
  await record(trx, actor, current.id, current.version + 1, change);
}

/** Deletes a to-do or series (as read in this transaction); false when it was gone already. */
export async function deleteTodo(trx: Database, actor: Actor, row: EventRow, data: Record<string, unknown>) {
  if (!(await deleteEventRow(trx, actor.companyId, row.id))) return false;
  await record(trx, actor, row.id, row.version, {
    type: 'event.deleted',
    data,
    timeline: { todo: row, kind: 'todo_deleted' },
  });
  return true;
}

async function record(trx: Database, actor: Actor, id: number, version: number, change: TodoChange) {
  const note = change.timeline;
  const along = note ? await todoTimelineEntry(trx, actor, note.todo, note.kind, note.changes) : undefined;
  await recordChange(
    trx,
    {
      companyId: actor.companyId,
      type: change.type,
      entity: { type: 'event', id },
      version,
      actor: byActor(actor),
      ...(change.changes ? { changes: change.changes } : {}),
      ...(change.data ? { data: change.data } : {}),
    },
    along,
  );
}

const now = () => new Date().toISOString();

/** The batch form of `insertTodo` for CSV imports, and the import's closing entry (event-writes-imported.ts). */
export {
  type HeldTodos,
  type ImportedTodosState,
  importedTodosState,
  importTodos,
  type TodoImportCounts,
  todoImportFinished,
  todosApplied,
} from './event-writes-imported.ts';
