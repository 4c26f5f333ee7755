import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CustomerActivitiesTable } from '../../db/schema.ts';
import type { NewDealRow } from './deals.repository.ts';

/**
 * The multi-row statements of an import batch's new deals (deal-writes-imported.ts). Each
 * statement stays far below either database's limit of parameters: 500 deals × 23 columns,
 * 2,000 links × 3, 1,000 timeline entries × 7.
 */

const DEALS_PER_STATEMENT = 500;
const LINKS_PER_STATEMENT = 2_000;
const ENTRIES_PER_STATEMENT = 1_000;

async function inChunks<T>(rows: readonly T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** New deals; answers their ids in the rows' order. */
export async function insertDealRows(db: Database, rows: readonly NewDealRow[]): Promise<number[]> {
  const ids: number[] = [];
  await inChunks(rows, DEALS_PER_STATEMENT, async (chunk) => {
    const inserted = await db.insertInto('deals').values(chunk).returning('id').execute();
    // Identity values are taken in row order within a statement, so ascending ids are the rows' order.
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  });
  return ids;
}

/** New deals' tags and people (no deal has any yet: nothing to delete first). */
export async function insertDealLinks(
  db: Database,
  companyId: number,
  deals: readonly { id: number; tags: readonly string[]; customer_ids: readonly number[] }[],
): Promise<void> {
  const tags = deals.flatMap((d) => d.tags.map((tag) => ({ company_id: companyId, deal_id: d.id, tag })));
  await inChunks(tags, LINKS_PER_STATEMENT, (chunk) => db.insertInto('deal_tags').values(chunk).execute());
  const people = deals.flatMap((d) =>
    d.customer_ids.map((customer_id) => ({ company_id: companyId, deal_id: d.id, customer_id })),
  );
  await inChunks(people, LINKS_PER_STATEMENT, (chunk) =>
    db.insertInto('deal_customers').values(chunk).execute(),
  );
}

/** Entries on customers' timelines (the deals created with them as organisation or people). */
export async function insertCustomerEntries(
  db: Database,
  rows: readonly Insertable<CustomerActivitiesTable>[],
): Promise<void> {
  await inChunks(rows, ENTRIES_PER_STATEMENT, (chunk) =>
    db.insertInto('customer_activities').values(chunk).execute(),
  );
}
