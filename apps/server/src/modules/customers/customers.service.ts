import {
  type Customer,
  type CustomerBulkBody,
  type CustomerBulkResult,
  type CustomerCreateBody,
  type CustomerUpdateBody,
  customerProblems,
} from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, stampOf } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { auditActorOf, recordAudit } from '../audit/audit.service.ts';
import { byActor, recordChange } from '../change-feed/change-feed.service.ts';
import { isMember } from '../members/members.service.ts';
import { activityInsert } from './customer-activities.repository.ts';
import { applyUpdate, changedFields, changeList, patchFor } from './customer-apply.ts';
import { applyBulk } from './customer-bulk.ts';
import { authorOf, completeCustomer, newCustomerRow, toCustomer } from './customer-dto.ts';
import { customersChanged } from './customer-page-cache.ts';
import {
  deleteCustomer as deleteCustomerRow,
  findCustomer,
  findStatuses,
  insertCustomers,
  customerBelongsTo as isCustomerOf,
  replaceTags,
  updateCustomerIfVersion,
} from './customers.repository.ts';

export const stale = () =>
  new AppError(409, 'stale_update', 'Someone else changed this customer meanwhile. Reload it and try again.');

async function assertOwnerIsMember(db: Database, companyId: number, ownerId: number | null | undefined) {
  if (ownerId != null && !(await isMember(db, companyId, ownerId))) {
    throw invalidField('owner_id', 'not_member', 'The owner must be a member of the company.');
  }
}

export async function getCustomer(ctx: AppContext, companyId: number, id: number): Promise<Customer> {
  const row = await findCustomer(ctx.db, companyId, id);
  if (!row) throw notFound('Customer');
  return toCustomer(row);
}

export async function createCustomer(
  ctx: AppContext,
  actor: Actor,
  body: CustomerCreateBody,
): Promise<Customer> {
  await assertOwnerIsMember(ctx.db, actor.companyId, body.owner_id);
  const fields = completeCustomer(body);
  const at = new Date().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [newId] = await insertCustomers(
      trx,
      [newCustomerRow(actor.companyId, fields, stampOf(actor, at))],
      [fields.tags],
    );
    if (newId === undefined) throw new Error('insert answered no id');
    const timelineEntry = activityInsert(trx, {
      company_id: actor.companyId,
      customer_id: newId,
      kind: 'created',
      body: null,
      changes: null,
      ...authorOf(actor),
      created_at: at,
    });
    await recordChange(
      trx,
      {
        companyId: actor.companyId,
        type: 'customer.created',
        entity: { type: 'customer', id: newId },
        version: 1,
        actor: byActor(actor),
        data: { ...fields },
      },
      timelineEntry,
    );
    return newId;
  });
  customersChanged(actor.companyId);
  return getCustomer(ctx, actor.companyId, id);
}

export async function updateCustomer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CustomerUpdateBody,
): Promise<Customer> {
  const current = await getCustomer(ctx, actor.companyId, id);
  if (current.version !== body.version) throw stale();
  const merged = applyUpdate(current, body);
  const problems = customerProblems(merged);
  if (Object.keys(problems).length) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details: problems });
  }
  const changed = changedFields(current, merged);
  if (changed.length === 0) return current;
  if (changed.includes('owner_id')) await assertOwnerIsMember(ctx.db, actor.companyId, merged.owner_id);

  const at = new Date().toISOString();
  const patch = patchFor(merged, changed, stampOf(actor, at));

  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateCustomerIfVersion(trx, actor.companyId, id, body.version, patch))) throw stale();
    if (changed.includes('tags')) await replaceTags(trx, actor.companyId, id, merged.tags);
    const changes = changeList(current, merged, changed);
    const timelineEntry = activityInsert(trx, {
      company_id: actor.companyId,
      customer_id: id,
      kind: 'updated',
      body: null,
      changes: JSON.stringify(changes),
      ...authorOf(actor),
      created_at: at,
    });
    await recordChange(
      trx,
      {
        companyId: actor.companyId,
        type: 'customer.updated',
        entity: { type: 'customer', id },
        version: body.version + 1,
        actor: byActor(actor),
        changes,
      },
      timelineEntry,
    );
  });
  customersChanged(actor.companyId);
  return getCustomer(ctx, actor.companyId, id);
}

/**
 * A deleted customer's timeline goes with it, so the deletion itself is kept in
 * the audit log (who, when, and what the record was), in the same transaction.
 */
export async function deleteCustomer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findCustomer(trx, actor.companyId, id);
    if (!row || !(await deleteCustomerRow(trx, actor.companyId, id))) throw notFound('Customer');
    await recordAudit(trx, {
      ...auditActorOf(actor),
      action: 'customer.delete',
      entity: 'customer',
      entityId: id,
      companyId: actor.companyId,
      before: { name: row.name, email: row.email, status: row.status },
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.deleted',
      entity: { type: 'customer', id },
      version: row.version,
      actor: byActor(actor),
      data: { ...toCustomer(row) },
    });
  });
  customersChanged(actor.companyId);
}

/** Ids of other companies (or gone) are left alone and reported as not found. */
export async function bulkCustomers(
  ctx: AppContext,
  actor: Actor,
  body: CustomerBulkBody,
): Promise<CustomerBulkResult> {
  const ids = [...new Set(body.ids)];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const found = await findStatuses(trx, actor.companyId, ids);
    const foundIds = new Set(found.map((r) => r.id));
    const affected = ids.filter((id) => foundIds.has(id));
    const not_found = ids.filter((id) => !foundIds.has(id));
    // In the order asked for, as the change feed and the audit have always listed them.
    const rows = new Map(found.map((r) => [r.id, r]));
    const byRequest = affected.map((id) => rows.get(id)).filter((r) => r !== undefined);
    await applyBulk(trx, actor, body, byRequest);
    return { action: body.action, affected, not_found };
  });
  customersChanged(actor.companyId);
  return result;
}

/** Whether the id is a customer of the company (a to-do may only link to its own company's customers). */
export function customerBelongsTo(db: Database, companyId: number, customerId: number): Promise<boolean> {
  return isCustomerOf(db, companyId, customerId);
}
