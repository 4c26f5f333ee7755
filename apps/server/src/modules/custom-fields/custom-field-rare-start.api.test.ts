import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect.ts';
import {
  allPages,
  expectStarts,
  OWN_FIELDS,
  type OwnValues,
  ownValueCases,
  ownValuesOf,
} from '../../test-support/rare-start-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { customListPlan, rareValuesStart } from './custom-fields.service.ts';

/**
 * A customer list filtered by own values answers the same customers in the same order whether
 * its page starts from the holders of a value few hold or walks the list's order
 * (docs/decisions/100-rare-own-values-start-the-page.md): every page through the cursor, by
 * name either way, by another column, by an own field; equality, a date range, any of a
 * multiple select's options. Both engines choose between the two by the holders' count in the
 * index of the values (PostgreSQL walks a range of days), and the answers must match the same
 * expectation.
 */

let t: TestApp;
let c: TwoCompanies;

const PEOPLE = 60;
const LIMIT = 5;

interface Made extends OwnValues {
  name: string;
  status: string;
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
  for (const field of OWN_FIELDS)
    await ok('POST', `/api/companies/${c.acme}/custom-fields`, { record: 'customer', ...field });
  // Beta holds the rare value too: never among Acme's answers.
  const asEva = async (url: string, payload: object) => {
    const res = await t.call(c.eva.token, { method: 'POST', url: `/api/companies/${c.beta}${url}`, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  await asEva('/custom-fields', { record: 'customer', key: 'code', label: 'Code', type: 'text' });
  betaRare = (await asEva('/customers', { name: 'Name 03', custom: { code: 'rare' } })).id;
  for (let i = 0; i < PEOPLE; i++) {
    const own = ownValuesOf(i);
    // Each name twice, out of creation order: the id breaks the tie.
    const name = `Name ${String((i * 7) % 30).padStart(2, '0')}`;
    const status = i % 2 ? 'lead' : 'customer';
    const { id } = await ok('POST', customers(), { name, status, custom: own });
    made.push({ id, name, status, ...own });
  }
});
afterAll(() => t.close());

/** Every page of a list query, following `next_cursor`. */
const pages = (query: string) => allPages((url) => ok('GET', url), customers(`?limit=${LIMIT}&${query}`));

const byName = (a: Made, b: Made) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;
const ids = (rows: Made[]) => rows.map((r) => r.id);

describe('a list filtered by own values, starting from the values or walking the order', () => {
  const cases: [string, string, (m: Made) => boolean][] = [
    ...ownValueCases<Made>(),
    [
      'a rare value beside a common one and a status',
      'custom.code=rare&custom.tier=c&status=lead',
      (m) => m.code === 'rare' && m.tier.includes('c') && m.status === 'lead',
    ],
  ];

  it.each(cases)('answers %s in name order, page by page, both ways', async (_label, query, keep) => {
    const want = made.filter(keep);
    expect(want.length).toBeGreaterThan(0);
    expect(await pages(`sort=name&dir=asc&${query}`)).toEqual(ids([...want].sort(byName)));
    expect(await pages(`sort=name&dir=desc&${query}`)).toEqual(ids([...want].sort(byName).reverse()));
    expect(await pages(`sort=created_at&dir=desc&${query}`)).toEqual(
      ids([...want].sort((a, b) => b.id - a.id)),
    );
  });

  it('sorts the holders of a rare value by an own field', async () => {
    const want = made
      .filter((m) => m.code === 'rare')
      .sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
    expect(await pages('sort=custom.since&custom.code=rare')).toEqual(ids(want));
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

  it('starts from the values only when few records hold them', async () => {
    await expectStarts(async (query) => {
      const plan = await customListPlan(t.ctx.db, c.acme, 'customer', query, 'name');
      if (!plan) throw new Error('no plan');
      return rareValuesStart(t.ctx.db, c.acme, 'customer', plan, LIMIT + 1, async () => PEOPLE);
    }, dialectOf(t.ctx.db) === 'sqlite');
  });
});
