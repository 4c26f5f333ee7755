import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { connectedCrmMailboxes } from './mailboxes.repository.ts';

export interface WatchableMailbox {
  id: number;
  company_id: number;
}

const WHY = 'the IDLE watcher of each instance looks at every company’s mailboxes';

/**
 * Mailboxes this instance may watch, by id: connected, not failing, of a company with the
 * CRM, and not claimed by another instance whose claim still holds.
 */
export function watchableMailboxes(
  db: Database,
  owner: string,
  now: string,
  limit: number,
): Promise<WatchableMailbox[]> {
  return connectedCrmMailboxes(crossCompany(db, WHY))
    .where('mailboxes.status', '!=', 'failing')
    .where((eb) =>
      eb.or([
        eb('mailboxes.idle_owner', '=', owner),
        eb('mailboxes.idle_until', 'is', null),
        eb('mailboxes.idle_until', '<', now),
      ]),
    )
    .orderBy('mailboxes.id')
    .limit(limit)
    .execute();
}

/** Takes the watch of one mailbox until `until`; false when another instance's claim holds. */
export async function claimIdle(
  db: Database,
  box: WatchableMailbox,
  owner: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mailboxes')
    .set({ idle_owner: owner, idle_until: until })
    .where('company_id', '=', box.company_id)
    .where('id', '=', box.id)
    .where((eb) =>
      eb.or([eb('idle_owner', '=', owner), eb('idle_until', 'is', null), eb('idle_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Renews every claim of this instance at once. */
export async function renewIdleClaims(db: Database, owner: string, until: string): Promise<void> {
  await crossCompany(db, WHY)
    .updateTable('mailboxes')
    .set({ idle_until: until })
    .where('idle_owner', '=', owner)
    .execute();
}

/** Gives the watch back, so another instance (or this one, later) may take it at once. */
export async function releaseIdle(db: Database, box: WatchableMailbox, owner: string): Promise<void> {
  await db
    .updateTable('mailboxes')
    .set({ idle_owner: null, idle_until: null })
    .where('company_id', '=', box.company_id)
    .where('id', '=', box.id)
    .where('idle_owner', '=', owner)
    .execute();
}
