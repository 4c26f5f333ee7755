import type { Database } from '../db/database.ts';

/**
 * The company's currency (EUR when unset): deal amounts are kept and summed in it, and CSV
 * imports read amounts and own number cells as its locale writes them (amount-text.ts).
 */
export async function companyCurrency(db: Database, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('currency')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.currency ?? 'EUR';
}
