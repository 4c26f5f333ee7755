import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let root: string;
let ownerToken: string;
let ownerId: number;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('root@example.com', { is_admin: true });
  ownerId = await t.user('owner@example.com');
  memberId = await t.user('member@example.com');
  root = await t.login('root@example.com');
  ownerToken = await t.login('owner@example.com');
});
afterAll(() => t.close());

const VALID_OIB = '12345678903';

const create = (payload: unknown) =>
  t.call(root, { method: 'POST', url: '/api/admin/companies', payload: payload as object });
const patch = (id: number | string, payload: unknown) =>
  t.call(root, { method: 'PATCH', url: `/api/admin/companies/${id}`, payload: payload as object });
const read = (id: number | string) => t.call(root, { method: 'GET', url: `/api/admin/companies/${id}` });

describe('POST /api/admin/companies', () => {
  it('creates a company with every field and answers 201 with its id', async () => {
    const res = await create({
      name: '  Kontora d.o.o. ',
      legal_name: 'Kontora društvo s ograničenom odgovornošću',
      oib: VALID_OIB,
      address: 'Ilica 1, Zagreb',
      country: 'hr',
      time_zone: 'Europe/Zagreb',
      currency: 'eur',
      modules: [2, 0, 2],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: expect.any(Number),
      name: 'Kontora d.o.o.',
      oib: VALID_OIB,
      country: 'HR',
      currency: 'EUR',
      is_active: true,
      modules: [
        { id: 0, key: 'dashboard', name: 'Dashboard' },
        { id: 2, key: 'crm', name: 'CRM' },
      ],
      members: [],
    });
    expect((await read(data.id)).json().data).toEqual(data);
  });

  it('fills defaults and treats empty optional fields as none', async () => {
    const res = await create({ name: 'Minimal', legal_name: '', oib: '', country: '', address: null });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      legal_name: null,
      oib: null,
      country: null,
      address: null,
      time_zone: 'Europe/Zagreb',
      currency: 'EUR',
      modules: [],
    });
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ name: 'X', oib: '12345678901', country: 'HR' }, 'oib', 'invalid_oib'],
    [{ name: 'X', oib: '12345678901' }, 'oib', 'invalid_oib'],
    [{ name: 'X', oib: 'HR12345678901' }, 'oib', 'invalid_oib'],
    [{ name: 'X', country: 'Croatia' }, 'country', 'invalid_country'],
    [{ name: 'X', country: 'QQ' }, 'country', 'invalid_country'],
    [{ name: 'X', time_zone: 'Mars/Olympus' }, 'time_zone', 'invalid_time_zone'],
    [{ name: 'X', currency: 'ABC' }, 'currency', 'invalid_currency'],
    [{ name: 'X', modules: [7] }, 'modules.0', 'invalid_module'],
    [{ name: 'X', colour: 'red' }, 'body', 'unrecognized_keys'],
  ])('refuses %j with 400 and details on %s', async (payload, field, code) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().details[field]).toContain(code);
  });

  it('accepts a foreign VAT id, an OIB with HR prefix, and UTC', async () => {
    const foreign = await create({ name: 'GmbH', country: 'DE', oib: 'DE 123 456 789', time_zone: 'UTC' });
    expect(foreign.statusCode).toBe(201);
    expect(foreign.json().data).toMatchObject({ oib: 'DE123456789', time_zone: 'UTC' });
    expect((await create({ name: 'Prefixed', country: 'HR', oib: `HR${VALID_OIB}` })).statusCode).toBe(201);
  });

  it('never answers 500 for garbage', async () => {
    for (const payload of [{ name: 5 }, { name: 'x'.repeat(5000) }, { modules: 'all' }, [], 'text']) {
      const res = await create(payload);
      // A text body is 415 (not JSON); everything else is 400.
      expect(res.statusCode).toBe(typeof payload === 'string' ? 415 : 400);
    }
  });
});

