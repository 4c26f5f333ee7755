/**
 * The words records are searched by, shared by customers (`search_text`), deals
 * (`own_words`) and the migration that filled them from existing values (057): lower case,
 * without diacritics, split on everything that is not a letter or digit.
 */

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDS: Record<string, string> = { đ: 'd', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i' };

/**
 * Whether every character is ASCII. Such text folds to itself in lower case (NFKD decomposes no
 * ASCII character and none is a mark), and once folded its letters and digits are `a-z` and
 * `0-9`: the plain patterns below find what the Unicode ones do, at a fraction of the cost (an
 * import builds the words of every row it saves, docs/decisions/097-import-row-cost.md).
 */
export function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return true;
}

export function fold(value: string): string {
  if (isAscii(value)) return value.toLowerCase();
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[đłøæœßþı]/g, (c) => FOLDS[c] ?? c);
}

/**
 * Long numbers (whole phone numbers, OIBs) are indexed as `n<digits>`: each is
 * a distinct term, and keeping them apart from short number groups means a
 * short prefix such as `91` does not have to merge hundreds of thousands of
 * them (and a long one such as `3859123` finds them by prefix).
 */
const LONG_NUMBER = /^\d{6,}$/;

/** A customer's words (customers/list/customer-search.ts). */
export function words(value: string): string[] {
  if (isAscii(value)) return asciiWords(value.toLowerCase());
  const out: string[] = [];
  for (const w of fold(value).split(/[^\p{L}\p{N}]+/u)) if (w) out.push(LONG_NUMBER.test(w) ? `n${w}` : w);
  return out;
}

/**
 * The words of lower-case ASCII text: its runs of `a-z0-9`, as the split on `[^a-z0-9]+` gives,
 * read in one pass (an import builds the words of every row it saves; the regular expressions
 * took twice as long).
 */
function asciiWords(lower: string): string[] {
  const out: string[] = [];
  let start = -1;
  let digits = true;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    const digit = c >= 48 && c <= 57;
    if (digit || (c >= 97 && c <= 122)) {
      if (start < 0) {
        start = i;
        digits = true;
      }
      if (!digit) digits = false;
    } else if (start >= 0) {
      const w = lower.slice(start, i);
      out.push(digits && i - start >= 6 ? `n${w}` : w);
      start = -1;
    }
  }
  return out;
}

/** Lower case without diacritics, words apart by one space: a deal title's sort and search key. */
export function foldWords(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);
}

/** A deal's words: as its title's (foldWords), uncut. */
export function dealWords(value: string): string[] {
  return foldWords(value.slice(0, 2000)).split(' ').filter(Boolean);
}

/**
 * The own-field types whose values are searched (docs/decisions/084-own-text-values-searched.md).
 * Selects are not: their labels change with the field's definition and language.
 */
export const SEARCHED_OWN_TYPES = ['text', 'long_text', 'email', 'phone', 'url'] as const;

/**
 * How many characters of own words a record carries at most: they live in the covering sort
 * indexes beside the built-in words (PostgreSQL refuses an index entry over 2,704 bytes).
 */
export const OWN_WORDS_MAX = 600;
/**
 * How many characters of words one value gives at most, so that a long text does not crowd
 * out the fields after it: a long text is found by its first words, as its first 200
 * characters are what its filter compares (decision 061).
 */
export const VALUE_WORDS_MAX = 200;
/** A longer word is cut: found by its beginning, as every search word is a prefix. */
const WORD_MAX = 60;

export interface SearchedValue {
  type: string;
  text: string;
}

/**
 * The words of a record's own text values (fields in form order) not already in `taken`,
 * added to it: an address's scheme and `www.` left out, a phone's digits also together.
 * At most VALUE_WORDS_MAX characters a value and OWN_WORDS_MAX in all.
 */
export function ownWords(
  values: readonly SearchedValue[],
  split: (value: string) => string[],
  taken: Set<string> = new Set(),
): string[] {
  const out: string[] = [];
  let size = 0;
  for (const { type, text } of values) {
    const value = type === 'url' ? text.replace(/^[a-z][a-z0-9+.-]*:\/\/(www\.)?/i, '') : text;
    const found = split(value);
    if (type === 'phone') found.push(...split(value.replace(/\D/g, '')));
    let given = 0;
    for (const whole of found) {
      const word = whole.slice(0, WORD_MAX);
      if (taken.has(word)) continue;
      if (size + word.length + 1 > OWN_WORDS_MAX) return out;
      if (given + word.length + 1 > VALUE_WORDS_MAX) break;
      taken.add(word);
      out.push(word);
      size += word.length + 1;
      given += word.length + 1;
    }
  }
  return out;
}
