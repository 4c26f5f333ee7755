import type { Insertable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { MailboxOauthStatesTable } from '../../db/schema.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

export async function insertMailOauthState(
  db: Database,
  row: Insertable<MailboxOauthStatesTable>,
): Promise<void> {
  await db.insertInto('mailbox_oauth_states').values(row).execute();
}

/**
 * CROSS-COMPANY: takes (reads and deletes) a sign-in in progress; the provider's callback
 * knows only the state, which names the company. Single use: of two callbacks with the same
 * state, one finds it.
 */
export async function takeMailOauthState(db: Database, stateHash: string) {
  const all = crossCompany(db, 'the mailbox OAuth callback knows only the state, which names its company');
  const row = await all
    .selectFrom('mailbox_oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const gone = await all.deleteFrom('mailbox_oauth_states').where('id', '=', row.id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0 ? row : undefined;
}

/** CROSS-COMPANY: sign-ins nobody came back from. */
export async function deleteExpiredMailOauthStates(db: Database, now: string): Promise<void> {
  await crossCompany(db, 'pruning expired mailbox sign-ins of every company')
    .deleteFrom('mailbox_oauth_states')
    .where('expires_at', '<', now)
    .execute();
}

/** The person's connected mailbox signed in with this provider as this address, if any (a sign-in again reconnects it). */
export function findSignedInMailbox(
  db: Database,
  companyId: number,
  userId: number,
  provider: 'google' | 'microsoft',
  email: string,
): Promise<MailboxRow | undefined> {
  return db
    .selectFrom('mailboxes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('auth', '=', provider)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('disconnected_at', 'is', null)
    .executeTakeFirst();
}
