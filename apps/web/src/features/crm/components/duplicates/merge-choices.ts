import type { CustomField } from '@kontora/contract/custom-fields';
import { MERGE_FIELDS, type MergeField } from '@kontora/contract/customer-duplicates';
import type { Customer } from '@kontora/contract/customers';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const key = (v: unknown) => JSON.stringify(v ?? null);

/** A field whose values differ, with one option per distinct value (the first customer that has it). */
export type FieldChoice = { field: MergeField; options: { id: number; value: Customer[MergeField] }[] };

/** Fields whose values differ between the customers, in form order. */
export function differingFields(customers: readonly Customer[]): FieldChoice[] {
  const out: FieldChoice[] = [];
  for (const field of MERGE_FIELDS) {
    const seen = new Map<string, { id: number; value: Customer[MergeField] }>();
    for (const c of customers)
      if (!seen.has(key(c[field]))) seen.set(key(c[field]), { id: c.id, value: c[field] });
    if (seen.size > 1) out.push({ field, options: [...seen.values()] });
  }
  return out;
}

/** The server's default: the most recently updated customer with a value (the survivor first on a tie). */
export function defaultChoices(
  customers: readonly Customer[],
  survivorId: number,
): Partial<Record<MergeField, number>> {
  const recent = [...customers].sort(
    (a, b) =>
      b.updated_at.localeCompare(a.updated_at) || Number(b.id === survivorId) - Number(a.id === survivorId),
  );
  const choices: Partial<Record<MergeField, number>> = {};
  for (const { field, options } of differingFields(customers)) {
    const source = recent.find((c) => !isEmpty(c[field])) ?? customers.find((c) => c.id === survivorId);
    const option = options.find((o) => key(o.value) === key(source?.[field]));
    if (option) choices[field] = option.id;
  }
  return choices;
}

const isBlank = (v: unknown) => isEmpty(v) || (Array.isArray(v) && v.length === 0);

/** An own field whose values differ, with one option per distinct value (the first customer that has it). */
export type OwnFieldChoice = { field: CustomField; options: { id: number; value: unknown }[] };

/** The company's own fields in use whose values differ between the customers, in their order. */
export function differingOwnFields(
  customers: readonly Customer[],
  fields: readonly CustomField[],
): OwnFieldChoice[] {
  const out: OwnFieldChoice[] = [];
  for (const field of fields) {
    if (field.archived) continue;
    const seen = new Map<string, { id: number; value: unknown }>();
    for (const c of customers) {
      const value = c.custom?.[field.key] ?? null;
      if (!seen.has(key(value))) seen.set(key(value), { id: c.id, value });
    }
    if (seen.size > 1) out.push({ field, options: [...seen.values()] });
  }
  return out;
}

/**
 * The server's default for an own field: the survivor's value, else the first of the others
 * (in the dialog's order, which is the order `merged_ids` is sent in) that has one.
 */
export function defaultOwnChoices(
  customers: readonly Customer[],
  fields: readonly CustomField[],
  survivorId: number,
): Record<string, number> {
  const survivor = customers.find((c) => c.id === survivorId);
  const others = customers.filter((c) => c.id !== survivorId);
  const choices: Record<string, number> = {};
  for (const { field, options } of differingOwnFields(customers, fields)) {
    const ownValueOf = (c: Customer | undefined) => c?.custom?.[field.key] ?? null;
    const source = isBlank(ownValueOf(survivor))
      ? (others.find((c) => !isBlank(ownValueOf(c))) ?? survivor)
      : survivor;
    const option = options.find((o) => key(o.value) === key(ownValueOf(source)));
    if (option) choices[field.key] = option.id;
  }
  return choices;
}
