import type { CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/** The bulk actions of customers and deals set own fields, each record checked as its own edit, all or none. */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const fieldsUrl = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;
const recordsUrl = (record: CustomRecord, company: number, rest = '') =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}${rest}`;
const nameOf = (record: CustomRecord) => (record === 'customer' ? 'name' : 'title');

describe.each(['customer', 'deal'] as const)('bulk edit of own fields on %s records', (record) => {
  let field: { id: number };
  const ids: number[] = [];
  let theirs: number;

  beforeAll(async () => {
    const own = await defineOwnFields(t, c.ana.token, c.acme, [
      {
        record,
        key: `level_${record}`,
        label: 'Level',
        type: 'single_select',
        options: { low: 'Low', high: 'High', old: 'Old' },
      },
      { record, key: `score_${record}`, label: 'S', type: 'number' },
    ]);
    field = { id: own[`level_${record}`] };
    for (const [i, level] of ['old', null].entries())
      ids.push(
        (
          await ok(c.marko.token, 'POST', recordsUrl(record, c.acme), {
            [nameOf(record)]: `Bulk ${i}`,
            ...(level ? { custom: { [`level_${record}`]: level } } : {}),
          })
        ).id,
      );
    theirs = (await ok(c.eva.token, 'POST', recordsUrl(record, c.beta), { [nameOf(record)]: 'Theirs' })).id;
  });

  const bulk = (custom: object, list = ids) =>
    call(c.marko.token, 'POST', recordsUrl(record, c.acme, '/bulk'), {
      action: 'set_custom',
      ids: list,
      custom,
    });
  const read = (id: number, company = c.acme, token = c.marko.token) =>
    ok(token, 'GET', recordsUrl(record, company, `/${id}`));

  it('refuses a value as an edit would, naming custom.{key}, and saves nothing on any record', async () => {
    const before = await Promise.all(ids.map((id) => read(id)));
    const cases: [object, Record<string, string[]>][] = [
      [{ [`score_${record}`]: 'many' }, { [`custom.score_${record}`]: ['invalid_number'] }],
      [{ nope: 1 }, { 'custom.nope': ['unknown_field'] }],
      [{}, { custom: ['required'] }],
    ];
    for (const [custom, details] of cases) {
      const res = await bulk(custom);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual(details);
    }
    // Hidden: the first record keeps holding it, the second may not newly take it — so neither changes.
    await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${field.id}`), {
      options: [
        { value: 'low', label: 'Low' },
        { value: 'high', label: 'High' },
        { value: 'old', label: 'Old', hidden: true },
      ],
    });
    const hidden = await bulk({ [`level_${record}`]: 'old', [`score_${record}`]: 5 });
    expect(hidden.json().details).toEqual({ [`custom.level_${record}`]: ['hidden_option'] });
    const after = await Promise.all(ids.map((id) => read(id)));
    expect(after.map((r) => [r.version, r.custom])).toEqual(before.map((r) => [r.version, r.custom]));
  });

  it("sets the values on every record through its edit, leaves another company's alone", async () => {
    const before = await Promise.all(ids.map((id) => read(id)));
    const res = await bulk({ [`level_${record}`]: 'high', [`score_${record}`]: 7 }, [...ids, theirs]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ action: 'set_custom', affected: ids, not_found: [theirs] });
    const after = await Promise.all(ids.map((id) => read(id)));
    expect(after.map((r) => r.custom)).toEqual(
      ids.map(() => ({ [`level_${record}`]: 'high', [`score_${record}`]: 7 })),
    );
    expect(after.map((r, i) => r.version - before[i].version)).toEqual([1, 1]);
    const timeline = await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, `/${ids[0]}/timeline`));
    expect(JSON.stringify(timeline.items[0].changes)).toContain(`custom.level_${record}`);
    expect((await read(theirs, c.beta, c.eva.token)).custom).toEqual({});
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
