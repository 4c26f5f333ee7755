import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * Search and dashboard figures at a million customers (decision 026).
 *
 * The three sort indexes of the customer list also carry the search words
 * (`search_text` on SQLite, `search_vector` as an INCLUDE column on
 * PostgreSQL), so a search for a common word reads the next entries of the
 * sort index alone, in page order, and stops at a page of matches — no row
 * lookups, no ranking of every match (customer-search-page.ts). They replace
 * the narrower indexes of migration 002 with the same leading columns.
 * The to-dos' start index carries what the dashboard's counts test
 * (is_long, until_at, done), so "today" and "this week" count index entries.
 * SQLite's full-text index gains prefix indexes (prefixes of 1 to 6
 * characters), so that a capped count of a short prefix's matches reads a few
 * thousand entries instead of merging every word that begins so.
 *
 * `event_counts` keeps, per company and UTC day of the effective end
 * (`until_at`), how many to-dos are open (not done), in the same transaction
 * as each change: row triggers on SQLite, statement triggers over transition
 * tables on PostgreSQL (as `customer_counts` in migration 002). "Open" is the
 * sum of a company's days; "overdue" the sum of the days before today plus
 * one short index range for today — instead of counting 100,000s of index
 * entries on every dashboard request. Filled from the table here (backfill)
 * and rebuilt by the nightly `crm.recount` job (crm-counters.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const [old, name, sort] of SORT_INDEXES) {
    await sql.raw(`DROP INDEX IF EXISTS ${old}`).execute(db);
    await sql
      .raw(
        pg
          ? `CREATE INDEX ${name} ON customers (company_id, ${sort}, id) INCLUDE (search_vector)`
          : `CREATE INDEX ${name} ON customers (company_id, ${sort}, id, search_text)`,
      )
      .execute(db);
  }
  // The dashboard's "today" and "this week" counts and the next to-dos read this index alone.
  await sql`DROP INDEX IF EXISTS events_start_idx`.execute(db);
  await sql
    .raw(
      pg
        ? 'CREATE INDEX events_start_idx ON events (company_id, start_at, id) INCLUDE (is_long, until_at, done)'
        : 'CREATE INDEX events_start_idx ON events (company_id, start_at, id, is_long, until_at, done)',
    )
    .execute(db);
  if (!pg) await rebuildFts(db, `, prefix='1 2 3 4 5 6'`);
  await db.schema
    .createTable('event_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n_open', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_counts_pk', ['company_id', 'day'])
    .execute();
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql`insert into event_counts (company_id, day, n_open)
    select company_id, ${pg ? sql`to_char(until_at at time zone 'UTC', 'YYYY-MM-DD')` : sql`substr(until_at, 1, 10)`}, count(*)
    from events where not done group by 1, 2`.execute(db);
}

const SORT_INDEXES = [
  ['customers_name_idx', 'customers_name_search_idx', 'sort_name'],
  ['customers_created_idx', 'customers_created_search_idx', 'created_at'],
  ['customers_updated_idx', 'customers_updated_search_idx', 'updated_at'],
] as const;

/** The external-content FTS5 table of migration 002 (its triggers stay), rebuilt from customers. */
async function rebuildFts(db: Kysely<any>, options: string): Promise<void> {
  await sql`DROP TABLE customers_fts`.execute(db);
  await sql
    .raw(`CREATE VIRTUAL TABLE customers_fts USING fts5(
      search_text, content='customers', content_rowid='id', detail='none', columnsize=0${options}
    )`)
    .execute(db);
  await sql`INSERT INTO customers_fts (customers_fts) VALUES ('rebuild')`.execute(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(`
    INSERT INTO event_counts (company_id, day, n_open) VALUES (${row}.company_id, substr(${row}.until_at, 1, 10), ${sign}1)
    ON CONFLICT (company_id, day) DO UPDATE SET n_open = n_open ${sign} 1;`);
  await sql`CREATE TRIGGER event_counts_ai AFTER INSERT ON events WHEN NOT new.done BEGIN ${add('new', '+')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER event_counts_ad AFTER DELETE ON events WHEN NOT old.done BEGIN ${add('old', '-')} END`.execute(
    db,
  );
  // Two triggers for an update: the old row leaves its day if it was open, the new one joins its day if open.
  await sql`CREATE TRIGGER event_counts_au_old AFTER UPDATE OF done, until_at, company_id ON events
    WHEN NOT old.done BEGIN ${add('old', '-')} END`.execute(db);
  await sql`CREATE TRIGGER event_counts_au_new AFTER UPDATE OF done, until_at, company_id ON events
    WHEN NOT new.done BEGIN ${add('new', '+')} END`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Statement-level: an import or bulk change of 1,000 to-dos touches each (company, day) once.
  const day = (table: string) => `to_char(${table}.until_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  await sql
    .raw(`CREATE FUNCTION event_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT n.company_id, ${day('n')}, count(*) FROM new_rows n WHERE NOT n.done GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT o.company_id, ${day('o')}, -count(*) FROM old_rows o WHERE NOT o.done GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    ELSE
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT company_id, d, sum(k) FROM (
          SELECT o.company_id, ${day('o')} AS d, -1 AS k FROM old_rows o WHERE NOT o.done
          UNION ALL
          SELECT n.company_id, ${day('n')}, 1 FROM new_rows n WHERE NOT n.done
        ) x GROUP BY 1, 2 HAVING sum(k) <> 0
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    END IF;
    RETURN NULL;
  END
  $$`)
    .execute(db);
  await sql`CREATE TRIGGER event_counts_insert AFTER INSERT ON events
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_change()`.execute(db);
  await sql`CREATE TRIGGER event_counts_delete AFTER DELETE ON events
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_change()`.execute(db);
  await sql`CREATE TRIGGER event_counts_update AFTER UPDATE ON events
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_counts_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS event_counts_${name} ON events`).execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS event_counts_change()`.execute(db);
  } else {
    for (const name of ['ai', 'ad', 'au_old', 'au_new']) {
      await sql.raw(`DROP TRIGGER IF EXISTS event_counts_${name}`).execute(db);
    }
    await rebuildFts(db, '');
  }
  await db.schema.dropTable('event_counts').ifExists().execute();
  await sql`DROP INDEX IF EXISTS events_start_idx`.execute(db);
  await sql`CREATE INDEX events_start_idx ON events (company_id, start_at, id)`.execute(db);
  for (const [old, name, sort] of SORT_INDEXES) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
    await sql.raw(`CREATE INDEX ${old} ON customers (company_id, ${sort}, id)`).execute(db);
  }
}
