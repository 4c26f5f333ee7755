import type { CustomerCreateInput } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string; // owner of Acme
let marko: string; // member of Acme
let eva: string; // member of Beta only
let zoran: string; // member of no company with CRM
let anaId: number;
let markoId: number;
let evaId: number;
let acme: number;
let beta: number;
let noCrm: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  markoId = await t.user('marko@example.com');
  evaId = await t.user('eva@example.com');
  await t.user('zoran@example.com');
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  noCrm = await t.company('No CRM', [0, 1], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  marko = await t.login('marko@example.com');
  eva = await t.login('eva@example.com');
  zoran = await t.login('zoran@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customers${rest}`;
const get = (token: string, path: string) => t.call(token, { method: 'GET', url: path });
const post = (token: string, path: string, payload: unknown) =>
  t.call(token, { method: 'POST', url: path, payload: payload as object });
const patch = (token: string, path: string, payload: unknown) =>
  t.call(token, { method: 'PATCH', url: path, payload: payload as object });
const del = (token: string, path: string) => t.call(token, { method: 'DELETE', url: path });

async function create(token: string, company: number, body: CustomerCreateInput) {
  const res = await post(token, url(company), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number; name: string } & Record<string, unknown>;
}

describe('create and read', () => {
  it('creates a customer with normalised fields and a derived name', async () => {
    const c = await create(ana, acme, {
      first_name: ' Ivana ',
      last_name: 'Horvat',
      email: ' Ivana.Horvat@Example.COM ',
      phone: '+385  91 234 5678',
      website: 'horvat.hr',
      country: 'hr',
      oib: '69435151530',
      owner_id: markoId,
      tags: [' VIP ', 'vip', 'Zagreb'],
      notes: '',
    });
    expect(c).toMatchObject({
      type: 'person',
      name: 'Ivana Horvat',
      email: 'ivana.horvat@example.com',
      phone: '+385 91 234 5678',
      website: 'https://horvat.hr',
      country: 'HR',
      oib: '69435151530',
      status: 'lead',
      owner_id: markoId,
      owner_name: 'marko',
      tags: ['vip', 'zagreb'],
      notes: null,
      version: 1,
      created_by: anaId,
    });
    const read = await get(marko, url(acme, `/${c.id}`));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(c);
  });

  it('derives an organisation name and accepts a foreign VAT id free-form', async () => {
    const c = await create(ana, acme, {
      type: 'organisation',
      organisation_name: 'Müller GmbH',
      country: 'DE',
      oib: 'DE 123 456 789',
    });
    expect(c).toMatchObject({ name: 'Müller GmbH', oib: 'DE123456789' });
    // Italy's VAT ids also have 11 digits; they are not OIBs.
    await create(ana, acme, {
      type: 'organisation',
      organisation_name: 'Rossi Srl',
      country: 'IT',
      oib: '12345678901',
    });
  });

  it('refuses bad input with per-field codes', async () => {
    const res = await post(ana, url(acme), {
      email: 'nope',
      phone: '12',
      country: 'HR',
      oib: '69435151531',
      status: 'vip',
      tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      email: ['invalid_email'],
      phone: ['invalid_phone'],
      status: ['invalid_status'],
      tags: ['too_many_tags'],
    });
    const oib = await post(ana, url(acme), { name: 'X', country: 'HR', oib: '69435151531' });
    expect(oib.json().details).toEqual({ oib: ['invalid_oib'] });
    const elevenDigits = await post(ana, url(acme), { name: 'X', oib: '12345678901' });
    expect(elevenDigits.json().details).toEqual({ oib: ['invalid_oib'] });
    const nameless = await post(ana, url(acme), { email: 'a@b.hr' });
    expect(nameless.json().details).toEqual({ name: ['required'] });
    const extra = await post(ana, url(acme), { name: 'X', company_id: beta });
    expect(extra.statusCode).toBe(400);
  });

  it('requires the owner to be a member of the company', async () => {
    const res = await post(ana, url(acme), { name: 'Owned', owner_id: evaId });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ owner_id: ['not_member'] });
  });

  it('answers 415 to a body that is not JSON and 413 to one that is too large', async () => {
    const csv = await t.call(ana, {
      method: 'POST',
      url: url(acme),
      payload: 'name\nX',
      headers: { 'content-type': 'text/csv' },
    });
    expect(csv.statusCode).toBe(415);
    const big = await post(ana, url(acme), { name: 'X', notes: 'x'.repeat(1_100_000) });
    expect(big.statusCode).toBe(413);
  });
});

