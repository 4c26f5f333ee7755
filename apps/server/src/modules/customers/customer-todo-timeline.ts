import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertActivity } from './customer-activities.repository.ts';
import { authorOf } from './customer-dto.ts';

export type TodoTimelineKind = 'todo_created' | 'todo_done' | 'todo_reopened' | 'todo_deleted';

/**
 * A to-do linked to a customer was created, completed, opened again or
 * deleted: the customer's timeline says so. Called inside the to-do's own
 * transaction, so the entry exists exactly when the change does. The title is
 * kept as the body because the to-do itself may be gone later.
 */
export async function recordTodoOnTimeline(
  trx: Database,
  actor: Actor,
  todo: { customer_id: number | null; title: string },
  kind: TodoTimelineKind,
  changes: { field: string; before: unknown; after: unknown }[] = [],
): Promise<void> {
  if (todo.customer_id === null) return;
  await insertActivity(trx, {
    company_id: actor.companyId,
    customer_id: todo.customer_id,
    kind,
    body: todo.title,
    changes: changes.length ? JSON.stringify(changes) : null,
    ...authorOf(actor),
    created_at: new Date().toISOString(),
  });
}
