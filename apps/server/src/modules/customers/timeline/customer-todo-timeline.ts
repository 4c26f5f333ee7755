import type { CompiledQuery } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { Actor } from '../../../lib/actor.ts';
import { authorOf } from '../customer-dto.ts';
import { activitiesInsert } from './customer-activities.repository.ts';

export type TodoTimelineKind = 'todo_created' | 'todo_done' | 'todo_reopened' | 'todo_deleted';

/**
 * A to-do (a row of `events`, written by the events module) linked to a customer
 * was created, completed, opened again or deleted: the customer's timeline says
 * so. Answers the entry's insert, not yet run, for the to-do's change-feed row
 * to take along in its statement (so the entry exists exactly when the change
 * does); none for a to-do without a customer. The title is kept as the body because the to-do may be gone later.
 */
export function todoTimelineEntry(
  trx: Database,
  actor: Actor,
  todo: { customer_id: number | null; title: string },
  kind: TodoTimelineKind,
  changes: { field: string; before: unknown; after: unknown }[] = [],
): Promise<CompiledQuery | undefined> {
  return todoTimelineEntries(trx, actor, [todo], kind, changes);
}

/**
 * The entries of many to-dos at once (an import's batch): those with a customer, in one insert
 * (the last thousand answered for the change-feed row to take along, as above). `importId`: the
 * batch of an import behind a switch (SQLite), whose entries are hidden with its to-dos until the
 * flip (docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export function todoTimelineEntries(
  trx: Database,
  actor: Actor,
  todos: readonly { customer_id: number | null; title: string }[],
  kind: TodoTimelineKind,
  changes: { field: string; before: unknown; after: unknown }[] = [],
  importId?: number,
): Promise<CompiledQuery | undefined> {
  const at = new Date().toISOString();
  const author = authorOf(actor);
  const rows = todos.flatMap((todo) =>
    todo.customer_id === null
      ? []
      : [
          {
            company_id: actor.companyId,
            customer_id: todo.customer_id,
            kind,
            body: todo.title,
            changes: changes.length ? JSON.stringify(changes) : null,
            ...author,
            created_at: at,
            ...(importId === undefined ? {} : { import_id: importId }),
          },
        ],
  );
  return rows.length ? activitiesInsert(trx, rows) : Promise.resolve(undefined);
}
