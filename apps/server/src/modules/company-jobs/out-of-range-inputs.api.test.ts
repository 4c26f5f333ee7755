import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Ids and instants PostgreSQL cannot hold (an integer past 2^31 - 1, the year
 * 0000) are refused by the schemas, on both databases, instead of reaching a
 * query that fails with a 500: a path id that cannot exist is a 404, a query
 * field a 400 naming it.
 */
let t: TestApp;
let owner: string;
let admin: string;
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  const ownerId = await t.user('owner@example.com');
  await t.user('root@example.com', { is_admin: true });
  company = await t.company('Acme', [0, 1, 2, 3], [{ userId: ownerId, role: 'owner' }]);
  owner = await t.login('owner@example.com');
  admin = await t.login('root@example.com');
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });

describe('out-of-range inputs', () => {
  it('a job id past PostgreSQL integers is a 404, for companies and the admin', async () => {
    for (const id of ['99999999999999', 'row-99999999999999']) {
      const own = await get(owner, `/api/companies/${company}/jobs/${id}`);
      expect(own.statusCode, own.body).toBe(404);
      for (const [method, path] of [
        ['GET', `/api/admin/jobs/${id}`],
        ['POST', `/api/admin/jobs/${id}/retry`],
      ] as const) {
        const res = await t.call(admin, { method, url: path });
        expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(404);
      }
    }
    const cursor = await get(admin, '/api/admin/jobs?cursor=99999999999999');
    expect(cursor.statusCode, cursor.body).toBe(400);
    expect(cursor.json().details.cursor).toEqual(['invalid_cursor']);
    expect((await get(owner, `/api/companies/${company}/jobs/2147483647`)).statusCode).toBe(404);
  });

  it('a social post filter in the year 0000 is a 400 on from / to', async () => {
    for (const field of ['from', 'to']) {
      const res = await get(owner, `/api/companies/${company}/social/posts?${field}=0000-01-01T00:00:00Z`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details[field]).toEqual(['date_out_of_range']);
    }
    const fine = await get(owner, `/api/companies/${company}/social/posts?from=2026-01-01T00:00:00Z`);
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
