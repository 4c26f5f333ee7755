import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';

/**
 * A company is deactivated in the product, not deleted; an operator (or the bench's clean-up)
 * may still delete one, and the database must take all it holds with it (migration 030):
 * customers, to-dos linked to them (a series too), counters and versions. Another company's
 * counters stay as they were.
 */
let t: TestApp;
let cast: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  cast = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

async function customerWithTodos(token: string, company: number): Promise<void> {
  const post = async (url: string, payload: object) => {
    const res = await t.call(token, { method: 'POST', url: `/api/companies/${company}${url}`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  };
  const customer = await post('/customers', { name: 'Horvat d.o.o.' });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  await post('/events', { title: 'Call back', start_at: tomorrow, customer_id: customer.id });
  await post('/events', {
    title: 'Weekly review',
    start_at: tomorrow,
    customer_id: customer.id,
    recurrence: 'FREQ=WEEKLY;COUNT=4',
  });
}

const openTodos = async (company: number) => {
  const rows = await t.ctx.db
    .selectFrom('event_counts')
    .select('n_open')
    .where('company_id', '=', company)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.n_open), 0);
};

describe('deleting a company', () => {
  it('takes its customers, to-dos, counters and versions with it, and leaves another company as it was', async () => {
    const { acme, beta, ana, eva } = cast;
    await customerWithTodos(ana.token, acme);
    await customerWithTodos(eva.token, beta);
    const betaOpen = await openTodos(beta);
    expect(betaOpen).toBeGreaterThan(0);

    await t.ctx.db.deleteFrom('companies').where('id', '=', acme).execute();

    for (const table of [
      'customers',
      'events',
      'event_counts',
      'event_versions',
      'customer_versions',
    ] as const) {
      const left = await t.ctx.db
        .selectFrom(table)
        .select('company_id')
        .where('company_id', '=', acme)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(await openTodos(beta)).toBe(betaOpen);
    const list = await t.call(eva.token, { method: 'GET', url: `/api/companies/${beta}/events?filter=open` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.length).toBeGreaterThan(0);
  });
});
