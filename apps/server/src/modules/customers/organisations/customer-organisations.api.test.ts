import type { CustomerCreateInput } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { readChanges } from '../../change-feed/change-feed.service.ts';

/** People at organisations: links on the customer, the people route, the list filter, merge, delete, CSV. */

let t: TestApp;
let ana: string; // owner of Acme
let eva: string; // owner of Beta
let anaId: number;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const get = (token: string, path: string) => t.call(token, { method: 'GET', url: path });
const post = (token: string, path: string, payload?: unknown) =>
  t.call(token, {
    method: 'POST',
    url: path,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const patch = (token: string, path: string, payload: unknown) =>
  t.call(token, { method: 'PATCH', url: path, payload: payload as object });

type Answer = {
  id: number;
  version: number;
  name: string;
  organisation_ids: number[];
  organisations: { id: number; name: string; role: string | null }[];
};

async function create(token: string, company: number, body: CustomerCreateInput): Promise<Answer> {
  const res = await post(token, url(company), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const org = (name: string, company = acme, token = ana) =>
  create(token, company, { type: 'organisation', name });
const person = (name: string, extra: Partial<CustomerCreateInput> = {}) =>
  create(ana, acme, { name, ...extra });

async function reread(id: number, company = acme, token = ana): Promise<Answer> {
  const res = await get(token, url(company, `/${id}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function peopleOf(id: number, query = '') {
  const res = await get(ana, url(acme, `/${id}/people${query}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: { id: number; name: string; role: string | null }[];
    next_cursor: string | null;
  };
}

describe('linking a person to organisations', () => {
  it('creates a person with organisations and roles, answered on reads and in the list', async () => {
    const acmeCo = await org('Acme d.o.o.');
    const globex = await org('Globex');
    const ivana = await person('Ivana Horvat', {
      organisations: [{ id: acmeCo.id, role: ' CFO ' }, { id: globex.id }],
    });
    expect(ivana.organisation_ids).toEqual([acmeCo.id, globex.id]);
    expect(ivana.organisations).toEqual([
      { id: acmeCo.id, name: 'Acme d.o.o.', role: 'CFO' },
      { id: globex.id, name: 'Globex', role: null },
    ]);
    expect((await reread(ivana.id)).organisations).toEqual(ivana.organisations);
    expect(acmeCo.organisation_ids).toEqual([]);
    const list = await get(ana, url(acme, `?organisation_id=${acmeCo.id}`));
    expect(list.json().data.items.map((c: Answer) => [c.name, c.organisations])).toEqual([
      ['Ivana Horvat', ivana.organisations],
    ]);
  });

  it('PATCH with organisation_ids keeps roles; with organisations sets them; records joined and left', async () => {
    const a = await org('Alpha Ltd');
    const b = await org('Beta Ltd');
    const p = await person('Petra Kovač', { organisations: [{ id: a.id, role: 'CFO' }] });
    const feedBefore = (await readChanges(t.ctx, acme, 0, 1000)).at(-1)?.id ?? 0;

    const kept = await patch(ana, url(acme, `/${p.id}`), {
      version: p.version,
      organisation_ids: [a.id, b.id],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      version: p.version + 1,
      organisations: [
        { id: a.id, role: 'CFO' },
        { id: b.id, role: null },
      ],
    });
    const changed = await patch(ana, url(acme, `/${p.id}`), {
      version: p.version + 1,
      organisations: [{ id: b.id, role: 'CEO' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.organisations).toEqual([{ id: b.id, name: 'Beta Ltd', role: 'CEO' }]);

    const feed = (await readChanges(t.ctx, acme, feedBefore, 1000)).filter((c) => c.entity.id === p.id);
    expect(feed.map((c) => [c.type, c.entity_version, c.changes])).toEqual([
      ['customer.updated', p.version + 1, [{ field: 'organisation', before: null, after: ['Beta Ltd'] }]],
      [
        'customer.updated',
        p.version + 2,
        [
          { field: 'organisation', before: ['Beta Ltd'], after: ['Beta Ltd', 'CEO'] },
          { field: 'organisation', before: ['Alpha Ltd', 'CFO'], after: null },
        ],
      ],
    ]);
    const timeline = (await get(ana, url(acme, `/${p.id}/timeline`))).json().data.items;
    expect(timeline.map((e: { kind: string; changes: unknown[] }) => [e.kind, e.changes])).toEqual([
      ['updated', feed[1]?.changes],
      ['updated', feed[0]?.changes],
      ['created', [{ field: 'organisation', before: null, after: ['Alpha Ltd', 'CFO'] }]],
    ]);
  });

  it('an edit that sends the same links changes nothing', async () => {
    const a = await org('Same Ltd');
    const p = await person('Same Person', { organisation_ids: [a.id] });
    const res = await patch(ana, url(acme, `/${p.id}`), {
      version: p.version,
      organisations: [{ id: a.id }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(p.version);
  });

  it('refuses per entry: not an organisation, itself, unknown, another company’s, duplicates, too many', async () => {
    const a = await org('Rules Ltd');
    const other = await person('Another Person');
    const p = await person('Rule Person');
    const theirs = await org('Theirs Ltd', beta, eva);
    const res = await patch(ana, url(acme, `/${p.id}`), {
      version: p.version,
      organisations: [{ id: a.id }, { id: other.id }, { id: p.id }, { id: 2_000_000 }, { id: theirs.id }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      'organisations.1.id': ['not_organisation'],
      'organisations.2.id': ['self'],
      'organisations.3.id': ['not_found'],
      // Another company's organisation is answered exactly as one that does not exist.
      'organisations.4.id': ['not_found'],
    });
    const ids = await patch(ana, url(acme, `/${p.id}`), {
      version: p.version,
      organisation_ids: [a.id, a.id],
    });
    expect(ids.json().details).toEqual({ 'organisation_ids.1': ['duplicate'] });
    const many = await post(ana, url(acme), {
      name: 'Busy',
      organisation_ids: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().details).toEqual({ organisation_ids: ['too_many'] });
    const role = await post(ana, url(acme), {
      name: 'Long role',
      organisations: [{ id: a.id, role: 'x'.repeat(101) }],
    });
    expect(role.json().details).toEqual({ 'organisations.0.role': ['too_long'] });
    const both = await post(ana, url(acme), { name: 'Both', organisations: [], organisation_ids: [] });
    expect(both.json().details).toEqual({ organisations: ['given_twice'] });
    const onOrg = await post(ana, url(acme), { type: 'organisation', name: 'Org', organisation_ids: [a.id] });
    expect(onOrg.json().details).toEqual({ organisation_ids: ['person_only'] });
    expect((await reread(p.id)).version).toBe(p.version);
  });

  it('an organisation with people cannot become a person; a person who becomes one leaves them', async () => {
    const a = await org('Typed Ltd');
    const p = await person('Typed Person', { organisation_ids: [a.id] });
    const res = await patch(ana, url(acme, `/${a.id}`), { version: a.version, type: 'person' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ type: ['has_people'] });
    const became = await patch(ana, url(acme, `/${p.id}`), { version: p.version, type: 'organisation' });
    expect(became.statusCode, became.body).toBe(200);
    expect(became.json().data.organisation_ids).toEqual([]);
    expect((await peopleOf(a.id)).items).toEqual([]);
  });
});

describe("an organisation's people", () => {
  it('pages the people with their roles in the order they joined', async () => {
    const a = await org('Paged Ltd');
    const names = ['P1', 'P2', 'P3'];
    const people = [];
    for (const [i, name] of names.entries()) {
      people.push(await person(name, { organisations: [{ id: a.id, role: `Role ${i}` }] }));
    }
    const first = await peopleOf(a.id, '?limit=2');
    expect(first.items.map((p) => [p.name, p.role])).toEqual([
      ['P1', 'Role 0'],
      ['P2', 'Role 1'],
    ]);
    const second = await peopleOf(a.id, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((p) => p.id)).toEqual([people[2]?.id]);
    expect(second.next_cursor).toBeNull();
    expect((await get(ana, url(acme, `/${a.id}/people?cursor=nonsense`))).statusCode).toBe(400);
  });

  it("is not found for another company's customer, or from another company", async () => {
    const a = await org('Private Ltd');
    const theirs = await org('Their Ltd', beta, eva);
    expect((await get(ana, url(acme, `/${theirs.id}/people`))).statusCode).toBe(404);
    expect((await get(eva, url(beta, `/${a.id}/people`))).statusCode).toBe(404);
    expect((await get(eva, url(acme, `/${a.id}/people`))).statusCode).toBe(403);
  });

  it('the list filter counts and bulk-acts on the same people', async () => {
    const a = await org('Counted Ltd');
    await person('Counted One', { organisation_ids: [a.id] });
    await person('Counted Two', { organisation_ids: [a.id] });
    await person('Not counted');
    const count = await get(ana, url(acme, `/count?organisation_id=${a.id}`));
    expect(count.json().data).toEqual({ count: 2, capped: false });
    const searched = await get(ana, url(acme, `?organisation_id=${a.id}&q=counted`));
    expect(searched.json().data.items.map((c: Answer) => c.name)).toEqual(['Counted One', 'Counted Two']);
  });

  it('deleting a person or an organisation removes their links; the other side stays', async () => {
    const a = await org('Gone Ltd');
    const b = await org('Stays Ltd');
    const p = await person('Left Behind', { organisation_ids: [a.id, b.id] });
    const feedBefore = (await readChanges(t.ctx, acme, 0, 1000)).at(-1)?.id ?? 0;
    expect((await t.call(ana, { method: 'DELETE', url: url(acme, `/${p.id}`) })).statusCode).toBe(204);
    // The deletion's change carries what the person was, organisations included.
    const [deleted] = await readChanges(t.ctx, acme, feedBefore, 10);
    expect(deleted?.data?.organisation_ids).toEqual([a.id, b.id]);
    expect((await peopleOf(a.id)).items).toEqual([]);
    const q = await person('Left Behind Again', { organisation_ids: [a.id, b.id] });
    expect((await t.call(ana, { method: 'DELETE', url: url(acme, `/${a.id}`) })).statusCode).toBe(204);
    expect((await reread(q.id)).organisation_ids).toEqual([b.id]);
    const bulk = await post(ana, url(acme, '/bulk'), { action: 'delete', ids: [b.id] });
    expect(bulk.statusCode).toBe(200);
    expect((await reread(q.id)).organisation_ids).toEqual([]);
  });
});

describe('merge', () => {
  it("unites the people's links on the survivor without duplicates or self-links; undo restores them", async () => {
    const x = await org('Xeno');
    const y = await org('Yotta');
    const a = await person('Mara Marić', { organisations: [{ id: x.id, role: 'CFO' }] });
    const b = await person('Mara Maric', { organisations: [{ id: x.id, role: 'Owner' }, { id: y.id }] });
    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: a.id,
      merged_ids: [b.id],
      fields: {},
      versions: { [a.id]: a.version, [b.id]: b.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.survivor.organisations).toEqual([
      { id: x.id, name: 'Xeno', role: 'CFO' },
      { id: y.id, name: 'Yotta', role: null },
    ]);
    const undo = await post(ana, url(acme, `/merges/${res.json().data.merge_id}/undo`));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.survivor.organisations).toEqual([{ id: x.id, name: 'Xeno', role: 'CFO' }]);
    expect((await reread(b.id)).organisations).toEqual([
      { id: x.id, name: 'Xeno', role: 'Owner' },
      { id: y.id, name: 'Yotta', role: null },
    ]);
  });

  it('moves the people of a merged organisation to the survivor; undo moves them back', async () => {
    const s = await org('Survivor Org');
    const m = await org('Survivor Org d.o.o.');
    const both = await person('In Both', {
      organisations: [
        { id: s.id, role: 'CEO' },
        { id: m.id, role: 'Board' },
      ],
    });
    const only = await person('Only Merged', { organisations: [{ id: m.id, role: 'CTO' }] });
    const res = await post(ana, url(acme, '/merge'), {
      survivor_id: s.id,
      merged_ids: [m.id],
      fields: {},
      versions: { [s.id]: s.version, [m.id]: m.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await peopleOf(s.id)).items.map((p) => [p.name, p.role])).toEqual([
      ['In Both', 'CEO'],
      ['Only Merged', 'CTO'],
    ]);
    expect((await reread(both.id)).organisation_ids).toEqual([s.id]);
    const undo = await post(ana, url(acme, `/merges/${res.json().data.merge_id}/undo`));
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await peopleOf(s.id)).items.map((p) => p.name)).toEqual(['In Both']);
    expect((await peopleOf(m.id)).items.map((p) => [p.name, p.role])).toEqual([
      ['In Both', 'Board'],
      ['Only Merged', 'CTO'],
    ]);
    expect((await reread(only.id)).organisation_ids).toEqual([m.id]);
  });
});

describe('CSV', () => {
  async function records(csv: string) {
    const out: string[][] = [];
    for await (const r of parseCsv([csv])) out.push(r.fields);
    return out;
  }

  it('imports people into organisations by exact name, creating the missing ones; exports the names', async () => {
    const company = await t.company('Importers', [2], [{ userId: anaId, role: 'owner' }]);
    const existing = await create(ana, company, { type: 'organisation', name: 'Existing Ltd' });
    const csv = [
      'name,type,organisation,organisations',
      'Iva Ivić,person,Existing Ltd,New Ltd; Existing Ltd',
      'Ana Anić,person,New Ltd,',
      'Org Row,organisation,,Existing Ltd',
    ].join('\n');
    const res = await t.call(ana, {
      method: 'POST',
      url: url(company, '/import'),
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 2, rejected: 1 });
    expect(res.json().data.errors).toEqual([{ line: 4, reasons: { organisations: ['person_only'] } }]);
    const list = (await get(ana, url(company, '?limit=100&sort=name'))).json().data.items as (Answer & {
      type: string;
    })[];
    const byName = new Map(list.map((c) => [c.name, c]));
    const created = byName.get('New Ltd');
    expect(created?.type).toBe('organisation');
    expect(byName.get('Iva Ivić')?.organisations.map((o) => o.name)).toEqual(['New Ltd', 'Existing Ltd']);
    expect(byName.get('Ana Anić')?.organisation_ids).toEqual([created?.id]);
    expect(list.filter((c) => c.name === 'Existing Ltd').map((c) => c.id)).toEqual([existing.id]);

    const exported = await get(ana, url(company, '/export.csv?sort=name'));
    const rows = await records(exported.body);
    const header = rows[0] ?? [];
    const at = header.indexOf('organisations');
    expect(rows.slice(1).map((r) => [r[header.indexOf('name')], r[at]])).toEqual([
      ['Ana Anić', 'New Ltd'],
      ['Existing Ltd', ''],
      ['Iva Ivić', 'New Ltd; Existing Ltd'],
      ['New Ltd', ''],
    ]);
  });
});
