import i18next, { type TFunction } from 'i18next';

type AnyT = (key: string, options?: Record<string, unknown>) => string;

/** The first translation that exists among `keys`, else the last key's text. */
function firstExisting(t: TFunction, keys: string[]): string {
  const translate = t as unknown as AnyT;
  const key = keys.find((k) => i18next.exists(k)) ?? keys[keys.length - 1] ?? '';
  return translate(key);
}

/**
 * A rejected row's field (or `row` for the record as a whole) in words. The
 * report names the import fields; owner_email and row exist only here. `texts` is the
 * import kind's own texts, looked up first; `own` names the company's own fields (`custom.{key}`).
 */
export function importFieldLabel(
  t: TFunction,
  field: string,
  texts = 'crm.import',
  own: readonly { target: string; label: string }[] = [],
): string {
  const mine = own.find((o) => o.target === field);
  if (mine) return mine.label;
  const keys = [`${texts}.fields.${field}`, `crm.import.fields.${field}`, `crm.fields.${field}`];
  if (!keys.some((k) => i18next.exists(k))) return field;
  return firstExisting(t, keys);
}

/**
 * Why a row or the mapping was refused. Codes that mean something particular in
 * an import (e.g. `not_member`: no member has the owner's email) come first,
 * then the general validation texts.
 */
export function importReasonText(t: TFunction, code: string, texts = 'crm.import'): string {
  return firstExisting(t, [
    `${texts}.reasons.${code}`,
    `crm.import.reasons.${code}`,
    `validation.${code}`,
    'validation.invalid',
  ]);
}
