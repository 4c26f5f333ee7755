import type { CustomRecord } from '@kontora/contract/custom-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * Own fields in the customer and deal CSV imports (docs/decisions/075-own-fields-in-import-and-merge.md):
 * every type read from its text, a bad value refusing its row under `custom.{key}`, required
 * fields and defaults on create, the dry run's counts the real run's, update mode, and an
 * export that imports back as it was.
 */

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  // The company's first pipeline, which imported deals go to.
  await ok(c.ana.token, 'GET', `/api/companies/${c.acme}/pipelines`);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function ok(token: string, method: Method, url: string, payload?: unknown) {
  const res = await t.call(token, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json().data;
}
const base = (company: number, record: CustomRecord) =>
  `/api/companies/${company}/${record === 'customer' ? 'customers' : 'deals'}`;

function importCsv(record: CustomRecord, csv: string, query = '', company = c.acme, token = c.ana.token) {
  return t.call(token, {
    method: 'POST',
    url: `${base(company, record)}/import${query}`,
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });
}

const OPTIONS = [
  { value: 'retail', label: 'Retail' },
  { value: 'hospitality', label: 'Hospitality' },
  { value: 'old', label: 'Old kind', hidden: true },
];

/** One field of every type: its label (the CSV header), a cell, the value it reads as, a bad cell and its code. */
const TYPES = [
  {
    key: 'f_text',
    type: 'text',
    label: 'Motto',
    cell: 'Always open',
    value: 'Always open',
    bad: 'x'.repeat(501),
    code: 'too_long',
  },
  {
    key: 'f_long',
    type: 'long_text',
    label: 'History',
    cell: '"Founded 1990\nRenamed 2001"',
    value: 'Founded 1990\nRenamed 2001',
    bad: '"\u0007bell"',
    code: 'control_characters',
  },
  {
    key: 'f_number',
    type: 'number',
    label: 'Rooms',
    cell: '"1.234,5"',
    value: 1234.5,
    bad: 'many',
    code: 'invalid_number',
  },
  {
    key: 'f_currency',
    type: 'currency',
    label: 'Budget',
    cell: '"€ 2.500,75"',
    value: 2500.75,
    bad: '100 USD',
    code: 'other_currency',
  },
  {
    key: 'f_percent',
    type: 'percent',
    label: 'Share',
    cell: '"12,5 %"',
    value: 12.5,
    bad: 'half',
    code: 'invalid_number',
  },
  {
    key: 'f_date',
    type: 'date',
    label: 'Founded',
    cell: '2026-02-28',
    value: '2026-02-28',
    bad: '2026-02-30',
    code: 'invalid_date',
  },
  {
    key: 'f_datetime',
    type: 'datetime',
    label: 'Last visit',
    cell: '2026-03-01T10:30:00+01:00',
    value: '2026-03-01T09:30:00.000Z',
    bad: '1.3.2026 10:30',
    code: 'invalid_datetime',
  },
  {
    key: 'f_check',
    type: 'checkbox',
    label: 'Vip',
    cell: 'Da',
    value: true,
    bad: 'maybe',
    code: 'invalid_boolean',
  },
  {
    key: 'f_select',
    type: 'single_select',
    label: 'Industry',
    cell: 'hospitality',
    value: 'hospitality',
    bad: 'Mining',
    code: 'unknown_option',
  },
  {
    key: 'f_multi',
    type: 'multi_select',
    label: 'Segments',
    cell: 'RETAIL; Hospitality',
    value: ['retail', 'hospitality'],
    bad: 'retail;mining',
    code: 'unknown_option',
  },
  {
    key: 'f_url',
    type: 'url',
    label: 'Booking',
    cell: 'book.example.com',
    value: 'https://book.example.com',
    bad: 'not a url',
    code: 'invalid_url',
  },
  {
    key: 'f_email',
    type: 'email',
    label: 'Billing mail',
    cell: 'Billing@Example.com',
    value: 'billing@example.com',
    bad: 'nope',
    code: 'invalid_email',
  },
  {
    key: 'f_phone',
    type: 'phone',
    label: 'Desk',
    cell: '+385 1 111 111',
    value: '+385 1 111 111',
    bad: 'call me',
    code: 'invalid_phone',
  },
  {
    key: 'f_person',
    type: 'person',
    label: 'Account lead',
    cell: 'MARKO@example.com',
    value: 'marko',
    bad: 'nobody@example.com',
    code: 'not_member',
  },
] as const;

const expected = (f: (typeof TYPES)[number]) => (f.value === 'marko' ? c.marko.id : f.value);

async function defineAll(record: CustomRecord) {
  for (const f of TYPES) {
    await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
      record,
      key: f.key,
      label: f.label,
      type: f.type,
      ...(f.type.endsWith('select') ? { options: OPTIONS } : {}),
    });
  }
}

