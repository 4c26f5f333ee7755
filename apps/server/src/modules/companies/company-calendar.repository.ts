import type { Database } from '../../db/database.ts';

export async function findWorkdayStart(db: Database, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('workday_start')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.workday_start;
}

export async function setWorkdayStart(db: Database, companyId: number, workdayStart: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ workday_start: workdayStart, updated_at: new Date().toISOString() })
    .where('id', '=', companyId)
    .execute();
}
