import type { Database } from '../../db/database.ts';
import { type StoredDeal, toStored } from './deal-dto.ts';
import { type DealRow, findDealRows } from './deals.repository.ts';

/** The company's deals with these ids, each made by `as` from its row and its people (ids of other companies or gone are absent). */
export async function loadDeals<T>(
  db: Database,
  companyId: number,
  ids: number[],
  as: (row: DealRow, customerIds: number[]) => T,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000);
    for (const row of await findDealRows(db, companyId, slice)) out.push(as(row, row.customer_ids));
  }
  return out;
}

/** The company's deals with these ids as the write door takes them (ids of other companies or gone are absent), in id order. */
export async function loadStoredDeals(db: Database, companyId: number, ids: number[]): Promise<StoredDeal[]> {
  return (await loadDeals(db, companyId, ids, toStored)).sort((a, b) => a.id - b.id);
}
