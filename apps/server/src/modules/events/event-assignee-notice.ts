import { safeTimeZone, toZonedDate } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * Tells a person that a to-do is now theirs (docs/decisions/055-notifications.md), in the
 * transaction of the write; not when they assigned it to themselves. The link opens the
 * calendar on the to-do's day in the company's zone, as the reminder mail's does.
 */
export async function noticeAssigned(
  ctx: AppContext,
  trx: Database,
  actor: Actor,
  todo: { id: number; assignee_id: number | null; title: string; start_at: string },
): Promise<void> {
  if (todo.assignee_id === null) return;
  const zone = safeTimeZone(await companyTimeZone(trx, actor.companyId));
  await notify(ctx, trx, {
    userId: todo.assignee_id,
    companyId: actor.companyId,
    kind: 'todo_assigned',
    recordId: todo.id,
    route: `/company/calendar?date=${toZonedDate(todo.start_at, zone)}`,
    data: { title: todo.title, start_at: todo.start_at, actor_name: actor.apiKey?.name ?? null },
    actorId: authorIdOf(actor),
  });
}
