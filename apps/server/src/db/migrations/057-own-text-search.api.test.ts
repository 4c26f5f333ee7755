import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../modules/customers/list/customer-search.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { migrations } from './index.ts';

/**
 * Migration 057 puts existing own text values into the search data exactly as the write doors
 * make it from then on (customers' `search_text`, deals' `own_words`), skipping archived
 * fields' values, for every company; it goes down and up again.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
});
afterAll(() => t.close());

async function ok(token: string, method: 'POST' | 'PATCH', url: string, payload: object) {
  const res = await t.call(token, { method, url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** Across companies, as the migration writes them (hence without the company-scope check). */
async function searchData() {
  const db = t.ctx.db.withoutPlugins();
  const customers = await db.selectFrom('customers').select(['id', 'search_text']).orderBy('id').execute();
  const deals = await db.selectFrom('deals').select(['id', 'own_words']).orderBy('id').execute();
  return { customers, deals };
}

describe('migration 057', () => {
  it('fills the words the write doors keep, and goes down and up again', async () => {
    for (const [company, token] of [
      [c.acme, c.ana.token],
      [c.beta, c.eva.token],
    ] as const) {
      const fields = `/api/companies/${company}/custom-fields`;
      const archived: number[] = [];
      for (const record of ['customer', 'deal'] as const) {
        await ok(token, 'POST', fields, { record, key: 'motto', label: 'Motto', type: 'text' });
        await ok(token, 'POST', fields, { record, key: 'web', label: 'Web', type: 'url' });
        archived.push(
          (await ok(token, 'POST', fields, { record, key: 'old', label: 'Old', type: 'text' })).id,
        );
      }
      const custom = { motto: 'Always Open, Ivana!', web: 'https://www.hotel-ivana.example', old: 'Retired' };
      await ok(token, 'POST', `/api/companies/${company}/customers`, { name: 'Ivana Horvat', custom });
      await ok(token, 'POST', `/api/companies/${company}/deals`, { title: 'Hotel deal', custom });
      await ok(token, 'POST', `/api/companies/${company}/customers`, { name: 'No values' });
      for (const id of archived) await ok(token, 'PATCH', `${fields}/${id}`, { archived: true });
    }
    await t.ctx.jobs.drain(60_000);
    const kept = await searchData();
    expect(kept.customers.filter((r) => r.search_text.includes('always'))).toHaveLength(2);
    expect(kept.deals.filter((r) => r.own_words === 'always open ivana hotel example')).toHaveLength(2);
    expect(kept.customers.some((r) => r.search_text.includes('retired'))).toBe(false);

    const migration = migrations['057-own-text-search'];
    // 057 reads the value rows, which 079 drops: its way down makes them again from the rows' JSON.
    const rows = migrations['079-own-value-rows-dropped'];
    if (!migration?.down || !rows?.down) throw new Error('no down');
    const db = t.ctx.db.withoutPlugins();
    await rows.down(db);
    await migration.down(db);
    // Before the migration, a customer's words were its built-in fields' alone.
    for (const row of await db.selectFrom('customers').selectAll().execute())
      await db
        .updateTable('customers')
        .set({ search_text: searchText(row) })
        .where('id', '=', row.id)
        .execute();
    expect(
      (await db.selectFrom('customers').select('search_text').execute()).some((r) =>
        r.search_text.includes('always'),
      ),
    ).toBe(false);
    await migration.up(db);
    await rows.up(db);
    expect(await searchData()).toEqual(kept);
  });
});
