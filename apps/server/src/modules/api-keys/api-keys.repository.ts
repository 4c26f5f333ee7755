import type { Insertable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { ApiKeysTable } from '../../db/schema.ts';

/** What a list shows; never the hash. */
export interface ApiKeyRow {
  id: number;
  company_id: number;
  name: string;
  last_four: string;
  scopes: string;
  rate_limit: number;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** What authentication needs about a key presented on a request. */
export interface ApiKeyAuthRow {
  id: number;
  company_id: number;
  name: string;
  scopes: string;
  rate_limit: number;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function selectKeys(db: Database) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.company_id',
      'k.name',
      'k.last_four',
      'k.scopes',
      'k.rate_limit',
      'k.created_by',
      'u.full_name as created_by_name',
      'k.created_at',
      'k.expires_at',
      'k.last_used_at',
    ]);
}

export async function insertApiKey(db: Database, row: Insertable<ApiKeysTable>): Promise<number> {
  const inserted = await db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findApiKey(db: Database, companyId: number, id: number): Promise<ApiKeyRow | undefined> {
  return selectKeys(db)
    .where('k.company_id', '=', companyId)
    .where('k.id', '=', id)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Whether this unrevoked key of the company has the secret of this hash. */
export async function keyHasHash(
  db: Database,
  companyId: number,
  id: number,
  tokenHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return !!row;
}

/** Unrevoked keys, expired ones included (the list marks them), newest first. */
export function listApiKeys(db: Database, companyId: number): Promise<ApiKeyRow[]> {
  return selectKeys(db)
    .where('k.company_id', '=', companyId)
    .where('k.revoked_at', 'is', null)
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc')
    .execute();
}

export async function countActiveApiKeys(db: Database, companyId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function revokeApiKeyRow(
  db: Database,
  companyId: number,
  id: number,
  by: number | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at, revoked_by: by })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The key with this hash, in whichever company: a request names its company
 * in the path, and a key of another company must answer 404 there, so the
 * look-up cannot be scoped by it. Indexed by the unique hash.
 */
export function findApiKeyByHash(db: Database, tokenHash: string): Promise<ApiKeyAuthRow | undefined> {
  return crossCompany(db, 'authentication: a key is found by its hash before its company is checked')
    .selectFrom('api_keys')
    .select(['id', 'company_id', 'name', 'scopes', 'rate_limit', 'expires_at', 'last_used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Sets last_used_at unless another request did within the minute (one write a minute at most). */
export async function touchApiKey(
  db: Database,
  companyId: number,
  id: number,
  at: string,
  staleBefore: string,
) {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
