import type { Database } from '../db/database.ts';

/** Expires a key a second ago, as time would have it: written straight into the row. */
export async function expireApiKey(db: Database, companyId: number, keyId: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('company_id', '=', companyId)
    .where('id', '=', keyId)
    .execute();
}
