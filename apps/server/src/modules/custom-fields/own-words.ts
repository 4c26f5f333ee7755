/**
 * SQLite's index of own values for the reads that start from a value
 * (docs/decisions/127-own-value-words-filled-in-batches.md): a contentless FTS5 table per record
 * kind (`customer_own_words`, `deal_own_words`) whose row id is the record's id and whose words
 * migration 078's view makes from its `own_values`, in SQL. This file makes the same words for
 * the reads. For a text value of field 12:
 * - `f12v` and the hex of the value's first 32 characters: the record holds that text;
 * - a date or date-time `2024-01-15…` also `f12c20`, `f12y2024`, `f12m202401`, `f12d20240115`,
 *   so a range of days is an OR of a few centuries, years, months and days.
 * Only text values have value words: SQLite walks numbers (decision 100). A word can stand for
 * more than one value (a long prefix shared), so every record found is checked against its JSON.
 * Field ids are never reused, so a word names one company's field.
 */

/** The word table of each record kind (its view of the words to fill: `{table}_made`). */
export const WORDS = { customer: 'customer_own_words', deal: 'deal_own_words' } as const;

/** How many characters of a value its word holds (as migration 078's triggers cut it). */
const VALUE_PREFIX = 32;

/** The word of records holding the text `value` in the field. */
export function valueWord(fieldId: number, value: string): string {
  const head = Array.from(value).slice(0, VALUE_PREFIX).join('');
  return `f${fieldId}v${Buffer.from(head, 'utf8').toString('hex')}`;
}

/** Beyond this many words a range is not looked up: its days are walked instead. */
const MOST_RANGE_WORDS = 400;

const FIRST_DAY = Date.UTC(1900, 0, 1);
const LAST_DAY = Date.UTC(9999, 11, 31);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dayTime = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00Z`);

/** The first day after the century, year, month or day that `time` starts. */
function after(time: number, unit: 'c' | 'y' | 'm' | 'd'): number {
  const d = new Date(time);
  const year = d.getUTCFullYear();
  if (unit === 'c') return Date.UTC(Math.floor(year / 100) * 100 + 100, 0, 1);
  if (unit === 'y') return Date.UTC(year + 1, 0, 1);
  if (unit === 'm') return Date.UTC(year, d.getUTCMonth() + 1, 1);
  return time + 86_400_000;
}

/**
 * The words covering the days from `from` to `to` (`YYYY-MM-DD…`, either open): each whole
 * century, year or month in it as one word, the days left over one each. Undefined past
 * MOST_RANGE_WORDS.
 */
export function dayRangeWords(fieldId: number, from?: string, to?: string): string[] | undefined {
  const end = after(Math.min(to === undefined ? LAST_DAY : dayTime(to), LAST_DAY), 'd');
  let time = Math.max(from === undefined ? FIRST_DAY : dayTime(from), FIRST_DAY);
  if (Number.isNaN(time) || Number.isNaN(end)) return undefined;
  const words: string[] = [];
  while (time < end) {
    if (words.length >= MOST_RANGE_WORDS) return undefined;
    const d = new Date(time);
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const unit =
      day === 1 && m === 1 && y % 100 === 0 && after(time, 'c') <= end
        ? 'c'
        : day === 1 && m === 1 && after(time, 'y') <= end
          ? 'y'
          : day === 1 && after(time, 'm') <= end
            ? 'm'
            : 'd';
    const name = {
      c: pad(y / 100, 2),
      y: pad(y, 4),
      m: pad(y, 4) + pad(m, 2),
      d: pad(y, 4) + pad(m, 2) + pad(day, 2),
    }[unit];
    words.push(`f${fieldId}${unit}${name}`);
    time = after(time, unit);
  }
  return words;
}

/** An FTS5 query matching any of the words (each quoted: a word is letters and digits only). */
export const anyWord = (words: readonly string[]): string => words.map((w) => `"${w}"`).join(' OR ');
