import { EDITABLE_FIELDS, type EditableCustomer } from '../customer-dto.ts';
import type { ImportRow } from './customer-import-match.ts';

/** A checked row as it is staged: the row without its line (the staging key). */
export type StagedRow = Omit<ImportRow, 'line'>;

/**
 * A staged row as stored: the customer's values in EDITABLE_FIELDS order and the fields its
 * cells gave by their place in that list, without a key repeated per row; the id cell, the
 * organisations and the own values only when the row has them. Under half the bytes of the row
 * as an object, so every staged row costs less to write, read back and drop
 * (docs/decisions/097-import-row-cost.md).
 */
export type PackedRow = [
  values: unknown[],
  present: (number | string)[],
  id?: number | null,
  organisations?: string[],
  custom?: Record<string, unknown>,
];

const PLACE = new Map<string, number>(EDITABLE_FIELDS.map((f, i) => [f, i]));

export function packStaged(row: StagedRow): PackedRow {
  const packed: PackedRow = [
    EDITABLE_FIELDS.map((f) => row.customer[f]),
    row.present.map((f) => PLACE.get(f) ?? f),
  ];
  const hasCustom = Object.keys(row.custom).length > 0;
  const hasOrganisations = row.organisations.length > 0 || hasCustom;
  if (row.id !== null || hasOrganisations) packed.push(row.id);
  if (hasOrganisations) packed.push(row.organisations);
  if (hasCustom) packed.push(row.custom);
  return packed;
}

export function unpackStaged([values, present, id, organisations, custom]: PackedRow): StagedRow {
  const customer: Record<string, unknown> = {};
  EDITABLE_FIELDS.forEach((f, i) => {
    customer[f] = values[i];
  });
  return {
    customer: customer as EditableCustomer,
    present: present.map((f) => (typeof f === 'number' ? (EDITABLE_FIELDS[f] ?? String(f)) : f)),
    id: id ?? null,
    organisations: organisations ?? [],
    custom: custom ?? {},
  };
}
