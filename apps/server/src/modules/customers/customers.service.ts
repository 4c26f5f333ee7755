import type { CustomField, CustomOptionMergeBody } from '@kontora/contract/custom-fields';
import type {
  Customer,
  CustomerBulkBody,
  CustomerBulkResult,
  CustomerCreateBody,
  CustomerUpdateBody,
} from '@kontora/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { authorOfActor, systemAuthor } from '../../lib/record-author.ts';
import { finishOptionMerge, optionsMerged, planOptionMerge } from '../custom-fields/custom-fields.service.ts';
import { completeCustomer } from './customer-dto.ts';
import { canMergeEdit } from './customer-edit-merge.ts';
import { stale, writeCustomers } from './customer-writes.ts';
import {
  findCustomer,
  findCustomersByKeys,
  findStatuses,
  customerBelongsTo as isCustomerOf,
  ofCompany,
} from './customers.repository.ts';
import { toCustomers } from './organisations/customer-answers.ts';
import { wantedLinks } from './organisations/customer-organisation-links.ts';

export { stale };

export async function getCustomer(ctx: AppContext, companyId: number, id: number): Promise<Customer> {
  const row = await findCustomer(ctx.db, companyId, id);
  if (!row) throw notFound('Customer');
  const [customer] = await toCustomers(ctx.db, companyId, [row]);
  return customer as Customer;
}

export async function createCustomer(
  ctx: AppContext,
  actor: Actor,
  body: CustomerCreateBody,
): Promise<Customer> {
  const id = await writeCustomers(ctx, authorOfActor(actor), (w) =>
    w.create(completeCustomer(body), wantedLinks(body), body.custom),
  );
  return getCustomer(ctx, actor.companyId, id);
}

export async function updateCustomer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CustomerUpdateBody,
): Promise<Customer> {
  const current = await getCustomer(ctx, actor.companyId, id);
  if (current.version !== body.version && !(await canMergeEdit(ctx.db, actor.companyId, current, body)))
    throw stale();
  const changes = await writeCustomers(ctx, authorOfActor(actor), (w) => w.applyPatch(current, body));
  return changes.length ? getCustomer(ctx, actor.companyId, id) : current;
}

/**
 * A deleted customer's timeline goes with it, so the deletion itself is kept in
 * the audit log (who, when, and what the record was), in the same transaction.
 */
export async function deleteCustomer(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const row = await findCustomer(trx, actor.companyId, id);
    // The deletion's change carries the record as it was, organisations included.
    if (!row || (await w.delete(await toCustomers(trx, actor.companyId, [row]))).length === 0) {
      throw notFound('Customer');
    }
  });
}

/** Ids of other companies (or gone) are left alone and reported as not found. */
export async function bulkCustomers(
  ctx: AppContext,
  actor: Actor,
  body: CustomerBulkBody,
): Promise<CustomerBulkResult> {
  const ids = [...new Set(body.ids)];
  if (body.action === 'set_custom') return setCustomOfMany(ctx, actor, ids, body.custom);
  return writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const found = await findStatuses(trx, actor.companyId, ids);
    const foundIds = new Set(found.map((r) => r.id));
    const affected = ids.filter((id) => foundIds.has(id));
    const not_found = ids.filter((id) => !foundIds.has(id));
    // In the order asked for, as the change feed and the audit have always listed them.
    const rows = new Map(found.map((r) => [r.id, r]));
    const byRequest = affected.map((id) => rows.get(id)).filter((r) => r !== undefined);
    await w.bulk(body, byRequest);
    return { action: body.action, affected, not_found };
  });
}

/** Records a batch of a merge rewrites and reports to the feed as one entry (as an import's batch). */
const MERGE_BATCH = 500;

/**
 * Merges option `from` of a customers' select field into `into`, in one transaction: the
 * customers' values through the write door, batch by batch, then the field's options.
 * Answers the field and the ids of the customers changed.
 */
export async function mergeCustomerOption(
  ctx: AppContext,
  actor: Actor,
  fieldId: number,
  body: CustomOptionMergeBody,
): Promise<{ field: CustomField; records: number[] }> {
  const answer = await writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const plan = await planOptionMerge(trx, actor.companyId, fieldId, body);
    if (plan.field.record !== 'customer') throw notFound('Field');
    for (let i = 0; i < plan.changes.length; i += MERGE_BATCH)
      await w.optionMerged(plan, plan.changes.slice(i, i + MERGE_BATCH));
    const field = await finishOptionMerge(ctx, trx, actor, plan);
    return { field, records: plan.changes.map((c) => c.recordId) };
  });
  optionsMerged(ctx, actor.companyId);
  return answer;
}

/**
 * Makes these customers' search words again after a definition change hid or showed an own
 * text field's values (docs/decisions/084-own-text-values-searched.md). One transaction.
 */
export function refreshCustomerSearch(ctx: AppContext, companyId: number, ids: number[]): Promise<number> {
  return writeCustomers(ctx, systemAuthor(companyId, 'own field search'), (w) => w.refreshSearch(ids));
}

/**
 * Own fields set on many customers: each checked and written as that customer's edit (its
 * version, timeline entry and `customer.updated` change); one refusal (400 `custom.{key}`)
 * undoes all.
 */
async function setCustomOfMany(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  custom: Record<string, unknown>,
): Promise<CustomerBulkResult> {
  return writeCustomers(ctx, authorOfActor(actor), async (w, trx) => {
    const found = await customersByIds(trx, actor.companyId, ids);
    const affected = ids.filter((id) => found.has(id));
    for (const id of affected) await w.applyPatch(found.get(id) as Customer, { custom });
    return { action: 'set_custom', affected, not_found: ids.filter((id) => !found.has(id)) };
  });
}

/** Whether the id is a customer of the company (a to-do may only link to its own company's customers). */
export function customerBelongsTo(db: Database, companyId: number, customerId: number): Promise<boolean> {
  return isCustomerOf(db, companyId, customerId);
}

/** The company's customers with these ids, by id (ids of other companies or gone are absent). */
export async function customersByIds(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, Customer>> {
  const out = new Map<number, Customer>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await (await ofCompany(db, companyId)).where('c.id', 'in', ids.slice(i, i + 1000)).execute();
    for (const c of await toCustomers(db, companyId, rows)) out.set(c.id, c);
  }
  return out;
}

/** The company's customers with one of these emails (as stored), oldest first. */
export async function customersByEmails(
  db: Database,
  companyId: number,
  emails: string[],
): Promise<Customer[]> {
  const rows = await findCustomersByKeys(db, companyId, { oibs: [], emails, ids: [] });
  return toCustomers(db, companyId, rows);
}

/**
 * Other modules write customers through the same door as this module's own
 * routes (customer-writes.ts), with the fields a create body is completed to.
 */
export { completeCustomer } from './customer-dto.ts';
export { type CustomerWrites, writeCustomers } from './customer-writes.ts';
export {
  type TodoTimelineKind,
  todoTimelineEntries,
  todoTimelineEntry,
} from './timeline/customer-todo-timeline.ts';
