import { fold } from '../list/customer-search.ts';

/**
 * The keys duplicates are found by, stored on every customer beside the fields
 * they come from (indexed with the company first, so each rule is one index
 * lookup and the company-wide scan one GROUP BY over an index):
 * - `phone_key`: the number in international form, digits only. `+385 91…`,
 *   `00385 91…` and `091…` (a national number, read with the calling code of
 *   the customer's country, Croatia when none) are the same key.
 * - `name_key`: the name folded (case, diacritics), without punctuation and
 *   legal forms (d.o.o., GmbH, Ltd…), its words sorted: "Horvat, Ivan" and
 *   "ivan horvat", "KONTORA DOO" and "Kontora d.o.o." meet.
 * - `town_key`: the last part of the address without the postcode ("Ilica 1,
 *   10000 Zagreb" → "zagreb"); the name rule needs the same town when both
 *   customers have one.
 * Migration 015 computes the same keys for the rows that existed before it,
 * with its own frozen copy of these rules.
 */

/** Calling codes of the countries whose national numbers (with a leading 0) are read; others stay as typed. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  HR: '385',
  SI: '386',
  BA: '387',
  RS: '381',
  ME: '382',
  MK: '389',
  AT: '43',
  DE: '49',
  IT: '39',
  HU: '36',
  GB: '44',
  FR: '33',
  ES: '34',
  CH: '41',
  NL: '31',
  PL: '48',
  CZ: '420',
  SK: '421',
};
const DEFAULT_CALLING_CODE = '385';

export function phoneKey(phone: string | null | undefined, country?: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return null;
  let international = digits;
  if (phone.trim().startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) {
    international = (CALLING_CODES[country ?? ''] ?? DEFAULT_CALLING_CODE) + digits.slice(1);
  }
  return international.slice(0, 20);
}

/** Legal forms and their spellings once folded and stripped of punctuation (d.o.o. → doo). */
const LEGAL_FORMS = new Set([
  'doo',
  'jdoo',
  'dd',
  'obrt',
  'ltd',
  'llc',
  'inc',
  'plc',
  'gmbh',
  'ag',
  'kg',
  'srl',
  'spa',
  'sa',
  'sas',
  'bv',
  'oy',
  'ab',
  'as',
  'co',
  'corp',
]);

export function nameKey(name: string | null | undefined): string | null {
  if (!name) return null;
  // Dots and apostrophes join (d.o.o. → doo, O'Brien → obrien); other punctuation separates words.
  const words = fold(name)
    .replace(/[.'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !LEGAL_FORMS.has(w));
  const key = words.sort().join(' ').slice(0, 200);
  return key || null;
}

export function townKey(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address
    .split(/[\n,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return null;
  const town = fold(last)
    .replace(/[^\p{L}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return town || null;
}

export interface MatchKeys {
  phone_key: string | null;
  name_key: string | null;
  town_key: string | null;
}

export function matchKeys(c: {
  name: string;
  phone: string | null;
  country: string | null;
  address: string | null;
}): MatchKeys {
  return { phone_key: phoneKey(c.phone, c.country), name_key: nameKey(c.name), town_key: townKey(c.address) };
}
