import {
  CUSTOMER_LIMITS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type CustomerCreateBody,
  customerProblems,
  normalizeTags,
  normalizeWebsite,
} from '@kontora/contract/customers';
import { hasControlCharacters, isValidPhone } from '@kontora/contract/fields';
import { z } from 'zod';

/**
 * An import row's cells as `CustomerCreateBody` reads them, in plain code: a file of a million
 * rows runs the contract's schema a million times, and its checks were most of the cost of
 * reading a row (docs/decisions/097-import-row-cost.md). The schema stays the rule: this answers
 * its output only for input it would accept, and `undefined` for anything else — a row it
 * refuses, or one this does not know — which then goes through the schema itself, so a refused
 * row's reasons are the schema's. customer-import-row-check.unit.test.ts holds both to the same
 * answers.
 */
export function readCreateBody(input: Readonly<Record<string, unknown>>): CustomerCreateBody | undefined {
  const out: Record<string, unknown> = { type: 'person', status: 'lead', tags: [] };
  for (const key of Object.keys(input)) {
    const read = FIELDS.get(key);
    if (!read) return undefined;
    const value = read(input[key]);
    if (value === REFUSED) return undefined;
    out[key] = value;
  }
  const body = out as CustomerCreateBody;
  for (const _ in customerProblems(body)) return undefined;
  return body;
}

const REFUSED = Symbol('refused');
type Read = (value: unknown) => unknown;

/** `OptionalText` of the contract: trimmed, at most `max`, no control characters; empty is null. */
const text =
  (max: number, multiline = false): Read =>
  (value) => {
    if (typeof value !== 'string') return REFUSED;
    const v = value.trim();
    if (v.length > max || hasControlCharacters(v, { multiline })) return REFUSED;
    return v === '' ? null : v;
  };

/** A trimmed string within `max`, handed to `then` (the field's own rule). */
const trimmed =
  (max: number, then: (v: string) => unknown): Read =>
  (value) => {
    if (typeof value !== 'string') return REFUSED;
    const v = value.trim();
    return v.length > max ? REFUSED : then(v);
  };

const oneOf =
  (values: readonly string[]): Read =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? value : REFUSED;

const TAX_ID = /^[A-Za-z0-9 .\-/]*$/;

const FIELDS: ReadonlyMap<string, Read> = new Map(
  Object.entries({
    type: oneOf(CUSTOMER_TYPES),
    status: oneOf(CUSTOMER_STATUSES),
    name: text(CUSTOMER_LIMITS.nameMax),
    first_name: text(CUSTOMER_LIMITS.namePartMax),
    last_name: text(CUSTOMER_LIMITS.namePartMax),
    organisation_name: text(CUSTOMER_LIMITS.nameMax),
    address: text(CUSTOMER_LIMITS.addressMax, true),
    source: text(CUSTOMER_LIMITS.sourceMax),
    notes: text(CUSTOMER_LIMITS.notesMax, true),
    email: trimmed(CUSTOMER_LIMITS.emailMax, (v) => {
      if (v === '') return null;
      return z.regexes.email.test(v) ? v.toLowerCase() : REFUSED;
    }),
    phone: trimmed(CUSTOMER_LIMITS.phoneMax, (v) => {
      if (v === '') return null;
      return isValidPhone(v) ? v.replace(/\s+/g, ' ') : REFUSED;
    }),
    website: trimmed(CUSTOMER_LIMITS.websiteMax, (v) => {
      if (v === '') return null;
      return normalizeWebsite(v) ?? REFUSED;
    }),
    country: (value) => {
      if (typeof value !== 'string') return REFUSED;
      const v = value.trim().toUpperCase();
      if (v === '') return null;
      return /^[A-Z]{2}$/.test(v) ? v : REFUSED;
    },
    oib: trimmed(CUSTOMER_LIMITS.taxIdMax + 8, (v) => {
      if (!TAX_ID.test(v)) return REFUSED;
      const id = v.replace(/\s+/g, '').toUpperCase();
      if (id === '') return null;
      return id.length <= CUSTOMER_LIMITS.taxIdMax ? id : REFUSED;
    }),
    owner_id: (value) =>
      value === null ||
      (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647)
        ? value
        : REFUSED,
    tags: (value) => {
      if (!Array.isArray(value) || value.length > 100) return REFUSED;
      const each: string[] = [];
      for (const tag of value) {
        if (typeof tag !== 'string') return REFUSED;
        const t = tag.trim();
        if (t.length > 200 || hasControlCharacters(t)) return REFUSED;
        each.push(t);
      }
      const tags = normalizeTags(each);
      if (tags.length > CUSTOMER_LIMITS.tagsMax || tags.some((t) => t.length > CUSTOMER_LIMITS.tagMax))
        return REFUSED;
      return tags;
    },
  } satisfies Record<string, Read>),
);
