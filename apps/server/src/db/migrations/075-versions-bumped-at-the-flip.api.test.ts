import { CustomerCreateBody } from '@kontora/contract/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchImport } from '../../lib/csv-import/import-staging.ts';
import { crmVersions } from '../../modules/crm-stats/crm-stats-cache.ts';
import { completeCustomer, newCustomerRow } from '../../modules/customers/customer-dto.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dialectOf } from '../dialect.ts';
import { migrations } from './index.ts';

/**
 * Migration 075: on SQLite a row an import saves behind its switch bumps no version (it changes no
 * answer until the flip); the flip bumps the version of its kind once, on both engines; a row
 * written otherwise bumps as before. Down and up again restore and remove the per-row bump.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

const at = () => new Date().toISOString();
/** The company's customer version, as the CRM dashboard's cache key reads it. */
const customerVersion = async (company: number) =>
  Number((await crmVersions(t.ctx.db, company)).split('.')[1]);

async function insertCustomer(company: number, importId: number | null): Promise<void> {
  const row = newCustomerRow(company, completeCustomer(CustomerCreateBody.parse({ name: 'Horvat' })), {
    userId: null,
    at: at(),
  });
  await t.ctx.db
    .insertInto('customers')
    .values({ ...row, import_id: importId })
    .execute();
}

async function startImport(company: number): Promise<number> {
  const row = await t.ctx.db
    .insertInto('csv_imports')
    .values({ company_id: company, kind: 'customers', state: 'applying', created_at: at(), alive_at: at() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('migration 075', () => {
  it("leaves the bump of an import's rows to its flip on SQLite", async () => {
    const sqlite = dialectOf(t.ctx.db) === 'sqlite';
    const importId = await startImport(c.acme);
    const start = await customerVersion(c.acme);
    // PostgreSQL marks no row, and bumps once per statement.
    await insertCustomer(c.acme, sqlite ? importId : null);
    await insertCustomer(c.acme, sqlite ? importId : null);
    expect(await customerVersion(c.acme)).toBe(sqlite ? start : start + 2);
    const beta = await customerVersion(c.beta);
    await touchImport(t.ctx.db, c.acme, importId, 'applied');
    const flipped = await customerVersion(c.acme);
    expect(flipped).toBe(sqlite ? start + 1 : start + 3);
    expect(await customerVersion(c.beta)).toBe(beta);
    await insertCustomer(c.acme, null);
    expect(await customerVersion(c.acme)).toBe(flipped + 1);

    const migration = migrations['075-versions-bumped-at-the-flip'];
    if (!migration?.down) throw new Error('no down');
    const db = t.ctx.db.withoutPlugins();
    const marked = await startImport(c.acme);
    await migration.down(db);
    await insertCustomer(c.acme, sqlite ? marked : null);
    expect(await customerVersion(c.acme)).toBe(flipped + 2);
    await migration.up(db);
    await insertCustomer(c.acme, sqlite ? marked : null);
    expect(await customerVersion(c.acme)).toBe(sqlite ? flipped + 2 : flipped + 3);
  });
});
