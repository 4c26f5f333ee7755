import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * CRM: customers (with tags, timeline, full-text search and per-company
 * counters) and to-do events.
 *
 * Every list filter and sort has an index whose equality columns come first
 * (company, then status or owner) and whose last columns are the sort key and
 * id, so keyset pagination is one index range scan at any depth. Indexes that
 * lead with a foreign key (owner, assignee, customer) also serve its ON DELETE
 * action, which otherwise scans the whole child table.
 *
 * Search: `customers.search_text` holds normalised words written by the
 * application (names, email and its parts, phone and its digits, OIB/VAT id).
 * SQLite indexes it with an external-content FTS5 table kept in sync by
 * triggers; PostgreSQL with a generated tsvector and a GIN index. Both answer
 * prefix-of-word queries, so results are the same on both databases.
 *
 * `customer_counts` holds per-company counts by status and by month of
 * creation, kept by triggers in the same transaction as the change, so the
 * dashboard reads a handful of rows instead of counting a million.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);

  let customers = db.schema
    .createTable('customers')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // Lower case without diacritics; compared bytewise on both databases.
    .addColumn('sort_name', pg ? sql`varchar(200) collate "C"` : 'varchar(200)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(120)')
    .addColumn('last_name', 'varchar(120)')
    .addColumn('organisation_name', 'varchar(200)')
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('website', 'varchar(500)')
    .addColumn('address', 'varchar(500)')
    .addColumn('country', 'varchar(2)')
    .addColumn('oib', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source', 'varchar(100)')
    .addColumn('notes', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // Who created/changed it; no foreign key: history outlives accounts and needs no index.
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull());
  if (pg) {
    customers = customers.addColumn('search_vector', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`).stored(),
    );
  }
  await customers.execute();

  const customerIndexes: [string, string[]][] = [
    ['customers_name_idx', ['company_id', 'sort_name', 'id']],
    ['customers_created_idx', ['company_id', 'created_at', 'id']],
    ['customers_updated_idx', ['company_id', 'updated_at', 'id']],
    ['customers_status_name_idx', ['company_id', 'status', 'sort_name', 'id']],
    ['customers_status_created_idx', ['company_id', 'status', 'created_at', 'id']],
    ['customers_status_updated_idx', ['company_id', 'status', 'updated_at', 'id']],
    ['customers_owner_name_idx', ['owner_id', 'company_id', 'sort_name', 'id']],
    ['customers_owner_created_idx', ['owner_id', 'company_id', 'created_at', 'id']],
    ['customers_owner_updated_idx', ['owner_id', 'company_id', 'updated_at', 'id']],
  ];
  for (const [name, columns] of customerIndexes) {
    await db.schema.createIndex(name).on('customers').columns(columns).execute();
  }

  await db.schema
    .createTable('customer_tags')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_tags_pk', ['customer_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('customer_tags_tag_idx')
    .on('customer_tags')
    .columns(['company_id', 'tag', 'customer_id'])
    .execute();

  await db.schema
    .createTable('customer_activities')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('changes', 'text')
    .addColumn('author_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_activities_customer_idx')
    .on('customer_activities')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('customer_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(32)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_counts_pk', ['company_id', 'dimension', 'value'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_at', t.timestamp, (c) => c.notNull())
    .addColumn('end_at', t.timestamp)
    // The effective end (end_at, else start_at, else a day for all-day events), for range and overdue queries.
    .addColumn('until_at', t.timestamp, (c) => c.notNull())
    // Longer than EVENT_LONG_DAYS (7): range queries look such events up apart, so that the others
    // can be found by a two-sided range on start_at (start within [from - 7 days, to)).
    .addColumn('is_long', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('all_day', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('done', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('completed_at', t.timestamp)
    .addColumn('priority', 'varchar(16)', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('reminder_minutes', 'integer')
    .addColumn('location', 'varchar(300)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  const eventIndexes: [string, string[]][] = [
    ['events_start_idx', ['company_id', 'start_at', 'id']],
    ['events_done_until_idx', ['company_id', 'done', 'until_at']],
    ['events_assignee_idx', ['assignee_id', 'company_id', 'start_at', 'id']],
    ['events_customer_idx', ['customer_id', 'start_at', 'id']],
  ];
  for (const [name, columns] of eventIndexes) {
    await db.schema.createIndex(name).on('events').columns(columns).execute();
  }
  // Partial: long events are few, and their own statistics let the planner see that.
  await db.schema
    .createIndex('events_long_idx')
    .on('events')
    .columns(['company_id', 'until_at'])
    .where(sql<boolean>`is_long`)
    .execute();

  if (!pg) {
    // Search on SQLite looks up the rows the full-text index found by id; this narrow index
    // answers company, filters and sort keys for thousands of ids without reading the wide rows.
    await db.schema
      .createIndex('customers_search_idx')
      .on('customers')
      .columns(['id', 'company_id', 'status', 'owner_id', 'sort_name', 'created_at', 'updated_at'])
      .execute();
  }

  if (pg) await postgresSearchAndCounters(db);
  else await sqliteSearchAndCounters(db);
}

async function sqliteSearchAndCounters(db: Kysely<any>): Promise<void> {
  // detail=none and columnsize=0: only which rows hold a word is needed (prefix AND queries, no ranking).
  await sql`CREATE VIRTUAL TABLE customers_fts USING fts5(
    search_text, content='customers', content_rowid='id', detail='none', columnsize=0
  )`.execute(db);
  await sql`CREATE TRIGGER customers_fts_ai AFTER INSERT ON customers BEGIN
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER customers_fts_ad AFTER DELETE ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER customers_fts_au AFTER UPDATE OF search_text ON customers BEGIN
    INSERT INTO customers_fts (customers_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO customers_fts (rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);

  await sql`CREATE TRIGGER customer_counts_ai AFTER INSERT ON customers BEGIN
    INSERT INTO customer_counts (company_id, dimension, value, n)
    VALUES (new.company_id, 'status', new.status, 1), (new.company_id, 'month', substr(new.created_at, 1, 7), 1)
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = n + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER customer_counts_ad AFTER DELETE ON customers BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE company_id = old.company_id
      AND ((dimension = 'status' AND value = old.status)
        OR (dimension = 'month' AND value = substr(old.created_at, 1, 7)));
  END`.execute(db);
  await sql`CREATE TRIGGER customer_counts_au AFTER UPDATE OF status ON customers
  WHEN old.status <> new.status BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE company_id = old.company_id AND dimension = 'status' AND value = old.status;
    INSERT INTO customer_counts (company_id, dimension, value, n)
    VALUES (new.company_id, 'status', new.status, 1)
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = n + 1;
  END`.execute(db);
}

async function postgresSearchAndCounters(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX customers_search_idx ON customers USING gin (search_vector)`.execute(db);

  // Statement-level, over the transition tables: an import of 500 rows updates each counter once, not 500 times.
  await sql`CREATE FUNCTION customer_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO customer_counts (company_id, dimension, value, n)
      SELECT company_id, 'status', status, count(*) FROM new_rows GROUP BY company_id, status
      UNION ALL
      SELECT company_id, 'month', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)
      FROM new_rows GROUP BY company_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = customer_counts.n + EXCLUDED.n;
    RETURN NULL;
  END
  $$`.execute(db);
  await sql`CREATE FUNCTION customer_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE customer_counts c SET n = c.n - d.k
    FROM (
      SELECT company_id, 'status' AS dimension, status AS value, count(*) AS k FROM old_rows GROUP BY company_id, status
      UNION ALL
      SELECT company_id, 'month', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)
      FROM old_rows GROUP BY company_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')
    ) d
    WHERE c.company_id = d.company_id AND c.dimension = d.dimension AND c.value = d.value;
    RETURN NULL;
  END
  $$`.execute(db);
  await sql`CREATE FUNCTION customer_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE customer_counts c SET n = c.n - d.k
    FROM (
      SELECT o.company_id, o.status, count(*) AS k FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status <> n.status GROUP BY o.company_id, o.status
    ) d
    WHERE c.company_id = d.company_id AND c.dimension = 'status' AND c.value = d.status;
    INSERT INTO customer_counts (company_id, dimension, value, n)
      SELECT n.company_id, 'status', n.status, count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status <> n.status GROUP BY n.company_id, n.status
    ON CONFLICT (company_id, dimension, value) DO UPDATE SET n = customer_counts.n + EXCLUDED.n;
    RETURN NULL;
  END
  $$`.execute(db);
  await sql`CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_insert()`.execute(
    db,
  );
  await sql`CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_delete()`.execute(
    db,
  );
  await sql`CREATE TRIGGER customer_counts_update AFTER UPDATE ON customers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_update()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS customer_counts_${name} ON customers`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS customer_counts_${name}()`).execute(db);
    }
  } else {
    await sql`DROP TABLE IF EXISTS customers_fts`.execute(db);
  }
  for (const table of ['events', 'customer_counts', 'customer_activities', 'customer_tags', 'customers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
