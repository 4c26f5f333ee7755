import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCompany } from '../db/cross-company.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The check's verdict on a query, without running it (and without counting it as a violation). */
const verdict = (query: { toOperationNode(): unknown }) =>
  t.scopeCheck.problemOf(query.toOperationNode() as Parameters<TestApp['scopeCheck']['problemOf']>[0]);

describe('company scope check on the migrated database', () => {
  it('finds the company-owned tables by their company_id column, person-side tables apart', () => {
    const tables = [...t.scopeCheck.companyOwnedTables].sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        'company_modules',
        'customer_activities',
        'customer_counts',
        'customer_tags',
        'customers',
        'events',
      ]),
    );
    expect(tables).not.toContain('memberships');
    expect(tables).not.toContain('audit_entries');
    expect(tables).not.toContain('users');
  });

  it('covers a table a later module adds, without being told about it', async () => {
    await sql`create table widgets (id integer primary key, company_id integer not null, name text)`.execute(
      t.ctx.db,
    );
    await t.scopeCheck.learnTables(t.ctx.db);
    // biome-ignore lint/suspicious/noExplicitAny: a table the schema types do not know.
    const db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    expect(verdict(db.selectFrom('widgets').selectAll())).toBe(
      'SELECT on "widgets" has no company_id condition',
    );
    expect(verdict(db.selectFrom('widgets').selectAll().where('company_id', '=', 1))).toBe(undefined);
  });

  it('lets a query through the escape hatch only', async () => {
    await expect(t.ctx.db.selectFrom('events').select('id').execute()).rejects.toThrow(
      'Unscoped company query: SELECT on "events" has no company_id condition',
    );
    t.scopeCheck.violations.length = 0; // refused on purpose above
    const rows = await crossCompany(t.ctx.db, 'the test shows the escape hatch')
      .selectFrom('events')
      .select('id')
      .execute();
    expect(rows).toEqual([]);
  });
});
