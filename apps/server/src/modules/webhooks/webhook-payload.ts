import type { ChangeEntry } from '@kontora/contract/change-feed';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_TYPE } from '@kontora/contract/webhooks';
import type { Database } from '../../db/database.ts';
import { customersByIds } from '../customers/customers.service.ts';
import { findDeal } from '../deals/deals.service.ts';
import { findTodo } from '../events/events.service.ts';

/**
 * The body of a message: `{type, timestamp, data}` (Standard Webhooks). For a
 * customer, to-do or deal the data is the record as the API answers it, read when
 * the message is made; for a deletion (or a record gone meanwhile) its id;
 * for changes to many records or to members and the company, what the change
 * feed holds. Bodies stay under 20 KB: a larger record is sent as its id.
 */
export async function messageBody(db: Database, change: ChangeEntry): Promise<string> {
  const data = await dataOf(db, change);
  const body = JSON.stringify({ type: change.type, timestamp: change.created_at, data });
  if (Buffer.byteLength(body) < WEBHOOK_LIMITS.bodyMaxBytes) return body;
  return JSON.stringify({
    type: change.type,
    timestamp: change.created_at,
    data: { id: change.entity.id, truncated: true },
  });
}

async function dataOf(db: Database, change: ChangeEntry): Promise<Record<string, unknown>> {
  const { type: entity, id } = change.entity;
  const deleted = change.type.endsWith('.deleted');
  if (id !== null && !deleted && entity === 'customer') {
    return (await customersByIds(db, change.company_id, [id])).get(id) ?? { id };
  }
  if (id !== null && !deleted && entity === 'event') {
    return (await findTodo(db, change.company_id, id)) ?? { id };
  }
  if (id !== null && !deleted && entity === 'deal') {
    return (await findDeal(db, change.company_id, id)) ?? { id };
  }
  if (deleted) return { id };
  return {
    ...(id === null ? {} : { id }),
    ...(change.data ?? {}),
    ...(change.changes ? { changes: change.changes } : {}),
  };
}

export function testBody(endpointId: number, at: string): string {
  return JSON.stringify({
    type: WEBHOOK_TEST_TYPE,
    timestamp: at,
    data: { endpoint_id: endpointId, message: 'A test event from Kontora.' },
  });
}