describe('GET /api/admin/companies', () => {
  beforeAll(async () => {
    for (const name of ['Search Alpha', 'Search Beta', 'Search Gamma']) await create({ name });
    const delta = await create({ name: 'Search Delta 100%' });
    await patch(delta.json().data.id, { is_active: false });
  });

  it('searches by name, pages with limit/offset and counts the total', async () => {
    const first = await t.call(root, { method: 'GET', url: '/api/admin/companies?q=search&limit=2' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.total).toBe(4);
    expect(first.json().data.items.map((c: { name: string }) => c.name)).toEqual([
      'Search Alpha',
      'Search Beta',
    ]);
    const second = await t.call(root, {
      method: 'GET',
      url: '/api/admin/companies?q=search&limit=2&offset=2',
    });
    expect(second.json().data.items.map((c: { name: string }) => c.name)).toEqual([
      'Search Delta 100%',
      'Search Gamma',
    ]);
    expect(second.json().data.items[0]).toMatchObject({ modules: [], member_count: 0, is_active: false });
  });

  it('filters by active flag and treats LIKE wildcards literally', async () => {
    const inactive = await t.call(root, {
      method: 'GET',
      url: '/api/admin/companies?q=search&is_active=false',
    });
    expect(inactive.json().data.items.map((c: { name: string }) => c.name)).toEqual(['Search Delta 100%']);
    const percent = await t.call(root, { method: 'GET', url: '/api/admin/companies?q=%25' });
    expect(percent.json().data.items.map((c: { name: string }) => c.name)).toEqual(['Search Delta 100%']);
  });

  it('refuses bad paging with 400', async () => {
    expect((await t.call(root, { method: 'GET', url: '/api/admin/companies?limit=0' })).statusCode).toBe(400);
    expect((await t.call(root, { method: 'GET', url: '/api/admin/companies?limit=abc' })).statusCode).toBe(
      400,
    );
  });
});

describe('PATCH /api/admin/companies/:id', () => {
  it('changes only the fields sent', async () => {
    const id = (await create({ name: 'Patchable', country: 'HR', oib: VALID_OIB })).json().data.id;
    const res = await patch(id, { address: 'Vukovarska 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Patchable', address: 'Vukovarska 2', oib: VALID_OIB });
  });

  it('checks the OIB against the resulting country', async () => {
    const id = (await create({ name: 'Country check', country: 'DE', oib: 'DE123' })).json().data.id;
    // Moving a company with a non-OIB tax id to Croatia needs a valid OIB.
    const res = await patch(id, { country: 'HR' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ oib: ['invalid_oib'] });
    expect((await patch(id, { country: 'HR', oib: VALID_OIB })).statusCode).toBe(200);
    expect((await patch(id, { country: 'QQ' })).json().details).toEqual({ country: ['invalid_country'] });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await patch(999_999, { name: 'Nope' })).statusCode).toBe(404);
    expect((await patch('abc', { name: 'Nope' })).statusCode).toBe(404);
    expect((await read(999_999)).statusCode).toBe(404);
  });
});

describe('deactivating a company', () => {
  it('keeps its members out (hidden from their list, 403 on its API) until it is reactivated', async () => {
    const id = (await create({ name: 'Seasonal' })).json().data.id;
    await t.call(root, {
      method: 'POST',
      url: `/api/admin/companies/${id}/members`,
      payload: { user_id: memberId, role: 'member' },
    });
    const member = await t.login('member@example.com');
    const myCompanies = async () =>
      (await t.call(member, { method: 'GET', url: '/api/me/companies' }))
        .json()
        .data.items.map((c: { id: number }) => c.id);
    const team = () => t.call(member, { method: 'GET', url: `/api/companies/${id}/members` });
    expect(await myCompanies()).toContain(id);
    expect((await team()).statusCode).toBe(200);

    const off = await patch(id, { is_active: false });
    expect(off.json().data).toMatchObject({ is_active: false, name: 'Seasonal' });
    expect(await myCompanies()).not.toContain(id);
    // The member is told it is deactivated rather than that they belong to no company.
    const mine = (await t.call(member, { method: 'GET', url: '/api/me/companies' })).json().data;
    expect(mine.deactivated).toEqual([{ id, name: 'Seasonal', role: 'member' }]);
    expect((await t.call(root, { method: 'GET', url: '/api/me/companies' })).json().data.deactivated).toEqual(
      [],
    );
    expect((await team()).statusCode).toBe(403);
    // Superusers still open it, and its data is kept.
    expect(
      (await t.call(root, { method: 'GET', url: `/api/companies/${id}/members` })).json().data.items,
    ).toHaveLength(1);

    await patch(id, { is_active: true });
    expect(await myCompanies()).toContain(id);
    expect((await team()).statusCode).toBe(200);
  });
});

