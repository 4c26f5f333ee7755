import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Sets a derived text column of one company row only where it still holds `before`: a writer
 * that changed it meanwhile made its own (the search words, decision 084). Answers whether
 * the row was written.
 */
export async function setIfUnchanged(
  db: Database,
  target: { table: 'customers' | 'deals'; column: 'search_text' | 'own_words' },
  row: { companyId: number; id: number },
  before: string,
  after: string,
): Promise<boolean> {
  const column = sql.ref(target.column);
  const result = await sql`update ${sql.table(target.table)} set ${column} = ${after}
    where company_id = ${row.companyId} and id = ${row.id} and ${column} = ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
