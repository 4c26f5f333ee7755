import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ConnectorLinksTable, ConnectorLogTable, ConnectorsTable } from '../../db/schema.ts';

export type ConnectorRow = Selectable<ConnectorsTable>;
export type ConnectorPatch = Updateable<ConnectorsTable>;
export type LinkRow = Selectable<ConnectorLinksTable>;
export type NewLogEntry = Insertable<ConnectorLogTable>;

export async function insertConnector(db: Database, row: Insertable<ConnectorsTable>): Promise<number> {
  const inserted = await db.insertInto('connectors').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function listConnectorRows(db: Database, companyId: number): Promise<ConnectorRow[]> {
  return db.selectFrom('connectors').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export function countConnectors(db: Database, companyId: number): Promise<number> {
  return db
    .selectFrom('connectors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function findConnector(
  db: Database,
  companyId: number,
  id: number,
): Promise<ConnectorRow | undefined> {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateConnector(
  db: Database,
  companyId: number,
  id: number,
  patch: ConnectorPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('connectors')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConnectorRow(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('connectors')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes the connector for a run: free, or held by this same job (a retry
 * after a crash), or held by a run whose lease ran out. Answers false when
 * another run holds it.
 */
export async function claimConnector(
  db: Database,
  companyId: number,
  id: number,
  jobId: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('connectors')
    .set({ state: 'syncing', lease_job: jobId, lease_until: until, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('lease_job', 'is', null), eb('lease_job', '=', jobId), eb('lease_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function countLinks(
  db: Database,
  companyId: number,
  connectorIds: number[],
): Promise<Map<number, number>> {
  if (connectorIds.length === 0) return Promise.resolve(new Map());
  return db
    .selectFrom('connector_links')
    .select(['connector_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .where('connector_id', 'in', connectorIds)
    .where('pending_since', 'is', null)
    .groupBy('connector_id')
    .execute()
    .then((rows) => new Map(rows.map((r) => [r.connector_id, Number(r.n)])));
}

export function linksByRemote(
  db: Database,
  companyId: number,
  connectorId: number,
  remoteType: string,
  remoteIds: string[],
): Promise<LinkRow[]> {
  if (remoteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connector_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('remote_type', '=', remoteType)
    .where('remote_id', 'in', remoteIds)
    .execute();
}

export function linksByCustomer(
  db: Database,
  companyId: number,
  connectorId: number,
  customerIds: number[],
): Promise<LinkRow[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connector_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('customer_id', 'in', customerIds)
    .execute();
}

export async function insertLinks(db: Database, rows: Insertable<ConnectorLinksTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('connector_links')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function updateLink(
  db: Database,
  companyId: number,
  id: number,
  patch: Updateable<ConnectorLinksTable>,
): Promise<void> {
  await db
    .updateTable('connector_links')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Marks links as seen by a full pass (their remote record still exists). */
export async function markSeen(db: Database, companyId: number, ids: number[], pass: number): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .updateTable('connector_links')
      .set({ seen_pass: pass })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
}

export async function deleteLinks(db: Database, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('connector_links').where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** Links of remote types a completed pass listed that it did not see: their remote records are gone. */
export function unseenLinks(
  db: Database,
  companyId: number,
  connectorId: number,
  types: readonly string[],
  pass: number,
  limit: number,
): Promise<LinkRow[]> {
  return (
    db
      .selectFrom('connector_links')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('connector_id', '=', connectorId)
      .where('remote_type', 'in', [...types])
      .where('seen_pass', '<', pass)
      // A create under way has no remote record yet to have been seen.
      .where('pending_since', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/** Links whose remote create was under way when a run stopped (their placeholder remote id). */
export function pendingLinks(
  db: Database,
  companyId: number,
  connectorId: number,
  limit: number,
): Promise<LinkRow[]> {
  return db
    .selectFrom('connector_links')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId)
    .where('pending_since', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The placeholder remote id of a create under way: unique per customer, never a provider's id. */
export const pendingRemoteId = (customerId: number) => `pending:${customerId}`;

/** The company's customers after `afterId` with no link to the connection, oldest first (the initial push). */
export async function unlinkedCustomerIds(
  db: Database,
  companyId: number,
  connectorId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.company_id', '=', companyId)
    .where('c.id', '>', afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('connector_links as l')
            .select('l.id')
            .where('l.company_id', '=', companyId)
            .where('l.connector_id', '=', connectorId)
            .whereRef('l.customer_id', '=', 'c.id'),
        ),
      ),
    )
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertLog(db: Database, rows: NewLogEntry[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('connector_log')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export function listLog(
  db: Database,
  companyId: number,
  connectorId: number,
  query: { before?: number | undefined; kind?: string | undefined; limit: number },
) {
  let q = db
    .selectFrom('connector_log')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('connector_id', '=', connectorId);
  if (query.before !== undefined) q = q.where('id', '<', query.before);
  if (query.kind !== undefined) q = q.where('kind', '=', query.kind);
  return q.orderBy('id', 'desc').limit(query.limit).execute();
}
