import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let eva: string;
let anaId: number;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;

async function create(token: string, company: number, body: Record<string, unknown>): Promise<number> {
  const res = await t.call(token, { method: 'POST', url: url(company), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function records(csv: string) {
  const out: string[][] = [];
  for await (const r of parseCsv([csv])) out.push(r.fields);
  return out;
}

function importCsv(token: string, company: number, csv: string, query = '', type = 'text/csv') {
  return t.call(token, {
    method: 'POST',
    url: url(company, `/import${query}`),
    payload: csv,
    headers: { 'content-type': type },
  });
}

describe('bulk actions', () => {
  it("changes the status of this company's customers and leaves another company's alone", async () => {
    const mine = [await create(ana, acme, { name: 'B1' }), await create(ana, acme, { name: 'B2' })];
    const theirs = await create(eva, beta, { name: 'Theirs' });
    const res = await t.call(ana, {
      method: 'POST',
      url: url(acme, '/bulk'),
      payload: { action: 'set_status', ids: [...mine, theirs, 999_999], status: 'customer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ action: 'set_status', affected: mine, not_found: [theirs, 999_999] });
    for (const id of mine) {
      const c = (await t.call(ana, { method: 'GET', url: url(acme, `/${id}`) })).json().data;
      expect(c).toMatchObject({ status: 'customer', version: 2 });
    }
    const other = (await t.call(eva, { method: 'GET', url: url(beta, `/${theirs}`) })).json().data;
    expect(other).toMatchObject({ status: 'lead', version: 1 });
  });

  it("deletes this company's customers and not another company's", async () => {
    const mine = await create(ana, acme, { name: 'Doomed' });
    const theirs = await create(eva, beta, { name: 'Safe' });
    const res = await t.call(ana, {
      method: 'POST',
      url: url(acme, '/bulk'),
      payload: { action: 'delete', ids: [mine, theirs] },
    });
    expect(res.json().data).toEqual({ action: 'delete', affected: [mine], not_found: [theirs] });
    expect((await t.call(ana, { method: 'GET', url: url(acme, `/${mine}`) })).statusCode).toBe(404);
    expect((await t.call(eva, { method: 'GET', url: url(beta, `/${theirs}`) })).statusCode).toBe(200);
  });

  it('refuses an unknown action, no ids or too many ids', async () => {
    const bulk = (payload: object) => t.call(ana, { method: 'POST', url: url(acme, '/bulk'), payload });
    expect((await bulk({ action: 'explode', ids: [1] })).statusCode).toBe(400);
    expect((await bulk({ action: 'delete', ids: [] })).statusCode).toBe(400);
    expect((await bulk({ action: 'set_status', ids: [1] })).statusCode).toBe(400);
    expect(
      (await bulk({ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).statusCode,
    ).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams the current filter as CSV, without other companies’ customers', async () => {
    const company = await t.company('Exporter', [2], [{ userId: anaId, role: 'owner' }]);
    await create(ana, company, {
      name: 'Zeta, "the" company',
      type: 'organisation',
      status: 'customer',
      tags: ['x', 'y'],
    });
    await create(ana, company, {
      first_name: 'Ana',
      last_name: 'Šimić',
      phone: '+385 1 234 567',
      status: 'customer',
      owner_id: anaId,
    });
    await create(ana, company, { name: 'Not a customer', status: 'lead' });
    await create(eva, beta, { name: 'Beta customer', status: 'customer' });
    const res = await t.call(ana, {
      method: 'GET',
      url: url(company, '/export.csv?status=customer&sort=name'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = await records(res.body);
    expect(rows[0]?.slice(0, 3)).toEqual(['id', 'type', 'name']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Ana Šimić', 'Zeta, "the" company']);
    const header = rows[0] ?? [];
    const ana0 = Object.fromEntries(header.map((h, i) => [h, rows[1]?.[i]]));
    // A cell that a spreadsheet would read as a formula is guarded.
    expect(ana0).toMatchObject({
      phone: "'+385 1 234 567",
      owner_email: 'ana@example.com',
      status: 'customer',
    });
    expect(rows[2]?.[header.indexOf('tags')]).toBe('x, y');
  });

  it('exports more rows than one batch, each once', async () => {
    const company = await t.company('Big exporter', [2], [{ userId: anaId, role: 'owner' }]);
    const csv = ['name', ...Array.from({ length: 1205 }, (_, i) => `Row ${i}`)].join('\n');
    expect((await importCsv(ana, company, csv)).json().data.imported).toBe(1205);
    const res = await t.call(ana, {
      method: 'GET',
      url: url(company, '/export.csv?sort=created_at&dir=desc'),
    });
    const rows = (await records(res.body)).slice(1);
    expect(rows).toHaveLength(1205);
    expect(new Set(rows.map((r) => r[0])).size).toBe(1205);
  });

  it('needs the CRM module and membership', async () => {
    expect((await t.call(eva, { method: 'GET', url: url(acme, '/export.csv') })).statusCode).toBe(403);
  });
});

describe('CSV import', () => {
  it('saves the valid rows and reports each refused row with its line and reasons', async () => {
    const company = await t.company('Importer', [2], [{ userId: anaId, role: 'owner' }]);
    const csv = [
      'Name;E-mail;Phone;Country;OIB;Status;Owner;Tags;Ignored',
      'Ivana Horvat;ivana@example.com;091 234 5678;HR;69435151530;Customer;ana@example.com;VIP, zagreb;x',
      'Bad Email;not-an-email;;;;;;;',
      '"Multi;line',
      'Name d.o.o.";;;;;;;;',
      ';;;;;;;;',
      'Bad OIB;;;HR;12345678901;;;;',
      'Unknown owner;;;;;;nobody@example.com;;',
      'Bad status;;;;;vip;;;',
      '',
      "'=Guarded;;;;;;;;",
    ].join('\r\n');
    const res = await importCsv(ana, company, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    // The row of empty cells (line 6) is a blank line: skipped, not refused.
    expect(report).toMatchObject({
      dry_run: false,
      rows: 7,
      imported: 3,
      rejected: 4,
      errors_truncated: false,
    });
    expect(report.mapping).toEqual({
      Name: 'name',
      'E-mail': 'email',
      Phone: 'phone',
      Country: 'country',
      OIB: 'oib',
      Status: 'status',
      Owner: 'owner_email',
      Tags: 'tags',
      Ignored: null,
    });
    expect(report.errors).toEqual([
      { line: 3, reasons: { email: ['invalid_email'] } },
      { line: 7, reasons: { oib: ['invalid_oib'] } },
      { line: 8, reasons: { owner_email: ['not_member'] } },
      { line: 9, reasons: { status: ['invalid_status'] } },
    ]);
    const list = (await t.call(ana, { method: 'GET', url: url(company, '?sort=created_at') })).json().data
      .items;
    expect(list.map((c: { name: string }) => c.name)).toEqual([
      'Ivana Horvat',
      'Multi;line Name d.o.o.',
      '=Guarded',
    ]);
    expect(list[0]).toMatchObject({
      status: 'customer',
      owner_id: anaId,
      tags: ['vip', 'zagreb'],
      oib: '69435151530',
    });
    const timeline = (
      await t.call(ana, { method: 'GET', url: url(company, `/${list[0].id}/timeline`) })
    ).json().data;
    expect(timeline.items.map((i: { kind: string }) => i.kind)).toEqual(['imported']);
  });

  it('applies an explicit mapping and a dry run saves nothing', async () => {
    const company = await t.company('Mapper', [2], [{ userId: anaId, role: 'owner' }]);
    const csv = 'Tvrtka,Kontakt,Broj\nDrvo d.o.o.,drvo@example.com,01 555 0000\n';
    const mapping = encodeURIComponent(
      JSON.stringify({ Tvrtka: 'organisation_name', Kontakt: 'email', Broj: null }),
    );
    const dry = await importCsv(ana, company, csv, `?mapping=${mapping}&dry_run=true`);
    expect(dry.json().data).toMatchObject({ dry_run: true, rows: 1, imported: 1, rejected: 0 });
    expect((await t.call(ana, { method: 'GET', url: url(company) })).json().data.items).toEqual([]);
    const real = await importCsv(ana, company, csv, `?mapping=${mapping}`);
    expect(real.json().data.imported).toBe(1);
    const [c] = (await t.call(ana, { method: 'GET', url: url(company) })).json().data.items;
    expect(c).toMatchObject({
      name: 'Drvo d.o.o.',
      organisation_name: 'Drvo d.o.o.',
      email: 'drvo@example.com',
      phone: null,
    });
  });

  it('imports what it exports', async () => {
    const from = await t.company('Round trip from', [2], [{ userId: anaId, role: 'owner' }]);
    const to = await t.company('Round trip to', [2], [{ userId: anaId, role: 'owner' }]);
    await create(ana, from, {
      first_name: 'Željko',
      last_name: 'Čačić',
      phone: '+385 98 111 222',
      tags: ['a', 'b'],
      notes: 'Line 1\nLine 2, "quoted"',
      owner_id: anaId,
    });
    const exported = (await t.call(ana, { method: 'GET', url: url(from, '/export.csv') })).body;
    const res = await importCsv(ana, to, exported);
    expect(res.json().data).toMatchObject({ imported: 1, rejected: 0 });
    const [a] = (await t.call(ana, { method: 'GET', url: url(from) })).json().data.items;
    const [b] = (await t.call(ana, { method: 'GET', url: url(to) })).json().data.items;
    const pick = ({
      name,
      first_name,
      last_name,
      phone,
      tags,
      notes,
      owner_id,
      status,
      type,
    }: Record<string, unknown>) => ({
      name,
      first_name,
      last_name,
      phone,
      tags,
      notes,
      owner_id,
      status,
      type,
    });
    expect(pick(b)).toEqual(pick(a));
  });

  it('refuses a mapping that does not fit, an empty file, a wrong type and a file too large', async () => {
    const bad = await importCsv(ana, acme, 'name\nX\n', `?mapping=${encodeURIComponent('{"Nope":"name"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ 'mapping.Nope': ['unknown_column'] });
    const notJson = await importCsv(ana, acme, 'name\nX\n', '?mapping=%7Bnot');
    expect(notJson.json().details).toEqual({ mapping: ['invalid_mapping'] });
    const badField = await importCsv(
      ana,
      acme,
      'name\nX\n',
      `?mapping=${encodeURIComponent('{"name":"salary"}')}`,
    );
    expect(badField.statusCode).toBe(400);
    const twice = await importCsv(
      ana,
      acme,
      'a,b\nX,Y\n',
      `?mapping=${encodeURIComponent('{"a":"name","b":"name"}')}`,
    );
    expect(twice.json().details).toEqual({ mapping: ['duplicate_field'] });
    expect((await importCsv(ana, acme, '')).json().details).toEqual({ file: ['empty_file'] });
    const json = await t.call(ana, { method: 'POST', url: url(acme, '/import'), payload: { name: 'X' } });
    expect(json.statusCode).toBe(415);
    expect((await importCsv(ana, acme, 'name\nX', '', 'application/xml')).statusCode).toBe(415);
    const big = await t.call(ana, {
      method: 'POST',
      url: url(acme, '/import'),
      payload: 'name\nX\n',
      headers: { 'content-type': 'text/csv', 'content-length': String(2 * 1024 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
  });

  it('needs the CRM module and membership', async () => {
    expect((await importCsv(eva, acme, 'name\nX')).statusCode).toBe(403);
  });
});

describe('the list after changes', () => {
  it('shows every change at once, however it was made', async () => {
    const company = await t.company('Fresh', [2], [{ userId: anaId, role: 'owner' }]);
    const names = async () => {
      const res = await t.call(ana, { method: 'GET', url: url(company, '?sort=name') });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json().data.items.map((c: { name: string }) => c.name);
    };
    expect(await names()).toEqual([]);
    const id = await create(ana, company, { name: 'Alpha' });
    expect(await names()).toEqual(['Alpha']);
    await t.call(ana, {
      method: 'PATCH',
      url: url(company, `/${id}`),
      payload: { name: 'Beta', version: 1 },
    });
    expect(await names()).toEqual(['Beta']);
    await importCsv(ana, company, 'name\nGamma\n');
    expect(await names()).toEqual(['Beta', 'Gamma']);
    await t.call(ana, {
      method: 'POST',
      url: url(company, '/bulk'),
      payload: { action: 'delete', ids: [id] },
    });
    expect(await names()).toEqual(['Gamma']);
    const [gamma] = (await t.call(ana, { method: 'GET', url: url(company) })).json().data.items;
    await t.call(ana, { method: 'DELETE', url: url(company, `/${gamma.id}`) });
    expect(await names()).toEqual([]);
  });
});
