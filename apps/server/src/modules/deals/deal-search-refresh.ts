import type { Database } from '../../db/database.ts';
import { setIfUnchanged } from '../../db/set-if-unchanged.ts';
import { sumInPages } from '../../lib/in-pages.ts';
import { dealWords, ownWords } from '../../lib/search-words.ts';
import { type CustomPlan, searchedValuesOf } from '../custom-fields/custom-fields.service.ts';

/**
 * A deal's `own_words` are the words of its own text values (docs/decisions/084-own-text-values-searched.md),
 * folded as its title's `sort_title`, so the list's and the top bar's search (deal-list.repository.ts)
 * tests them as it tests the title. Made again by the write door whenever values may have changed,
 * in the same transaction. Answers how many deals' words changed.
 */

const CHUNK = 500;

/** A new deal's `own_words` from its checked values (`searched`, in the order they are read back). */
export function ownWordsOf(plan: CustomPlan | undefined): string {
  return ownWords(plan?.searched ?? [], dealWords).join(' ');
}

export function refreshOwnWords(db: Database, companyId: number, ids: readonly number[]): Promise<number> {
  return sumInPages(ids, CHUNK, async (chunk) => {
    const rows = await db
      .selectFrom('deals')
      .select(['id', 'own_words'])
      .where('company_id', '=', companyId)
      .where('id', 'in', chunk)
      .execute();
    const own = await searchedValuesOf(db, companyId, 'deal', chunk);
    const changed = rows.flatMap((row) => {
      const after = ownWords(own.get(row.id) ?? [], dealWords).join(' ');
      return after === row.own_words ? [] : [{ id: row.id, before: row.own_words, after }];
    });
    return setIfUnchanged(db, { table: 'deals', column: 'own_words' }, companyId, changed);
  });
}
