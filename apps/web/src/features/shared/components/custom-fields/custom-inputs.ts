import type { CustomField, CustomValues } from '@kontora/contract/custom-fields';

/** A field's value as a form holds it: text for most, a list for a multiple select, a flag for a checkbox. */
export type CustomInput = string | string[] | boolean;
export type CustomInputs = Record<string, CustomInput>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` input shows it, in the browser's time zone. */
function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function toInput(field: CustomField, value: unknown): CustomInput {
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multi_select') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (field.type === 'datetime') return localDateTime(String(value));
  return String(value);
}

export const toInputs = (fields: readonly CustomField[], custom: CustomValues | undefined): CustomInputs =>
  Object.fromEntries(fields.map((field) => [field.key, toInput(field, custom?.[field.key])]));

/**
 * What the server reads: numbers as numbers, people as ids, a local date and time as an
 * instant, nothing as null. A number that does not parse goes as typed, so that the
 * server's answer (`invalid_number`) shows on the field.
 */
export function toValue(field: CustomField, input: CustomInput | undefined): unknown {
  if (field.type === 'checkbox') return input === true;
  if (field.type === 'multi_select') return Array.isArray(input) && input.length > 0 ? input : null;
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return null;
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'percent':
    case 'person': {
      const n = Number(text.replace(',', '.'));
      return Number.isFinite(n) ? n : text;
    }
    case 'datetime': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d.toISOString();
    }
    default:
      return text;
  }
}

/** A new record's values: the fields given (left-out ones get their defaults on the server). */
export function createValues(fields: readonly CustomField[], inputs: CustomInputs | undefined): CustomValues {
  const out: CustomValues = {};
  for (const field of fields) {
    const input = inputs?.[field.key];
    const value = input === undefined ? null : toValue(field, input);
    if (value !== null) out[field.key] = value;
  }
  return out;
}

/** An edit's values: only the fields changed since the record was read (null clears one). */
export function changedValues(
  fields: readonly CustomField[],
  before: CustomInputs | undefined,
  after: CustomInputs | undefined,
): CustomValues {
  const out: CustomValues = {};
  for (const field of fields) {
    const was = JSON.stringify(toValue(field, before?.[field.key]));
    const now = toValue(field, after?.[field.key]);
    if (JSON.stringify(now) !== was) out[field.key] = now;
  }
  return out;
}
