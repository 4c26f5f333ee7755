/**
 * Search and sort keys for customers, computed here once so that SQLite (FTS5)
 * and PostgreSQL (tsvector) index exactly the same words: lower case, without
 * diacritics, split on everything that is not a letter or digit.
 */

import { fold, ownWords, type SearchedValue, words } from '../../../lib/search-words.ts';

export { fold, words };

/** The key lists sort and paginate by name on: folded, spaces collapsed. */
export function sortName(name: string): string {
  return fold(name).replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** The built-in fields a customer is found by (searchText reads them). */
export const SEARCHED_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'organisation_name',
  'email',
  'phone',
  'oib',
] as const;

export interface Searchable {
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  organisation_name?: string | null;
  email?: string | null;
  phone?: string | null;
  oib?: string | null;
}

/**
 * The words a customer is found by: names, the email's parts, the phone's
 * groups and all its digits together, the OIB/VAT id and its digits alone; then the words of
 * its own text values (`own`, fields in form order) not already there, up to a cap
 * (docs/decisions/084-own-text-values-searched.md).
 */
export function searchText(c: Searchable, own: readonly SearchedValue[] = []): string {
  const out = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (value) for (const w of words(value)) out.add(w);
  };
  add(c.name);
  add(c.first_name);
  add(c.last_name);
  add(c.organisation_name);
  add(c.email);
  add(c.phone);
  if (c.phone) add(c.phone.replace(/\D/g, ''));
  add(c.oib);
  if (c.oib) add(c.oib.replace(/\D/g, ''));
  ownWords(own, words, out);
  return [...out].join(' ');
}

/** At most 8 distinct words of a query; each must begin a word of the customer (AND). */
export function searchTerms(query: string): string[] {
  return [...new Set(words(query))].slice(0, 8);
}

/** FTS5 MATCH expression: quoted prefix terms, implicitly ANDed (terms hold only letters and digits). */
export function ftsMatch(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

/**
 * A term that can begin a name's first word as PostgreSQL marks it (migration 031): plain
 * lower-case letters. The marked word is the customer's first word when the sort key starts
 * with it, indexed as `^word` instead of `word`, so that a search knows, from the index alone,
 * which matches sit together in name order (decision 026).
 */
export function canBeginName(term: string): boolean {
  return /^[a-z]+$/.test(term);
}

/**
 * PostgreSQL tsquery (cast with `::tsquery`, lexemes as written) of the same meaning as
 * ftsMatch: every term begins some word, the first word of the name (`^word`) included.
 */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((t) => (canBeginName(t) ? `('${t}':* | '^${t}':*)` : `'${t}':*`)).join(' & ');
}

/** The same terms matched only by words other than a marked first word of the name. */
export function plainTsQuery(terms: readonly string[]): string {
  return terms.map((t) => `'${t}':*`).join(' & ');
}

/** Sort keys (`sort_name`, collation "C") that begin with the term: from the term up to, not including, the bound. */
export function nameRange(term: string): { from: string; below: string } {
  const last = term.charCodeAt(term.length - 1);
  return { from: term, below: term.slice(0, -1) + String.fromCharCode(last + 1) };
}
