import type { Database } from '../../../db/database.ts';
import { searchedValuesOf } from '../../custom-fields/custom-fields.service.ts';
import { searchText } from './customer-search.ts';

/**
 * A customer's `search_text` holds its own text values' words after the built-in ones
 * (docs/decisions/084-own-text-values-searched.md), so the full-text indexes and the covering
 * sort indexes find them as they find a name. Made again from the stored row and values by
 * the write door, after anything that may change them, in the same transaction.
 */

const CHUNK = 500;

export async function refreshSearchText(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('customers')
      .select([
        'id',
        'name',
        'first_name',
        'last_name',
        'organisation_name',
        'email',
        'phone',
        'oib',
        'search_text',
      ])
      .where('company_id', '=', companyId)
      .where('id', 'in', chunk)
      .execute();
    const own = await searchedValuesOf(db, companyId, 'customer', chunk);
    for (const row of rows) {
      const next = searchText(row, own.get(row.id));
      if (next === row.search_text) continue;
      // Only over the text read: a door that wrote the row meanwhile made its own words.
      const result = await db
        .updateTable('customers')
        .set({ search_text: next })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .where('search_text', '=', row.search_text)
        .executeTakeFirst();
      written += Number(result.numUpdatedRows);
    }
  }
  return written;
}
