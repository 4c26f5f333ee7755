import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** The count, bulk change by filter and CSV exports read the list's own-field filters, never drop them. */

let t: TestApp;
let c: TwoCompanies;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const deals = (company: number, rest = '') => `/api/companies/${company}/deals${rest}`;
const field = (company: number, body: object) =>
  ok(c.ana.token, 'POST', `/api/companies/${company}/custom-fields`, body);

async function rows(csv: string): Promise<Record<string, string>[]> {
  const out: string[][] = [];
  for await (const r of parseCsv([csv])) out.push(r.fields);
  const [header = [], ...rest] = out;
  return rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
async function headerOf(csv: string): Promise<string[]> {
  for await (const r of parseCsv([csv])) return r.fields;
  return [];
}

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  const select = (key: string, type: string, values: string[]) =>
    field(c.acme, {
      record: 'customer',
      key,
      label: key[0]?.toUpperCase() + key.slice(1),
      type,
      options: values.map((value) => ({ value, label: value.toUpperCase() })),
    });
  await select('tier', 'single_select', ['gold', 'silver']);
  await field(c.acme, { record: 'customer', key: 'score', label: 'Score', type: 'number' });
  await select('areas', 'multi_select', ['north', 'south']);
  const old = await field(c.acme, { record: 'customer', key: 'old', label: 'Old one', type: 'text' });
  await ok(c.ana.token, 'PATCH', `/api/companies/${c.acme}/custom-fields/${old.id}`, { archived: true });
  await field(c.acme, { record: 'deal', key: 'size', label: 'Size', type: 'number' });
  await field(c.acme, { record: 'deal', key: 'won_by', label: 'Won by', type: 'checkbox' });
  // Another company's fields under keys Acme does not have.
  await ok(c.eva.token, 'POST', `/api/companies/${c.beta}/custom-fields`, {
    record: 'customer',
    key: 'secret',
    label: 'Secret',
    type: 'text',
  });
  await ok(c.eva.token, 'POST', `/api/companies/${c.beta}/custom-fields`, {
    record: 'deal',
    key: 'secret',
    label: 'Secret',
    type: 'text',
  });
});
afterAll(() => t.close());

