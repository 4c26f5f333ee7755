import { type Customer, CustomerCreateBody, CustomerUpdateBody } from '@kontora/contract/customers';
import { AppError } from '../../lib/errors.ts';
import { type RecordAuthor, systemAuthor } from '../../lib/record-author.ts';
import { type CustomerWrites, completeCustomer } from '../customers/customers.service.ts';
import type { MappedField, SyncedFields } from './connector.ts';

/**
 * A connector's side of writing customers: remote fields mapped to customer
 * fields. The writes themselves (checks, version, timeline, change feed, cache
 * eviction) are the customers module's (customer-writes.ts).
 */

/**
 * Who a connector's writes are by: no person, no key; the change feed names
 * it as a system actor ("HubSpot connector #3"), the timeline as its author.
 * The push recognises its own entries by this name and skips them.
 */
export type ConnectorActor = RecordAuthor;

export function connectorActor(companyId: number, provider: string, id: number): ConnectorActor {
  return systemAuthor(companyId, `${provider === 'hubspot' ? 'HubSpot' : 'Pipedrive'} connector #${id}`);
}

/** The mapped fields only, without empty ones (what a create or update body takes). */
function bodyOf(fields: SyncedFields, mapped: readonly MappedField[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of mapped)
    if (!f.startsWith('custom.') && fields[f as keyof SyncedFields] !== null)
      body[f] = fields[f as keyof SyncedFields];
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
  mapped: readonly MappedField[],
): Checked<ReturnType<typeof completeCustomer>> {
  const parsed = CustomerCreateBody.safeParse({ ...bodyOf(fields, mapped), type: fields.type, source: null });
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
  return { ok: true, value: completeCustomer(parsed.data) };
}

/**
 * Applies a remote record's fields to its linked customer. Answers whether
 * anything changed, or why the record cannot be applied (the page goes on).
 */
export async function updateFromRemote(
  writes: CustomerWrites,
  current: Customer,
  fields: SyncedFields,
  mapped: readonly MappedField[],
): Promise<Checked<boolean>> {
  const patchBody: Record<string, unknown> = {};
  for (const f of mapped) if (!f.startsWith('custom.')) patchBody[f] = fields[f as keyof SyncedFields];
  // The mapped own fields the remote record answered (connector-field-sync.ts); null clears.
  if (fields.custom && Object.keys(fields.custom).length) patchBody.custom = fields.custom;
  const parsed = CustomerUpdateBody.safeParse({ ...patchBody, version: current.version });
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
  try {
    return { ok: true, value: (await writes.applyPatch(current, parsed.data)).length > 0 };
  } catch (err) {
    // Refused before anything was written (the checks run first), so the page's transaction goes on.
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'stale_update') {
      return { ok: false, reason: 'The customer changed in Kontora meanwhile; the next sync tries again.' };
    }
    const details = Object.entries(err.details ?? {});
    if (!details.length) throw err;
    return { ok: false, reason: details.map(([f, codes]) => `${f}: ${codes.join(', ')}`).join('; ') };
  }
}
