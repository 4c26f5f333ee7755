import { CustomerCreateBody } from '@kontora/contract/customers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCompany } from '../../db/cross-company.ts';
import { dialectOf } from '../../db/dialect.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { completeCustomer, newCustomerRow } from './customer-dto.ts';
import { type ListFilter, listCustomers, sortValueOf } from './customer-list.repository.ts';
import { searchTerms } from './customer-search.ts';
import type { SearchTuning } from './customer-search-page.ts';
import { insertCustomers } from './customers.repository.ts';

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
async function allPages(word: string, limit: number): Promise<string[]> {
  const filter: ListFilter = { terms: searchTerms(word), sort: 'name', dir: 'asc' };
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
