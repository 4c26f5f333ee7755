import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ListFilter } from './customer-list.repository.ts';
import { tsQuery } from './customer-search.ts';
import { pageConditions, type SearchTuning, WALK_WINDOW } from './customer-search-page.ts';

/**
 * Estimated matches in the company (the planner's statistics of the words) from which a
 * search first walks the sort index. Below it the matches are few enough to sort: each
 * costs a row lookup, and a walk would read ~26 × customers / matches index entries.
 */
export const PG_COMMON_MATCHES = 2_000;

/**
 * One search page on PostgreSQL, in the list's order (decision 026).
 *
 * One query let the planner choose, and it chose badly both ways at a million
 * customers: it walked the sort index for a common word but read the table row
 * of every entry to test its words (the page selects every column, so the
 * index's `search_vector` did not spare it: 15,000 row reads for "com" sorted
 * by name), and for a word whose matches sit together far down the order
 * ("ivana" sorted by name) it expected them spread evenly and walked 330,000
 * entries. So the choice is made here:
 * - the planner's estimate of the matches (statistics of the words, one
 *   `EXPLAIN`, no rows read) tells a rare word from a common one;
 * - a common word's page is read off the sort index from the page's position
 *   on, ids only, so the walk is index-only (the sort indexes INCLUDE
 *   `search_vector`, migration 020) and stops at a page of matches, at most
 *   WALK_WINDOW entries;
 * - a rare word's matches (or a common word's that the window did not hold)
 *   come from the GIN index and are sorted: a MATERIALIZED set cannot be read
 *   in sort order, so the planner cannot turn it back into a long walk.
 * Both ways test the same `@@` condition, so the answer does not depend on the way.
 * Each way is one statement: `rowsOf` reads the page's rows by the ids it is given.
 */
export async function postgresSearchPage<Row>(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
  rowsOf: (ids: RawBuilder<number>) => Promise<Row[]>,
  tuning: SearchTuning = { commonMatches: PG_COMMON_MATCHES, window: WALK_WINDOW },
): Promise<Row[]> {
  const { col, dir, filters } = pageConditions(filter, after);
  const order = sql`order by ${col} ${dir}, x.id ${dir}`;
  const query = sql`to_tsquery('simple', ${tsQuery(filter.terms)})`;

  if ((await estimatedMatches(db, companyId, query)) >= tuning.commonMatches) {
    const walked = await rowsOf(sql`(select w.id from
      (select x.id, x.search_vector from customers x
        where x.company_id = ${companyId} ${filters} ${order} limit ${tuning.window}) w
      where w.search_vector @@ ${query} limit ${limit})`);
    if (walked.length >= limit) return walked;
  }
  return rowsOf(sql`(with m as materialized (
      select x.id, ${col} as k from customers x
      where x.company_id = ${companyId} and x.search_vector @@ ${query} ${filters})
    select m.id from m order by m.k ${dir}, m.id ${dir} limit ${limit})`);
}

/** The planner's estimate of a company's customers matching the words: statistics only, nothing is read. */
async function estimatedMatches(db: Database, companyId: number, query: RawBuilder<unknown>) {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    select 1 from customers x where x.company_id = ${companyId} and x.search_vector @@ ${query}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}