const nameColumn = (record: CustomRecord) => (record === 'customer' ? 'name' : 'title');
const header = (record: CustomRecord) => [nameColumn(record), ...TYPES.map((f) => f.label)].join(',');
const rowOf = (name: string, cells: string[]) => [name, ...cells].join(',');

async function recordsNamed(record: CustomRecord, prefix: string) {
  const list = await ok(
    c.ana.token,
    'GET',
    `${base(c.acme, record)}?limit=100&q=${encodeURIComponent(prefix)}`,
  );
  const items = list.items as { id: number; name?: string; title?: string }[];
  const out = [];
  for (const item of items) out.push(await ok(c.ana.token, 'GET', `${base(c.acme, record)}/${item.id}`));
  return out as { id: number; name?: string; title?: string; custom: Record<string, unknown> }[];
}

describe.each(['customer', 'deal'] as const)('own fields in the %s import', (record) => {
  beforeAll(() => defineAll(record));

  it('imports every type from its text, mapped by label', async () => {
    const csv = `${header(record)}\n${rowOf(
      'Typed one',
      TYPES.map((f) => f.cell),
    )}\n`;
    const res = await importCsv(record, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report, JSON.stringify(report.errors)).toMatchObject({ imported: 1, rejected: 0 });
    for (const f of TYPES) expect(report.mapping[f.label]).toBe(`custom.${f.key}`);
    const [saved] = await recordsNamed(record, 'Typed one');
    for (const f of TYPES) expect(saved?.custom[f.key], f.key).toEqual(expected(f));
  });

  it('refuses a bad value of every type under its column, saving nothing of the row', async () => {
    const lines = TYPES.map((f, i) =>
      rowOf(
        `Bad ${i}`,
        TYPES.map((g) => (g === f ? g.bad : '')),
      ),
    );
    const res = await importCsv(record, `${header(record)}\n${lines.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.rejected).toBe(TYPES.length);
    expect(report.imported).toBe(0);
    TYPES.forEach((f, i) => {
      const error = report.errors.find((e: { line: number }) => e.line === i + 2);
      expect(error?.reasons, f.key).toEqual({ [`custom.${f.key}`]: [f.code] });
    });
    expect(await recordsNamed(record, 'Bad')).toEqual([]);
  });

  it('a hidden option is not newly set by a row', async () => {
    const csv = `${nameColumn(record)},Industry\nHidden one,Old kind\n`;
    const report = (await importCsv(record, csv)).json().data;
    expect(report.errors).toEqual([{ line: 2, reasons: { 'custom.f_select': ['hidden_option'] } }]);
  });

  it('maps explicitly by custom.{key}; an archived or unknown field is no target', async () => {
    const csv = `${nameColumn(record)},Kind\nMapped one,Retail\n`;
    const mapping = encodeURIComponent(JSON.stringify({ Kind: 'custom.f_select' }));
    const res = await importCsv(record, csv, `?mapping=${mapping}`);
    expect(res.json().data).toMatchObject({ imported: 1, rejected: 0 });
    expect((await recordsNamed(record, 'Mapped one'))[0]?.custom.f_select).toBe('retail');
    for (const key of ['custom.nope', 'custom.f_gone']) {
      if (key === 'custom.f_gone') {
        const gone = await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
          record,
          key: 'f_gone',
          label: 'Gone',
          type: 'text',
        });
        await ok(c.ana.token, 'PATCH', `/api/companies/${c.acme}/custom-fields/${gone.id}`, {
          archived: true,
        });
      }
      const wrong = encodeURIComponent(JSON.stringify({ Kind: key }));
      const refused = await importCsv(record, csv, `?mapping=${wrong}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details).toEqual({ 'mapping.Kind': ['unknown_field'] });
    }
  });

  it("another company's field keys are unknown targets", async () => {
    const csv = `${nameColumn(record)},Kind\nTheirs,Retail\n`;
    const mapping = encodeURIComponent(JSON.stringify({ Kind: 'custom.f_select' }));
    const res = await importCsv(record, csv, `?mapping=${mapping}`, c.beta, c.eva.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ 'mapping.Kind': ['unknown_field'] });
  });

  it('an export imports back with the same values; a dry run counts what the real run does', async () => {
    const exported = await t.call(c.ana.token, {
      method: 'GET',
      url: `${base(c.acme, record)}/${record === 'customer' ? 'export.csv' : 'export'}?q=${encodeURIComponent('Typed one')}`,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    // Created anew (no matching), so the new record's values are compared with the original's.
    const csv = exported.body.replace(/^\uFEFF/, '').replace(/Typed one/g, 'Round trip');
    const query = record === 'customer' ? '?on_match=create' : '';
    const dry = (await importCsv(record, csv, `${query}${query ? '&' : '?'}dry_run=true`)).json().data;
    const real = (await importCsv(record, csv, query)).json().data;
    expect(real.errors).toEqual([]);
    expect({ ...dry, dry_run: true }).toEqual({ ...real, dry_run: true, matched: dry.matched });
    const [original] = await recordsNamed(record, 'Typed one');
    const [copy] = await recordsNamed(record, 'Round trip');
    expect(original?.custom.f_multi).toEqual(['retail', 'hospitality']);
    expect(copy?.custom).toEqual(original?.custom);
  });
});

