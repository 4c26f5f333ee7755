import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** Saved views and columns with the company's own fields: filters, sort and columns by `custom.{key}`. */
let t: TestApp;
let c: TwoCompanies;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.call(token, { method, url, ...(payload ? { payload } : {}) });
async function ok(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const views = (company: number, rest = '') => `/api/companies/${company}/customer-views${rest}`;
const fields = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;

let oldId: number;
beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  const own = await defineOwnFields(t, c.ana.token, c.acme, [
    {
      record: 'customer',
      key: 'industry',
      label: 'Industry',
      type: 'single_select',
      options: { retail: 'Retail', hospitality: 'Hospitality' },
    },
    { record: 'customer', key: 'room_count_in_building', label: 'Rooms', type: 'number' },
    { record: 'customer', key: 'old', label: 'Old', type: 'text' },
    { record: 'deal', key: 'size', label: 'Size', type: 'number' },
  ]);
  oldId = own.old;
  await ok(c.ana.token, 'PATCH', fields(c.acme, `/${oldId}`), { archived: true });
  await defineOwnFields(t, c.eva.token, c.beta, [
    { record: 'customer', key: 'secret', label: 'Secret', type: 'text' },
  ]);
});
afterAll(() => t.close());

describe('saved views with own fields', () => {
  it('keeps own-field filters, a sort by an own field and own-field columns', async () => {
    const view = await ok(c.ana.token, 'POST', views(c.acme), {
      name: 'Hotels by room_count_in_building',
      filter: {
        status: 'lead',
        'custom.industry': ['retail', 'hospitality'],
        'custom.room_count_in_building.gte': '10',
      },
      sort: 'custom.room_count_in_building',
      dir: 'desc',
      columns: ['status', 'custom.industry', 'custom.room_count_in_building'],
    });
    expect(view).toMatchObject({
      filter: {
        status: 'lead',
        'custom.industry': ['retail', 'hospitality'],
        'custom.room_count_in_building.gte': '10',
      },
      sort: 'custom.room_count_in_building',
      dir: 'desc',
      columns: ['status', 'custom.industry', 'custom.room_count_in_building'],
    });
    const listed = await ok(c.ana.token, 'GET', views(c.acme));
    expect(listed.items.find((v: { id: number }) => v.id === view.id)).toMatchObject({
      sort: 'custom.room_count_in_building',
    });
    const changed = await ok(c.ana.token, 'PATCH', views(c.acme, `/${view.id}`), {
      filter: { 'custom.industry.empty': 'true' },
      sort: 'name',
    });
    expect(changed).toMatchObject({ filter: { 'custom.industry.empty': 'true' }, sort: 'name' });
  });

  it('keeps a person’s own-field columns', async () => {
    const saved = await ok(c.marko.token, 'PUT', views(c.acme, '/columns'), {
      columns: ['custom.room_count_in_building', 'owner'],
    });
    expect(saved.columns).toEqual(['custom.room_count_in_building', 'owner']);
    expect((await ok(c.marko.token, 'GET', views(c.acme))).columns).toEqual([
      'custom.room_count_in_building',
      'owner',
    ]);
  });

  it('refuses another company’s, an archived, a deal’s or a malformed field with its path; saves nothing', async () => {
    const before = (await ok(c.ana.token, 'GET', views(c.acme))).items.length;
    const cases: [object, Record<string, string[]>][] = [
      [{ filter: { 'custom.secret': 'x' } }, { 'filter.custom.secret': ['unknown_field'] }],
      [{ filter: { 'custom.old.empty': 'true' } }, { 'filter.custom.old': ['unknown_field'] }],
      [
        { filter: { 'custom.room_count_in_building.gte': 'many' } },
        { 'filter.custom.room_count_in_building.gte': ['invalid_value'] },
      ],
      [{ filter: { wrong: 'x' } }, { 'filter.wrong': ['unknown_filter'] }],
      [{ sort: 'custom.size' }, { sort: ['unknown_field'] }],
      [{ sort: '-custom.room_count_in_building' }, { sort: ['invalid_sort'] }],
      [{ columns: ['status', 'custom.secret'] }, { 'columns.1': ['unknown_field'] }],
      [{ columns: ['custom.Bad'] }, { 'columns.0': ['invalid_column'] }],
    ];
    for (const [body, details] of cases) {
      const res = await call(c.ana.token, 'POST', views(c.acme), { name: 'Bad', columns: [], ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toMatchObject(details);
    }
    const columns = await call(c.ana.token, 'PUT', views(c.acme, '/columns'), { columns: ['custom.old'] });
    expect(columns.statusCode).toBe(400);
    expect(columns.json().details).toEqual({ 'columns.0': ['unknown_field'] });
    expect((await ok(c.ana.token, 'GET', views(c.acme))).items).toHaveLength(before);
  });

  it('lets Beta use its own field and not Acme’s', async () => {
    const res = await call(c.eva.token, 'POST', views(c.beta), {
      name: 'Acme keys',
      filter: { 'custom.industry': 'retail' },
      columns: ['custom.room_count_in_building'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      'filter.custom.industry': ['unknown_field'],
      'columns.0': ['unknown_field'],
    });
    const own = await ok(c.eva.token, 'POST', views(c.beta), {
      name: 'Secrets',
      filter: { 'custom.secret': 'x' },
      columns: ['custom.secret'],
    });
    expect(own.columns).toEqual(['custom.secret']);
    // Acme's people never see Beta's view.
    const acme = await ok(c.ana.token, 'GET', views(c.acme));
    expect(acme.items.some((v: { name: string }) => v.name === 'Secrets')).toBe(false);
  });
});
