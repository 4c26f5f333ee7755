import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ConnectorDealLinksTable } from '../../db/schema.ts';

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
