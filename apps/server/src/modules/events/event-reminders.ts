import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';

/** Queues the reminders of a to-do's next occurrence (filled in with the reminder jobs). */
export async function scheduleReminders(
  _ctx: AppContext,
  _db: Database,
  _companyId: number,
  _eventId: number,
): Promise<void> {}
