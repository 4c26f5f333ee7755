import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { twoCompanies } from '../../../test-support/two-companies.ts';
import { countMatching } from './customer-match.repository.ts';

/** "All N matching this filter" (decision 020): the capped count and the bulk actions by filter. */
let t: TestApp;
let ana: string; // owner of Acme
let eva: string; // owner of Beta only
let acme: number;
let beta: number;
let anaId: number;

beforeAll(async () => {
  t = await createTestApp();
  const team = await twoCompanies(t, [2]);
  ({ acme, beta } = team);
  [ana, anaId, eva] = [team.ana.token, team.ana.id, team.eva.token];
  const seed = async (token: string, company: number, name: string, status: string, owner?: number) => {
    const res = await t.call(token, {
      method: 'POST',
      url: `/api/companies/${company}/customers`,
      payload: { name, status, ...(owner ? { owner_id: owner } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  for (const [name, status] of [
    ['Novak Trade', 'lead'],
    ['Novak Design', 'lead'],
    ['Novak Foods', 'prospect'],
    ['Horvat Bau', 'lead'],
  ] as const) {
    await seed(ana, acme, name, status, name === 'Horvat Bau' ? anaId : undefined);
  }
  // Beta has a namesake that no action of Acme may touch.
  await seed(eva, beta, 'Novak Trade', 'lead');
});
afterAll(() => t.close());

const url = (company: number, rest: string) => `/api/companies/${company}/customers${rest}`;
const count = async (token: string, company: number, query: string) => {
  const res = await t.call(token, { method: 'GET', url: url(company, `/count${query}`) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { count: number; capped: boolean };
};
const byFilter = (token: string, company: number, payload: object) =>
  t.call(token, { method: 'POST', url: url(company, '/bulk-by-filter'), payload });
const names = async (token: string, company: number, query = '') =>
  (
    (await t.call(token, { method: 'GET', url: url(company, `?limit=100${query}`) })).json().data.items as {
      name: string;
      status: string;
    }[]
  )
    .map((c) => `${c.name}:${c.status}`)
    .sort();
const feed = async (company: number, type: string) =>
  (
    await t.ctx.db
      .selectFrom('change_events')
      .select(['data'])
      .where('company_id', '=', company)
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .execute()
  ).map((row) => JSON.parse(row.data ?? '{}') as { count: number; ids: number[] });

describe('the count of matching customers', () => {
  it('is exact for the company only: all, by status (counters), by search, owner and tag', async () => {
    expect(await count(ana, acme, '')).toEqual({ count: 4, capped: false });
    expect(await count(ana, acme, '?status=lead')).toEqual({ count: 3, capped: false });
    expect(await count(ana, acme, '?q=novak')).toEqual({ count: 3, capped: false });
    expect(await count(ana, acme, '?q=novak&status=lead')).toEqual({ count: 2, capped: false });
    expect(await count(ana, acme, `?owner_id=${anaId}`)).toEqual({ count: 1, capped: false });
    expect(await count(ana, acme, '?tag=none-such')).toEqual({ count: 0, capped: false });
    expect(await count(eva, beta, '?q=novak')).toEqual({ count: 1, capped: false });
  });

  it('stops at the cap and says so rather than counting on', async () => {
    const filter = { terms: ['novak'], status: undefined, ownerId: undefined, tag: undefined };
    expect(await countMatching(t.ctx.db, acme, filter, 2)).toEqual({ count: 2, capped: true });
    expect(await countMatching(t.ctx.db, acme, filter, 3)).toEqual({ count: 3, capped: false });
  });

  it('refuses bad input with per-field details, and other companies', async () => {
    const bad = await t.call(ana, { method: 'GET', url: url(acme, '/count?status=nonsense') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.status).toBeDefined();
    const other = await t.call(eva, { method: 'GET', url: url(acme, '/count') });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('not_member');
  });
});

describe('bulk actions on everything a filter matches', () => {
  it('sets the status of every match in the company, with one change-feed row and timeline entries', async () => {
    const res = await byFilter(ana, acme, {
      action: 'set_status',
      filter: { q: 'novak' },
      status: 'customer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ action: 'set_status', matched: 3 });
    expect(await names(ana, acme)).toEqual([
      'Horvat Bau:lead',
      'Novak Design:customer',
      'Novak Foods:customer',
      'Novak Trade:customer',
    ]);
    expect(await names(eva, beta)).toEqual(['Novak Trade:lead']);
    const [updated] = await feed(acme, 'customer.bulk_updated');
    expect(updated?.count).toBe(3);
    expect(await feed(beta, 'customer.bulk_updated')).toEqual([]);
  });

  it('deletes every match of a filter and audits it; the namesake in another company stays', async () => {
    const res = await byFilter(ana, acme, { action: 'delete', filter: { q: 'novak', status: 'customer' } });
    expect(res.json().data).toEqual({ action: 'delete', matched: 3 });
    expect(await names(ana, acme)).toEqual(['Horvat Bau:lead']);
    expect(await names(eva, beta)).toEqual(['Novak Trade:lead']);
    const [deleted] = await feed(acme, 'customer.bulk_deleted');
    expect(deleted?.count).toBe(3);
    expect(await count(ana, acme, '')).toEqual({ count: 1, capped: false });
  });

  it('refuses bad bodies whole and never acts in a company the person is not in', async () => {
    for (const payload of [
      { action: 'set_status', filter: {} },
      { action: 'set_status', filter: {}, status: 'nonsense' },
      { action: 'explode', filter: {} },
      { action: 'delete' },
      { action: 'delete', filter: { status: 'nonsense' } },
    ]) {
      const res = await byFilter(ana, acme, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const other = await byFilter(eva, acme, { action: 'delete', filter: {} });
    expect(other.statusCode).toBe(403);
    expect(await names(ana, acme)).toEqual(['Horvat Bau:lead']);
  });
});
