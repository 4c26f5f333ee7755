import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Two people editing different fields of one customer both get their change;
 * 409 `stale_update` only when a field an edit changes was changed since the
 * version it was based on (docs/decisions/054-merge-non-overlapping-edits.md).
 */
let t: TestApp;
let ana: string;
let marko: string;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const markoId = await t.user('marko@example.com');
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  ana = await t.login('ana@example.com');
  marko = await t.login('marko@example.com');
});
afterAll(() => t.close());

const url = (rest = '') => `/api/companies/${acme}/customers${rest}`;
const patch = (token: string, id: number, payload: object) =>
  t.call(token, { method: 'PATCH', url: url(`/${id}`), payload });

async function create(body: object): Promise<number> {
  const res = await t.call(ana, { method: 'POST', url: url(), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('edits of one customer based on the same version', () => {
  it('merges changes of different fields, the later answer carrying both', async () => {
    const id = await create({ first_name: 'Petra', last_name: 'Kos' });
    expect((await patch(ana, id, { email: 'petra@example.com', version: 1 })).statusCode).toBe(200);
    const second = await patch(marko, id, { phone: '+385 91 111 2222', version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      email: 'petra@example.com',
      phone: '+385 91 111 2222',
      version: 3,
    });
  });

  it('refuses a change of a field changed meanwhile, unless it sets the same value', async () => {
    const id = await create({ name: 'Kovač d.o.o.' });
    expect((await patch(ana, id, { email: 'info@kovac.hr', version: 1 })).statusCode).toBe(200);
    const other = await patch(marko, id, { email: 'ured@kovac.hr', phone: '+385 1 234 567', version: 1 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('stale_update');
    const same = await patch(marko, id, { email: 'info@kovac.hr', phone: '+385 1 234 567', version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ email: 'info@kovac.hr', version: 3 });
  });

  it('lets a derived name follow both parts changed by two people', async () => {
    const id = await create({ first_name: 'Luka', last_name: 'Babić' });
    expect((await patch(ana, id, { first_name: 'Lukas', version: 1 })).statusCode).toBe(200);
    const res = await patch(marko, id, { last_name: 'Babic', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('Lukas Babic');
    // The name changed meanwhile: typing another one is a conflict.
    expect((await patch(marko, id, { name: 'Dr. Luka', version: 1 })).statusCode).toBe(409);
  });

  it('knows which field a bulk status change touched', async () => {
    const id = await create({ name: 'Bulk Ltd' });
    const bulk = await t.call(ana, {
      method: 'POST',
      url: url('/bulk'),
      payload: { action: 'set_status', status: 'customer', ids: [id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await patch(marko, id, { website: 'https://bulk.example', version: 1 })).statusCode).toBe(200);
    expect((await patch(marko, id, { status: 'inactive', version: 1 })).statusCode).toBe(409);
  });

  it('refuses when the record of a version is missing, or the version is not one yet', async () => {
    const id = await create({ name: 'Old Records' });
    expect((await patch(ana, id, { email: 'old@example.com', version: 1 })).statusCode).toBe(200);
    // An entry written before entries kept their versions.
    await t.ctx.db
      .updateTable('customer_activities')
      .set({ version: null })
      .where('company_id', '=', acme)
      .where('customer_id', '=', id)
      .execute();
    expect((await patch(marko, id, { phone: '+385 1 111 111', version: 1 })).statusCode).toBe(409);
    expect((await patch(marko, id, { phone: '+385 1 111 111', version: 3 })).statusCode).toBe(409);
  });

  it('answers 404 for another company’s customer whatever the version', async () => {
    const id = await create({ name: 'Private' });
    const evaId = await t.user('eva@example.com');
    const beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
    const eva = await t.login('eva@example.com');
    const res = await t.call(eva, {
      method: 'PATCH',
      url: `/api/companies/${beta}/customers/${id}`,
      payload: { phone: '+385 1 000 000', version: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});
