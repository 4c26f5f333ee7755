import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { crossCompany } from '../db/cross-company.ts';
import { CompanyScopeCheck } from './company-scope-check.ts';

// Queries are only compiled here (no database): the check runs when a query is turned into SQL.
// biome-ignore lint/suspicious/noExplicitAny: tables of the test only, no schema.
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
}).withPlugin(new CompanyScopeCheck(['customers', 'customer_tags', 'events']));

const refusal = (compile: () => unknown) => {
  try {
    compile();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('company scope check', () => {
  it('lets scoped queries through', () => {
    expect(refusal(() => db.selectFrom('customers').selectAll().where('company_id', '=', 1).compile())).toBe(
      undefined,
    );
    expect(
      refusal(() =>
        db
          .selectFrom('events as e')
          .leftJoin('customers as cu', (j) =>
            j.onRef('cu.company_id', '=', 'e.company_id').onRef('cu.id', '=', 'e.customer_id'),
          )
          .selectAll()
          .where('e.company_id', '=', 1)
          .compile(),
      ),
    ).toBe(undefined);
    expect(
      refusal(() =>
        db.insertInto('customer_tags').values({ company_id: 1, customer_id: 2, tag: 'a' }).compile(),
      ),
    ).toBe(undefined);
    expect(refusal(() => db.selectFrom('users').selectAll().compile())).toBe(undefined);
    expect(refusal(() => sql`select id from customers where company_id = ${1}`.compile(db))).toBe(undefined);
  });

  it('refuses a query on a company-owned table without a company_id condition', () => {
    expect(refusal(() => db.deleteFrom('customer_tags').where('customer_id', '=', 1).compile())).toBe(
      'Unscoped company query: DELETE on "customer_tags" has no company_id condition',
    );
    expect(
      refusal(() => db.updateTable('customers').set({ name: 'x' }).where('id', '=', 1).compile()),
    ).toMatch(/UPDATE on "customers"/);
    expect(refusal(() => db.insertInto('events').values({ title: 'x' }).compile())).toMatch(
      /INSERT into "events" sets no company_id/,
    );
    expect(refusal(() => sql`select id from customers where id = ${1}`.compile(db))).toMatch(
      /raw SQL on "customers"/,
    );
  });

  it('refuses a join that is not scoped, even when the main table is', () => {
    expect(
      refusal(() =>
        db
          .selectFrom('events as e')
          .leftJoin('customers as cu', 'cu.id', 'e.customer_id')
          .selectAll()
          .where('e.company_id', '=', 1)
          .compile(),
      ),
    ).toMatch(/SELECT on "customers"/);
  });

  it('refuses a subquery that is not scoped', () => {
    expect(
      refusal(() =>
        db
          .selectFrom('customers as c')
          .selectAll()
          .where('c.company_id', '=', 1)
          .where((eb) =>
            eb.exists(
              eb.selectFrom('customer_tags as t').select('t.tag').whereRef('t.customer_id', '=', 'c.id'),
            ),
          )
          .compile(),
      ),
    ).toMatch(/SELECT on "customer_tags"/);
  });

  it('lets a cross-company query through only by crossCompany()', () => {
    expect(() => crossCompany(db, '').deleteFrom('events').compile()).toThrow(/needs a reason/);
    expect(
      refusal(() => crossCompany(db, 'prunes old rows of every company').deleteFrom('events').compile()),
    ).toBe(undefined);
    expect(refusal(() => db.deleteFrom('events').compile())).toMatch(/DELETE on "events"/);
  });
});
