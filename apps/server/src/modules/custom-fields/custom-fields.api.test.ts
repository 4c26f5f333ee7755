import type { CustomField, CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { recordIdsWithValues } from './value-first.repository.ts';

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
  { value: 'retail', label: 'Retail', color: '#ff0000' },
  { value: 'hospitality', label: 'Hospitality' },
  { value: 'tech', label: 'Tech' },
];

/** One field of every type, with a value for three records (a, b, c: sorted ascending) and a bad value. */
const TYPES = [
  { key: 'f_text', type: 'text', values: ['alpha', 'beta', 'gamma'], bad: 42, code: 'invalid_value' },
  {
    key: 'f_long',
    type: 'long_text',
    values: ['a\nlong', 'b\nlong', 'c\nlong'],
    bad: 'x'.repeat(10_001),
    code: 'too_long',
  },
  { key: 'f_number', type: 'number', values: [-5, 2.5, 100], bad: '12', code: 'invalid_number' },
  { key: 'f_currency', type: 'currency', values: [10, 20.5, 1000.25], bad: 1e16, code: 'out_of_range' },
  { key: 'f_percent', type: 'percent', values: [5, 50, 99.5], bad: 'half', code: 'invalid_number' },
  {
    key: 'f_date',
    type: 'date',
    values: ['2026-01-31', '2026-02-01', '2027-12-31'],
    bad: '2026-02-30',
    code: 'invalid_date',
  },
  {
    key: 'f_datetime',
    type: 'datetime',
    values: ['2026-01-01T10:00:00.000Z', '2026-01-01T12:00:00.000Z', '2026-06-01T00:00:00.000Z'],
    bad: '2026-01-01 10:00',
    code: 'invalid_datetime',
  },
  { key: 'f_check', type: 'checkbox', values: [false, true, true], bad: 'yes', code: 'invalid_value' },
  {
    key: 'f_select',
    type: 'single_select',
    values: ['hospitality', 'retail', 'tech'],
    bad: 'mining',
    code: 'unknown_option',
  },
  {
    key: 'f_multi',
    type: 'multi_select',
    values: [['hospitality'], ['retail', 'tech'], ['tech']],
    bad: ['x'],
    code: 'unknown_option',
  },
  {
    key: 'f_url',
    type: 'url',
    values: ['https://a.example.com', 'https://b.example.com', 'https://c.example.com'],
    bad: 'not a url',
    code: 'invalid_url',
  },
  {
    key: 'f_email',
    type: 'email',
    values: ['a@example.com', 'b@example.com', 'c@example.com'],
    bad: 'nope',
    code: 'invalid_email',
  },
  {
    key: 'f_phone',
    type: 'phone',
    values: ['+385 1 111 111', '+385 1 222 222', '+385 1 333 333'],
    bad: 'call me',
    code: 'invalid_phone',
  },
  { key: 'f_person', type: 'person', values: [] as unknown[], bad: 999_999, code: 'not_member' },
] as const;

async function defineAll(company: number, record: CustomRecord): Promise<Map<string, CustomField>> {
  const out = new Map<string, CustomField>();
  for (const f of TYPES) {
    const made = await ok(c.ana.token, 'POST', fieldsUrl(company), {
      record,
      key: f.key,
      label: f.key.toUpperCase(),
      type: f.type,
      ...(f.type.endsWith('select') ? { options: OPTIONS } : {}),
    });
    out.set(f.key, made);
  }
  return out;
}

