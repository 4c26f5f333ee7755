import type { Database } from '../../apps/server/src/db/database.ts';

/** A bench company seeded by an earlier run (kept between runs), with its owner; undefined before the first. */
export async function seededCompany(
  db: Database,
  name: string,
): Promise<{ companyId: number; ownerId: number } | undefined> {
  const found = await db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirst();
  if (!found) return undefined;
  const owner = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', found.id)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return { companyId: found.id, ownerId: owner.user_id };
}
