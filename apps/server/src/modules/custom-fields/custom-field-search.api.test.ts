import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { type ListFilter, listCustomers } from '../customers/list/customer-list.repository.ts';
import { searchTerms } from '../customers/list/customer-search.ts';
import { customListPlan } from './custom-fields.service.ts';

/**
 * A search combined with own-field filters (docs/decisions/067-search-with-own-field-filters.md):
 * the list, its count and the export answer the matches that also pass the filters, on
 * both ways a search page is read; a sort by an own field is refused beside a search.
 */
let t: TestApp;
let c: TwoCompanies;
const call = (token: string, url: string) => t.call(token, { method: 'GET', url });
const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
/** Acme's gold "Often" customers by name, what a search for "often" with tier=gold answers. */
const gold: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  const tier = (company: number, token: string) =>
    t.call(token, {
      method: 'POST',
      url: `/api/companies/${company}/custom-fields`,
      payload: {
        record: 'customer',
        key: 'tier',
        label: 'Tier',
        type: 'single_select',
        options: [
          { value: 'gold', label: 'Gold' },
          { value: 'silver', label: 'Silver' },
        ],
      },
    });
  expect((await tier(c.acme, c.ana.token)).statusCode).toBe(201);
  expect((await tier(c.beta, c.eva.token)).statusCode).toBe(201);
  for (let i = 0; i < 60; i++) {
    const name = `Often ${String(i).padStart(3, '0')}`;
    const custom = i % 3 === 0 ? { tier: 'gold' } : i % 3 === 1 ? { tier: 'silver' } : {};
    const res = await t.call(c.ana.token, {
      method: 'POST',
      url: customers(c.acme),
      payload: { name, status: 'lead', custom },
    });
    expect(res.statusCode, res.body).toBe(201);
    if (i % 3 === 0) gold.push(name);
  }
  await t.call(c.ana.token, { method: 'POST', url: customers(c.acme), payload: { name: 'Gold Rarely' } });
  // Beta's gold customer under the same search word and key: never in Acme's answers.
  await t.call(c.eva.token, {
    method: 'POST',
    url: customers(c.beta),
    payload: { name: 'Often Beta', custom: { tier: 'gold' } },
  });
});
afterAll(() => t.close());

describe('search with own-field filters', () => {
  it('pages through the matches that pass the filters, in name order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call(c.ana.token, customers(c.acme, `?q=often&custom.tier=gold&limit=7${after}`));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as { items: { name: string }[]; next_cursor: string | null };
      seen.push(...page.items.map((i) => i.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(gold);
    const empty = await call(
      c.ana.token,
      customers(c.acme, '?q=often&custom.tier.empty=true&sort=name&dir=desc'),
    );
    const names = (empty.json().data.items as { name: string }[]).map((i) => i.name);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('Often 059');
  });

  it('counts and exports the same customers', async () => {
    const count = await call(c.ana.token, customers(c.acme, '/count?q=often&custom.tier=gold'));
    expect(count.json().data).toEqual({ count: gold.length, capped: false });
    const csv = await call(c.ana.token, customers(c.acme, '/export.csv?q=often&custom.tier=gold'));
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = [];
    for await (const r of parseCsv([csv.body])) rows.push(r.fields);
    const nameAt = rows[0]?.indexOf('name') ?? -1;
    expect(rows.slice(1).map((r) => r[nameAt])).toEqual(gold);
  });

  it('answers the same on both ways a search page is read (walk of the order, sorted matches)', async () => {
    const custom = await customListPlan(t.ctx.db, c.acme, 'customer', { 'custom.tier': 'gold' }, undefined);
    const filter: ListFilter = { terms: searchTerms('often'), sort: 'name', dir: 'asc', custom };
    for (const tuning of [
      { commonMatches: 10, window: 30 },
      { commonMatches: 10, window: 5 },
      { commonMatches: 1000, window: 30 },
    ]) {
      const rows = await listCustomers(t.ctx.db, c.acme, filter, undefined, 5, tuning);
      expect(
        rows.map((r) => r.name),
        JSON.stringify(tuning),
      ).toEqual(gold.slice(0, 5));
    }
  });

  it('refuses a sort by an own field beside a search, and another company’s field', async () => {
    const sorted = await call(c.ana.token, customers(c.acme, '?q=often&sort=custom.tier'));
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().details).toEqual({ sort: ['not_with_search'] });
    // Beta's field of the same key is Beta's: Acme's search sees only Acme's customers.
    const beta = await call(c.eva.token, customers(c.beta, '?q=often&custom.tier=gold'));
    expect((beta.json().data.items as { name: string }[]).map((i) => i.name)).toEqual(['Often Beta']);
    const unknown = await call(c.ana.token, customers(c.acme, '?q=often&custom.secret=x'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ 'custom.secret': ['unknown_field'] });
  });
});