describe('field definitions', () => {
  it('owners and admins manage fields; members read them; the answer has the agreed shape', async () => {
    const body = {
      record: 'customer',
      key: 'industry',
      label: 'Industry',
      type: 'single_select',
      options: OPTIONS,
    };
    expect((await call(c.marko.token, 'POST', fieldsUrl(c.acme), body)).statusCode).toBe(403);
    const made = await ok(c.ana.token, 'POST', fieldsUrl(c.acme), {
      ...body,
      labels: { hr: 'Djelatnost' },
      help: 'What the customer does',
    });
    expect(Object.keys(made).sort()).toEqual(
      [
        'archived',
        'default',
        'help',
        'id',
        'key',
        'label',
        'labels',
        'options',
        'position',
        'record',
        'required',
        'section',
        'type',
      ].sort(),
    );
    expect(made.options[0]).toEqual({ value: 'retail', label: 'Retail', color: '#ff0000', hidden: false });
    expect(made.labels).toEqual({ hr: 'Djelatnost' });
    const list = await ok(c.marko.token, 'GET', fieldsUrl(c.acme, '?record=customer'));
    expect(list.items.map((f: CustomField) => f.key)).toContain('industry');
    expect(
      (await call(c.marko.token, 'PATCH', fieldsUrl(c.acme, `/${made.id}`), { label: 'X' })).statusCode,
    ).toBe(403);
    expect((await call(c.marko.token, 'DELETE', fieldsUrl(c.acme, `/${made.id}`))).statusCode).toBe(403);
    const renamed = await ok(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${made.id}`), { label: 'Sector' });
    expect(renamed.label).toBe('Sector');
    expect((await ok(c.ana.token, 'GET', fieldsUrl(c.acme, '?record=deal'))).items).toEqual([]);
    await ok(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${made.id}`));
    expect((await call(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${made.id}`))).statusCode).toBe(404);
  });

  it('refuses a bad key, a key taken, a type that is not one, options on a non-select and a bad default', async () => {
    const base = { record: 'customer', label: 'L', type: 'text' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, key: 'Bad-Key' }, 'key'],
      [{ ...base, key: '1abc' }, 'key'],
      [{ ...base, key: 'ok_key', type: 'colour' }, 'type'],
      [{ ...base, key: 'ok_key', options: OPTIONS }, 'options'],
      [{ ...base, key: 'ok_key', type: 'number', default: 'x' }, 'default'],
      [
        { ...base, key: 'ok_key', type: 'single_select', options: [...OPTIONS, OPTIONS[0]] },
        'options.3.value',
      ],
      [{ ...base, key: 'ok_key', record: 'invoice' }, 'record'],
    ];
    for (const [body, path] of cases) {
      const res = await call(c.ana.token, 'POST', fieldsUrl(c.acme), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details), JSON.stringify(body)).toContain(path);
    }
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme), { ...base, key: 'taken' });
    const again = await call(c.ana.token, 'POST', fieldsUrl(c.acme), { ...base, key: 'taken' });
    expect(again.json().details).toEqual({ key: ['taken'] });
    // The same key on deals is another field.
    await ok(c.ana.token, 'POST', fieldsUrl(c.acme), { ...base, record: 'deal', key: 'taken' });
  });

  it("another company's fields are a 404 and their keys unknown", async () => {
    const theirs = await ok(c.eva.token, 'POST', fieldsUrl(c.beta), {
      record: 'customer',
      key: 'secret_score',
      label: 'Score',
      type: 'number',
    });
    expect(
      (await call(c.ana.token, 'PATCH', fieldsUrl(c.acme, `/${theirs.id}`), { label: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(c.ana.token, 'DELETE', fieldsUrl(c.acme, `/${theirs.id}`))).statusCode).toBe(404);
    // Not a member of Beta: refused before anything is read, as every company route does.
    expect((await call(c.ana.token, 'GET', fieldsUrl(c.beta, '?record=customer'))).statusCode).toBe(403);
    const write = await call(c.ana.token, 'POST', recordsUrl('customer', c.acme), {
      name: 'X',
      custom: { secret_score: 1 },
    });
    expect(write.statusCode).toBe(400);
    expect(write.json().details).toEqual({ 'custom.secret_score': ['unknown_field'] });
    const filter = await call(c.ana.token, 'GET', recordsUrl('customer', c.acme, '?custom.secret_score=1'));
    expect(filter.json().details).toEqual({ 'custom.secret_score': ['unknown_field'] });
    const sort = await call(c.ana.token, 'GET', recordsUrl('customer', c.acme, '?sort=custom.secret_score'));
    expect(sort.json().details).toEqual({ sort: ['unknown_field'] });
  });
});

describe.each(['customer', 'deal'] as const)('values on %s records', (record) => {
  let company: number;
  let fields: Map<string, CustomField>;
  const ids: number[] = [];
  const values = (i: number) =>
    Object.fromEntries(
      TYPES.map((f) => [f.key, f.type === 'person' ? [c.ana.id, c.marko.id, c.marko.id][i] : f.values[i]]),
    );

  beforeAll(async () => {
    // Each record kind gets a company of its own, so the lists hold only these records.
    company = await t.company(
      `Values ${record}`,
      [0, 2],
      [
        { userId: c.ana.id, role: 'owner' },
        { userId: c.marko.id, role: 'member' },
      ],
    );
    fields = await defineAll(company, record);
    for (let i = 0; i < 3; i++) {
      const made = await ok(c.marko.token, 'POST', recordsUrl(record, company), {
        [nameOf(record)]: `Record ${i}`,
        custom: values(i),
      });
      ids.push(made.id);
    }
    // One record without values: it sorts last and matches `.empty=true`.
    ids.push(
      (await ok(c.marko.token, 'POST', recordsUrl(record, company), { [nameOf(record)]: 'Empty' })).id,
    );
  });

  const list = async (query: string) => {
    const page = await ok(c.marko.token, 'GET', recordsUrl(record, company, `?limit=100&${query}`));
    return page.items.map((r: { id: number }) => ids.indexOf(r.id));
  };

  it('reads every type back as written', async () => {
    for (let i = 0; i < 3; i++) {
      const read = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[i]}`));
      expect(read.custom).toEqual(values(i));
    }
    const empty = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[3]}`));
    expect(empty.custom).toEqual({});
  });

  it('filters by every type: one value, any of, empty', async () => {
    expect((await list('custom.f_text=beta')).sort()).toEqual([1]);
    expect((await list('custom.f_text=beta&custom.f_text=gamma')).sort()).toEqual([1, 2]);
    expect((await list('custom.f_long=b%0Along')).sort()).toEqual([1]);
    expect((await list('custom.f_number=2.5')).sort()).toEqual([1]);
    expect((await list('custom.f_currency=1000.25')).sort()).toEqual([2]);
    expect((await list('custom.f_percent=5')).sort()).toEqual([0]);
    expect((await list('custom.f_date=2026-02-01')).sort()).toEqual([1]);
    expect((await list('custom.f_datetime=2026-01-01T12:00:00Z')).sort()).toEqual([1]);
    expect((await list('custom.f_check=true')).sort()).toEqual([1, 2]);
    expect((await list('custom.f_check=false')).sort()).toEqual([0]);
    expect((await list('custom.f_select=retail')).sort()).toEqual([1]);
    expect((await list('custom.f_multi=tech')).sort()).toEqual([1, 2]);
    expect((await list('custom.f_url=https://c.example.com')).sort()).toEqual([2]);
    expect((await list('custom.f_email=A@example.com')).sort()).toEqual([0]);
    expect((await list(`custom.f_phone=${encodeURIComponent('+385 1 222 222')}`)).sort()).toEqual([1]);
    expect((await list(`custom.f_person=${c.marko.id}`)).sort()).toEqual([1, 2]);
    expect((await list('custom.f_select.empty=true')).sort()).toEqual([3]);
    expect((await list('custom.f_select.empty=false')).sort()).toEqual([0, 1, 2]);
  });

  it('filters numbers and dates by range', async () => {
    expect((await list('custom.f_number.gte=0')).sort()).toEqual([1, 2]);
    expect((await list('custom.f_number.gte=0&custom.f_number.lte=50')).sort()).toEqual([1]);
    expect((await list('custom.f_date.lte=2026-02-01')).sort()).toEqual([0, 1]);
    expect((await list('custom.f_datetime.gte=2026-01-01T11:00:00Z')).sort()).toEqual([1, 2]);
    const notOrdered = await call(c.marko.token, 'GET', recordsUrl(record, company, '?custom.f_text.gte=a'));
    expect(notOrdered.json().details).toEqual({ 'custom.f_text.gte': ['not_comparable'] });
    const bad = await call(c.marko.token, 'GET', recordsUrl(record, company, '?custom.f_number=abc'));
    expect(bad.json().details).toEqual({ 'custom.f_number': ['invalid_value'] });
  });

  it('sorts by every type, both ways, empty last, in pages', async () => {
    for (const f of TYPES) {
      if (f.type === 'checkbox' || f.type === 'person') continue;
      expect(await list(`sort=custom.${f.key}`), f.key).toEqual([0, 1, 2, 3]);
      expect(await list(`sort=-custom.${f.key}`), f.key).toEqual([2, 1, 0, 3]);
    }
    expect(await list('sort=custom.f_check')).toEqual([0, 1, 2, 3]);
    // Marko (records 1 and 2) joined after Ana (record 0): his id is the larger.
    expect(await list('sort=-custom.f_person')).toEqual([2, 1, 0, 3]);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `?limit=1&sort=-custom.f_number${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await ok(c.marko.token, 'GET', recordsUrl(record, company, q));
      seen.push(...page.items.map((r: { id: number }) => ids.indexOf(r.id)));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([2, 1, 0, 3]);
  });

  it('refuses a bad value of every type with its path and saves nothing', async () => {
    const before = (await list('')).length;
    for (const f of TYPES) {
      const res = await call(c.marko.token, 'POST', recordsUrl(record, company), {
        [nameOf(record)]: 'Bad',
        custom: { [f.key]: f.bad },
      });
      expect(res.statusCode, f.key).toBe(400);
      expect(res.json().details, f.key).toEqual({ [`custom.${f.key}`]: [f.code] });
      const edit = await call(c.marko.token, 'PATCH', recordsUrl(record, company, `/${ids[0]}`), {
        custom: { [f.key]: f.bad },
        version: (await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[0]}`))).version,
      });
      expect(edit.statusCode, f.key).toBe(400);
      expect(edit.json().details, f.key).toEqual({ [`custom.${f.key}`]: [f.code] });
    }
    const unknown = await call(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'Bad',
      custom: { nope: 1, f_text: 'fine' },
    });
    expect(unknown.json().details).toEqual({ 'custom.nope': ['unknown_field'] });
    expect((await list('')).length).toBe(before);
    const read = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[0]}`));
    expect(read.custom).toEqual(values(0));
  });

  it('an edit changes, clears and records values on the timeline and in the feed', async () => {
    const id = ids[0] as number;
    const current = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${id}`));
    const edited = await ok(c.marko.token, 'PATCH', recordsUrl(record, company, `/${id}`), {
      custom: { f_select: 'tech', f_text: null },
      version: current.version,
    });
    expect(edited.version).toBe(current.version + 1);
    expect(edited.custom.f_select).toBe('tech');
    expect(edited.custom).not.toHaveProperty('f_text');
    const feed = await readChanges(t.ctx, company, 0, 1000);
    const last = feed.filter((e) => e.entity.type === record && e.entity.id === id).at(-1);
    expect(last?.changes).toEqual([
      { field: 'custom.f_select', before: 'hospitality', after: 'tech' },
      { field: 'custom.f_text', before: 'alpha', after: null },
    ]);
    const created = feed.find((e) => e.entity.type === record && e.entity.id === ids[1]);
    expect(created?.data?.custom).toEqual(values(1));
    const timeline = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${id}/timeline`));
    expect(JSON.stringify(timeline.items[0].changes)).toContain('custom.f_select');
    // Sending the values it holds changes nothing.
    const same = await ok(c.marko.token, 'PATCH', recordsUrl(record, company, `/${id}`), {
      custom: { f_select: 'tech' },
      version: edited.version,
    });
    expect(same.version).toBe(edited.version);
  });

  it('a hidden option stays on records that hold it but is not newly set', async () => {
    const field = fields.get('f_select') as CustomField;
    await ok(c.ana.token, 'PATCH', fieldsUrl(company, `/${field.id}`), {
      options: OPTIONS.map((o) => ({ ...o, hidden: o.value === 'retail' })),
    });
    const holder = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[1]}`));
    expect(holder.custom.f_select).toBe('retail');
    const kept = await ok(c.marko.token, 'PATCH', recordsUrl(record, company, `/${ids[1]}`), {
      custom: { f_select: 'retail', f_text: 'still here' },
      version: holder.version,
    });
    expect(kept.custom.f_select).toBe('retail');
    const fresh = await call(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'New',
      custom: { f_select: 'retail' },
    });
    expect(fresh.json().details).toEqual({ 'custom.f_select': ['hidden_option'] });
    expect((await list('custom.f_select=retail')).sort()).toEqual([1]);
    await ok(c.ana.token, 'PATCH', fieldsUrl(company, `/${field.id}`), { options: OPTIONS });
  });

  it('archiving hides a field and its values; restoring brings them back', async () => {
    const field = fields.get('f_number') as CustomField;
    await ok(c.ana.token, 'PATCH', fieldsUrl(company, `/${field.id}`), { archived: true });
    const hidden = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[2]}`));
    expect(hidden.custom).not.toHaveProperty('f_number');
    const write = await call(c.marko.token, 'PATCH', recordsUrl(record, company, `/${ids[2]}`), {
      custom: { f_number: 1 },
      version: hidden.version,
    });
    expect(write.json().details).toEqual({ 'custom.f_number': ['unknown_field'] });
    const filter = await call(c.marko.token, 'GET', recordsUrl(record, company, '?custom.f_number=100'));
    expect(filter.statusCode).toBe(400);
    const restored = await ok(c.ana.token, 'PATCH', fieldsUrl(company, `/${field.id}`), { archived: false });
    expect(restored.archived).toBe(false);
    const back = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${ids[2]}`));
    expect(back.custom.f_number).toBe(100);
  });

  it('a deleted record takes its values along', async () => {
    const made = await ok(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'Short-lived',
      custom: values(0),
    });
    await ok(c.marko.token, 'DELETE', recordsUrl(record, company, `/${made.id}`));
    const fieldIds = (
      await t.ctx.db.selectFrom('custom_fields').select('id').where('company_id', '=', company).execute()
    ).map((f) => f.id);
    expect(fieldIds.length).toBeGreaterThan(0);
    expect(await recordIdsWithValues(t.ctx.db, company, record, fieldIds, made.id - 1, 1)).not.toContain(
      made.id,
    );
  });

  it('required fields and defaults apply to new records', async () => {
    const field = await ok(c.ana.token, 'POST', fieldsUrl(company), {
      record,
      key: 'tier',
      label: 'Tier',
      type: 'single_select',
      options: OPTIONS,
      required: true,
      default: 'tech',
    });
    const made = await ok(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'Defaulted',
    });
    expect(made.custom).toEqual({ tier: 'tech' });
    const cleared = await call(c.marko.token, 'PATCH', recordsUrl(record, company, `/${made.id}`), {
      custom: { tier: null },
      version: made.version,
    });
    expect(cleared.json().details).toEqual({ 'custom.tier': ['required'] });
    await ok(c.ana.token, 'PATCH', fieldsUrl(company, `/${field.id}`), { default: null });
    const missing = await call(c.marko.token, 'POST', recordsUrl(record, company), {
      [nameOf(record)]: 'No tier',
    });
    expect(missing.json().details).toEqual({ 'custom.tier': ['required'] });
    await ok(c.ana.token, 'DELETE', fieldsUrl(company, `/${field.id}`));
    const read = await ok(c.marko.token, 'GET', recordsUrl(record, company, `/${made.id}`));
    expect(read.custom).toEqual({});
  });
});

describe('limits', () => {
  it('at most 200 fields in use per record kind', async () => {
    const company = await t.company('Many fields', [0, 2], [{ userId: c.ana.id, role: 'owner' }]);
    for (let i = 0; i < 200; i++) {
      await ok(c.ana.token, 'POST', fieldsUrl(company), {
        record: 'deal',
        key: `f${i}`,
        label: `F${i}`,
        type: 'text',
      });
    }
    const over = await call(c.ana.token, 'POST', fieldsUrl(company), {
      record: 'deal',
      key: 'f200',
      label: 'x',
      type: 'text',
    });
    expect(over.json().details).toEqual({ record: ['too_many_fields'] });
    await ok(c.ana.token, 'POST', fieldsUrl(company), {
      record: 'customer',
      key: 'f200',
      label: 'x',
      type: 'text',
    });
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
