import type { Insertable, Selectable, Updateable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EndpointPatch = Updateable<WebhookEndpointsTable>;

export async function insertEndpoint(db: Database, row: Insertable<WebhookEndpointsTable>): Promise<number> {
  const inserted = await db
    .insertInto('webhook_endpoints')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function listEndpoints(db: Database, companyId: number): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export function countEndpoints(db: Database, companyId: number): Promise<number> {
  return db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function findEndpoint(db: Database, companyId: number, id: number): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateEndpoint(
  db: Database,
  companyId: number,
  id: number,
  patch: EndpointPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * CROSS-COMPANY (dispatcher): the enabled endpoints of the companies a page of
 * the change feed touches, whose company has the CRM-integration module on.
 */
export function enabledEndpointsOf(
  db: Database,
  companyIds: number[],
  moduleId: number,
): Promise<EndpointRow[]> {
  if (companyIds.length === 0) return Promise.resolve([]);
  const all = crossCompany(
    db,
    'the webhook dispatcher matches a feed page of many companies to their endpoints',
  );
  return all
    .selectFrom('webhook_endpoints')
    .selectAll('webhook_endpoints')
    .innerJoin('company_modules', (join) =>
      join
        .onRef('company_modules.company_id', '=', 'webhook_endpoints.company_id')
        .on('company_modules.module_id', '=', moduleId),
    )
    .where('webhook_endpoints.company_id', 'in', companyIds)
    .where('webhook_endpoints.enabled', '=', true)
    .execute();
}
