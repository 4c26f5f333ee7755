import {
  type Customer,
  CustomerCreateBody,
  CustomerUpdateBody,
  customerProblems,
} from '@kontora/contract/customers';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type ChangeActorRef, recordChange } from '../change-feed/change-feed.service.ts';
import { insertActivities } from '../customers/customer-activities.repository.ts';
import { applyUpdate, changedFields, changeList, patchFor } from '../customers/customer-apply.ts';
import { completeCustomer, newCustomerRow, toCustomer } from '../customers/customer-dto.ts';
import {
  deleteCustomers,
  insertCustomers,
  replaceTags,
  selectCustomers,
  updateCustomerIfVersion,
} from '../customers/customers.repository.ts';
import type { SyncedFields } from './connector.ts';

/**
 * Who a connector's writes are by: no person, no key; the change feed names
 * it as a system actor ("HubSpot connector #3"), the timeline as its author.
 * The push recognises its own entries by this name and skips them.
 */
export interface ConnectorActor {
  companyId: number;
  change: ChangeActorRef & { kind: 'system'; name: string };
  author: { author_id: null; author_key_name: string };
}

export function connectorActor(companyId: number, provider: string, id: number): ConnectorActor {
  const name = `${provider === 'hubspot' ? 'HubSpot' : 'Pipedrive'} connector #${id}`;
  return { companyId, change: { kind: 'system', name }, author: { author_id: null, author_key_name: name } };
}

/** The mapped fields only, without empty ones (what a create or update body takes). */
function bodyOf(fields: SyncedFields, mapped: readonly (keyof SyncedFields)[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of mapped) if (fields[f] !== null) body[f] = fields[f];
  return body;
}

/** Per-field problems as one line for the sync log. */
function reasonOf(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'record'}: ${i.message}`).join('; ');
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A remote record as a new customer, or why it cannot be one. */
export function checkNew(
  fields: SyncedFields,
  mapped: readonly (keyof SyncedFields)[],
): Checked<ReturnType<typeof completeCustomer>> {
  const parsed = CustomerCreateBody.safeParse({ ...bodyOf(fields, mapped), type: fields.type, source: null });
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
  return { ok: true, value: completeCustomer(parsed.data) };
}

/** New customers from remote records (one feed entry for the page, as the CSV import writes). */
export async function createCustomers(
  trx: Database,
  actor: ConnectorActor,
  creates: ReturnType<typeof completeCustomer>[],
): Promise<number[]> {
  if (creates.length === 0) return [];
  const at = new Date().toISOString();
  const ids = await insertCustomers(
    trx,
    creates.map((c) => newCustomerRow(actor.companyId, c, { userId: null, at })),
    creates.map((c) => c.tags),
  );
  await insertActivities(
    trx,
    ids.map((id) => ({
      company_id: actor.companyId,
      customer_id: id,
      kind: 'imported' as const,
      body: null,
      changes: null,
      ...actor.author,
      created_at: at,
    })),
  );
  await recordChange(trx, {
    companyId: actor.companyId,
    type: 'customer.imported',
    entity: { type: 'customer', id: null },
    actor: actor.change,
    data: { count: ids.length, ids },
  });
  return ids;
}

export async function customersById(
  trx: Database,
  companyId: number,
  ids: number[],
): Promise<Map<number, Customer>> {
  const out = new Map<number, Customer>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await selectCustomers(trx)
      .where('c.company_id', '=', companyId)
      .where('c.id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const row of rows) out.set(row.id, toCustomer(row));
  }
  return out;
}

/**
 * Applies a remote record's fields to its linked customer. Answers whether
 * anything changed, or why the record cannot be applied.
 */
export async function updateFromRemote(
  trx: Database,
  actor: ConnectorActor,
  current: Customer,
  fields: SyncedFields,
  mapped: readonly (keyof SyncedFields)[],
): Promise<Checked<boolean>> {
  const patchBody: Record<string, unknown> = {};
  for (const f of mapped) patchBody[f] = fields[f];
  const parsed = CustomerUpdateBody.safeParse({ ...patchBody, version: current.version });
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
  const merged = applyUpdate(current, parsed.data);
  const problems = Object.entries(customerProblems(merged));
  if (problems.length)
    return { ok: false, reason: problems.map(([f, codes]) => `${f}: ${codes.join(', ')}`).join('; ') };
  const changed = changedFields(current, merged);
  if (changed.length === 0) return { ok: true, value: false };
  const at = new Date().toISOString();
  const patch = patchFor(merged, changed, { userId: null, at });
  if (!(await updateCustomerIfVersion(trx, actor.companyId, current.id, current.version, patch))) {
    return { ok: false, reason: 'The customer changed in Kontora meanwhile; the next sync tries again.' };
  }
  if (changed.includes('tags')) await replaceTags(trx, actor.companyId, current.id, merged.tags);
  const changes = changeList(current, merged, changed);
  await insertActivities(trx, [
    {
      company_id: actor.companyId,
      customer_id: current.id,
      kind: 'updated',
      body: null,
      changes: JSON.stringify(changes),
      ...actor.author,
      created_at: at,
    },
  ]);
  await recordChange(trx, {
    companyId: actor.companyId,
    type: 'customer.updated',
    entity: { type: 'customer', id: current.id },
    version: current.version + 1,
    actor: actor.change,
    changes,
  });
  return { ok: true, value: true };
}

/** Customers whose remote record a completed full pass no longer found: deleted here too, with audit. */
export async function deleteGoneCustomers(
  trx: Database,
  actor: ConnectorActor,
  gone: Customer[],
): Promise<void> {
  if (gone.length === 0) return;
  await deleteCustomers(
    trx,
    actor.companyId,
    gone.map((c) => c.id),
  );
  for (const c of gone) {
    await recordAudit(trx, {
      actorId: null,
      action: 'customer.delete',
      entity: 'customer',
      entityId: c.id,
      companyId: actor.companyId,
      before: { name: c.name, email: c.email, status: c.status, deleted_by: actor.change.name },
    });
    await recordChange(trx, {
      companyId: actor.companyId,
      type: 'customer.deleted',
      entity: { type: 'customer', id: c.id },
      version: c.version,
      actor: actor.change,
      data: { ...c },
    });
  }
}
