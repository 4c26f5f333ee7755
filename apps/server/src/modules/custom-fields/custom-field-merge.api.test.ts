import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * Own fields in a merge of customers and its undo (docs/decisions/075-own-fields-in-import-and-merge.md):
 * the value chosen per field survives (else the survivor's, else the first merged one's), and
 * the undo puts every customer's values back exactly, archived fields' included.
 */

let t: TestApp;
let c: TwoCompanies;
const fieldIds = new Map<string, number>();

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}
const customers = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const fields = (company: number, rest = '') => `/api/companies/${company}/custom-fields${rest}`;

const OPTIONS = [
  { value: 'retail', label: 'Retail' },
  { value: 'hospitality', label: 'Hospitality' },
  { value: 'tech', label: 'Tech' },
];

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  for (const [key, type] of [
    ['industry', 'single_select'],
    ['segments', 'multi_select'],
    ['motto', 'text'],
    ['rooms', 'number'],
    ['lead', 'person'],
    ['vip', 'checkbox'],
    ['legacy', 'text'],
  ] as const) {
    const made = await ok(c.ana.token, 'POST', fields(c.acme), {
      record: 'customer',
      key,
      label: key,
      type,
      ...(type.endsWith('select') ? { options: OPTIONS } : {}),
    });
    fieldIds.set(key, made.id);
  }
  // Another company's field: its key means nothing in Acme's merges.
  await ok(c.eva.token, 'POST', fields(c.beta), {
    record: 'customer',
    key: 'theirs',
    label: 'Theirs',
    type: 'text',
  });
});
afterAll(() => t.close());

type Customer = { id: number; version: number; custom: Record<string, unknown> };
const create = (name: string, custom: Record<string, unknown>) =>
  ok(c.ana.token, 'POST', customers(c.acme), { name, custom }) as Promise<Customer>;
const read = (id: number) => ok(c.ana.token, 'GET', customers(c.acme, `/${id}`)) as Promise<Customer>;
const versions = (...list: Customer[]) => Object.fromEntries(list.map((x) => [String(x.id), x.version]));

/** Three customers whose own values differ; `legacy` is archived after they have it. */
async function three(prefix: string) {
  const legacy = fieldIds.get('legacy');
  await ok(c.ana.token, 'PATCH', fields(c.acme, `/${legacy}`), { archived: false });
  const a = await create(`${prefix} A`, { industry: 'retail', vip: true, legacy: 'kept A' });
  const b = await create(`${prefix} B`, {
    industry: 'hospitality',
    segments: ['retail', 'tech'],
    motto: 'B motto',
    lead: c.marko.id,
    legacy: 'kept B',
  });
  const cc = await create(`${prefix} C`, { motto: 'C motto', rooms: 12.5, vip: false });
  await ok(c.ana.token, 'PATCH', fields(c.acme, `/${legacy}`), { archived: true });
  return { a, b, cc };
}

describe('own fields in a merge', () => {
  it('keeps the chosen values, else the survivor’s, else the first merged one’s; undo restores all exactly', async () => {
    const { a, b, cc } = await three('Choice');
    const res = await call(c.ana.token, 'POST', customers(c.acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id, cc.id],
      custom: { industry: b.id, vip: cc.id },
      versions: versions(a, b, cc),
    });
    expect(res.statusCode, res.body).toBe(200);
    const merge = res.json().data;
    expect(merge.survivor.custom).toEqual({
      industry: 'hospitality', // chosen
      vip: false, // chosen
      segments: ['retail', 'tech'], // the survivor had none: the first merged one's
      motto: 'B motto', // B comes before C in merged_ids
      lead: c.marko.id,
      rooms: 12.5,
    });
    const timeline = await ok(c.ana.token, 'GET', customers(c.acme, `/${a.id}/timeline`));
    const entry = timeline.items.find((e: { kind: string }) => e.kind === 'merged');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'custom.industry', before: 'retail', after: 'hospitality' },
        { field: 'custom.vip', before: true, after: false },
        { field: 'custom.motto', before: null, after: 'B motto' },
      ]),
    );

    const undo = await call(c.ana.token, 'POST', customers(c.acme, `/merges/${merge.merge_id}/undo`));
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(a.id)).custom).toEqual({ industry: 'retail', vip: true });
    // Restored, the archived field shows again: its values came back with their customers too.
    await ok(c.ana.token, 'PATCH', fields(c.acme, `/${fieldIds.get('legacy')}`), { archived: false });
    expect((await read(a.id)).custom).toEqual(a.custom);
    expect((await read(b.id)).custom).toEqual(b.custom);
    expect((await read(cc.id)).custom).toEqual(cc.custom);
    expect(b.custom.legacy).toBe('kept B');
  });

  it('without choices the survivor keeps its values and gains the ones it lacks', async () => {
    const { a, b, cc } = await three('Default');
    const merge = await ok(c.ana.token, 'POST', customers(c.acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [cc.id, b.id],
      versions: versions(a, b, cc),
    });
    expect(merge.survivor.custom).toEqual({
      industry: 'retail',
      vip: true,
      segments: ['retail', 'tech'],
      motto: 'C motto',
      lead: c.marko.id,
      rooms: 12.5,
    });
  });

  it('refuses an unknown or archived key, another company’s key and a customer outside the merge; nothing changes', async () => {
    const { a, b, cc } = await three('Refused');
    const cases = [
      [{ nope: b.id }, { 'custom.nope': ['unknown_field'] }],
      [{ legacy: b.id }, { 'custom.legacy': ['unknown_field'] }],
      [{ theirs: b.id }, { 'custom.theirs': ['unknown_field'] }],
      [{ industry: 999_999 }, { 'custom.industry': ['not_in_merge'] }],
      [{ 'Bad Key': b.id }, { 'custom.Bad Key': ['invalid_key'] }],
    ] as const;
    for (const [custom, details] of cases) {
      const res = await call(c.ana.token, 'POST', customers(c.acme, '/merge'), {
        survivor_id: a.id,
        merged_ids: [b.id, cc.id],
        custom,
        versions: versions(a, b, cc),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual(details);
    }
    expect((await read(a.id)).custom).toEqual({ industry: 'retail', vip: true });
    expect((await read(b.id)).version).toBe(b.version);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
