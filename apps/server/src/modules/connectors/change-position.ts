import type { Database } from '../../db/database.ts';

/** The company's newest change-feed id (0 when none): a new connection pushes what changes after it. */
export async function latestChangeId(db: Database, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
