import type { CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields, type OwnFieldSpec } from '../../test-support/own-fields-kit.ts';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * Bulk changes by the list's filter with own fields (decision 088): own-field filters pick the
 * records as the list does, `set_custom` sets values on exactly those, each as its own edit.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const recordsUrl = (record: CustomRecord, company: number, rest = '') =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}${rest}`;
const nameOf = (record: CustomRecord) => (record === 'customer' ? 'name' : 'title');
/** Tier, note and score; Beta has tier and note of the same keys. */
const ownFields = (record: CustomRecord): OwnFieldSpec[] => [
  { record, key: 'tier', label: 'Tier', type: 'single_select', options: { gold: 'Gold', silver: 'Silver' } },
  { record, key: 'note', label: 'Note', type: 'text' },
  { record, key: 'score', label: 'Score', type: 'number' },
];

describe.each(['customer', 'deal'] as const)('bulk by filter with own fields on %s records', (record) => {
  const acme: Record<string, number> = {};
  let theirs: number;

  beforeAll(async () => {
    await defineOwnFields(t, c.ana.token, c.acme, ownFields(record));
    // Beta has fields of the same keys: its records must not be reached by Acme's filter.
    await defineOwnFields(t, c.eva.token, c.beta, ownFields(record).slice(0, 2));
    for (const [name, tier] of [
      ['Gold one', 'gold'],
      ['Gold two', 'gold'],
      ['Silver', 'silver'],
      ['Without', null],
    ] as const)
      acme[name] = (
        await ok(c.marko.token, 'POST', recordsUrl(record, c.acme), {
          [nameOf(record)]: name,
          ...(tier ? { custom: { tier } } : {}),
        })
      ).id;
    theirs = (
      await ok(c.eva.token, 'POST', recordsUrl(record, c.beta), {
        [nameOf(record)]: 'Their gold',
        custom: { tier: 'gold' },
      })
    ).id;
  });

  const byFilter = (body: object, token = c.marko.token, company = c.acme) =>
    call(token, 'POST', recordsUrl(record, company, '/bulk-by-filter'), body);
  const notes = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(acme).map(async ([name, id]) => [
          name,
          (await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, `/${id}`))).custom.note ?? null,
        ]),
      ),
    );
  const theirNote = async () =>
    (await ok(c.eva.token, 'GET', recordsUrl(record, c.beta, `/${theirs}`))).custom.note ?? null;

  it('counts the records an own-field filter matches, in this company only', async () => {
    const count = await ok(c.marko.token, 'GET', recordsUrl(record, c.acme, '/count?custom.tier=gold'));
    expect(count).toEqual({ count: 2, capped: false });
  });

  it('sets a value on exactly the records matching an own select field, each as its own edit', async () => {
    const res = await byFilter({
      action: 'set_custom',
      filter: { 'custom.tier': 'gold' },
      custom: { note: 'vip' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ action: 'set_custom', matched: 2 });
    expect(await notes()).toEqual({ 'Gold one': 'vip', 'Gold two': 'vip', Silver: null, Without: null });
    expect(await theirNote()).toBeNull();
    const timeline = await ok(
      c.marko.token,
      'GET',
      recordsUrl(record, c.acme, `/${acme['Gold one']}/timeline`),
    );
    expect(JSON.stringify(timeline.items[0].changes)).toContain('custom.note');
  });

  it('takes empty/not empty and any-of filters as the list does', async () => {
    const res = await byFilter({
      action: 'set_custom',
      filter: { 'custom.tier': ['silver', 'gold'], 'custom.note.empty': 'true' },
      custom: { note: 'silver only' },
    });
    expect(res.json().data).toEqual({ action: 'set_custom', matched: 1 });
    expect(await notes()).toEqual({
      'Gold one': 'vip',
      'Gold two': 'vip',
      Silver: 'silver only',
      Without: null,
    });
  });

  it('refuses a bad filter or value with its path and changes nothing', async () => {
    const before = await notes();
    const cases: [object, string][] = [
      // An unknown key, a value the field does not take, an empty change, a filter the list has not.
      [{ action: 'set_custom', filter: { 'custom.nope': 'x' }, custom: { note: 'x' } }, 'filter.custom.nope'],
      [
        { action: 'set_custom', filter: { 'custom.tier': 'gold' }, custom: { score: 'many' } },
        'custom.score',
      ],
      [{ action: 'set_custom', filter: { 'custom.tier': 'gold' }, custom: {} }, 'custom'],
      [{ action: 'set_custom', filter: { nonsense: '1' }, custom: { note: 'x' } }, 'filter.nonsense'],
    ];
    for (const [body, path] of cases) {
      const res = await byFilter(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().details ?? {}), JSON.stringify(body)).toContain(path);
    }
    // Beta's own `score`-less field set: Acme's key means nothing there either.
    const there = await byFilter(
      { action: 'set_custom', filter: { 'custom.score.gte': '1' }, custom: { note: 'x' } },
      c.eva.token,
      c.beta,
    );
    expect(there.statusCode).toBe(400);
    expect(await notes()).toEqual(before);
    expect(await theirNote()).toBeNull();
  });

  it("never reaches another company's records, nor lets a stranger act on this company", async () => {
    const res = await byFilter(
      { action: 'set_custom', filter: { 'custom.tier': 'gold' }, custom: { note: 'beta' } },
      c.eva.token,
      c.beta,
    );
    expect(res.json().data).toEqual({ action: 'set_custom', matched: 1 });
    expect(await theirNote()).toBe('beta');
    expect(await notes()).toMatchObject({ 'Gold one': 'vip', 'Gold two': 'vip' });
    const stranger = await byFilter(
      { action: 'set_custom', filter: { 'custom.tier': 'gold' }, custom: { note: 'x' } },
      c.eva.token,
      c.acme,
    );
    expect(stranger.statusCode).toBe(403);
  });
});

describe('deals by filter: the other bulk actions take own-field filters too', () => {
  it('moves the owner of exactly the deals matching an own field', async () => {
    const res = await call(c.marko.token, 'POST', recordsUrl('deal', c.acme, '/bulk-by-filter'), {
      action: 'set_owner',
      filter: { 'custom.tier': 'silver' },
      owner_id: c.ana.id,
    });
    expect(res.json().data).toEqual({ action: 'set_owner', matched: 1 });
    const page = await ok(c.marko.token, 'GET', recordsUrl('deal', c.acme, `?owner_id=${c.ana.id}`));
    expect(page.items.map((d: { title: string }) => d.title)).toEqual(['Silver']);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
