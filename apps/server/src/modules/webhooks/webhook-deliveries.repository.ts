import type { Insertable, Selectable } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhookMessagesTable } from '../../db/schema.ts';
import type { RelayPosition } from '../change-feed/change-feed.service.ts';

export type MessageRow = Selectable<WebhookMessagesTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable> & { msg_id: string; event_type: string };

export async function insertMessages(
  db: Database,
  rows: Insertable<WebhookMessagesTable>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('webhook_messages').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

export function findMessage(db: Database, companyId: number, id: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('webhook_messages')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setMessageState(
  db: Database,
  companyId: number,
  id: number,
  state: MessageRow['state'],
  at: string,
): Promise<void> {
  await db
    .updateTable('webhook_messages')
    .set({ state, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function insertDelivery(db: Database, row: Insertable<WebhookDeliveriesTable>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

/** The endpoint's log, newest first, after the cursor's id. */
export function listDeliveries(
  db: Database,
  companyId: number,
  endpointId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<DeliveryRow[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', (join) =>
      join.onRef('m.company_id', '=', 'd.company_id').onRef('m.id', '=', 'd.message_id'),
    )
    .selectAll('d')
    .select(['m.msg_id', 'm.event_type'])
    .where('d.company_id', '=', companyId)
    .where('d.endpoint_id', '=', endpointId);
  if (beforeId !== undefined) query = query.where('d.id', '<', beforeId);
  return query.orderBy('d.id', 'desc').limit(limit).execute();
}

export function findDelivery(
  db: Database,
  companyId: number,
  endpointId: number,
  id: number,
): Promise<{ message_id: number } | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .select('message_id')
    .where('company_id', '=', companyId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Attempts and successes since a time, per endpoint of the company. */
export async function attemptCounts(
  db: Database,
  companyId: number,
  since: string,
): Promise<Map<number, { attempts: number; succeeded: number }>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'endpoint_id',
      eb.fn.countAll<number>().as('attempts'),
      eb.fn.sum<number>(eb.case().when('succeeded', '=', true).then(1).else(0).end()).as('succeeded'),
    ])
    .where('company_id', '=', companyId)
    .where('attempted_at', '>=', since)
    .groupBy('endpoint_id')
    .execute();
  return new Map(
    rows.map((r) => [r.endpoint_id, { attempts: Number(r.attempts), succeeded: Number(r.succeeded) }]),
  );
}

/** Messages of the endpoint that ran out of attempts, created since a time, oldest first. */
export function failedMessagesSince(
  db: Database,
  companyId: number,
  endpointId: number,
  since: string,
  limit: number,
): Promise<{ id: number }[]> {
  return db
    .selectFrom('webhook_messages')
    .select('id')
    .where('company_id', '=', companyId)
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'failed')
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** CROSS-COMPANY (maintenance): messages (and their attempts, by cascade) older than the cutoff. */
export async function pruneWebhookLog(db: Database, cutoff: string): Promise<number> {
  const all = crossCompany(db, 'the webhook log of every company is kept 30 days');
  await all.deleteFrom('webhook_deliveries').where('attempted_at', '<', cutoff).execute();
  const result = await all
    .deleteFrom('webhook_messages')
    .where('created_at', '<', cutoff)
    .where('state', '!=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The dispatcher's position (the row exists from the migration on). */
export async function readDispatchPosition(db: Database): Promise<RelayPosition> {
  const row = await db
    .selectFrom('webhook_dispatch_state')
    .select(['position_tx', 'position_id'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { tx: String(row.position_tx), id: Number(row.position_id) } : { tx: '0', id: 0 };
}

export async function saveDispatchPosition(db: Database, position: RelayPosition): Promise<void> {
  await db
    .updateTable('webhook_dispatch_state')
    .set({ position_tx: position.tx, position_id: position.id, updated_at: new Date().toISOString() })
    .where('id', '=', 1)
    .execute();
}
