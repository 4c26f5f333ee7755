import type { Database } from '../../../db/database.ts';
import { setIfUnchanged } from '../../../db/set-if-unchanged.ts';
import { sumInPages } from '../../../lib/in-pages.ts';
import { searchedValuesOf } from '../../custom-fields/custom-fields.service.ts';
import { SEARCHED_FIELDS, searchText } from './customer-search.ts';

/**
 * A customer's `search_text` holds its own text values' words after the built-in ones
 * (docs/decisions/084-own-text-values-searched.md), so the full-text indexes and the covering
 * sort indexes find them as they find a name. Made again from the stored row and values by
 * the write door, after anything that may change them, in the same transaction.
 */

const CHUNK = 500;

export function refreshSearchText(db: Database, companyId: number, ids: readonly number[]): Promise<number> {
  return sumInPages(ids, CHUNK, async (chunk) => {
    let written = 0;
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'search_text', ...SEARCHED_FIELDS])
      .where('company_id', '=', companyId)
      .where('id', 'in', chunk)
      .execute();
    const own = await searchedValuesOf(db, companyId, 'customer', chunk);
    for (const row of rows) {
      const next = searchText(row, own.get(row.id));
      if (next === row.search_text) continue;
      const target = { table: 'customers', column: 'search_text' } as const;
      if (await setIfUnchanged(db, target, { companyId, id: row.id }, row.search_text, next)) written += 1;
    }
    return written;
  });
}
