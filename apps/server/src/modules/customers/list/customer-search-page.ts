import { sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { visibleSql } from '../customer-visibility.ts';
import { memberOfCondition } from '../organisations/customer-organisations.repository.ts';
import type { ListFilter } from './customer-list.repository.ts';
import { ftsMatch } from './customer-search.ts';

/** Matches (in all companies: the full-text index has none) from which the words count as common. */
export const COMMON_MATCHES = 1_000;
/**
 * Entries of the sort index a common-word search reads, in page order, before
 * it sorts the matches after all (the word is common but clustered elsewhere
 * in the order). The sort indexes carry search_text (migration 020), so this
 * reading touches no rows.
 */
export const WALK_WINDOW = 20_000;

/** When a search counts as common, and how far its walk of the sort index goes (tests make them small). */
export interface SearchTuning {
  commonMatches: number;
  window: number;
}

const sortColumn = { name: 'sort_name', created_at: 'created_at', updated_at: 'updated_at' } as const;

/**
 * The page's sort key, direction, `order by` and conditions on a customer `x` (filters, own-field
 * filters among them, and the keyset position), as both engines' search pages write them. An
 * own-field filter is one probe of the value table's primary key per candidate, so it rides on
 * whichever way the search reads its matches.
 */
export function pageConditions(filter: ListFilter, after: { value: string; id: number } | undefined) {
  const col = sql.ref(`x.${sortColumn[filter.sort]}`);
  const dir = sql.raw(filter.dir);
  const filters = sql.join(
    [
      filter.status ? sql`and x.status = ${filter.status}` : sql``,
      filter.ownerId !== undefined ? sql`and x.owner_id = ${filter.ownerId}` : sql``,
      filter.tag
        ? sql`and exists (select 1 from customer_tags t where t.company_id = x.company_id and t.customer_id = x.id and t.tag = ${filter.tag})`
        : sql``,
      memberOfCondition(filter.organisationId),
      visibleSql('x', filter.hidden),
      ...(filter.custom?.where('x') ?? []).map((condition) => sql`and ${condition}`),
      after
        ? sql`and (${col}, x.id) ${sql.raw(filter.dir === 'asc' ? '>' : '<')} (${after.value}, ${after.id})`
        : sql``,
    ],
    sql` `,
  );
  return { col, dir, filters, order: sql`order by ${col} ${dir}, x.id ${dir}` };
}

/**
 * Ids of one search page on SQLite, in the list's order (decision 026).
 * FTS5 yields matches in id order only, and sorting every match costs in
 * proportion to the matches — hundreds of thousands for "com" at a million
 * customers. So a capped count (cheap: the full-text index keeps prefix
 * lists for prefixes of up to 6 characters, migration 020) tells a rare word,
 * whose few matches are sorted, from a common one, whose page is read off the
 * sort index from the page's position on, stopping at `limit` matches (early
 * termination; the order holds by construction). A common word fills the
 * page within a few hundred entries; when WALK_WINDOW entries hold fewer, the
 * matches are sorted after all. Both ways apply the same rule (every query
 * word begins a word of the customer), so the answer does not depend on the way.
 */
export async function sqliteSearchPageIds(
  db: Database,
  companyId: number,
  filter: ListFilter,
  after: { value: string; id: number } | undefined,
  limit: number,
  tuning: SearchTuning = { commonMatches: COMMON_MATCHES, window: WALK_WINDOW },
): Promise<number[]> {
  const { filters, order } = pageConditions(filter, after);
  const match = ftsMatch(filter.terms);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  const counted = await sql<{ n: number }>`select count(*) as n from
    (select rowid from customers_fts where customers_fts match ${match} limit ${tuning.commonMatches}) m`.execute(
    db,
  );
  if (Number(counted.rows[0]?.n ?? 0) >= tuning.commonMatches) {
    const words = sql.join(
      filter.terms.map((term) => sql`instr(' ' || w.search_text, ${` ${term}`}) > 0`),
      sql` and `,
    );
    // The window is read in sort order; the outer limit stops the reading at a page of matches.
    const walked = await sql<{ id: number }>`select w.id from
      (select x.id, x.search_text from customers x
        where x.company_id = ${companyId} ${filters} ${order} limit ${tuning.window}) w
      where ${words} limit ${limit}`.execute(db);
    if (walked.rows.length >= limit) return ids(walked.rows);
  }
  // Each match is looked up in the narrow id-first index, then sorted.
  const sorted = await sql<{ id: number }>`select x.id
    from customers_fts f cross join customers x indexed by customers_search_idx on x.id = f.rowid
    where customers_fts match ${match} and x.company_id = ${companyId} ${filters} ${order} limit ${limit}`.execute(
    db,
  );
  return ids(sorted.rows);
}
