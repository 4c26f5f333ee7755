import type { Database } from '../../db/database.ts';
import { baseDeals, dealsByIds, hiddenDeals, shownDeals } from './deals.repository.ts';

function activities(db: Database, companyId: number) {
  return db
    .selectFrom('deal_activities as a')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .select([
      'a.id',
      'a.kind',
      'a.body',
      'a.changes',
      'a.author_id',
      'a.author_key_name',
      'a.created_at',
      'u.full_name as author_name',
    ])
    .where('a.company_id', '=', companyId);
}
export type DealActivityRow = Awaited<ReturnType<ReturnType<typeof activities>['executeTakeFirstOrThrow']>>;

/** A deal's timeline, newest first, in (created_at, id) order descending after the given position. */
export function dealActivities(
  db: Database,
  companyId: number,
  dealId: number,
  before: { at: string; id: number } | undefined,
  limit: number,
) {
  let query = activities(db, companyId).where('a.deal_id', '=', dealId);
  if (before)
    query = query.where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '<', eb.tuple(before.at, before.id)));
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** One timeline entry of the company, by id. */
export function findDealActivity(db: Database, companyId: number, id: number) {
  return activities(db, companyId).where('a.id', '=', id).executeTakeFirst();
}

export async function dealTitles(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const hidden = await hiddenDeals(db, companyId);
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await dealsByIds(db, companyId, ids.slice(i, i + 1000), hidden)
      .select(['d.id', 'd.title'])
      .execute();
    for (const r of rows) out.set(r.id, r.title);
  }
  return out;
}

/** The first few deals of the company (whether it has any). */
export async function dealTitlesPage(db: Database, companyId: number, limit: number) {
  const hidden = await hiddenDeals(db, companyId);
  return shownDeals(baseDeals(db), hidden)
    .select(['d.id', 'd.title'])
    .where('d.company_id', '=', companyId)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** The company's customers by type, oldest first (for the demo seed's deals). */
export async function demoCustomers(db: Database, companyId: number) {
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'type'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(200)
    .execute();
  return {
    organisations: rows.filter((r) => r.type === 'organisation').map((r) => r.id),
    people: rows.filter((r) => r.type === 'person').map((r) => r.id),
  };
}