describe('customers: count, bulk by filter and export with own-field filters', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const made = [
      ['Gold one', { tier: 'gold', score: 10, areas: ['north', 'south'] }],
      ['Silver one', { tier: 'silver', score: 5 }],
      ['Plain one', {}],
    ] as const;
    for (const [name, custom] of made) {
      ids[name] = (await ok(c.ana.token, 'POST', customers(c.acme), { name, status: 'lead', custom })).id;
    }
  });
  const statuses = async () => {
    const page = await ok(c.ana.token, 'GET', customers(c.acme, '?limit=100'));
    return Object.fromEntries(page.items.map((x: { name: string; status: string }) => [x.name, x.status]));
  };

  it('counts only the matching customers', async () => {
    const count = async (q: string) => (await ok(c.ana.token, 'GET', customers(c.acme, `/count?${q}`))).count;
    expect(await count('')).toBe(3);
    expect(await count('custom.tier=gold')).toBe(1);
    expect(await count('custom.tier=gold&custom.tier=silver')).toBe(2);
    expect(await count('custom.score.gte=5&custom.score.lte=9')).toBe(1);
    expect(await count('custom.tier.empty=true')).toBe(1);
    expect(await count('status=lead&custom.areas=south')).toBe(1);
  });

  it('refuses a filter it cannot honour on count and export, naming it', async () => {
    for (const route of ['/count', '/export.csv']) {
      const unknown = await call(c.ana.token, 'GET', customers(c.acme, `${route}?custom.nope=1`));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().details).toEqual({ 'custom.nope': ['unknown_field'] });
      const theirs = await call(c.ana.token, 'GET', customers(c.acme, `${route}?custom.secret=x`));
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json().details).toEqual({ 'custom.secret': ['unknown_field'] });
      const archived = await call(c.ana.token, 'GET', customers(c.acme, `${route}?custom.old=x`));
      expect(archived.json().details).toEqual({ 'custom.old': ['unknown_field'] });
      const bad = await call(c.ana.token, 'GET', customers(c.acme, `${route}?custom.score.gte=many`));
      expect(bad.json().details).toEqual({ 'custom.score.gte': ['invalid_value'] });
      const search = await call(c.ana.token, 'GET', customers(c.acme, `${route}?q=nobody&custom.tier=nope`));
      expect(search.statusCode).toBe(200);
    }
    const sorted = await call(c.ana.token, 'GET', customers(c.acme, '/export.csv?sort=custom.tier'));
    expect(sorted.statusCode).toBe(400);
    expect(Object.keys(sorted.json().details)).toEqual(['sort']);
  });

  it('exports the matching customers with a column per field in use', async () => {
    const res = await call(c.ana.token, 'GET', customers(c.acme, '/export.csv?custom.score.gte=5&sort=name'));
    expect(res.statusCode).toBe(200);
    expect((await headerOf(res.body)).slice(-3)).toEqual(['Tier', 'Score', 'Areas']);
    const out = await rows(res.body);
    expect(out.map((r) => [r.name, r.Tier, r.Score, r.Areas])).toEqual([
      ['Gold one', 'gold', '10', 'north;south'],
      ['Silver one', 'silver', '5', ''],
    ]);
    expect(Object.keys(out[0] ?? {})).not.toContain('Old one');
    const all = await rows((await call(c.ana.token, 'GET', customers(c.acme, '/export.csv'))).body);
    expect(all).toHaveLength(3);
  });

  it('refuses an unknown or foreign key in bulk by filter and changes nothing', async () => {
    const before = await statuses();
    for (const [key, value] of [
      ['custom.nope', 'x'],
      ['custom.secret', 'x'],
      ['custom.score.gte', 'many'],
      ['custom_tier', 'gold'],
    ]) {
      const res = await call(c.ana.token, 'POST', customers(c.acme, '/bulk-by-filter'), {
        action: 'delete',
        filter: { [key as string]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().details)).toEqual([`filter.${key}`]);
    }
    expect(await statuses()).toEqual(before);
  });

  it('changes and deletes only the customers matching the own-field filter', async () => {
    const set = await ok(c.ana.token, 'POST', customers(c.acme, '/bulk-by-filter'), {
      action: 'set_status',
      status: 'customer',
      filter: { 'custom.tier': 'gold' },
    });
    expect(set).toEqual({ action: 'set_status', matched: 1 });
    expect(await statuses()).toEqual({ 'Gold one': 'customer', 'Silver one': 'lead', 'Plain one': 'lead' });
    const removed = await ok(c.ana.token, 'POST', customers(c.acme, '/bulk-by-filter'), {
      action: 'delete',
      filter: { status: 'lead', 'custom.score.lte': '9' },
    });
    expect(removed).toEqual({ action: 'delete', matched: 1 });
    expect(await statuses()).toEqual({ 'Gold one': 'customer', 'Plain one': 'lead' });
  });
});

describe('deals: export with own-field filters', () => {
  beforeAll(async () => {
    await ok(c.ana.token, 'POST', deals(c.acme), { title: 'Big', custom: { size: 50, won_by: true } });
    await ok(c.ana.token, 'POST', deals(c.acme), { title: 'Small', custom: { size: 3 } });
  });

  it('exports only the matching deals, with the fields as columns', async () => {
    const res = await call(c.ana.token, 'GET', deals(c.acme, '/export?custom.size.gte=10'));
    expect(res.statusCode).toBe(200);
    expect((await headerOf(res.body)).slice(-2)).toEqual(['Size', 'Won by']);
    const out = await rows(res.body);
    expect(out.map((r) => [r.title, r.Size, r['Won by']])).toEqual([['Big', '50', 'true']]);
    const all = await rows((await call(c.ana.token, 'GET', deals(c.acme, '/export'))).body);
    expect(all.map((r) => [r.title, r['Won by']])).toEqual([
      ['Big', 'true'],
      ['Small', ''],
    ]);
  });

  it('the list combines a search with own-field filters', async () => {
    const titles = async (query: string) =>
      ((await ok(c.ana.token, 'GET', deals(c.acme, query))).items as { title: string }[]).map((d) => d.title);
    expect(await titles('?q=big&custom.size.gte=10')).toEqual(['Big']);
    expect(await titles('?q=big&custom.size.lte=10')).toEqual([]);
    expect(await titles('?q=small&custom.won_by.empty=true')).toEqual(['Small']);
  });

  it('refuses an unknown or foreign key, naming it', async () => {
    for (const key of ['nope', 'secret']) {
      const res = await call(c.ana.token, 'GET', deals(c.acme, `/export?custom.${key}=1`));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ [`custom.${key}`]: ['unknown_field'] });
    }
  });
});