describe('PUT /api/admin/companies/:id/modules', () => {
  it('replaces the modules; members see the change at once; a disabled module answers 403', async () => {
    const id = (await create({ name: 'Modular', modules: [0, 2] })).json().data.id;
    await t.call(root, {
      method: 'POST',
      url: `/api/admin/companies/${id}/members`,
      payload: { user_id: ownerId, role: 'owner' },
    });
    const moduleIds = async () =>
      (await t.call(ownerToken, { method: 'GET', url: `/api/company-modules/${id}` }))
        .json()
        .data.modules.map((m: { id: number }) => m.id);
    expect(await moduleIds()).toEqual([0, 2]);

    const res = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${id}/modules`,
      payload: { modules: [3, 0, 1] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        modules: [
          { id: 0, key: 'dashboard', name: 'Dashboard' },
          { id: 1, key: 'crm-integration', name: 'CRM integration' },
          { id: 3, key: 'social', name: 'Social upload' },
        ],
      },
    });
    expect(await moduleIds()).toEqual([0, 1, 3]);

    // CRM (module 2) is now off: its customers API refuses with 403.
    const refused = await t.call(ownerToken, { method: 'GET', url: `/api/companies/${id}/customers` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('module_disabled');
  });

  it('refuses unknown module ids and unknown companies', async () => {
    const id = (await create({ name: 'Strict modules' })).json().data.id;
    const bad = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${id}/modules`,
      payload: { modules: [4] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ 'modules.0': ['invalid_module'] });
    const missing = await t.call(root, {
      method: 'PUT',
      url: '/api/admin/companies/999999/modules',
      payload: { modules: [] },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('/api/admin/companies/:id/members', () => {
  it('adds, changes and removes members; keeps the last owner', async () => {
    const id = (await create({ name: 'Team admin' })).json().data.id;
    const url = `/api/admin/companies/${id}/members`;
    const added = await t.call(root, { method: 'POST', url, payload: { user_id: ownerId, role: 'owner' } });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ user_id: ownerId, email: 'owner@example.com', role: 'owner' });

    const again = await t.call(root, { method: 'POST', url, payload: { user_id: ownerId, role: 'member' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ user_id: ['already_member'] });

    const unknown = await t.call(root, {
      method: 'POST',
      url,
      payload: { user_id: 999_999, role: 'member' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ user_id: ['not_found'] });

    const demote = await t.call(root, {
      method: 'PATCH',
      url: `${url}/${ownerId}`,
      payload: { role: 'admin' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().details).toEqual({ role: ['last_owner'] });
    expect((await t.call(root, { method: 'DELETE', url: `${url}/${ownerId}` })).statusCode).toBe(409);

    await t.call(root, { method: 'POST', url, payload: { user_id: memberId, role: 'member' } });
    const promote = await t.call(root, {
      method: 'PATCH',
      url: `${url}/${memberId}`,
      payload: { role: 'owner' },
    });
    expect(promote.json().data.role).toBe('owner');
    expect((await t.call(root, { method: 'DELETE', url: `${url}/${ownerId}` })).statusCode).toBe(204);

    const detail = (await read(id)).json().data;
    expect(detail.members).toEqual([expect.objectContaining({ user_id: memberId, role: 'owner' })]);
    expect((await t.call(root, { method: 'DELETE', url: `${url}/${ownerId}` })).statusCode).toBe(404);
    expect(
      (
        await t.call(root, {
          method: 'POST',
          url: '/api/admin/companies/999999/members',
          payload: { user_id: ownerId, role: 'member' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
