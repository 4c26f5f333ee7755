import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** Saved views and columns of the deal list (decision 088): as the customer list's, kept apart from them. */
let t: TestApp;
let c: TwoCompanies;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.call(token, { method, url, ...(payload ? { payload } : {}) });
async function ok(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const views = (company: number, rest = '') => `/api/companies/${company}/deal-views${rest}`;
const customerViews = (company: number) => `/api/companies/${company}/customer-views`;
const names = async (token: string, company: number) =>
  ((await ok(token, 'GET', views(company))).items as { name: string }[]).map((v) => v.name);

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
  await defineOwnFields(t, c.ana.token, c.acme, [
    {
      record: 'deal',
      key: 'source',
      label: 'Source',
      type: 'single_select',
      options: { web: 'Web', fair: 'Fair' },
    },
    { record: 'customer', key: 'industry', label: 'I', type: 'text' },
  ]);
  await defineOwnFields(t, c.eva.token, c.beta, [
    { record: 'deal', key: 'secret', label: 'S', type: 'text' },
  ]);
});
afterAll(() => t.close());

describe('deal list views', () => {
  let sharedId: number;

  it('keeps filters with own-field ones, a sort by an own field and columns; shared ones for the company', async () => {
    const view = await ok(c.ana.token, 'POST', views(c.acme), {
      name: 'Web leads',
      shared: true,
      filter: { status: 'open', tag: 'vip', 'custom.source': ['web'] },
      sort: 'custom.source',
      dir: 'desc',
      columns: ['stage', 'custom.source', 'amount'],
    });
    expect(view).toMatchObject({
      name: 'Web leads',
      shared: true,
      mine: true,
      filter: { status: 'open', tag: 'vip', 'custom.source': ['web'] },
      sort: 'custom.source',
      dir: 'desc',
      columns: ['stage', 'custom.source', 'amount'],
    });
    sharedId = view.id;
    await ok(c.ana.token, 'POST', views(c.acme), { name: 'Mine', columns: [] });
    const defaults = (await ok(c.ana.token, 'GET', views(c.acme))).items[0];
    expect(defaults).toMatchObject({ name: 'Mine', sort: 'updated_at', dir: 'asc', filter: {} });
    expect(await names(c.ana.token, c.acme)).toEqual(['Mine', 'Web leads']);
    expect(await names(c.marko.token, c.acme)).toEqual(['Web leads']);
    // Only its author changes it.
    expect(
      (await call(c.marko.token, 'PATCH', views(c.acme, `/${sharedId}`), { name: 'x' })).statusCode,
    ).toBe(403);
    const renamed = await ok(c.ana.token, 'PATCH', views(c.acme, `/${sharedId}`), { sort: 'amount' });
    expect(renamed).toMatchObject({ name: 'Web leads', sort: 'amount' });
  });

  it('keeps deal views and customer views apart', async () => {
    const customerList = await ok(c.ana.token, 'GET', customerViews(c.acme));
    expect(customerList.items).toEqual([]);
    // A deal view's id through the customer views' address does not exist, nor the other way round.
    expect((await call(c.ana.token, 'DELETE', `${customerViews(c.acme)}/${sharedId}`)).statusCode).toBe(404);
    const customer = await ok(c.ana.token, 'POST', customerViews(c.acme), { name: 'People', columns: [] });
    expect(
      (await call(c.ana.token, 'PATCH', views(c.acme, `/${customer.id}`), { name: 'y' })).statusCode,
    ).toBe(404);
    expect(await names(c.ana.token, c.acme)).toEqual(['Mine', 'Web leads']);
  });

  it('refuses what the deal list does not know, with the path of what names it', async () => {
    for (const [payload, path] of [
      [{ name: 'Bad', columns: ['phone'] }, 'columns.0'],
      [{ name: 'Bad', columns: [], sort: 'name' }, 'sort'],
      [{ name: 'Bad', columns: [], filter: { organisation_id: 3 } }, 'filter.organisation_id'],
      [{ name: 'Bad', columns: [], filter: { 'custom.industry': 'x' } }, 'filter.custom.industry'],
      [{ name: 'Bad', columns: ['custom.industry'] }, 'columns.0'],
      [{ name: 'Bad', columns: [], sort: 'custom.industry' }, 'sort'],
      // Another company's field is unknown here.
      [{ name: 'Bad', columns: [], filter: { 'custom.secret': 'x' } }, 'filter.custom.secret'],
      [{ name: 'Bad', columns: ['custom.secret'] }, 'columns.0'],
    ] as const) {
      const res = await call(c.ana.token, 'POST', views(c.acme), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().details ?? {}), JSON.stringify(payload)).toContain(path);
    }
    expect(await names(c.ana.token, c.acme)).toEqual(['Mine', 'Web leads']);
  });

  it('never shows or changes another company’s views', async () => {
    expect(await names(c.eva.token, c.beta)).toEqual([]);
    expect((await call(c.ana.token, 'GET', views(c.beta))).statusCode).toBe(403);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(
        c.eva.token,
        method,
        views(c.beta, `/${sharedId}`),
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
    }
    expect(await names(c.marko.token, c.acme)).toEqual(['Web leads']);
  });
});

describe('deal list columns per person', () => {
  it('keeps each person’s deal columns apart from their customer columns and from others', async () => {
    expect((await ok(c.ana.token, 'GET', views(c.acme))).columns).toBeNull();
    const saved = await ok(c.ana.token, 'PUT', views(c.acme, '/columns'), {
      columns: ['custom.source', 'owner', 'stage'],
    });
    expect(saved.columns).toEqual(['custom.source', 'owner', 'stage']);
    expect((await ok(c.ana.token, 'GET', views(c.acme))).columns).toEqual([
      'custom.source',
      'owner',
      'stage',
    ]);
    expect((await ok(c.ana.token, 'GET', customerViews(c.acme))).columns).toBeNull();
    expect((await ok(c.marko.token, 'GET', views(c.acme))).columns).toBeNull();
    expect((await ok(c.eva.token, 'GET', views(c.beta))).columns).toBeNull();
    for (const columns of [['status'], ['stage', 'stage'], ['custom.secret']]) {
      const res = await call(c.ana.token, 'PUT', views(c.acme, '/columns'), { columns });
      expect(res.statusCode, JSON.stringify(columns)).toBe(400);
    }
    expect((await ok(c.ana.token, 'GET', views(c.acme))).columns).toEqual([
      'custom.source',
      'owner',
      'stage',
    ]);
  });
});
