import type { Database } from '../../db/database.ts';
import { hiddenImportsOf } from '../../lib/csv-import/import-visibility.ts';

/**
 * Customers of an import not applied yet are invisible (docs/decisions/098-import-behind-a-switch.md):
 * the one mechanism of lib/csv-import/import-visibility.ts, asked for customer imports.
 */

export { visibleCondition, visibleOnly, visibleSql } from '../../lib/csv-import/import-visibility.ts';

/** The company's customer imports whose marked rows are hidden; `own`, the import asking, sees its rows. */
export function hiddenImports(db: Database, companyId: number, own?: number): Promise<number[]> {
  return hiddenImportsOf(db, companyId, ['customers'], own);
}
