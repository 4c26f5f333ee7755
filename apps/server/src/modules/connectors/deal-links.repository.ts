import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ConnectorDealLinksTable } from '../../db/schema.ts';
import { baseDeals, hiddenDeals, shownDeals } from '../deals/deals.service.ts';

export type DealLinkRow = Selectable<ConnectorDealLinksTable>;

export function dealLinksByRemote(
  db: Database,
  companyId: number,
  connectorId: number,
  remoteIds: string[],
): Promise<DealLinkRow[]> {
  if (remoteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connector_deal_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('remote_id', 'in', remoteIds)
    .execute();
}

export function dealLinksByDeal(
  db: Database,
  companyId: number,
  connectorId: number,
  dealIds: number[],
): Promise<DealLinkRow[]> {
  if (dealIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connector_deal_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('deal_id', 'in', dealIds)
    .execute();
}

export async function insertDealLink(db: Database, row: Insertable<ConnectorDealLinksTable>): Promise<void> {
  await db.insertInto('connector_deal_links').values(row).execute();
}

export async function updateDealLink(
  db: Database,
  companyId: number,
  id: number,
  patch: Updateable<ConnectorDealLinksTable>,
): Promise<void> {
  await db
    .updateTable('connector_deal_links')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDealLink(db: Database, companyId: number, id: number): Promise<void> {
  await db
    .deleteFrom('connector_deal_links')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function deleteDealLinks(db: Database, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('connector_deal_links')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Marks deal links as seen by a full pass (their remote deal still exists). */
export async function markDealLinksSeen(
  db: Database,
  companyId: number,
  ids: number[],
  pass: number,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable('connector_deal_links')
      .set({ seen_pass: pass })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
}

/** Deal links a completed full pass did not see: their remote deals are gone. */
export function unseenDealLinks(
  db: Database,
  companyId: number,
  connectorId: number,
  pass: number,
  limit: number,
): Promise<DealLinkRow[]> {
  return (
    db
      .selectFrom('connector_deal_links')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('connector_id', '=', connectorId)
      .where('seen_pass', '<', pass)
      // A create under way has no remote deal yet to have been seen.
      .where('pending_since', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/** Deal links whose remote create was under way when a run stopped (their placeholder remote id). */
export function pendingDealLinks(
  db: Database,
  companyId: number,
  connectorId: number,
  limit: number,
): Promise<DealLinkRow[]> {
  return db
    .selectFrom('connector_deal_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('pending_since', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The placeholder remote id of a deal create under way: unique per deal, never a provider's id. */
export const pendingDealRemoteId = (dealId: number) => `pending:${dealId}`;

/** The company's deals after `afterId` with no link to the connection, oldest first (the initial push). */
export async function unlinkedDealIds(
  db: Database,
  companyId: number,
  connectorId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await shownDeals(baseDeals(db), await hiddenDeals(db, companyId))
    .select('d.id')
    .where('d.company_id', '=', companyId)
    .where('d.id', '>', afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('connector_deal_links as l')
            .select('l.id')
            .where('l.company_id', '=', companyId)
            .where('l.connector_id', '=', connectorId)
            .whereRef('l.deal_id', '=', 'd.id'),
        ),
      ),
    )
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
