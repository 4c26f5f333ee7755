import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { ListFilter } from './customer-list.repository.ts';
import { canBeginName, nameRange, plainTsQuery, tsQuery } from './customer-search.ts';
import { pageConditions, type SearchTuning, WALK_WINDOW } from './customer-search-page.ts';

/**
 * Estimated matches in the company (the planner's statistics of the words) from which a
 * search first walks the sort index. Below it the matches are few enough to sort: each
 * costs a row lookup, and a walk would read ~26 × customers / matches index entries.
 */
export const PG_COMMON_MATCHES = 2_000;

export type Page = ReturnType<typeof pageConditions>;

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
 * - a common word that mostly begins names (a first name, sorted by name) is
 *   read where those names are (`nameClusterIds`);
 * - any other common word's page is read off the sort index from the page's
 *   position on, ids only, so the walk is index-only (the sort indexes INCLUDE
 *   `search_vector`, migration 020) and stops at a page of matches, at most
 *   WALK_WINDOW entries;
 * - a rare word's matches (or a common word's that the window did not hold)
 *   come from the GIN index and are sorted: a MATERIALIZED set cannot be read
 *   in sort order, so the planner cannot turn it back into a long walk.
 * Every way tests the same `@@` condition, so the answer does not depend on the way.
 * `rowsOf` reads the page's rows by the ids it is given.
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
  const page = pageConditions(filter, after);
  const { col, dir, filters, order } = page;
  const query = sql`${tsQuery(filter.terms)}::tsquery`;

  if ((await estimatedMatches(db, companyId, query)) >= tuning.commonMatches) {
    const clustered = await nameClusterIds(db, companyId, filter, page, limit, tuning);
    if (clustered) return clustered.length ? rowsOf(sql`(${sql.join(clustered)})`) : [];
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

/**
 * The page's ids when most matches are customers whose name begins with a search word,
 * sorted by name; undefined when the words are not such, or a name range is too long to
 * walk. Migration 031 marks a name's first word (`^word`) in `search_vector` when the sort
 * key begins with it, so every match either
 * - has a marked word beginning with a term, and then its name begins with that term: it
 *   lies in that term's name range, which is read off the name index in order (index-only,
 *   stopping at a page of matches); or
 * - matches every term with unmarked words, which the GIN index finds by the terms
 *   without the mark (`plainTsQuery`); chosen only when the planner expects few of those,
 *   they are sorted.
 * The page is the first `limit` of all of them. "ivana" at a million customers: the
 * matches sit 40 % down the name order (15,689 of them, one table block each to sort);
 * here ~30 index entries and the few unmarked matches.
 */
export async function nameClusterIds(
  db: Database,
  companyId: number,
  filter: ListFilter,
  { dir, filters, order }: Page,
  limit: number,
  tuning: SearchTuning,
): Promise<number[] | undefined> {
  const starts = filter.sort === 'name' ? filter.terms.filter(canBeginName) : [];
  if (starts.length === 0) return undefined;
  const plain = sql`${plainTsQuery(filter.terms)}::tsquery`;
  if ((await estimatedMatches(db, companyId, plain)) >= tuning.commonMatches) return undefined;

  const query = sql`${tsQuery(filter.terms)}::tsquery`;
  type Key = { id: number; k: string };
  const found: Key[] = [];
  for (const term of starts) {
    const { from, below } = nameRange(term);
    const range = sql`and x.sort_name >= ${from} and x.sort_name < ${below}`;
    const { rows } = await sql<Key>`select w.id, w.k from
      (select x.id, x.sort_name as k, x.search_vector from customers x
        where x.company_id = ${companyId} ${range} ${filters} ${order} limit ${tuning.window}) w
      where w.search_vector @@ ${query} limit ${limit}`.execute(db);
    if (rows.length < limit && (await rangeExceeds(db, companyId, range, filters, tuning.window)))
      return undefined;
    found.push(...rows);
  }
  const { rows: unmarked } = await sql<Key>`with m as materialized (
      select x.id, x.sort_name as k from customers x
      where x.company_id = ${companyId} and x.search_vector @@ ${plain} ${filters})
    select m.id, m.k from m order by m.k ${dir}, m.id ${dir} limit ${limit}`.execute(db);
  found.push(...unmarked);

  // As PostgreSQL orders them: `sort_name` by its bytes (collation "C"), then the id.
  const sign = filter.dir === 'asc' ? 1 : -1;
  const byKey = (a: Key, b: Key) =>
    sign * (Buffer.compare(Buffer.from(a.k), Buffer.from(b.k)) || a.id - b.id);
  return [...new Map(found.map((r) => [r.id, r])).values()]
    .sort(byKey)
    .slice(0, limit)
    .map((r) => r.id);
}

/** Whether a name range (with the page's filters) holds more entries than a walk reads. */
async function rangeExceeds(
  db: Database,
  companyId: number,
  range: RawBuilder<unknown>,
  filters: RawBuilder<unknown>,
  window: number,
): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from
    (select 1 from customers x where x.company_id = ${companyId} ${range} ${filters} limit ${window}) s`.execute(
    db,
  );
  return (rows[0]?.n ?? 0) >= window;
}

/** The planner's estimate of a company's customers matching the words: statistics only, nothing is read. */
async function estimatedMatches(db: Database, companyId: number, query: RawBuilder<unknown>) {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    select 1 from customers x where x.company_id = ${companyId} and x.search_vector @@ ${query}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}
