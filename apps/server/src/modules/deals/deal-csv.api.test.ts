import type { Deal } from '@kontora/contract/deals';
import type { Notification } from '@kontora/contract/notifications';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { dealKit } from './deal-test-kit.ts';

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
let drvo: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
  const org = await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
    type: 'organisation',
    name: 'Drvo d.o.o.',
  });
  drvo = org.id;
});
afterAll(() => t.close());

const exportCsv = (token: string, company: number, query = '') =>
  t.call(token, { method: 'GET', url: k.deals(company, `/export${query}`) });

function importCsv(token: string, company: number, csv: string, query = '') {
  return t.call(token, {
    method: 'POST',
    url: k.deals(company, `/import${query}`),
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });
}

/** The CSV's rows as objects by header (no cell of these tests holds a comma or a quote). */
function rowsOf(csv: string): Record<string, string>[] {
  const [header = '', ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}

const listTitles = async (company: number, query = '') =>
  ((await k.ok(c.ana.token, 'GET', k.deals(company, `?limit=200${query}`))).items as Deal[]).map(
    (d) => d.title,
  );

describe('deal CSV export', () => {
  it('streams the deals of the list filters with names instead of ids', async () => {
    const person = await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      first_name: 'Iva',
      last_name: 'Horvat',
    });
    await k.createDeal(c.ana.token, c.acme, {
      title: 'Export one',
      amount: 1500.5,
      organisation_id: drvo,
      customer_ids: [person.id],
      tags: ['wood', 'q4'],
      stage_id: sales.stages[1]?.id,
      expected_close_date: '2027-01-15',
    });
    await k.createDeal(c.ana.token, c.acme, { title: 'Export two', owner_id: c.marko.id, tags: ['other'] });
    const res = await exportCsv(c.ana.token, c.acme, '?tag=wood');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="deals-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFFid,title,amount,currency,pipeline,stage,status,probability,')).toBe(
      true,
    );
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Export one',
      amount: '1500.5',
      currency: 'EUR',
      pipeline: 'Sales',
      stage: 'Qualified',
      status: 'open',
      probability: '25',
      expected_close_date: '2027-01-15',
      owner: 'ana@example.com',
      organisation: 'Drvo d.o.o.',
      people: 'Iva Horvat',
    });
    const byOwner = rowsOf((await exportCsv(c.ana.token, c.acme, `?owner_id=${c.marko.id}`)).body);
    expect(byOwner.map((r) => [r.title, r.owner])).toEqual([['Export two', 'marko@example.com']]);
    const searched = rowsOf((await exportCsv(c.ana.token, c.acme, '?q=drvo')).body);
    expect(searched.map((r) => r.title)).toEqual(['Export one']);
  });

  it("never shows another company's deals and refuses bad filters", async () => {
    await k.createDeal(c.eva.token, c.beta, { title: 'Beta secret' });
    expect((await exportCsv(c.ana.token, c.acme)).body).not.toContain('Beta secret');
    expect((await exportCsv(c.ana.token, c.beta)).statusCode).toBe(403);
    const bad = await exportCsv(c.ana.token, c.acme, '?status=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toContain('status');
  });
});

