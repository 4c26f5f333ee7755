import {
  type CustomField,
  type CustomFieldType,
  CUSTOM_FIELD_LIMITS as L,
  NUMERIC_CUSTOM_TYPES,
} from '@kontora/contract/custom-fields';
import { normalizeWebsite } from '@kontora/contract/customers';
import { hasControlCharacters, isInDateRange, isValidPhone } from '@kontora/contract/fields';
import { z } from 'zod';
import { packedElement, readPacked } from './own-values-json.ts';

/**
 * A custom field's values as the API carries them and as they are stored: one row per
 * value (a multiple select one per option), typed (migration 039).
 */

export interface StoredValue {
  ord: number;
  v_text: string | null;
  v_num: number | null;
  v_long: string | null;
}

/** Where a field's value is compared and sorted. */
export const columnOf = (type: CustomFieldType): 'v_num' | 'v_text' | 'v_long' =>
  NUMERIC_CUSTOM_TYPES.includes(type) ? 'v_num' : type === 'long_text' ? 'v_long' : 'v_text';

const text = (v: string | null): StoredValue => ({ ord: 0, v_text: v, v_num: null, v_long: null });
const num = (v: number): StoredValue => ({ ord: 0, v_text: null, v_num: v, v_long: null });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isDate(v: string): boolean {
  if (!DATE.test(v) || !isInDateRange(`${v}T00:00:00Z`)) return false;
  return new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
}

export function normalDateTime(v: string): string | null {
  return DATE_TIME.test(v) && isInDateRange(v) ? new Date(v).toISOString() : null;
}

type Field = Pick<CustomField, 'type' | 'options'>;
export type Checked = { rows: StoredValue[]; value: unknown } | { problem: string };

const problem = (code: string): Checked => ({ problem: code });

/**
 * Checks a value sent for a field and answers its stored rows (none: cleared) and the value
 * as it reads back, or a problem code. `held` is the record's value before the write: a
 * hidden option may stay where it is, but is not newly set.
 */
export function checkValue(field: Field, value: unknown, held: unknown = null): Checked {
  if (value === null || value === undefined) return { rows: [], value: null };
  const str = (max: number, multiline = false): Checked | string => {
    if (typeof value !== 'string') return problem('invalid_value');
    const v = value.trim();
    if (v.length > max) return problem('too_long');
    if (hasControlCharacters(v, { multiline })) return problem('control_characters');
    return v;
  };
  const hidden = (v: string) => field.options.find((o) => o.value === v)?.hidden;
  switch (field.type) {
    case 'text':
    case 'long_text': {
      const long = field.type === 'long_text';
      const v = str(long ? L.longTextMax : L.textMax, long);
      if (typeof v !== 'string') return v;
      if (v === '') return { rows: [], value: null };
      return {
        rows: [long ? { ...text(v.slice(0, 200)), v_long: v } : text(v)],
        value: v,
      };
    }
    case 'number':
    case 'currency':
    case 'percent': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return problem('invalid_number');
      if (Math.abs(value) > L.numberMax) return problem('out_of_range');
      const v = field.type === 'currency' ? Math.round(value * 100) / 100 : value;
      return { rows: [num(v)], value: v };
    }
    case 'checkbox':
      if (typeof value !== 'boolean') return problem('invalid_value');
      return { rows: [num(value ? 1 : 0)], value };
    case 'person':
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
        return problem('invalid_id');
      return { rows: [num(value)], value };
    case 'date': {
      if (typeof value !== 'string' || !isDate(value)) return problem('invalid_date');
      return { rows: [text(value)], value };
    }
    case 'datetime': {
      const v = typeof value === 'string' ? normalDateTime(value.trim()) : null;
      if (v === null) return problem('invalid_datetime');
      return { rows: [text(v)], value: v };
    }
    case 'single_select': {
      if (typeof value !== 'string') return problem('invalid_value');
      const h = hidden(value);
      if (h === undefined) return problem('unknown_option');
      if (h && value !== held) return problem('hidden_option');
      return { rows: [text(value)], value };
    }
    case 'multi_select': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return problem('invalid_value');
      const values = [...new Set(value as string[])];
      if (values.length > L.multiMax) return problem('too_many');
      const before = Array.isArray(held) ? held : [];
      for (const v of values) {
        const h = hidden(v);
        if (h === undefined) return problem('unknown_option');
        if (h && !before.includes(v)) return problem('hidden_option');
      }
      if (values.length === 0) return { rows: [], value: null };
      return { rows: values.map((v, ord) => ({ ...text(v), ord })), value: values };
    }
    case 'url': {
      const v = str(L.urlMax);
      if (typeof v !== 'string') return v;
      if (v === '') return { rows: [], value: null };
      const url = normalizeWebsite(v);
      if (url === null) return problem('invalid_url');
      return { rows: [text(url)], value: url };
    }
    case 'email': {
      const v = str(L.emailMax);
      if (typeof v !== 'string') return v;
      if (v === '') return { rows: [], value: null };
      if (!z.regexes.email.test(v)) return problem('invalid_email');
      return { rows: [text(v.toLowerCase())], value: v.toLowerCase() };
    }
    case 'phone': {
      const v = str(L.phoneMax);
      if (typeof v !== 'string') return v;
      if (v === '') return { rows: [], value: null };
      if (!isValidPhone(v)) return problem('invalid_phone');
      const phone = v.replace(/\s+/g, ' ');
      return { rows: [text(phone)], value: phone };
    }
  }
}

/** The value of stored rows (in `ord` order) as the API answers it: the packed form's rules. */
export function readValue(type: CustomFieldType, rows: StoredValue[]): unknown {
  return readPacked(
    type,
    rows.flatMap((r) => packedElement(r) ?? []),
  );
}

/**
 * A list filter's value (`custom.{key}=…`, `.gte`, `.lte`) in the field's stored form, or
 * undefined when it cannot be one.
 */
export function filterValue(type: CustomFieldType, raw: string): string | number | undefined {
  switch (type) {
    case 'checkbox':
      return raw === 'true' ? 1 : raw === 'false' ? 0 : undefined;
    case 'date':
      return isDate(raw) ? raw : undefined;
    case 'datetime':
      return normalDateTime(raw) ?? undefined;
    case 'email':
      return raw.toLowerCase();
    default: {
      if (!NUMERIC_CUSTOM_TYPES.includes(type)) return raw;
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      return Number.isFinite(n) ? n : undefined;
    }
  }
}

/** Types whose values have an order for `.gte` / `.lte`. */
export const ORDERED_TYPES: readonly CustomFieldType[] = [
  'number',
  'currency',
  'percent',
  'date',
  'datetime',
];
