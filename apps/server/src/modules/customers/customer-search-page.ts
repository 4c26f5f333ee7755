import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { ListFilter } from './customer-list.repository.ts';
import { ftsMatch, tsQuery } from './customer-search.ts';

/**
 * Matches from which the words count as common: their page is read off the
 * sort index. (In all companies on SQLite, whose full-text index has none.)
 */
export const COMMON_MATCHES = 1_000;
/**
 * Entries of the sort index a common-word search reads, in page order, before
 * it sorts the matches after all (the word is common but clustered elsewhere
 * in the order). The sort indexes carry the search words (migration 020), so
 * this reading touches no rows.
 */
export const WALK_WINDOW = 20_000;

const sortColumn = { name: 'sort_name', created_at: 'created_at', updated_at: 'updated_at' } as const;

/**
 * Ids of one search page, in the list's order (decision 026). Sorting every
 * match costs in proportion to the matches — hundreds of thousands for "com"
 * at a million customers. So a capped count (cheap: FTS5 keeps a prefix index
 * for prefixes of up to 6 characters, migration 020) tells a rare word, whose
 * few matches are sorted, from a common one, whose page is read off the sort
 * index from the page's position on, stopping at `limit` matches (early
 * termination; the order holds by construction). A common word fills the
 * page within a few hundred entries; when WALK_WINDOW entries hold fewer, the
 * matches are sorted after all.
 * Both ways apply the same rule (every query word begins a word of the
 * customer), so the answer does not depend on which one ran.
 */
export async function searchPageIds(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
): Promise<number[]> {
  const pg = dialectOf(db) === 'postgres';
  const col = sql.ref(`x.${sortColumn[filter.sort]}`);
  const dir = sql.raw(filter.dir);
  const filters = sql.join(
    [
      filter.status ? sql`and x.status = ${filter.status}` : sql``,
      filter.ownerId !== undefined ? sql`and x.owner_id = ${filter.ownerId}` : sql``,
      filter.tag
        ? sql`and exists (select 1 from customer_tags t where t.company_id = x.company_id and t.customer_id = x.id and t.tag = ${filter.tag})`
        : sql``,
      after
        ? sql`and (${col}, x.id) ${sql.raw(filter.dir === 'asc' ? '>' : '<')} (${after.value}, ${after.id})`
        : sql``,
    ],
    sql` `,
  );
  const order = sql`order by ${col} ${dir}, x.id ${dir}`;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  const counted = await sql<{ n: number }>`select count(*) as n from (${
    pg
      ? sql`select 1 from customers x
          where x.company_id = ${companyId} and x.search_vector @@ to_tsquery('simple', ${tsQuery(filter.terms)})`
      : sql`select rowid from customers_fts where customers_fts match ${ftsMatch(filter.terms)}`
  } limit ${COMMON_MATCHES}) m`.execute(db);
  if (Number(counted.rows[0]?.n ?? 0) >= COMMON_MATCHES) {
    // Same rule as the full-text index: every query word begins a word of the customer.
    const words: RawBuilder<unknown> = pg
      ? sql`w.search_vector @@ to_tsquery('simple', ${tsQuery(filter.terms)})`
      : sql.join(
          filter.terms.map((term) => sql`instr(' ' || w.search_text, ${` ${term}`}) > 0`),
          sql` and `,
        );
    // The window is read in sort order; the outer limit stops the reading at a page of matches.
    const walked = await sql<{ id: number }>`select w.id from
      (select x.id, ${sql.ref(pg ? 'x.search_vector' : 'x.search_text')} from customers x
        where x.company_id = ${companyId} ${filters} ${order} limit ${WALK_WINDOW}) w
      where ${words} limit ${limit}`.execute(db);
    if (walked.rows.length >= limit) return ids(walked.rows);
  }

  if (pg) {
    // Materialised, so that the planner cannot turn this back into a walk of the sort index.
    const sorted = await sql<{ id: number }>`with m as materialized (
        select x.id, ${col} as k from customers x
        where x.company_id = ${companyId}
          and x.search_vector @@ to_tsquery('simple', ${tsQuery(filter.terms)}) ${filters})
      select m.id from m order by m.k ${dir}, m.id ${dir} limit ${limit}`.execute(db);
    return ids(sorted.rows);
  }
  // FTS5 yields matches in id order only: each is looked up in the narrow id-first index, then sorted.
  const sorted = await sql<{ id: number }>`select x.id
    from customers_fts f cross join customers x indexed by customers_search_idx on x.id = f.rowid
    where customers_fts match ${ftsMatch(filter.terms)} and x.company_id = ${companyId} ${filters} ${order} limit ${limit}`.execute(
    db,
  );
  return ids(sorted.rows);
}
