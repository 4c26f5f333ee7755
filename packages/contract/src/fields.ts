import { z } from 'zod';
import { LANGUAGES, LIMITS } from './limits.ts';

/** Field primitives: one definition per kind of input, used by every schema on both sides. */

export const Email = z
  .string()
  .trim()
  .max(LIMITS.emailMax)
  .refine((v) => !hasControlCharacters(v), { error: 'control_characters' })
  .pipe(z.email({ error: 'invalid_email' }))
  .transform((v) => v.toLowerCase());

/** No composition rules (NIST 800-63B); the server also rejects common passwords. */
export const Password = z
  .string()
  .min(LIMITS.passwordMin, { error: 'password_too_short' })
  .max(LIMITS.passwordMax, { error: 'password_too_long' });

/**
 * C0 controls (NUL included), DEL, C1 controls and lone surrogates: never part of text a person
 * types, and PostgreSQL refuses NUL outright, so they are refused at the edge on both databases.
 * Tab, line feed and carriage return pass where text may span lines (notes, descriptions).
 */
const CONTROL_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return CONTROL_CHARACTERS.test(value) || (!multiline && LINE_BREAKS_AND_TABS.test(value));
}

/** Text on one line (names, titles, filters): trimmed, no control characters. */
export function SingleLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .refine((v) => !hasControlCharacters(v), { error: 'control_characters' });
}

/** Text that may span lines (notes, descriptions): tabs and line breaks allowed, other controls not. */
export function MultiLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .refine((v) => !hasControlCharacters(v, { multiline: true }), { error: 'control_characters' });
}

/** Optional free text: trimmed; an empty string (an emptied form field) means "none" (null). */
export function OptionalText(max: number, { multiline = false } = {}) {
  return (multiline ? MultiLine(max) : SingleLine(max)).transform((v) => (v === '' ? null : v)).nullable();
}

/** An opaque paging cursor as the client echoes it back: printable ASCII only. */
export function Cursor(max: number) {
  return z
    .string()
    .max(max)
    .regex(/^[\x20-\x7E]*$/, { error: 'invalid_cursor' });
}

export const FullName = SingleLine(LIMITS.nameMax).min(1, { error: 'required' });

export const Language = z.enum(LANGUAGES);

export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Opaque one-time or session token as it travels in a URL. */
export const Token = z
  .string()
  .min(16)
  .max(LIMITS.tokenMax)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * Croatian OIB: 11 digits, last one an ISO 7064 MOD 11,10 check digit.
 * Exported as a predicate so the customer schema and CSV import share it.
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(value[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  let check = 11 - a;
  if (check === 10) check = 0;
  return check === Number(value[10]);
}

/**
 * Why a tax id is not acceptable for a country, or null: the one OIB rule for
 * companies and customers alike. A Croatian one (country HR), an `HR…` VAT id,
 * or 11 digits with no country given must be a valid OIB (11 digits with its
 * ISO 7064 check digit, optionally prefixed "HR"). Other countries' VAT ids are
 * free-form (Italy's, for one, also has 11 digits). Takes the tax id already
 * normalised (no spaces, upper case), as the schemas leave it.
 */
export function oibProblem({
  oib,
  country,
}: {
  oib?: string | null | undefined;
  country?: string | null | undefined;
}): 'invalid_oib' | null {
  if (!oib) return null;
  const digits = /^(?:HR)?(\d{11})$/.exec(oib)?.[1];
  const croatian = country === 'HR' || oib.startsWith('HR') || (!country && digits !== undefined);
  if (!croatian) return null;
  return digits !== undefined && isValidOib(digits) ? null : 'invalid_oib';
}

/**
 * A phone number as people type it: digits with an optional leading +, and
 * spaces, dots, dashes, slashes or parentheses between them; 6 to 15 digits (E.164).
 */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

export const Phone = z
  .string()
  .trim()
  .max(40, { error: 'too_long' })
  .refine(isValidPhone, { error: 'invalid_phone' })
  .transform((v) => v.replace(/\s+/g, ' '));

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Instants the product accepts: 1900-01-01 to 9999-12-31 UTC. Outside it PostgreSQL refuses some
 * (year 0000, or a year-1 date shifted into year 0 by its offset) that SQLite would store as text,
 * and no calendar entry or filter of a CRM needs them.
 */
export const DATE_RANGE = { min: Date.UTC(1900, 0, 1), max: Date.UTC(10_000, 0, 1) - 1 } as const;

export function isInDateRange(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && time >= DATE_RANGE.min && time <= DATE_RANGE.max;
}

/** A point in time with an explicit offset (`…Z` or `…+02:00`), normalised to UTC ISO-8601 with milliseconds. */
export const DateTimeInput = z
  .string()
  .trim()
  .refine((v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), {
    error: 'invalid_datetime',
    abort: true,
  })
  .refine(isInDateRange, { error: 'date_out_of_range' })
  .transform((v) => new Date(v).toISOString());
