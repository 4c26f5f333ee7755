import type { CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';

/** Merging one option of a select into another rewrites the records holding it, in one go. */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json().data;
}
const fieldsUrl = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;
const recordsUrl = (record: CustomRecord, company: number, rest = '') =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}${rest}`;
const nameOf = (record: CustomRecord) => (record === 'customer' ? 'name' : 'title');
const OPTIONS = [
  { value: 'retail', label: 'Retail' },
  { value: 'shops', label: 'Shops' },
  { value: 'tech', label: 'Tech' },
];

describe.each(['customer', 'deal'] as const)('merging options of %s fields', (record) => {
  let company: number;
  let single: number;
  let multi: number;
  const ids: number[] = [];

  beforeAll(async () => {
    company = await t.company(
      `Merge ${record}`,
      [0, 2],
      [
        { userId: c.ana.id, role: 'owner' },
        { userId: c.marko.id, role: 'member' },
      ],
    );
    const field = (key: string, type: string) =>
      ok(c.ana.token, 'POST', fieldsUrl(company), { record, key, label: key, type, options: OPTIONS });
    single = (await field('sector', 'single_select')).id;
    multi = (await field('tags_own', 'multi_select')).id;
    const values = [
      { sector: 'shops', tags_own: ['shops', 'retail', 'tech'] },
      { sector: 'retail', tags_own: ['tech', 'shops'] },
      { sector: 'tech', tags_own: ['retail'] },
      {},
    ];
    for (const [i, custom] of values.entries())
      ids.push(
        (await ok(c.ana.token, 'POST', recordsUrl(record, company), { [nameOf(record)]: `R${i}`, custom }))
          .id,
      );
  });

  const read = (i: number) => ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[i]}`));

  it('refuses what cannot be merged and changes nothing', async () => {
    const url = (id: number) => fieldsUrl(company, `/${id}/merge-options`);
    const cases: [number, object, Record<string, string[]>][] = [
      [single, { from: 'nope', into: 'retail' }, { from: ['unknown_option'] }],
      [single, { from: 'shops', into: 'nope' }, { into: ['unknown_option'] }],
      [single, { from: 'shops', into: 'shops' }, { into: ['same_option'] }],
    ];
    for (const [id, body, details] of cases) {
      const res = await call(c.ana.token, 'POST', url(id), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual(details);
    }
    const text = await ok(c.ana.token, 'POST', fieldsUrl(company), {
      record,
      key: 'note',
      label: 'N',
      type: 'text',
    });
    const notSelect = await call(c.ana.token, 'POST', url(text.id), { from: 'a', into: 'b' });
    expect(notSelect.json().details).toEqual({ from: ['not_a_select'] });
    expect((await call(c.ana.token, 'POST', url(single), { from: 'shops' })).statusCode).toBe(400);
    expect(
      (await call(c.marko.token, 'POST', url(single), { from: 'shops', into: 'retail' })).statusCode,
    ).toBe(403);
    // Another company's field is a 404 through this company's address; its records stay as they were.
    expect(
      (
        await call(c.eva.token, 'POST', fieldsUrl(c.beta, `/${single}/merge-options`), {
          from: 'shops',
          into: 'retail',
        })
      ).statusCode,
    ).toBe(404);
    expect((await read(0)).custom.sector).toBe('shops');
  });

  it('rewrites every holder to the surviving option, once in a multiple select, and removes the old one', async () => {
    const before = await Promise.all(ids.map((_, i) => read(i)));
    const feedFrom = (await readChanges(t.ctx, company, 0, 10_000)).at(-1)?.id ?? 0;
    const one = await ok(c.ana.token, 'POST', fieldsUrl(company, `/${single}/merge-options`), {
      from: 'shops',
      into: 'retail',
    });
    expect(one.records).toEqual([ids[0]]);
    expect(one.field.options.map((o: { value: string }) => o.value)).toEqual(['retail', 'tech']);
    const many = await ok(c.ana.token, 'POST', fieldsUrl(company, `/${multi}/merge-options`), {
      from: 'shops',
      into: 'retail',
    });
    expect([...many.records].sort()).toEqual([ids[0], ids[1]].sort());

    const after = await Promise.all(ids.map((_, i) => read(i)));
    expect(after.map((r) => r.custom)).toEqual([
      // Held both: one Retail, in the place the first of them had.
      { sector: 'retail', tags_own: ['retail', 'tech'] },
      { sector: 'retail', tags_own: ['tech', 'retail'] },
      { sector: 'tech', tags_own: ['retail'] },
      {},
    ]);
    expect(after.map((r, i) => r.version - before[i].version)).toEqual([2, 1, 0, 0]);
    // The list filters and sorts on the merged values.
    const listed = await ok(c.marko.token, 'GET', recordsUrl(record, company, '?custom.sector=retail'));
    expect(listed.items.map((r: { id: number }) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
    const gone = await call(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'New',
      custom: { sector: 'shops' },
    });
    expect(gone.json().details).toEqual({ 'custom.sector': ['unknown_option'] });

    // One feed entry per merge (a batch), naming the records, not one per record.
    const feed = (await readChanges(t.ctx, company, feedFrom, 1000)).filter((e) => e.entity.type === record);
    expect(feed.map((e) => [e.type, e.entity.id, e.data])).toEqual([
      [
        `${record}.updated`,
        null,
        { count: 1, ids: [ids[0]], merged_option: { field: 'custom.sector', from: 'shops', into: 'retail' } },
      ],
      [
        `${record}.updated`,
        null,
        {
          count: 2,
          ids: expect.arrayContaining([ids[0], ids[1]]),
          merged_option: { field: 'custom.tags_own', from: 'shops', into: 'retail' },
        },
      ],
    ]);
    // Each record's timeline names the change.
    const timeline = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[1]}/timeline`));
    const text = JSON.stringify(timeline.items[0].changes);
    expect(text).toContain('custom.tags_own');
    expect(text).toContain('shops');
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select('action')
      .where('company_id', '=', company)
      .where('action', '=', 'custom_field.merge_options')
      .execute();
    expect(audit.length).toBe(2);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
