import { type CustomFieldType, NUMERIC_CUSTOM_TYPES } from '@kontora/contract/custom-fields';
import type { StoredValue } from './custom-values.ts';

/**
 * A record's own values as its row carries them (`own_values`, docs/decisions/126-own-values-packed-on-the-row.md):
 * one object keyed by field id, each field the list of its values in `ord` order. An element is
 * a string (`v_text`), a number (`v_num`) or `{ "l": … }` for a long text, whose `v_text` is its
 * first 200 characters again. The form needs no field types, so rows and JSON map both ways.
 */
export type PackedElement = string | number | { l: string };
export type PackedValues = Record<string, PackedElement[]>;
export type FieldValueRow = StoredValue & { field_id: number };

/** A long text's `v_text`: its start, as `checkValue` stores it. */
const LONG_TEXT_HEAD = 200;

/** A stored row's element in the packed form (undefined: the row holds nothing). */
export function packedElement(row: StoredValue): PackedElement | undefined {
  if (row.v_long !== null) return { l: row.v_long };
  if (row.v_num !== null) return Number(row.v_num);
  return row.v_text ?? undefined;
}

/** The fields these rows give values to, each with its values in `ord` order. */
export function packFields(rows: readonly FieldValueRow[]): PackedValues {
  const sorted = [...rows].sort((a, b) => a.field_id - b.field_id || a.ord - b.ord);
  const packed: PackedValues = {};
  for (const row of sorted) {
    const element = packedElement(row);
    if (element === undefined) continue;
    const key = String(row.field_id);
    packed[key] ??= [];
    packed[key].push(element);
  }
  return packed;
}

/** A new record's `own_values` as stored: its rows packed, null without any. */
export function packedText(rows: readonly FieldValueRow[]): string | null {
  return rows.length ? JSON.stringify(packFields(rows)) : null;
}

/**
 * What changes on the row when the `cleared` fields' values are replaced by `rows`: the fields
 * left without a value, and the fields set (each replacing whatever the field held).
 */
export function valuesPatch(
  cleared: readonly number[],
  rows: readonly FieldValueRow[],
): { removed: string[]; set: PackedValues } {
  const set = packFields(rows);
  return { removed: cleared.map(String).filter((key) => !(key in set)), set };
}

/** A row's `own_values` as read: JSON text on SQLite, an object on PostgreSQL, null without values. */
export function parsePacked(packed: PackedValues | string | null | undefined): PackedValues {
  return typeof packed === 'string' ? JSON.parse(packed) : (packed ?? {});
}

/** The rows a row's `own_values` stands for, in (field, ord) order. */
export function unpackValues(packed: PackedValues | string | null | undefined): FieldValueRow[] {
  const values = parsePacked(packed);
  const rows: FieldValueRow[] = [];
  for (const [key, elements] of Object.entries(values)) {
    for (const [ord, element] of elements.entries()) {
      const row = { field_id: Number(key), ord, v_text: null, v_num: null, v_long: null };
      if (typeof element === 'string') rows.push({ ...row, v_text: element });
      else if (typeof element === 'number') rows.push({ ...row, v_num: element });
      else rows.push({ ...row, v_text: element.l.slice(0, LONG_TEXT_HEAD), v_long: element.l });
    }
  }
  return rows.sort((a, b) => a.field_id - b.field_id || a.ord - b.ord);
}

/** A field's value as records answer it (`custom.{key}`) from its packed elements (readValue reads rows so). */
export function readPacked(type: CustomFieldType, elements: readonly PackedElement[]): unknown {
  const [first] = elements;
  if (first === undefined) return null;
  const text = (e: PackedElement) => (typeof e === 'object' ? e.l.slice(0, LONG_TEXT_HEAD) : e);
  switch (type) {
    case 'multi_select':
      return elements.map(text);
    case 'checkbox':
      return first === 1;
    case 'long_text':
      return typeof first === 'object' ? first.l : first;
    default:
      return NUMERIC_CUSTOM_TYPES.includes(type) ? first : text(first);
  }
}