describe('required fields and defaults on create', () => {
  it('a required field with a default is filled; one without refuses the row; matched rows need neither', async () => {
    await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
      record: 'customer',
      key: 'r_tier',
      label: 'Tier',
      type: 'single_select',
      required: true,
      default: 'bronze',
      options: [
        { value: 'bronze', label: 'Bronze' },
        { value: 'gold', label: 'Gold' },
      ],
    });
    const code = await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
      record: 'customer',
      key: 'r_code',
      label: 'Code',
      type: 'text',
      required: true,
    });
    const csv = 'name,email,Code\nNeeds code,needs@example.com,\nHas code,has@example.com,A-1\n';
    const dry = (await importCsv('customer', csv, '?dry_run=true')).json().data;
    const real = (await importCsv('customer', csv)).json().data;
    expect(real).toMatchObject({ created: 1, rejected: 1 });
    expect(real.errors).toEqual([{ line: 2, reasons: { 'custom.r_code': ['required'] } }]);
    expect(dry).toMatchObject({ created: real.created, rejected: real.rejected, errors: real.errors });
    const [saved] = await recordsNamed('customer', 'Has code');
    expect(saved?.custom).toMatchObject({ r_tier: 'bronze', r_code: 'A-1' });
    // Updating a matched customer leaves required fields it has alone.
    const update = 'name,email,Tier\nHas code,has@example.com,Gold\n';
    const updated = (await importCsv('customer', update, '?on_match=update&match_by=email')).json().data;
    expect(updated, JSON.stringify(updated.errors)).toMatchObject({ updated: 1, rejected: 0 });
    await ok(c.ana.token, 'PATCH', `/api/companies/${c.acme}/custom-fields/${code.id}`, { archived: true });
  });
});

describe('update mode', () => {
  it('changes own values of matched customers through the write door, skipping rows that change nothing', async () => {
    const made = await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      name: 'Updated by file',
      email: 'upd@example.com',
      custom: { f_select: 'retail', f_number: 3, r_tier: 'gold' },
    });
    const csv = 'name,email,Industry,Rooms\nUpdated by file,upd@example.com,Hospitality,3\n';
    const query = '?on_match=update&match_by=email';
    const dry = (await importCsv('customer', csv, `${query}&dry_run=true`)).json().data;
    const real = (await importCsv('customer', csv, query)).json().data;
    expect(real).toMatchObject({ updated: 1, skipped: 0, rejected: 0 });
    expect(dry).toMatchObject({ updated: 1, skipped: 0, rejected: 0 });
    const after = await ok(c.ana.token, 'GET', `${base(c.acme, 'customer')}/${made.id}`);
    expect(after.custom).toMatchObject({ f_select: 'hospitality', f_number: 3, r_tier: 'gold' });
    expect(after.version).toBe(made.version + 1);
    const timeline = await ok(c.ana.token, 'GET', `${base(c.acme, 'customer')}/${made.id}/timeline`);
    const entry = timeline.items.find((e: { kind: string }) => e.kind === 'updated');
    expect(entry.changes).toEqual([{ field: 'custom.f_select', before: 'retail', after: 'hospitality' }]);
    // The same file again changes nothing: skipped, in the check and the run alike.
    const again = (await importCsv('customer', csv, query)).json().data;
    const againDry = (await importCsv('customer', csv, `${query}&dry_run=true`)).json().data;
    expect(again).toMatchObject({ updated: 0, skipped: 1 });
    expect(againDry).toMatchObject({ updated: 0, skipped: 1 });
    // A hidden option the customer holds may stay; a bad value refuses the row.
    const bad = (
      await importCsv('customer', 'name,email,Rooms\nUpdated by file,upd@example.com,lots\n', query)
    ).json().data;
    expect(bad.errors).toEqual([{ line: 2, reasons: { 'custom.f_number': ['invalid_number'] } }]);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
