import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { twoCompanies } from '../../test-support/two-companies.ts';

/** Saved views of the customer list and a person's columns (decision 020). */
let t: TestApp;
let ana: string; // owner of Acme
let marko: string; // member of Acme
let eva: string; // owner of Beta only
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const team = await twoCompanies(t, [2]);
  ({ acme, beta } = team);
  [ana, marko, eva] = [team.ana.token, team.marko.token, team.eva.token];
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/customer-views${rest}`;
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) => t.call(token, { method, url: path, ...(payload ? { payload } : {}) });
const list = async (token: string, company: number) => {
  const res = await call(token, 'GET', url(company));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: { id: number; name: string; mine: boolean }[];
    columns: string[] | null;
  };
};

describe('saved views', () => {
  let privateId: number;
  let sharedId: number;

  it('saves named views with filter, sort and columns; private ones only for their author', async () => {
    const mine = await call(ana, 'POST', url(acme), {
      name: ' My leads ',
      filter: { status: 'lead', q: 'novak' },
      sort: 'created_at',
      dir: 'desc',
      columns: ['status', 'phone'],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data).toMatchObject({
      name: 'My leads',
      shared: false,
      filter: { status: 'lead', q: 'novak' },
      sort: 'created_at',
      dir: 'desc',
      columns: ['status', 'phone'],
      mine: true,
      owner_name: expect.any(String),
    });
    privateId = mine.json().data.id;
    const shared = await call(ana, 'POST', url(acme), { name: 'Team prospects', shared: true, columns: [] });
    expect(shared.statusCode).toBe(201);
    sharedId = shared.json().data.id;

    expect((await list(ana, acme)).items.map((v) => v.name)).toEqual(['My leads', 'Team prospects']);
    const forMarko = await list(marko, acme);
    expect(forMarko.items.map((v) => [v.name, v.mine])).toEqual([['Team prospects', false]]);
  });

  it('lets only the author change or delete a view; a private view of someone else does not exist', async () => {
    expect((await call(marko, 'PATCH', url(acme, `/${sharedId}`), { name: 'Mine now' })).statusCode).toBe(
      403,
    );
    expect((await call(marko, 'DELETE', url(acme, `/${sharedId}`))).statusCode).toBe(403);
    expect((await call(marko, 'PATCH', url(acme, `/${privateId}`), { name: 'x' })).statusCode).toBe(404);
    expect((await call(marko, 'DELETE', url(acme, `/${privateId}`))).statusCode).toBe(404);

    const renamed = await call(ana, 'PATCH', url(acme, `/${privateId}`), { name: 'Hot leads', shared: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Hot leads', shared: true, sort: 'created_at' });
    expect((await list(marko, acme)).items.map((v) => v.name)).toEqual(['Hot leads', 'Team prospects']);
    expect((await call(ana, 'DELETE', url(acme, `/${privateId}`))).statusCode).toBe(204);
    expect((await list(marko, acme)).items.map((v) => v.name)).toEqual(['Team prospects']);
  });

  it('never shows or changes the views of another company: 404 there, 403 for a company one is not in', async () => {
    expect((await list(eva, beta)).items).toEqual([]);
    // Ana is not in Beta: the company is refused as a whole.
    expect((await call(ana, 'GET', url(beta))).statusCode).toBe(403);
    // Acme's view through Beta's address is not found, even shared.
    const own = await call(eva, 'POST', url(beta), { name: 'Beta view', columns: [] });
    expect(own.statusCode).toBe(201);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(
        eva,
        method,
        url(beta, `/${sharedId}`),
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
    }
    expect((await list(ana, acme)).items.map((v) => v.name)).toEqual(['Team prospects']);
  });

  it('refuses bad views with per-field details and saves nothing', async () => {
    for (const [payload, field] of [
      [{ name: '', columns: [] }, 'name'],
      [{ name: 'x'.repeat(81), columns: [] }, 'name'],
      [{ name: 'Bad', columns: ['status', 'status'] }, 'columns'],
      [{ name: 'Bad', columns: ['password_hash'] }, 'columns'],
      [{ name: 'Bad', columns: [], sort: 'email' }, 'sort'],
      [{ name: 'Bad', columns: [], filter: { status: 'nonsense' } }, 'filter'],
      [{ name: 'Bad', columns: [], extra: 1 }, ''],
    ] as const) {
      const res = await call(ana, 'POST', url(acme), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      if (field) expect(Object.keys(res.json().details ?? {}).some((k) => k.startsWith(field))).toBe(true);
    }
    expect((await list(ana, acme)).items.map((v) => v.name)).toEqual(['Team prospects']);
  });
});

describe('columns per person', () => {
  it('keeps each person’s columns per company, in their order', async () => {
    expect((await list(ana, acme)).columns).toBeNull();
    const res = await call(ana, 'PUT', url(acme, '/columns'), { columns: ['phone', 'status', 'owner'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(ana, acme)).columns).toEqual(['phone', 'status', 'owner']);
    await call(ana, 'PUT', url(acme, '/columns'), { columns: ['tags'] });
    expect((await list(ana, acme)).columns).toEqual(['tags']);
    expect((await list(marko, acme)).columns).toBeNull();
    expect((await call(ana, 'PUT', url(acme, '/columns'), { columns: ['nope'] })).statusCode).toBe(400);
  });
});
