import { CustomerCreateBody } from '@kontora/contract/customers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCustomer, newCustomerRow } from '../../modules/customers/customer-dto.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dialectOf } from '../dialect.ts';
import { migrations } from './index.ts';

/**
 * Migration 080: a statement renaming customers bumps each company's to-do version once on
 * PostgreSQL (once per renamed row on SQLite, as before); an update that renames nobody bumps
 * nothing. Down and up again restore and remove the per-row bump.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

const eventVersion = async (company: number) => {
  const row = await t.ctx.db
    .selectFrom('event_versions')
    .select('version')
    .where('company_id', '=', company)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
};

async function customers(company: number, count: number): Promise<number[]> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) =>
    newCustomerRow(company, completeCustomer(CustomerCreateBody.parse({ name: `Horvat ${i}` })), {
      userId: null,
      at,
    }),
  );
  const ids = await t.ctx.db.insertInto('customers').values(rows).returning('id').execute();
  return ids.map((r) => r.id);
}

/** One statement renaming these customers of `company`. */
const rename = (company: number, ids: number[]) =>
  t.ctx.db
    .updateTable('customers')
    .set({ name: sql`name || '!'` })
    .where('company_id', '=', company)
    .where('id', 'in', ids)
    .execute();

describe('migration 080', () => {
  it('bumps a company once for a statement renaming several of its customers on PostgreSQL', async () => {
    const perRow = dialectOf(t.ctx.db) === 'sqlite';
    const acme = await customers(c.acme, 3);
    const beta = await customers(c.beta, 2);
    const [acmeStart, betaStart] = [await eventVersion(c.acme), await eventVersion(c.beta)];

    await rename(c.acme, acme);
    expect(await eventVersion(c.acme)).toBe(acmeStart + (perRow ? 3 : 1));
    expect(await eventVersion(c.beta)).toBe(betaStart);

    // Nobody renamed: no bump.
    await t.ctx.db
      .updateTable('customers')
      .set({ notes: 'called' })
      .where('company_id', '=', c.acme)
      .where('id', 'in', acme)
      .execute();
    expect(await eventVersion(c.acme)).toBe(acmeStart + (perRow ? 3 : 1));

    // One statement over both companies bumps each.
    await t.ctx.db
      .updateTable('customers')
      .set({ name: sql`name || '?'` })
      .where('company_id', 'in', [c.acme, c.beta])
      .where('id', 'in', [...acme.slice(0, 1), ...beta])
      .execute();
    expect(await eventVersion(c.acme)).toBe(acmeStart + (perRow ? 4 : 2));
    expect(await eventVersion(c.beta)).toBe(betaStart + (perRow ? 2 : 1));
  });

  it('goes down to the per-row bump and up again', async () => {
    const perRow = dialectOf(t.ctx.db) === 'sqlite';
    const migration = migrations['080-renames-bump-once-a-statement'];
    if (!migration?.down) throw new Error('no down');
    const db = t.ctx.db.withoutPlugins();
    const ids = await customers(c.acme, 3);
    const start = await eventVersion(c.acme);
    await migration.down(db);
    await rename(c.acme, ids);
    expect(await eventVersion(c.acme)).toBe(start + 3);
    await migration.up(db);
    await rename(c.acme, ids);
    expect(await eventVersion(c.acme)).toBe(start + 3 + (perRow ? 3 : 1));
  });
});
