import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { createDatabase } from '../database.ts';
import { migrations } from './index.ts';

/**
 * Migration 004 on a database that already holds CRM data: the rows survive
 * with their ids, and afterwards the database itself refuses a link from one
 * company's row to another company's customer.
 */
let db: Kysely<any>;
let drop: () => Promise<void>;
const ids = { acme: 0, other: 0, ana: 0, acmeCustomer: 0, gone: 0, otherCustomer: 0, linked: 0, unlinked: 0 };
const at = '2026-03-01T10:00:00.000Z';

const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

async function insertCustomer(companyId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      company_id: companyId,
      type: 'organisation',
      name,
      sort_name: name.toLowerCase(),
      status: 'lead',
      search_text: name.toLowerCase(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertEvent(companyId: number, customerId: number | null, title: string): Promise<number> {
  const row = await db
    .insertInto('events')
    .values({
      company_id: companyId,
      title,
      type: 'task',
      start_at: at,
      until_at: at,
      priority: 'normal',
      customer_id: customerId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const snapshot = async () => ({
  customers: await db.selectFrom('customers').select(['id', 'company_id', 'name']).orderBy('id').execute(),
  tags: await db.selectFrom('customer_tags').selectAll().orderBy('customer_id').orderBy('tag').execute(),
  // The columns migration 004 knew: later migrations add columns (009: author_key_name; 014: recurrence, reminders; 033: deal_id; 071: import_id).
  activities: await db
    .selectFrom('customer_activities')
    .select(['id', 'company_id', 'customer_id', 'kind', 'body', 'changes', 'author_id', 'created_at'])
    .orderBy('id')
    .execute(),
  events: (await db.selectFrom('events').selectAll().orderBy('id').execute()).map(
    ({ recurrence, reminders, series_until_at, deal_id, import_id, ...kept }) => kept,
  ),
});

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  db = createDatabase(test.database).db as Kysely<any>;
  const to003 = await migrator().migrateTo('003-admin');
  if (to003.error) throw to003.error;

  const company = async (name: string) =>
    (
      await db
        .insertInto('companies')
        .values({ name, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.acme = await company('Acme');
  ids.other = await company('Other');
  ids.acmeCustomer = await insertCustomer(ids.acme, 'Kept Customer');
  ids.gone = await insertCustomer(ids.acme, 'Gone Customer');
  ids.otherCustomer = await insertCustomer(ids.other, 'Other Customer');
  await db
    .insertInto('customer_tags')
    .values([
      { company_id: ids.acme, customer_id: ids.acmeCustomer, tag: 'vip' },
      { company_id: ids.acme, customer_id: ids.gone, tag: 'old' },
    ])
    .execute();
  await db
    .insertInto('customer_activities')
    .values([
      { company_id: ids.acme, customer_id: ids.acmeCustomer, kind: 'note', body: 'hello', created_at: at },
      { company_id: ids.acme, customer_id: ids.gone, kind: 'note', body: 'bye', created_at: at },
    ])
    .execute();
  ids.linked = await insertEvent(ids.acme, ids.gone, 'Call the gone customer');
  ids.unlinked = await insertEvent(ids.acme, null, 'Free to-do');
  // The highest id is deleted before migrating: a new id afterwards must still be above it.
  const removed = await insertEvent(ids.acme, null, 'Removed');
  await db.deleteFrom('events').where('id', '=', removed).execute();

  before = await snapshot();
  const latest = await migrator().migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('migration 004: company-scoped keys', () => {
  it('keeps every row as it was', async () => {
    expect(await snapshot()).toEqual(before);
    expect(before.events).toHaveLength(2);
  });

  it('keeps counting ids up from where they were', async () => {
    const next = await insertEvent(ids.acme, null, 'After');
    expect(next).toBeGreaterThan(ids.unlinked + 1);
  });

  it("refuses an event, a tag or an activity pointing at another company's customer", async () => {
    await expect(insertEvent(ids.acme, ids.otherCustomer, 'Cross-company')).rejects.toThrow();
    await expect(
      db
        .insertInto('customer_tags')
        .values({ company_id: ids.acme, customer_id: ids.otherCustomer, tag: 'x' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('customer_activities')
        .values({ company_id: ids.acme, customer_id: ids.otherCustomer, kind: 'note', created_at: at })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable('events')
        .set({ customer_id: ids.otherCustomer })
        .where('id', '=', ids.unlinked)
        .execute(),
    ).rejects.toThrow();
    expect(await insertEvent(ids.other, ids.otherCustomer, 'Same company')).toBeGreaterThan(0);
  });

  it('deleting a customer unlinks its to-dos (company kept) and removes its tags and timeline', async () => {
    await db.deleteFrom('customers').where('id', '=', ids.gone).execute();
    const event = await db
      .selectFrom('events')
      .select(['company_id', 'customer_id'])
      .where('id', '=', ids.linked)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ company_id: ids.acme, customer_id: null });
    const tags = await db.selectFrom('customer_tags').select('customer_id').execute();
    expect(tags.map((t) => t.customer_id)).toEqual([ids.acmeCustomer]);
    const activities = await db.selectFrom('customer_activities').select('customer_id').execute();
    expect(activities.map((a) => a.customer_id)).toEqual([ids.acmeCustomer]);
  });

  it('keeps the customer counters and search of migration 002 working', async () => {
    const created = await insertCustomer(ids.acme, 'Searchable Zebra');
    const counts = await db
      .selectFrom('customer_counts')
      .select('n')
      .where('company_id', '=', ids.acme)
      .where('dimension', '=', 'status')
      .where('value', '=', 'lead')
      .executeTakeFirstOrThrow();
    // Kept Customer and Searchable Zebra (Gone Customer was deleted above).
    expect(Number(counts.n)).toBe(2);
    const found = await sql<{ id: number }>`${
      db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
        ? sql`select id from customers where search_vector @@ to_tsquery('simple', 'zebra:*')`
        : sql`select rowid as id from customers_fts where customers_fts match '"zebra"*'`
    }`.execute(db);
    expect(found.rows.map((r) => Number(r.id))).toEqual([created]);
  });

  it('migrates down to the keys of migration 002 with the rows kept, and up again', async () => {
    const now = await snapshot();
    const down = await migrator().migrateTo('003-admin');
    if (down.error) throw down.error;
    expect(await snapshot()).toEqual(now);
    // The old key checks customers.id alone: a link across companies is not refused by it.
    const crossed = await insertEvent(ids.acme, ids.otherCustomer, 'Crossed under the old key');
    await db.deleteFrom('events').where('id', '=', crossed).execute();
    const up = await migrator().migrateToLatest();
    if (up.error) throw up.error;
    expect(await snapshot()).toEqual(now);
    await expect(insertEvent(ids.acme, ids.otherCustomer, 'Cross-company')).rejects.toThrow();
  });
});
