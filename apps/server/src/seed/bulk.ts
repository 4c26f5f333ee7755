import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { recountCrmCounters } from '../modules/crm-stats/crm-counters.ts';
import { insertCustomers, insertUnnest } from '../modules/customers/customers.repository.ts';
import { createDefaultPipeline } from '../modules/deals/pipelines.service.ts';
import { randomCustomerRow, randomEventRow, randomSource } from './bulk-data.ts';

/**
 * `npm run seed:bulk -- --customers 1000000 --events 200000 [--company <id>]`
 *
 * Fills one company (a new "Bulk Co" unless --company) with generated
 * customers and to-dos, fast: the secondary indexes and triggers of the CRM
 * tables are set aside during the load and rebuilt once at the end (one sort
 * per index instead of a million random inserts), rows go in as multi-row
 * INSERTs inside large transactions, and the full-text index and the
 * per-company counters are rebuilt from the table afterwards.
 * Run it while the server is stopped (or idle): writes made by others during
 * the load would miss the full-text index until the rebuild.
 */

const CRM_TABLES = ['customers', 'customer_tags', 'events'];
/** Rows per INSERT (24 parameters a customer row: below SQLite's and PostgreSQL's limits). */
const ROWS_PER_INSERT = 1000;
/** Rows per transaction. */
const ROWS_PER_TRANSACTION = 50_000;
/** SQLite's page cache during the load (KiB, as `pragma cache_size` takes it negative): the index builds sort in memory. */
const SQLITE_LOAD_CACHE_KIB = 512 * 1024;
/** PostgreSQL's memory for each index build: the GIN index of a million search vectors is built in one pass. */
const PG_INDEX_BUILD_MEMORY = '512MB';
/** Column → PostgreSQL array element type of a generated to-do, for inserts through unnest(). */
const EVENT_COLUMNS: Record<string, string> = {
  company_id: 'int4',
  title: 'text',
  description: 'text',
  type: 'text',
  start_at: 'timestamptz',
  end_at: 'timestamptz',
  until_at: 'timestamptz',
  is_long: 'bool',
  all_day: 'bool',
  done: 'bool',
  completed_at: 'timestamptz',
  priority: 'text',
  assignee_id: 'int4',
  customer_id: 'int4',
  reminder_minutes: 'int4',
  location: 'text',
  version: 'int4',
  created_by: 'int4',
  updated_by: 'int4',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

export interface BulkSeedOptions {
  customers: number;
  events: number;
  companyId?: number | undefined;
  seed?: number;
  log?: (line: string) => void;
}

export async function bulkSeed(
  db: Database,
  dialect: Dialect,
  options: BulkSeedOptions,
): Promise<{ companyId: number; memberIds: number[] }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  /** Logs the time since `since`; answers now, the start of the next lap. */
  const lap = (what: string, since: number) => {
    log(`${what} in ${((performance.now() - since) / 1000).toFixed(1)} s`);
    return performance.now();
  };
  const { companyId, memberIds } = await targetCompany(db, options.companyId);
  log(`company ${companyId}, ${memberIds.length} members`);

  const random = randomSource(options.seed ?? companyId);
  const now = Date.now();
  const restore = await setAsideIndexesAndTriggers(db, dialect, lap);
  const customerIds: number[] = [];
  try {
    let t = performance.now();
    for (let done = 0; done < options.customers; ) {
      const inTransaction = Math.min(ROWS_PER_TRANSACTION, options.customers - done);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < inTransaction; i += ROWS_PER_INSERT) {
          const batch = Array.from({ length: Math.min(ROWS_PER_INSERT, inTransaction - i) }, () =>
            randomCustomerRow(random, companyId, memberIds, now),
          );
          const ids = await insertCustomers(
            trx,
            batch.map((b) => b.row),
            batch.map((b) => b.tags),
          );
          customerIds.push(...ids);
        }
      });
      done += inTransaction;
      if (done % 200_000 === 0 || done === options.customers) log(`  ${done} customers`);
    }
    lap(`${options.customers} customers inserted`, t);

    t = performance.now();
    for (let done = 0; done < options.events; ) {
      const inTransaction = Math.min(ROWS_PER_TRANSACTION, options.events - done);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < inTransaction; i += ROWS_PER_INSERT) {
          const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, inTransaction - i) }, () =>
            randomEventRow(random, companyId, memberIds, customerIds, now),
          );
          if (dialect === 'postgres') await insertUnnest(trx, 'events', EVENT_COLUMNS, rows, false);
          else await trx.insertInto('events').values(rows).execute();
        }
      });
      done += inTransaction;
    }
    lap(`${options.events} events inserted`, t);
  } finally {
    const t = performance.now();
    await restore();
    lap('indexes, triggers, search index and counters rebuilt', t);
  }
  lap('bulk seed done', started);
  return { companyId, memberIds };
}

