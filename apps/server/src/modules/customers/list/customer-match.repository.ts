import type { CustomerStatus } from '@kontora/contract/customers';
import { sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { waitForCustomers } from '../../../lib/csv-import/company-hold.ts';
import { hiddenImports, visibleSql } from '../customer-visibility.ts';
import { memberOfCondition } from '../organisations/customer-organisations.repository.ts';
import type { ListFilter } from './customer-list.repository.ts';
import { ftsMatch, tsQuery } from './customer-search.ts';

/**
 * "Every customer matching a filter", in no particular order and never more
 * than `limit` of them: a capped count and the targets of a bulk action by
 * filter read the same rows, so what the person was told is what is changed.
 * Each is one index range (or one search) cut off at `limit` rows, never a
 * full count (decision 004).
 */
export type MatchFilter = Omit<ListFilter, 'sort' | 'dir'>;

export async function matchingCustomers(
  db: Database,
  companyId: number,
  filter: MatchFilter,
  limit: number,
): Promise<{ id: number; status: CustomerStatus }[]> {
  const tag = filter.tag
    ? sql`and exists (select 1 from customer_tags t where t.company_id = x.company_id and t.customer_id = x.id and t.tag = ${filter.tag})`
    : sql``;
  const rest = sql.join(
    [
      filter.status ? sql`and x.status = ${filter.status}` : sql``,
      filter.ownerId !== undefined ? sql`and x.owner_id = ${filter.ownerId}` : sql``,
      tag,
      memberOfCondition(filter.organisationId),
      visibleSql('x', await hiddenImports(db, companyId)),
      ...(filter.custom?.where('x') ?? []).map((condition) => sql`and ${condition}`),
    ],
    sql` `,
  );
  if (filter.terms.length === 0) {
    const result = await sql<{ id: number; status: CustomerStatus }>`select x.id, x.status from customers x
      where x.company_id = ${companyId} ${rest} limit ${limit}`.execute(db);
    return result.rows;
  }
  if (dialectOf(db) === 'sqlite') {
    const result = await sql<{ id: number; status: CustomerStatus }>`select x.id, x.status
      from customers_fts f cross join customers x on x.id = f.rowid
      where customers_fts match ${ftsMatch(filter.terms)} and x.company_id = ${companyId} ${rest}
      limit ${limit}`.execute(db);
    return result.rows;
  }
  const result = await sql<{ id: number; status: CustomerStatus }>`select x.id, x.status from customers x
    where x.company_id = ${companyId}
    and x.search_vector @@ ${tsQuery(filter.terms)}::tsquery ${rest}
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * How many customers match, exactly up to `cap`. Without search, owner, tag,
 * organisation or own-field filter the trigger-kept counters answer at once (migration 002), exact at any size.
 */
export async function countMatching(
  db: Database,
  companyId: number,
  filter: MatchFilter,
  cap: number,
): Promise<{ count: number; capped: boolean }> {
  if (
    filter.terms.length === 0 &&
    filter.ownerId === undefined &&
    !filter.tag &&
    filter.organisationId === undefined &&
    !filter.custom
  ) {
    await waitForCustomers(db, companyId);
    let query = db
      .selectFrom('customer_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where('company_id', '=', companyId)
      .where('dimension', '=', 'status');
    if (filter.status) query = query.where('value', '=', filter.status);
    const row = await query.executeTakeFirst();
    return { count: Number(row?.n ?? 0), capped: false };
  }
  const rows = await matchingCustomers(db, companyId, filter, cap + 1);
  return rows.length > cap ? { count: cap, capped: true } : { count: rows.length, capped: false };
}
