import { expect } from 'vitest';

/**
 * What the customer and deal lists' tests of a page started from a rare own value share
 * (docs/decisions/100-rare-own-values-start-the-page.md): the records' own values, the filters
 * and what each keeps, every page through the cursor, and when SQLite starts from the values.
 */

/** The own values of one made record: a text, a date, a multiple select. */
export interface OwnValues {
  id: number;
  code: string;
  since: string;
  tier: string[];
}

/** The `i`th record's values: every twentieth from the fourth holds the rare code. */
export function ownValuesOf(i: number): Omit<OwnValues, 'id'> {
  return {
    code: i % 20 === 3 ? 'rare' : 'common',
    since: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`,
    tier: i === 7 ? ['a', 'b'] : ['c'],
  };
}

/** The own fields the records hold (`POST …/custom-fields` bodies without `record`). */
export const OWN_FIELDS = [
  { key: 'code', label: 'Code', type: 'text' },
  { key: 'since', label: 'Since', type: 'date' },
  {
    key: 'tier',
    label: 'Tier',
    type: 'multi_select',
    options: ['a', 'b', 'c'].map((value) => ({ value, label: value.toUpperCase() })),
  },
];

/** Filters (label, query, what they keep), rare and common, equality, ranges and any of options. */
export function ownValueCases<M extends OwnValues>(): [string, string, (m: M) => boolean][] {
  return [
    ['a value few hold', 'custom.code=rare', (m) => m.code === 'rare'],
    ['a value most hold', 'custom.code=common', (m) => m.code === 'common'],
    [
      'one day of a date',
      'custom.since.gte=2024-01-04&custom.since.lte=2024-01-04',
      (m) => m.since === '2024-01-04',
    ],
    [
      'twenty days of a date',
      'custom.since.gte=2024-01-02&custom.since.lte=2024-01-21',
      (m) => m.since >= '2024-01-02' && m.since <= '2024-01-21',
    ],
    [
      'either of two options a record holds both of',
      'custom.tier=a&custom.tier=b',
      (m) => m.tier.includes('a'),
    ],
  ];
}

/** The ids of every page of `url` (with its query), following `next_cursor`. */
export async function allPages(
  get: (url: string) => Promise<{ items: { id: number }[]; next_cursor: string | null }>,
  url: string,
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

/**
 * A list's start for the made records' filters: from the values for the rare ones, never for
 * the common ones. A range of days starts on SQLite only (`sqlite`): PostgreSQL's index of the
 * values has no days, so there a range always walks.
 */
export async function expectStarts(
  start: (query: Record<string, unknown>) => Promise<unknown>,
  sqlite: boolean,
): Promise<void> {
  expect(await start({ 'custom.code': 'rare' })).toBeDefined();
  const rareDays = await start({ 'custom.since.gte': '2024-01-04', 'custom.since.lte': '2024-01-04' });
  expect(rareDays !== undefined).toBe(sqlite);
  expect(await start({ 'custom.tier': ['a', 'b'] })).toBeDefined();
  expect(await start({ 'custom.code': 'common' })).toBeUndefined();
  expect(await start({ 'custom.since.gte': '2024-01-02', 'custom.since.lte': '2024-01-21' })).toBeUndefined();
}