async function targetCompany(db: Database, companyId: number | undefined) {
  if (companyId !== undefined) {
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!company) throw new Error(`company ${companyId} does not exist`);
    const members = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('company_id', '=', companyId)
      .execute();
    return { companyId, memberIds: members.map((m) => m.user_id) };
  }
  const now = new Date().toISOString();
  const created = await db
    .insertInto('companies')
    .values({
      name: 'Bulk Co',
      time_zone: 'Europe/Zagreb',
      currency: 'EUR',
      is_active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_modules')
    .values([0, 2].map((module_id) => ({ company_id: created.id, module_id })))
    .execute();
  await createDefaultPipeline(db, created.id, null);
  // Owners for the customers: invited accounts (no password), shared by every Bulk Co.
  const memberIds: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const email = `bulk-owner-${i}@example.invalid`;
    let user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    user ??= await db
      .insertInto('users')
      .values({
        email,
        full_name: `Bulk Owner ${i}`,
        password_hash: null,
        is_admin: false,
        status: 'invited',
        language: 'en',
        preferences: '{}',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    memberIds.push(user.id);
  }
  await db
    .insertInto('memberships')
    .values(
      memberIds.map((user_id, i) => ({
        company_id: created.id,
        user_id,
        role: i === 0 ? 'owner' : 'member',
        created_at: now,
      })),
    )
    .execute();
  return { companyId: created.id, memberIds };
}

/**
 * Unique indexes stay (as on PostgreSQL): `customers (company_id, id)` is the target of the
 * company-scoped foreign keys, which SQLite refuses to check without it.
 *
 * Drops the CRM tables' secondary indexes and triggers (remembering their
 * definitions from the catalogue) and answers a function that puts them back
 * and rebuilds what the triggers would have maintained.
 */
async function setAsideIndexesAndTriggers(
  db: Database,
  dialect: Dialect,
  lap: (what: string, since: number) => number,
): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string }>`
      select type, name, sql from sqlite_master
      where type in ('index', 'trigger') and sql is not null and tbl_name in (${sql.join(CRM_TABLES)})
        and sql not like 'CREATE UNIQUE %'`.execute(db);
    const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
    // A large page cache and in-memory temporary sorts: each index build (and the full-text
    // rebuild) sorts a million entries, which the default 2 MB cache spills to temporary files.
    await sql.raw(`pragma cache_size = -${SQLITE_LOAD_CACHE_KIB}`).execute(db);
    await sql`pragma temp_store = memory`.execute(db);
    for (const r of rows) await sql.raw(`drop ${r.type} if exists "${r.name}"`).execute(db);
    return async () => {
      let t = performance.now();
      for (const r of rows.filter((x) => x.type === 'index')) await sql.raw(r.sql).execute(db);
      t = lap('  indexes', t);
      await sql`insert into customers_fts (customers_fts) values ('rebuild')`.execute(db);
      t = lap('  search index', t);
      await recountCrmCounters(db);
      for (const r of rows.filter((x) => x.type === 'trigger')) await sql.raw(r.sql).execute(db);
      await sql`pragma synchronous = normal`.execute(db);
      await sql`analyze`.execute(db);
      lap('  counters, triggers, statistics', t);
      await sql.raw(`pragma cache_size = ${Number(cache.rows[0]?.cache_size ?? -2000)}`).execute(db);
      await sql`pragma temp_store = default`.execute(db);
    };
  }
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select i.indexname, i.indexdef from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = i.schemaname)
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename in (${sql.join(CRM_TABLES)})
      and not x.indisprimary and not x.indisunique`.execute(db);
  for (const r of rows) await sql.raw(`drop index if exists "${r.indexname}"`).execute(db);
  // The counters' triggers of both tables (rebuilt once at the end); foreign keys stay checked.
  await sql`alter table customers disable trigger user`.execute(db);
  await sql`alter table events disable trigger user`.execute(db);
  return async () => {
    let t = performance.now();
    // One connection for the builds, so that its memory setting holds for each of them.
    await db.connection().execute(async (conn) => {
      await sql.raw(`set maintenance_work_mem = '${PG_INDEX_BUILD_MEMORY}'`).execute(conn);
      for (const r of rows) await sql.raw(r.indexdef).execute(conn);
      await sql`reset maintenance_work_mem`.execute(conn);
    });
    t = lap('  indexes', t);
    await recountCrmCounters(db);
    await sql`alter table customers enable trigger user`.execute(db);
    await sql`alter table events enable trigger user`.execute(db);
    // VACUUM too: it marks pages all-visible, so the search's walk of a sort index reads no table rows (decision 026).
    await sql`vacuum analyze customers, customer_tags, events, customer_counts, event_counts`.execute(db);
    lap('  counters, triggers, statistics', t);
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '100000' },
      events: { type: 'string', default: '20000' },
      company: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const count = (v: string | undefined, name: string) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  const config = loadConfig();
  const { db, dialect } = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
    console.log(`bulk seed into ${where}`);
    await bulkSeed(db, dialect, {
      customers: count(values.customers, 'customers'),
      events: count(values.events, 'events'),
      companyId: values.company === undefined ? undefined : count(values.company, 'company'),
      seed: values.seed === undefined ? undefined : count(values.seed, 'seed'),
    });
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
