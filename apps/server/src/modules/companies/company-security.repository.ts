import type { AppCaches } from '../../app-caches.ts';
import type { Database } from '../../db/database.ts';

export async function findRequireTwoFactor(db: Database, companyId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('require_two_factor')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ? Boolean(row.require_two_factor) : undefined;
}

export async function setRequireTwoFactor(
  db: Database,
  caches: AppCaches,
  companyId: number,
  required: boolean,
) {
  await db
    .updateTable('companies')
    .set({ require_two_factor: required, updated_at: new Date().toISOString() })
    .where('id', '=', companyId)
    .execute();
  // The access check reads the flag on every company request: it must show at once.
  caches.companyAccess.evict(companyId);
}
