import type { Database } from '../../db/database.ts';
import { dealWords, ownWords } from '../../lib/search-words.ts';
import { searchedValuesOf } from '../custom-fields/custom-fields.service.ts';

/**
 * A deal's `own_words` are the words of its own text values (docs/decisions/084-own-text-values-searched.md),
 * folded as its title's `sort_title`, so the list's and the top bar's search (deal-list.repository.ts)
 * tests them as it tests the title. Made again by the write door whenever values may have changed,
 * in the same transaction. Answers how many deals' words changed.
 */

const CHUNK = 500;

export async function refreshOwnWords(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('deals')
      .select(['id', 'own_words'])
      .where('company_id', '=', companyId)
      .where('id', 'in', chunk)
      .execute();
    const own = await searchedValuesOf(db, companyId, 'deal', chunk);
    for (const row of rows) {
      const next = ownWords(own.get(row.id) ?? [], dealWords).join(' ');
      if (next === row.own_words) continue;
      const result = await db
        .updateTable('deals')
        .set({ own_words: next })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .where('own_words', '=', row.own_words)
        .executeTakeFirst();
      written += Number(result.numUpdatedRows);
    }
  }
  return written;
}
