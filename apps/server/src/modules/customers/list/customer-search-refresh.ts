import type { Database } from '../../../db/database.ts';
import { inList } from '../../../db/in-list.ts';
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
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'search_text', ...SEARCHED_FIELDS])
      .where('company_id', '=', companyId)
      .where('id', 'in', inList(chunk))
      .execute();
    const own = await searchedValuesOf(db, companyId, 'customer', chunk);
    const changed = rows.flatMap((row) => {
      const after = searchText(row, own.get(row.id));
      return after === row.search_text ? [] : [{ id: row.id, before: row.search_text, after }];
    });
    return setIfUnchanged(db, { table: 'customers', column: 'search_text' }, companyId, changed);
  });
}
