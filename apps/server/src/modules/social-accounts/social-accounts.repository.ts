import type { Insertable, Selectable, Updateable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { SocialAccountsTable, SocialOauthStatesTable } from '../../db/schema.ts';

export type AccountRow = Selectable<SocialAccountsTable>;

export function listAccountRows(db: Database, companyId: number): Promise<AccountRow[]> {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export function findAccountRow(db: Database, companyId: number, id: number): Promise<AccountRow | undefined> {
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findAccountRows(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<AccountRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('social_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Inserts the account, or renews the tokens of the one already connected (same network and remote id). */
export async function upsertAccount(
  db: Database,
  row: Insertable<SocialAccountsTable>,
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('social_accounts')
    .select('id')
    .where('company_id', '=', row.company_id)
    .where('type', '=', row.type)
    .where('remote_id', '=', row.remote_id)
    .executeTakeFirst();
  if (existing) {
    const { company_id, created_at: _created, ...changes } = row;
    await db
      .updateTable('social_accounts')
      .set({ ...changes, last_error: null, owners_notified_at: null })
      .where('company_id', '=', company_id)
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const inserted = await db
    .insertInto('social_accounts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, created: true };
}

export async function updateAccount(
  db: Database,
  companyId: number,
  id: number,
  changes: Updateable<SocialAccountsTable>,
): Promise<void> {
  await db
    .updateTable('social_accounts')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteAccountRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('social_accounts')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * CROSS-COMPANY: active accounts whose token expires before `before` (the refresh job
 * looks at every company's accounts by time).
 */
export function accountsExpiringBefore(db: Database, before: string, limit: number) {
  return crossCompany(db, 'the token refresh job walks every company’s accounts by expiry')
    .selectFrom('social_accounts')
    .select(['id', 'company_id'])
    .where('status', '=', 'active')
    .where('token_expires_at', 'is not', null)
    .where('token_expires_at', '<', before)
    .where('refresh_token', 'is not', null)
    .orderBy('token_expires_at')
    .limit(limit)
    .execute();
}

export async function insertOauthState(db: Database, row: Insertable<SocialOauthStatesTable>): Promise<void> {
  await db.insertInto('social_oauth_states').values(row).execute();
}

/**
 * CROSS-COMPANY: takes (reads and deletes) the state of a connection in progress;
 * the OAuth callback knows only the state, which names the company. Single use.
 */
export async function takeOauthState(db: Database, stateHash: string) {
  const all = crossCompany(db, 'the OAuth callback knows only the state, which names its company');
  const row = await all
    .selectFrom('social_oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const gone = await all.deleteFrom('social_oauth_states').where('id', '=', row.id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0 ? row : undefined;
}

/** CROSS-COMPANY: states nobody came back with. */
export async function deleteExpiredOauthStates(db: Database, now: string): Promise<void> {
  await crossCompany(db, 'pruning expired OAuth states of every company')
    .deleteFrom('social_oauth_states')
    .where('expires_at', '<', now)
    .execute();
}

/**
 * CROSS-COMPANY: active accounts not yet told about it whose connection ends for good
 * before `before` (their refresh token's stated expiry, or the access token's when
 * there is no refresh token) — the expiry notice walks every company's accounts by time.
 */
export function accountsEndingBefore(db: Database, before: string, limit: number) {
  return crossCompany(db, 'the expiry notice walks every company’s accounts by their stated end')
    .selectFrom('social_accounts')
    .select(['id', 'company_id'])
    .where('status', '=', 'active')
    .where('owners_notified_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('refresh_token', 'is not', null), eb('refresh_expires_at', '<', before)]),
        eb.and([eb('refresh_token', 'is', null), eb('token_expires_at', '<', before)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
