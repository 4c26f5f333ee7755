import { type CustomerUpdateBody, customerProblems, deriveCustomerName } from '@kontora/contract/customers';
import { AppError } from '../../lib/errors.ts';
import { EDITABLE_FIELDS, type EditableCustomer, type EditableField } from './customer-dto.ts';
import type { CustomerPatch } from './customers.repository.ts';
import { matchKeys } from './duplicates/customer-match-keys.ts';
import { SEARCHED_FIELDS, searchText, sortName } from './list/customer-search.ts';

/**
 * Applying new values to a customer, shared by the edit form, the import's
 * "update" rows and a merge: the same derived name, search words and
 * duplicate keys, whoever changes the record.
 */

const NAME_PARTS = ['type', 'first_name', 'last_name', 'organisation_name'] as const;
const SEARCHED: readonly EditableField[] = SEARCHED_FIELDS;
const KEYED: readonly EditableField[] = ['name', 'phone', 'country', 'address'];

/**
 * The customer after the update. A name that was derived (first + last, or the
 * organisation) follows its parts; a name typed by a person stays as typed.
 */
export function applyUpdate(current: EditableCustomer, body: Partial<CustomerUpdateBody>): EditableCustomer {
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

export function changedFields(before: EditableCustomer, after: EditableCustomer): EditableField[] {
  return EDITABLE_FIELDS.filter((f) => !same(before[f], after[f]));
}

/** The stored columns for the changed fields, with the keys computed from them. */
export function patchFor(
  after: EditableCustomer,
  changed: readonly EditableField[],
  by: { userId: number | null; at: string },
): CustomerPatch {
  const patch: CustomerPatch = { updated_by: by.userId, updated_at: by.at };
  for (const field of changed) {
    Object.assign(patch, { [field]: field === 'tags' ? JSON.stringify(after.tags) : after[field] });
  }
  if (changed.includes('name')) patch.sort_name = sortName(after.name);
  if (changed.some((f) => SEARCHED.includes(f))) patch.search_text = searchText(after);
  if (changed.some((f) => KEYED.includes(f))) Object.assign(patch, matchKeys(after));
  return patch;
}

/** The timeline's and change feed's list of what changed. */
export function changeList(
  before: EditableCustomer,
  after: EditableCustomer,
  changed: readonly EditableField[],
) {
  return changed.map((field) => ({ field, before: before[field], after: after[field] }));
}

/** A customer as a writer read it: its fields, id and the version the write expects. */
export type Versioned = EditableCustomer & { id: number; version: number };

export const stale = () =>
  new AppError(409, 'stale_update', 'Someone else changed this customer meanwhile. Reload it and try again.');

/** Values that do not fit together (customerProblems) are a 400, before anything is written. */
export function assertFits(after: EditableCustomer): void {
  const problems = customerProblems(after);
  if (Object.keys(problems).length) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details: problems });
  }
}
