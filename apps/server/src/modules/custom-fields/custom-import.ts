import type { CustomField } from '@kontora/contract/custom-fields';
import { readAmount } from '../../lib/amount-text.ts';
import { foldHeader } from '../../lib/csv-import/csv-mapping.ts';
import { readYesNo } from '../../lib/csv-import/csv-yes-no.ts';
import { checkValue } from './custom-values.ts';

/**
 * A CSV cell of one of the company's own fields read as the API's value, then checked by the
 * same `checkValue` as every write (docs/decisions/075-own-fields-in-import-and-merge.md). The
 * text forms are the ones an export writes, plus what people type in spreadsheets.
 */

/** What reading a file's own-field cells needs, read once per import. */
export interface OwnImportFields {
  /** The fields in use (archived ones are no mapping target). */
  fields: CustomField[];
  /** The company's currency: numbers read as its deal amounts are (`1.234,56` or `1,234.56`). */
  currency: string;
  /** Member email (lower case) → user id, for person fields. */
  members: ReadonlyMap<string, number>;
}

/** The mapping target of a field. */
export const ownTarget = (key: string) => `custom.${key}` as const;

/**
 * Header (folded) → own-field targets that claim it: the field's label (as an export heads its
 * column), its key, and `custom.{key}`. Built-in fields take a header first (csv-mapping.ts).
 */
export function ownFieldHeaders(fields: readonly CustomField[]): Map<string, `custom.${string}`[]> {
  const out = new Map<string, `custom.${string}`[]>();
  const add = (header: string, key: string) => {
    const folded = foldHeader(header);
    const list = out.get(folded) ?? [];
    if (folded !== '' && !list.includes(ownTarget(key))) out.set(folded, [...list, ownTarget(key)]);
  };
  for (const f of fields) {
    add(f.label, f.key);
    for (const label of Object.values(f.labels)) if (label) add(label, f.key);
  }
  for (const f of fields) {
    add(f.key, f.key);
    add(ownTarget(f.key), f.key);
  }
  return out;
}

/** The fields in use as an import's mapping targets (resolveMapping's `own`). */
export function ownMappingTargets(fields: readonly CustomField[]) {
  return { headers: ownFieldHeaders(fields), targets: new Set(fields.map((f) => ownTarget(f.key))) };
}

/** The own fields' targets whose text may span lines (long texts). */
export const multiLineTargets = (fields: readonly CustomField[]) =>
  fields.filter((f) => f.type === 'long_text').map((f) => ownTarget(f.key));

type Read = { value: unknown } | { problem: string };

function optionOf(field: CustomField, text: string): string | undefined {
  const folded = text.toLocaleLowerCase();
  return (
    field.options.find((o) => o.value === text) ??
    field.options.find((o) => o.value.toLocaleLowerCase() === folded) ??
    field.options.find((o) => o.label.toLocaleLowerCase() === folded)
  )?.value;
}

/** A cell's text as the value the API would take for the field, before the type's checks. */
function parseCell(field: CustomField, text: string, known: OwnImportFields): Read {
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'percent': {
      const cell = field.type === 'percent' ? text.replace(/\s*%$/, '') : text;
      const amount = readAmount(cell, known.currency);
      return typeof amount === 'number' ? { value: amount } : { problem: amount.reason };
    }
    case 'checkbox': {
      const value = readYesNo(text);
      return value === undefined ? { problem: 'invalid_boolean' } : { value };
    }
    case 'person': {
      const id = known.members.get(text.trim().toLowerCase());
      return id === undefined ? { problem: 'not_member' } : { value: id };
    }
    case 'single_select': {
      const value = optionOf(field, text.trim());
      return value === undefined ? { problem: 'unknown_option' } : { value };
    }
    case 'multi_select': {
      const values: string[] = [];
      for (const part of text.split(';')) {
        if (part.trim() === '') continue;
        const value = optionOf(field, part.trim());
        if (value === undefined) return { problem: 'unknown_option' };
        values.push(value);
      }
      return { value: values };
    }
    default:
      return { value: text };
  }
}

/**
 * A row's own-field cells (field key → text) as `custom` values, each checked by its type;
 * a problem lands in `reasons` under `custom.{key}`. A hidden option passes here: whether the
 * record may hold it is known when the row is matched (checkValues with what it holds).
 */
export function readOwnCells(
  known: OwnImportFields,
  cells: ReadonlyMap<string, string>,
  reasons: Record<string, string[]>,
): Record<string, unknown> {
  const byKey = new Map(known.fields.map((f) => [f.key, f]));
  const values: Record<string, unknown> = {};
  for (const [key, text] of cells) {
    const field = byKey.get(key);
    if (!field) continue;
    const read = parseCell(field, text, known);
    const checked = 'problem' in read ? read : checkValue(field, read.value, read.value);
    if ('problem' in checked) reasons[ownTarget(key)] = [checked.problem];
    else if (checked.value !== null) values[key] = checked.value;
  }
  return values;
}