describe('company scoping and access', () => {
  let betaCustomer: { id: number; version: number };
  beforeAll(async () => {
    betaCustomer = await create(eva, beta, {
      name: 'Beta Secret d.o.o.',
      type: 'organisation',
      email: 'secret@beta.hr',
    });
  });

  it("answers 404 for another company's customer on read, update, delete and timeline", async () => {
    const path = url(acme, `/${betaCustomer.id}`);
    expect((await get(ana, path)).statusCode).toBe(404);
    expect((await patch(ana, path, { name: 'Hacked', version: 1 })).statusCode).toBe(404);
    expect((await del(ana, path)).statusCode).toBe(404);
    expect((await get(ana, `${path}/timeline`)).statusCode).toBe(404);
    expect((await post(ana, `${path}/timeline`, { body: 'x' })).statusCode).toBe(404);
    const still = await get(eva, url(beta, `/${betaCustomer.id}`));
    expect(still.json().data).toMatchObject({ name: 'Beta Secret d.o.o.', version: 1 });
  });

  it('never lists or finds another company’s customers', async () => {
    const list = await get(ana, url(acme, '?q=secret&limit=100'));
    expect(list.json().data.items).toEqual([]);
  });

  it('refuses non-members with 403 and a company without the CRM module with 403', async () => {
    const notMember = await get(zoran, url(acme));
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().code).toBe('not_member');
    expect((await get(eva, url(acme))).json().code).toBe('not_member');
    const disabled = await get(ana, url(noCrm));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('module_disabled');
    expect((await post(ana, url(noCrm), { name: 'X' })).json().code).toBe('module_disabled');
    expect((await t.call(undefined, { method: 'GET', url: url(acme) })).statusCode).toBe(401);
  });

  it('answers 404 for an id that cannot exist', async () => {
    expect((await get(ana, url(acme, '/abc'))).statusCode).toBe(404);
    expect((await get(ana, url(acme, '/999999'))).statusCode).toBe(404);
  });
});