describe('deal CSV import', () => {
  const good = [
    'Title;Value;Pipeline;Stage;Owner;Organisation;Tags;Close date',
    'Imported A;1.234,50 €;Sales;Proposal;marko@example.com;Drvo d.o.o.;csv, wood;2027-03-01',
    'Imported B;900;;;;;csv;',
    ';;;;;;;',
  ].join('\n');

  it('a dry run counts what the real run saves, and the rows arrive with names resolved', async () => {
    const dry = await importCsv(c.ana.token, c.acme, good, '?dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ dry_run: true, rows: 2, imported: 2, rejected: 0, errors: [] });
    expect(dry.json().data.mapping).toMatchObject({ Title: 'title', Value: 'amount', Owner: 'owner_email' });
    expect(await listTitles(c.acme, '&tag=csv')).toEqual([]);

    const real = await importCsv(c.ana.token, c.acme, good);
    expect(real.json().data).toMatchObject({ dry_run: false, rows: 2, imported: 2, rejected: 0 });
    const items = (await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?tag=csv&sort=title&dir=asc')))
      .items as Deal[];
    expect(
      items.map((d) => [d.title, d.amount, d.currency, d.stage_id, d.owner_id, d.organisation_id]),
    ).toEqual([
      ['Imported A', 1234.5, 'EUR', sales.stages[2]?.id, c.marko.id, drvo],
      ['Imported B', 900, 'EUR', sales.stages[0]?.id, c.ana.id, null],
    ]);
    expect(items[0]?.tags).toEqual(['csv', 'wood']);
    // One batch entry naming both deals and one for the import, not one `deal.created` per deal.
    const feed = await readChanges(t.ctx, c.acme, 0, 10_000);
    const ids = items.map((d) => d.id).sort((a, b) => a - b);
    expect(feed.filter((e) => e.type === 'deal.created' && ids.includes(e.entity.id ?? 0))).toEqual([]);
    const imported = feed.filter((e) => e.type === 'deal.imported');
    expect(imported.at(-1)).toMatchObject({ entity: { type: 'deal', id: null }, data: { count: 2, ids } });
    expect(feed.at(-1)).toMatchObject({
      type: 'deal.import_finished',
      entity: { type: 'deal', id: null },
      data: { rows: 2, created: 2, updated: 0, skipped: 0, rejected: 0 },
    });
    // Each deal's timeline and its organisation's still tell of its creation.
    const timeline = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${ids[0]}/timeline`));
    expect(timeline.items.map((e: { kind: string }) => e.kind)).toContain('created');
    const drvoTimeline = await k.ok(
      c.ana.token,
      'GET',
      `/api/companies/${c.acme}/customers/${drvo}/timeline`,
    );
    expect(drvoTimeline.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'deal_created', body: 'Imported A' })]),
    );
  });

  it('saves nothing when one row is refused, and names each refused row and column', async () => {
    const csv = [
      'title,amount,stage,owner_email,organisation',
      'Fine row,100,,,',
      ',abc,Nowhere,nobody@example.com,Unknown Org',
      'Other currency,100 USD,,,',
    ].join('\n');
    const dry = (await importCsv(c.ana.token, c.acme, csv, '?dry_run=1')).json().data;
    const real = (await importCsv(c.ana.token, c.acme, csv)).json().data;
    for (const report of [dry, real]) {
      expect(report).toMatchObject({ rows: 3, imported: 0, rejected: 2 });
      expect(report.errors).toEqual([
        {
          line: 3,
          reasons: {
            title: ['required'],
            amount: ['invalid_number'],
            stage: ['not_in_pipeline'],
            owner_email: ['not_member'],
            organisation: ['not_found'],
          },
        },
        { line: 4, reasons: { amount: ['other_currency'] } },
      ]);
    }
    expect(await listTitles(c.acme, '&q=fine')).toEqual([]);
  });

  it("refuses another company's organisation, a bad mapping, an empty file and another company", async () => {
    const theirs = await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/customers`, {
      type: 'organisation',
      name: 'Beta Org',
    });
    expect(theirs.id).toBeGreaterThan(0);
    const cross = (await importCsv(c.ana.token, c.acme, 'title,organisation\nX,Beta Org\n')).json().data;
    expect(cross.errors).toEqual([{ line: 2, reasons: { organisation: ['not_found'] } }]);
    const mapping = encodeURIComponent(JSON.stringify({ Nope: 'title' }));
    const bad = await importCsv(c.ana.token, c.acme, 'title\nX\n', `?mapping=${mapping}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ 'mapping.Nope': ['unknown_column'] });
    const wrongField = encodeURIComponent(JSON.stringify({ title: 'email' }));
    expect((await importCsv(c.ana.token, c.acme, 'title\nX\n', `?mapping=${wrongField}`)).statusCode).toBe(
      400,
    );
    const empty = await importCsv(c.ana.token, c.acme, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual({ file: ['empty_file'] });
    const typed = await t.call(c.ana.token, {
      method: 'POST',
      url: k.deals(c.acme, '/import'),
      payload: { title: 'x' },
    });
    expect(typed.statusCode).toBe(415);
    expect((await importCsv(c.ana.token, c.beta, 'title\nX\n')).statusCode).toBe(403);
  });

  it('imports what it exports', async () => {
    const exported = (await exportCsv(c.ana.token, c.acme, '?tag=wood')).body;
    const again = (await importCsv(c.ana.token, c.acme, exported, '?dry_run=true')).json().data;
    expect(again).toMatchObject({ imported: 2, rejected: 0 });
    expect(again.mapping).toMatchObject({
      owner: 'owner_email',
      organisation: 'organisation',
      people: 'people',
      id: null,
    });
  });

  it('imports the people by email (without case) or name, each exactly one person of the company', async () => {
    const person = (company: number, token: string, body: Record<string, unknown>) =>
      k.ok(token, 'POST', `/api/companies/${company}/customers`, body);
    const mia = await person(c.acme, c.ana.token, {
      first_name: 'Mia',
      last_name: 'Kos',
      email: 'Mia@Example.com',
    });
    const ivo = await person(c.acme, c.ana.token, {
      first_name: 'Ivo',
      last_name: 'Kos',
      email: 'ivo@example.com',
    });
    for (let i = 0; i < 2; i++) await person(c.acme, c.ana.token, { first_name: 'Twin', last_name: 'Same' });
    await person(c.acme, c.ana.token, { type: 'organisation', name: 'Org Mail', email: 'org@example.com' });
    await person(c.beta, c.eva.token, {
      first_name: 'Beta',
      last_name: 'Person',
      email: 'beta.p@example.com',
    });

    const refused = await importCsv(
      c.ana.token,
      c.acme,
      'title,people\nP1,nobody@example.com\nP2,Twin Same\nP3,beta.p@example.com\nP4,org@example.com\nP5,Mia Kos\n',
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ imported: 0, rejected: 4 });
    expect(refused.json().data.errors).toEqual([
      { line: 2, reasons: { people: ['person_not_found'] } },
      { line: 3, reasons: { people: ['person_ambiguous'] } },
      { line: 4, reasons: { people: ['person_not_found'] } },
      { line: 5, reasons: { people: ['person_not_found'] } },
    ]);
    expect(await listTitles(c.acme, '&q=P5')).toEqual([]);

    const ok = await importCsv(
      c.ana.token,
      c.acme,
      'Title,People\nWith people,"MIA@example.com, ivo@example.com"\nBy name,"Ivo Kos; mia@example.com;"\n',
    );
    expect(ok.json().data).toMatchObject({ imported: 2, rejected: 0, mapping: { People: 'people' } });
    const items = (
      await k.ok(c.ana.token, 'GET', k.deals(c.acme, `?customer_id=${ivo.id}&sort=title&dir=asc`))
    ).items as Deal[];
    expect(items.map((d) => [d.title, d.customer_ids])).toEqual([
      ['By name', [mia.id, ivo.id]],
      ['With people', [mia.id, ivo.id]],
    ]);
  });
});

describe('deal notes', () => {
  it('adds a note to the timeline, records the change and notifies a mentioned member', async () => {
    const deal: Deal = await k.createDeal(c.ana.token, c.acme, { title: 'Noted deal' });
    const body = `Call back tomorrow, @[Marko](user:${c.marko.id})`;
    const note = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${deal.id}/notes`), { body });
    expect(note).toMatchObject({ kind: 'note', body, actor_id: c.ana.id, actor_name: expect.any(String) });
    const timeline = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${deal.id}/timeline`));
    expect(timeline.items[0]).toMatchObject({ id: note.id, kind: 'note', body });
    const feed = await readChanges(t.ctx, c.acme, 0, 10_000);
    expect(feed.filter((e) => e.type === 'deal.note_added' && e.entity.id === deal.id)).toHaveLength(1);
    const mine = (await t.call(c.marko.token, { method: 'GET', url: '/api/me/notifications' })).json().data
      .items as Notification[];
    expect(mine[0]).toMatchObject({ kind: 'mention', link: `#/company/deal/${deal.id}?company=${c.acme}` });
    // The deal itself is unchanged: an edit with the version read before the note still applies.
    expect((await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${deal.id}`))).version).toBe(deal.version);
  });

  it("refuses an empty or too long note (400 on body) and another company's deal (404)", async () => {
    const deal: Deal = await k.createDeal(c.ana.token, c.acme, { title: 'Note rules' });
    const empty = await k.call(c.ana.token, 'POST', k.deals(c.acme, `/${deal.id}/notes`), { body: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().details)).toEqual(['body']);
    const long = await k.call(c.ana.token, 'POST', k.deals(c.acme, `/${deal.id}/notes`), {
      body: 'x'.repeat(10_001),
    });
    expect(long.statusCode).toBe(400);
    const extra = await k.call(c.ana.token, 'POST', k.deals(c.acme, `/${deal.id}/notes`), {
      body: 'a',
      x: 1,
    });
    expect(extra.statusCode).toBe(400);
    const theirs: Deal = await k.createDeal(c.eva.token, c.beta, { title: 'Their deal' });
    const cross = await k.call(c.ana.token, 'POST', k.deals(c.acme, `/${theirs.id}/notes`), { body: 'Hi' });
    expect(cross.statusCode).toBe(404);
    const missing = await k.call(c.ana.token, 'POST', k.deals(c.acme, '/999999/notes'), { body: 'Hi' });
    expect(missing.statusCode).toBe(404);
  });
});
