import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { customListPlan, rareValuesStart } from './custom-fields.service.ts';

/**
 * A customer list filtered by own values answers the same customers in the same order whether
 * its page starts from the holders of a value few hold or walks the list's order
 * (docs/decisions/100-rare-own-values-start-the-page.md): every page through the cursor, by
 * name either way, by another column, by an own field; equality, a date range, any of a
 * multiple select's options. SQLite chooses between the two by the holders' count; PostgreSQL's
 * planner chooses itself, and the answers must match the same expectation.
 */

let t: TestApp;
let c: TwoCompanies;

const PEOPLE = 60;
const LIMIT = 5;

interface Made {
  id: number;
  name: string;
  status: string;
  code: string;
  since: string;
  tier: string[];
}
const made: Made[] = [];
let betaRare: number;

async function ok(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.call(c.ana.token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const customers = (rest = '') => `/api/companies/${c.acme}/customers${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  const field = (body: object) =>
    ok('POST', `/api/companies/${c.acme}/custom-fields`, { record: 'customer', ...body });
  await field({ key: 'code', label: 'Code', type: 'text' });
  await field({ key: 'since', label: 'Since', type: 'date' });
  await field({
    key: 'tier',
    label: 'Tier',
    type: 'multi_select',
    options: ['a', 'b', 'c'].map((value) => ({ value, label: value.toUpperCase() })),
  });
  // Beta holds the rare value too: never among Acme's answers.
  const asEva = async (url: string, payload: object) => {
    const res = await t.call(c.eva.token, { method: 'POST', url: `/api/companies/${c.beta}${url}`, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  await asEva('/custom-fields', { record: 'customer', key: 'code', label: 'Code', type: 'text' });
  betaRare = (await asEva('/customers', { name: 'Name 03', custom: { code: 'rare' } })).id;
  for (let i = 0; i < PEOPLE; i++) {
    const person: Omit<Made, 'id'> = {
      // Each name twice, out of creation order: the id breaks the tie.
      name: `Name ${String((i * 7) % 30).padStart(2, '0')}`,
      status: i % 2 ? 'lead' : 'customer',
      code: i % 20 === 3 ? 'rare' : 'common',
      since: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      tier: i === 7 ? ['a', 'b'] : ['c'],
    };
    const { id } = await ok('POST', customers(), {
      name: person.name,
      status: person.status,
      custom: { code: person.code, since: person.since, tier: person.tier },
    });
    made.push({ id, ...person });
  }
});
afterAll(() => t.close());

/** Every page of a list query, following `next_cursor`. */
async function allPages(query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { id: number }[]; next_cursor: string | null } = await ok(
      'GET',
      customers(`?limit=${LIMIT}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    );
    ids.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

const byName = (a: Made, b: Made) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;
const ids = (rows: Made[]) => rows.map((r) => r.id);

describe('a list filtered by own values, starting from the values or walking the order', () => {
  const cases: [string, string, (m: Made) => boolean][] = [
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
    [
      'a rare value beside a common one and a status',
      'custom.code=rare&custom.tier=c&status=lead',
      (m) => m.code === 'rare' && m.tier.includes('c') && m.status === 'lead',
    ],
  ];

  it.each(cases)('answers %s in name order, page by page, both ways', async (_label, query, keep) => {
    const want = made.filter(keep);
    expect(want.length).toBeGreaterThan(0);
    expect(await allPages(`sort=name&dir=asc&${query}`)).toEqual(ids([...want].sort(byName)));
    expect(await allPages(`sort=name&dir=desc&${query}`)).toEqual(ids([...want].sort(byName).reverse()));
    expect(await allPages(`sort=created_at&dir=desc&${query}`)).toEqual(
      ids([...want].sort((a, b) => b.id - a.id)),
    );
  });

  it('sorts the holders of a rare value by an own field', async () => {
    const want = made
      .filter((m) => m.code === 'rare')
      .sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
    expect(await allPages('sort=custom.since&custom.code=rare')).toEqual(ids(want));
  });

  it('answers each company its own holders of the same value', async () => {
    const beta = await t.call(c.eva.token, {
      method: 'GET',
      url: `/api/companies/${c.beta}/customers?custom.code=rare`,
    });
    expect(beta.statusCode, beta.body).toBe(200);
    expect(beta.json().data.items.map((i: { id: number }) => i.id)).toEqual([betaRare]);
    expect(made.map((m) => m.id)).not.toContain(betaRare);
  });

  it('starts from the values on SQLite only when few records hold them', async () => {
    const start = async (query: Record<string, string>) => {
      const plan = await customListPlan(t.ctx.db, c.acme, 'customer', query, 'name');
      if (!plan) throw new Error('no plan');
      return rareValuesStart(t.ctx.db, c.acme, 'customer', plan, LIMIT + 1, async () => PEOPLE);
    };
    const sqlite = dialectOf(t.ctx.db) === 'sqlite';
    expect(await start({ 'custom.code': 'rare' })).toSatisfy((s) => (s !== undefined) === sqlite);
    expect(await start({ 'custom.since.gte': '2024-01-04', 'custom.since.lte': '2024-01-04' })).toSatisfy(
      (s) => (s !== undefined) === sqlite,
    );
    expect(await start({ 'custom.tier': ['a', 'b'] as never })).toSatisfy(
      (s) => (s !== undefined) === sqlite,
    );
    expect(await start({ 'custom.code': 'common' })).toBeUndefined();
    expect(
      await start({ 'custom.since.gte': '2024-01-02', 'custom.since.lte': '2024-01-21' }),
    ).toBeUndefined();
  });
});
