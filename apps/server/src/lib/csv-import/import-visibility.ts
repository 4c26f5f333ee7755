import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { waitForCustomers } from './company-hold.ts';

/**
 * Rows of an import that is not applied yet are invisible (docs/decisions/098-import-behind-a-switch.md,
 * extended to deals and to-dos by 104-deal-todo-imports-behind-a-switch.md). On SQLite an import
 * saves its rows in short transactions, each row marked with the import (`import_id` of customers,
 * deals, events and customers' timeline entries; migrations 065, 071); the flip shows them all at
 * once. Every read of those rows asks first which of the company's imports of the kind are still
 * `applying` (a read of the small `csv_imports` table, in process) and only then leaves their rows
 * out, so a company with no import under way reads with the plans it always had. PostgreSQL saves
 * an import in one transaction, whose rows nobody sees before its commit: nothing is marked and
 * nothing is asked.
 */

/** What `csv_imports.kind` names: the records an import writes. */
export type ImportKind = 'customers' | 'deals' | 'events';

/** The company's imports of these kinds whose marked rows are hidden; `own`, the import asking, sees its rows. */
export async function hiddenImportsOf(
  db: Database,
  companyId: number,
  kinds: readonly ImportKind[],
  own?: number,
): Promise<number[]> {
  if (dialectOf(db) === 'postgres') return [];
  // A company whose import is finishing in chunks is read once it has finished (company-hold.ts).
  if (kinds.includes('customers')) await waitForCustomers(db, companyId);
  let query = db
    .selectFrom('csv_imports')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', 'in', kinds)
    .where('state', '=', 'applying');
  if (own !== undefined) query = query.where('id', '<>', own);
  return (await query.execute()).map((r) => r.id);
}

/**
 * `and …` leaving out the hidden imports' rows (nothing when none is hidden), for raw SQL:
 * `alias` names the marked table in the query, or none (a query of the table alone).
 */
export function visibleSql(alias: string | null, hidden: readonly number[] | undefined): RawBuilder<unknown> {
  if (!hidden?.length) return sql``;
  const column = sql.raw(alias ? `${alias}.import_id` : 'import_id');
  return sql`and (${column} is null or ${column} not in (${sql.join(hidden)}))`;
}

/** A query builder's `where` leaving out the hidden imports' rows (call only when some are hidden). */
export function visibleCondition(alias: string | null, hidden: readonly number[]): RawBuilder<boolean> {
  return sql<boolean>`true ${visibleSql(alias, hidden)}`;
}

/**
 * A query builder's rows left at those visible: `query.where(visibleCondition(…))` when some
 * import is hidden, the query as it was otherwise (its plan unchanged).
 */
export function visibleOnly<Q extends { where(condition: RawBuilder<boolean>): Q }>(
  query: Q,
  alias: string | null,
  hidden: readonly number[],
): Q {
  return hidden.length ? query.where(visibleCondition(alias, hidden)) : query;
}
