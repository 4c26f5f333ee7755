import {
  type Customer,
  type CustomerBulkBody,
  type CustomerBulkResult,
  type CustomerCreateBody,
  type CustomerUpdateBody,
  customerProblems,
  deriveCustomerName,
} from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';
import { isMember } from '../members/members.service.ts';
import { insertActivity } from './customer-activities.repository.ts';
import { applyBulk } from './customer-bulk.ts';
import {
  completeCustomer,
  EDITABLE_FIELDS,
  type EditableCustomer,
  type EditableField,
  newCustomerRow,
  toCustomer,
} from './customer-dto.ts';
import { customersChanged } from './customer-page-cache.ts';
import { searchText, sortName } from './customer-search.ts';
import {
  type CustomerPatch,
  deleteCustomer as deleteCustomerRow,
  findCustomer,
  findStatuses,
  insertCustomers,
  customerBelongsTo as isCustomerOf,
  replaceTags,
  updateCustomerIfVersion,
} from './customers.repository.ts';

const stale = () =>
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
      [newCustomerRow(actor.companyId, fields, { userId: actor.userId, at })],
      [fields.tags],
    );
    if (newId === undefined) throw new Error('insert answered no id');
    await insertActivity(trx, {
      company_id: actor.companyId,
      customer_id: newId,
      kind: 'created',
      body: null,
      changes: null,
      author_id: actor.userId,
      created_at: at,
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.created',
      entity: { type: 'customer', id: newId },
      version: 1,
      actor: byUser(actor.userId),
      data: { ...fields },
    });
    return newId;
  });
  customersChanged(actor.companyId);
  return getCustomer(ctx, actor.companyId, id);
}

const NAME_PARTS = ['type', 'first_name', 'last_name', 'organisation_name'] as const;
const SEARCHED: readonly EditableField[] = [
  'name',
  'first_name',
  'last_name',
  'organisation_name',
  'email',
  'phone',
  'oib',
];

/**
 * The customer after the update. A name that was derived (first + last, or the
 * organisation) follows its parts; a name typed by a person stays as typed.
 */
function merge(current: EditableCustomer, body: CustomerUpdateBody): EditableCustomer {
  const merged: EditableCustomer = { ...current };
  for (const field of EDITABLE_FIELDS) {
    const value = body[field];
    if (value !== undefined) Object.assign(merged, { [field]: value });
  }
  const derived = (c: EditableCustomer) => deriveCustomerName({ ...c, name: null });
  if (body.name !== undefined) {
    merged.name = body.name ?? derived(merged) ?? '';
  } else if (NAME_PARTS.some((f) => body[f] !== undefined) && current.name === derived(current)) {
    merged.name = derived(merged) ?? '';
  }
  return merged;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updateCustomer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CustomerUpdateBody,
): Promise<Customer> {
  const current = await getCustomer(ctx, actor.companyId, id);
  if (current.version !== body.version) throw stale();
  const merged = merge(current, body);
  const problems = customerProblems(merged);
  if (Object.keys(problems).length) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details: problems });
  }
  const changed = EDITABLE_FIELDS.filter((f) => !same(current[f], merged[f]));
  if (changed.length === 0) return current;
  if (changed.includes('owner_id')) await assertOwnerIsMember(ctx.db, actor.companyId, merged.owner_id);

  const at = new Date().toISOString();
  const patch: CustomerPatch = { updated_by: actor.userId, updated_at: at };
  for (const field of changed) {
    Object.assign(patch, { [field]: field === 'tags' ? JSON.stringify(merged.tags) : merged[field] });
  }
  if (changed.includes('name')) patch.sort_name = sortName(merged.name);
  if (changed.some((f) => SEARCHED.includes(f))) patch.search_text = searchText(merged);

  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateCustomerIfVersion(trx, actor.companyId, id, body.version, patch))) throw stale();
    if (changed.includes('tags')) await replaceTags(trx, actor.companyId, id, merged.tags);
    await insertActivity(trx, {
      company_id: actor.companyId,
      customer_id: id,
      kind: 'updated',
      body: null,
      changes: JSON.stringify(
        changed.map((field) => ({ field, before: current[field], after: merged[field] })),
      ),
      author_id: actor.userId,
      created_at: at,
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.updated',
      entity: { type: 'customer', id },
      version: body.version + 1,
      actor: byUser(actor.userId),
      changes: changed.map((field) => ({ field, before: current[field], after: merged[field] })),
    });
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
      actorId: actor.userId,
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
      actor: byUser(actor.userId),
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
