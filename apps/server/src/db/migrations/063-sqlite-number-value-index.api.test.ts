import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dialectOf } from '../dialect.ts';
import { migrations } from './index.ts';

/**
 * Migration 063 drops the (field, number, record) value indexes on SQLite and leaves them on
 * PostgreSQL (decision 094); a list filtered by a number range answers the same with or
 * without them, and the migration goes down and up again.
 */
let t: TestApp;
let c: TwoCompanies;
const NUMBER_INDEXES = ['customer_field_values_num_idx', 'deal_field_values_num_idx'];

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

async function ok(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.call(token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

async function numberIndexes(): Promise<string[]> {
  const db = t.ctx.db.withoutPlugins();
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where indexname like '%field_values_num_idx'`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and name like '%field_values_num_idx'`.execute(
          db,
        );
  return rows.map((r) => r.name).sort();
}

describe('migration 063', () => {
  it('keeps the number value indexes on PostgreSQL only; range filters answer the same', async () => {
    const postgres = dialectOf(t.ctx.db) === 'postgres';
    expect(await numberIndexes()).toEqual(postgres ? NUMBER_INDEXES : []);
    const customers = `/api/companies/${c.acme}/customers`;
    await ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
      record: 'customer',
      key: 'seats',
      label: 'Seats',
      type: 'number',
    });
    await ok(c.eva.token, 'POST', `/api/companies/${c.beta}/custom-fields`, {
      record: 'customer',
      key: 'seats',
      label: 'Seats',
      type: 'number',
    });
    for (const seats of [3, 12, 40, 7])
      await ok(c.ana.token, 'POST', customers, { name: `Seats ${seats}`, custom: { seats } });
    await ok(c.eva.token, 'POST', `/api/companies/${c.beta}/customers`, {
      name: 'Seats 10',
      custom: { seats: 10 },
    });
    const ranged = async () =>
      (
        (await ok(c.ana.token, 'GET', `${customers}?custom.seats.gte=5&custom.seats.lte=20&sort=name`))
          .items as {
          name: string;
        }[]
      ).map((i) => i.name);
    expect(await ranged()).toEqual(['Seats 12', 'Seats 7']);

    const migration = migrations['063-sqlite-number-value-index'];
    if (!migration?.down) throw new Error('no down');
    const db = t.ctx.db.withoutPlugins();
    await migration.down(db);
    expect(await numberIndexes()).toEqual(NUMBER_INDEXES);
    expect(await ranged()).toEqual(['Seats 12', 'Seats 7']);
    await migration.up(db);
    expect(await numberIndexes()).toEqual(postgres ? NUMBER_INDEXES : []);
    expect(await ranged()).toEqual(['Seats 12', 'Seats 7']);
  });
});
