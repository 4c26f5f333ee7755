import type { CustomerStatus } from '@kontora/contract/customers';
import type { Database } from '../../db/database.ts';
import { type Actor, stampOf } from '../../lib/actor.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { insertActivities } from './customer-activities.repository.ts';
import { authorOf } from './customer-dto.ts';
import { deleteCustomers, setStatusOf } from './customers.repository.ts';

export type BulkAction = { action: 'set_status'; status: CustomerStatus } | { action: 'delete' };

/**
 * One bulk action on customers of the actor's company that exist (read in
 * this transaction): deletion is audited, a status change goes to each
 * customer's timeline, and either writes one change-feed row. Shared by the
 * bulk by ids and the bulk by filter, so both record the same. Answers the
 * ids actually changed.
 */
export async function applyBulk(
  trx: Database,
  actor: Actor,
  body: BulkAction,
  found: readonly { id: number; status: CustomerStatus }[],
): Promise<number[]> {
  if (body.action === 'delete') {
    const affected = found.map((r) => r.id);
    await deleteCustomers(trx, actor.companyId, affected);
    if (affected.length > 0) {
      await recordAudit(trx, {
        ...auditActorOf(actor),
        action: 'customer.bulk_delete',
        entity: 'customer',
        entityId: null,
        companyId: actor.companyId,
        before: { ids: affected },
      });
      await recordChange(trx, {
        companyId: actor.companyId,
        type: 'customer.bulk_deleted',
        entity: { type: 'customer', id: null },
        actor: byActor(actor),
        data: { count: affected.length, ids: affected },
      });
    }
    return affected;
  }
  const changing = found.filter((r) => r.status !== body.status);
  const at = new Date().toISOString();
  await setStatusOf(
    trx,
    actor.companyId,
    changing.map((r) => r.id),
    body.status,
    stampOf(actor, at),
  );
  await insertActivities(
    trx,
    changing.map((r) => ({
      company_id: actor.companyId,
      customer_id: r.id,
      kind: 'updated' as const,
      body: null,
      changes: JSON.stringify([{ field: 'status', before: r.status, after: body.status }]),
      ...authorOf(actor),
      created_at: at,
    })),
  );
  if (changing.length > 0) {
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.bulk_updated',
      entity: { type: 'customer', id: null },
      actor: byActor(actor),
      data: {
        count: changing.length,
        ids: changing.map((r) => r.id),
        status: body.status,
        before: Object.fromEntries(changing.map((r) => [r.id, r.status])),
      },
    });
  }
  return changing.map((r) => r.id);
}
