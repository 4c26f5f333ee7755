import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Sets a derived text column of a company's rows, each only where it still holds its
 * `before`: a writer that changed it meanwhile made its own (the search words, decision 084).
 * One statement for all the rows (a page of a refresh is one round trip, not one a row).
 * Answers how many rows were written.
 */
export async function setIfUnchanged(
  db: Database,
  target: { table: 'customers' | 'deals'; column: 'search_text' | 'own_words' },
  companyId: number,
  rows: readonly { id: number; before: string; after: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const column = sql.ref(target.column);
  const table = sql.table(target.table);
  const values = sql.join(rows.map((r) => sql`(cast(${r.id} as integer), ${r.before}, ${r.after})`));
  // A named CTE, not `(values …) as w (…)`: SQLite takes column names only there.
  const result = await sql`with w (id, old_text, new_text) as (values ${values})
    update ${table} set ${column} = w.new_text from w
    where ${table}.company_id = ${companyId} and ${table}.id = w.id and ${sql.ref(`${target.table}.${target.column}`)} = w.old_text`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
