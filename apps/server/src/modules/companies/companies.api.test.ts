import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let acme: number;
let bistro: number;
let closed: number;
let owner: string;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const ana = await t.user('ana@example.com');
  const marko = await t.user('marko@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company('Acme', [0, 1, 2, 3], [{ userId: ana, role: 'owner' }]);
  bistro = await t.company(
    'Bistro',
    [2],
    [
      { userId: ana, role: 'member' },
      { userId: marko, role: 'member' },
    ],
  );
  closed = await t.company('Closed Ltd', [2], [{ userId: marko, role: 'owner' }]);
  await t.ctx.db.updateTable('companies').set({ is_active: false }).where('id', '=', closed).execute();
  owner = await t.login('ana@example.com');
  member = await t.login('marko@example.com');
  admin = await t.login('root@example.com');
});
afterAll(() => t.close());

const modulesOf = (token: string, id: number | string) =>
  t.call(token, { method: 'GET', url: `/api/company-modules/${id}` });

describe('GET /api/company-modules/:companyId', () => {
  it('lists the modules of a company the person belongs to', async () => {
    const res = await modulesOf(member, bistro);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { modules: [{ id: 2, key: 'crm', name: 'CRM' }] } });
    expect((await modulesOf(owner, acme)).json().data.modules.map((m: { id: number }) => m.id)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('is 403 for a company the person does not belong to, existing or not', async () => {
    expect((await modulesOf(member, acme)).statusCode).toBe(403);
    expect((await modulesOf(member, 999_999)).statusCode).toBe(403);
    expect((await modulesOf(member, acme)).json().code).toBe('not_member');
  });

  it('is 403 for members of a deactivated company, open to superusers', async () => {
    expect((await modulesOf(member, closed)).statusCode).toBe(403);
    expect((await modulesOf(admin, closed)).statusCode).toBe(200);
  });

  it('lets a superuser read any company; a missing one is 404', async () => {
    expect((await modulesOf(admin, acme)).statusCode).toBe(200);
    expect((await modulesOf(admin, 999_999)).statusCode).toBe(404);
  });

  it('answers 404 for odd ids and 401 without a token', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999', '%27%20or%201=1']) {
      expect((await modulesOf(owner, id)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/company-modules/${acme}` })).statusCode).toBe(401);
  });
});

describe('GET /api/me/companies', () => {
  it('lists the person’s active companies with role and modules', async () => {
    const res = await t.call(owner, { method: 'GET', url: '/api/me/companies' });
    expect(res.json().data).toEqual({
      items: [
        { id: acme, name: 'Acme', role: 'owner', modules: [0, 1, 2, 3] },
        { id: bistro, name: 'Bistro', role: 'member', modules: [2] },
      ],
      total: 2,
      deactivated: [],
    });
    const marko = (await t.call(member, { method: 'GET', url: '/api/me/companies' })).json().data;
    expect(marko.items.map((c: { name: string }) => c.name)).toEqual(['Bistro']);
  });

  it('lists every company for a superuser, searchable and paged', async () => {
    const all = (await t.call(admin, { method: 'GET', url: '/api/me/companies' })).json().data;
    expect(all.total).toBe(3);
    expect(all.items.every((c: { role: unknown }) => c.role === null)).toBe(true);
    const found = (await t.call(admin, { method: 'GET', url: '/api/me/companies?q=bist' })).json().data;
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Bistro']);
    const page = (await t.call(admin, { method: 'GET', url: '/api/me/companies?limit=1&offset=1' })).json()
      .data;
    expect(page).toMatchObject({ total: 3, items: [{ name: 'Bistro' }] });
    const wild = (await t.call(admin, { method: 'GET', url: '/api/me/companies?q=%25' })).json().data;
    expect(wild.total).toBe(0);
  });

  it('rejects bad paging with details', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/me/companies?limit=5000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('limit');
  });
});

describe('GET /api/companies/:companyId', () => {
  const profileOf = (token: string, id: number) =>
    t.call(token, { method: 'GET', url: `/api/companies/${id}` });

  it("answers the company's name, country, time zone and currency to any member", async () => {
    const res = await profileOf(member, bistro);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: bistro,
      name: 'Bistro',
      legal_name: null,
      country: expect.toBeOneOf([null, expect.any(String)]),
      time_zone: expect.any(String),
      currency: expect.any(String),
      workday_start: '08:00',
      import_max_bytes: t.ctx.config.importMaxBytes,
    });
  });

  it("is 403 for another company's member and 404 for a superuser asking for a missing one", async () => {
    expect((await profileOf(member, acme)).statusCode).toBe(403);
    expect((await profileOf(admin, acme)).statusCode).toBe(200);
    expect((await profileOf(admin, 999_999)).statusCode).toBe(404);
  });
});