describe('update and delete', () => {
  it('updates with the current version and refuses a stale one with 409', async () => {
    const c = await create(ana, acme, { first_name: 'Petra', last_name: 'Kos' });
    const first = await patch(ana, url(acme, `/${c.id}`), {
      last_name: 'Kovač',
      status: 'prospect',
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    // The derived name follows its parts.
    expect(first.json().data).toMatchObject({
      name: 'Petra Kovač',
      status: 'prospect',
      version: 2,
      updated_by: anaId,
    });
    const stale = await patch(marko, url(acme, `/${c.id}`), { status: 'customer', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_update');
    const noVersion = await patch(ana, url(acme, `/${c.id}`), { status: 'customer' });
    expect(noVersion.statusCode).toBe(400);
    // An integrator is told the version is required and where to read it.
    expect(noVersion.json().details).toEqual({ version: ['required'] });
    expect(noVersion.json().message).toContain('Read the record (GET the same address)');
  });

  it('keeps a typed name when its parts change, and checks the merged OIB rule', async () => {
    const c = await create(ana, acme, { name: 'Dr. Luka', first_name: 'Luka', last_name: 'Babić' });
    const res = await patch(ana, url(acme, `/${c.id}`), { last_name: 'Babic', version: 1 });
    expect(res.json().data.name).toBe('Dr. Luka');
    const bad = await patch(ana, url(acme, `/${c.id}`), { country: 'HR', oib: '123', version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ oib: ['invalid_oib'] });
    const owner = await patch(ana, url(acme, `/${c.id}`), { owner_id: evaId, version: 2 });
    expect(owner.json().details).toEqual({ owner_id: ['not_member'] });
  });

  it('deletes with 204, then answers 404', async () => {
    const c = await create(marko, acme, { name: 'Short lived' });
    expect((await del(marko, url(acme, `/${c.id}`))).statusCode).toBe(204);
    expect((await get(marko, url(acme, `/${c.id}`))).statusCode).toBe(404);
    expect((await del(marko, url(acme, `/${c.id}`))).statusCode).toBe(404);
  });

  it('keeps single and bulk deletions in the audit log, with who and what', async () => {
    await t.user('root@example.com', { is_admin: true });
    const root = await t.login('root@example.com');
    const one = await create(marko, acme, { name: 'Audited one', email: 'one@example.com' });
    const two = await create(marko, acme, { name: 'Audited two' });
    const three = await create(marko, acme, { name: 'Audited three' });
    expect((await del(marko, url(acme, `/${one.id}`))).statusCode).toBe(204);
    const status = await post(marko, url(acme, '/bulk'), {
      action: 'set_status',
      status: 'prospect',
      ids: [two.id, three.id],
    });
    expect(status.statusCode).toBe(200);
    const bulk = await post(marko, url(acme, '/bulk'), {
      action: 'delete',
      ids: [two.id, three.id, 999_999],
    });
    expect(bulk.statusCode).toBe(200);

    const audit = await get(root, `/api/admin/audit?entity=customer&company_id=${acme}`);
    const entries = audit.json().data.items as {
      action: string;
      actor_id: number;
      entity_id: string | null;
      before: unknown;
      after: unknown;
    }[];
    expect(
      entries.find((e) => e.action === 'customer.delete' && e.entity_id === String(one.id)),
    ).toMatchObject({
      actor_id: markoId,
      before: { name: 'Audited one', email: 'one@example.com', status: 'lead' },
    });
    expect(entries.find((e) => e.action === 'customer.bulk_delete')).toMatchObject({
      actor_id: markoId,
      before: { ids: [two.id, three.id] },
    });
    expect(entries.find((e) => e.action === 'customer.bulk_update')).toMatchObject({
      actor_id: markoId,
      before: { ids: [two.id, three.id], status: ['lead'] },
      after: { ids: [two.id, three.id], status: 'prospect' },
    });
  });
});

describe('timeline', () => {
  it('records creation and changes with before/after, and notes by people, newest first', async () => {
    const c = await create(ana, acme, { name: 'Timeline Co', type: 'organisation', tags: ['a'] });
    await patch(marko, url(acme, `/${c.id}`), { status: 'customer', tags: ['a', 'b'], version: 1 });
    const note = await post(marko, url(acme, `/${c.id}/timeline`), { body: '  Called, wants an offer.  ' });
    expect(note.statusCode).toBe(201);
    expect(note.json().data).toMatchObject({
      kind: 'note',
      body: 'Called, wants an offer.',
      author_id: markoId,
      author_name: 'marko',
    });
    const res = await get(ana, url(acme, `/${c.id}/timeline`));
    const items = res.json().data.items;
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['note', 'updated', 'created']);
    expect(items[1].changes).toEqual([
      { field: 'status', before: 'lead', after: 'customer' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
    expect(items[2]).toMatchObject({ author_id: anaId, author_name: 'ana' });
    expect((await post(ana, url(acme, `/${c.id}/timeline`), { body: '   ' })).json().details).toEqual({
      body: ['required'],
    });
  });

  it('pages the timeline by cursor', async () => {
    const c = await create(ana, acme, { name: 'Chatty' });
    for (let i = 0; i < 4; i++) await post(ana, url(acme, `/${c.id}/timeline`), { body: `note ${i}` });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await get(ana, url(acme, `/${c.id}/timeline?limit=2${q}`))).json().data;
      seen.push(...page.items.map((i: { id: number }) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
