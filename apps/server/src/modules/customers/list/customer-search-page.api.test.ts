import { CustomerCreateBody } from '@kontora/contract/customers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCompany } from '../../../db/cross-company.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { completeCustomer, newCustomerRow } from '../customer-dto.ts';
import { insertCustomers } from '../customers.repository.ts';
import { type ListFilter, listCustomers, sortValueOf } from './customer-list.repository.ts';
import { searchTerms, sortName, words } from './customer-search.ts';
import { nameClusterIds } from './customer-search-page.postgres.ts';
import { pageConditions, type SearchTuning } from './customer-search-page.ts';

/**
 * Both ways of a search page (decision 026) give the list's answer: the walk
 * of the sort index for a common word, the sorted matches for a rare one, and
 * the sorted matches after a walk that found too few (a common word clustered
 * far down the order). Small thresholds stand in for a million customers.
 */

const TUNING: SearchTuning = { commonMatches: 40, window: 60 };

let t: TestApp;
let company: number;
/** Every customer's name, by id, to compute the expected pages. */
const names = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.user('walk@example.com');
  company = await t.company('Walk Co', [2], [{ userId: owner, role: 'owner' }]);
  const bodies = [
    // 150 names early in the order, every other one with the spread word "often".
    ...Array.from({ length: 150 }, (_, i) => `Aa ${String(i).padStart(3, '0')} ${i % 2 ? 'Often' : 'Plain'}`),
    // 90 names at the end of the order: the clustered word "late", beyond the walk's window.
    ...Array.from({ length: 90 }, (_, i) => `Zz ${String(i).padStart(3, '0')} Late`),
    'Mm Single Rare',
    // 90 names that begin with the clustered word "nina", beyond the walk's window; and a few
    // matches elsewhere in the order that PostgreSQL does not mark as a name's first word
    // (decision 026): a later word, a name that starts with punctuation, a first word with a digit.
    ...Array.from({ length: 90 }, (_, i) => `Nina ${String(i).padStart(3, '0')} Tail`),
    'Bb Nina 001',
    'Bb Nina 002',
    'Kk Ninaxy',
    '(Nina) Xx',
    'Ninab Foo',
    'Nina2 Shop',
  ];
  const fields = bodies.map((name) => completeCustomer(CustomerCreateBody.parse({ name })));
  const at = '2026-03-01T00:00:00.000Z';
  const ids = await insertCustomers(
    t.ctx.db,
    fields.map((f) => newCustomerRow(company, f, { userId: owner, at })),
    fields.map(() => []),
  );
  for (const [i, id] of ids.entries()) names.set(id, bodies[i] ?? '');
  // The planner's estimate (PostgreSQL's way to tell common from rare) needs statistics.
  if (dialectOf(t.ctx.db) === 'postgres') {
    await sql`analyze customers`.execute(crossCompany(t.ctx.db, 'statistics of the whole table'));
  }
});
afterAll(() => t.close());

/** Every page of a search, followed by its keyset position, with the thresholds above. */
async function allPages(word: string, limit: number, dir: ListFilter['dir'] = 'asc'): Promise<string[]> {
  const filter: ListFilter = { terms: searchTerms(word), sort: 'name', dir };
  const seen: string[] = [];
  let after: { value: string; id: number } | undefined;
  for (;;) {
    const page = await listCustomers(t.ctx.db, company, filter, after, limit, TUNING);
    seen.push(...page.map((c) => c.name));
    const last = page.at(-1);
    if (page.length < limit || !last) return seen;
    after = { value: sortValueOf(last, 'name'), id: last.id };
  }
}

const expected = (word: string) =>
  [...names.values()].filter((n) => n.toLowerCase().split(' ').includes(word)).sort();

/** Names with a word that begins with the prefix, in the list's name order (sort key bytes, then id). */
function expectedByPrefix(prefix: string): string[] {
  const key = (id: number) => Buffer.from(sortName(names.get(id) ?? ''));
  return [...names.keys()]
    .filter((id) => words(names.get(id) ?? '').some((w) => w.startsWith(prefix)))
    .sort((a, b) => Buffer.compare(key(a), key(b)) || a - b)
    .map((id) => names.get(id) ?? '');
}

describe('search page ways', () => {
  it('pages a common word spread through the order (the walk fills each page)', async () => {
    const found = await allPages('often', 10);
    expect(found).toHaveLength(75);
    expect(found).toEqual(expected('often'));
  });

  it('pages a common word clustered beyond the walk window (sorted after the walk)', async () => {
    const found = await allPages('late', 10);
    expect(found).toHaveLength(90);
    expect(found).toEqual(expected('late'));
  });

  it('pages a word that begins many names, clustered beyond the walk window, with matches elsewhere', async () => {
    const want = expectedByPrefix('nina');
    expect(want).toHaveLength(96);
    expect(await allPages('nina', 10)).toEqual(want);
    expect(await allPages('nina', 7, 'desc')).toEqual([...want].reverse());
    // Another word with it: the names' range is walked for both words.
    expect(await allPages('nina tail', 10)).toEqual(want.filter((n) => n.endsWith(' Tail')));
  });

  it('on PostgreSQL reads such a word where the names begin, not by sorting every match', async () => {
    if (dialectOf(t.ctx.db) !== 'postgres') return;
    const filter: ListFilter = { terms: searchTerms('nina'), sort: 'name', dir: 'asc' };
    const page = pageConditions(filter, undefined);
    const ids = await nameClusterIds(t.ctx.db, company, filter, page, 10, TUNING);
    expect(ids?.map((id) => names.get(id))).toEqual(expectedByPrefix('nina').slice(0, 10));
    // A name range longer than the walk reads without a page of matches: the other ways answer.
    const short = { commonMatches: TUNING.commonMatches, window: 5 };
    expect(await nameClusterIds(t.ctx.db, company, filter, page, 10, short)).toBeUndefined();
    // A word found mostly outside names' beginnings is left to the other ways.
    const late: ListFilter = { terms: searchTerms('late'), sort: 'name', dir: 'asc' };
    expect(
      await nameClusterIds(t.ctx.db, company, late, pageConditions(late, undefined), 10, TUNING),
    ).toBeUndefined();
  });

  it('finds a rare word and nothing for an absent one', async () => {
    expect(await allPages('rare', 10)).toEqual(['Mm Single Rare']);
    expect(await allPages('absent', 10)).toEqual([]);
  });

  it('never shows another company the matches', async () => {
    const other = await t.company('Other Walk Co', [2], []);
    const filter: ListFilter = { terms: searchTerms('late'), sort: 'name', dir: 'asc' };
    expect(await listCustomers(t.ctx.db, other, filter, undefined, 10, TUNING)).toEqual([]);
  });
});
