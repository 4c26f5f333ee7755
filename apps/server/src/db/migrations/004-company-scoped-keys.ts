import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * Company-scoped foreign keys: a row of one company can only point at a
 * customer of the same company, whatever the application does. Every
 * reference between company-owned tables becomes a composite key on
 * (company_id, id), with `customers (company_id, id)` unique as its target:
 * - customer_tags, customer_activities → customers: ON DELETE CASCADE, as before;
 * - events → customers: deleting a customer unlinks its to-dos (customer_id
 *   becomes null, company_id stays). PostgreSQL 15+ says so with
 *   `ON DELETE SET NULL (customer_id)`. SQLite has no column list there (a plain
 *   SET NULL would null company_id too, which is NOT NULL), so the key has no
 *   action and a BEFORE DELETE trigger on customers unlinks the to-dos first;
 *   the key, checked at the end of the statement, then finds no orphan.
 *
 * PostgreSQL adds the constraints in place. SQLite cannot add a constraint to
 * a table, so the three child tables are rebuilt (new table, copy, drop,
 * rename, indexes again, AUTOINCREMENT counter kept); customers itself only
 * gains a unique index, so its full-text and counter triggers (migration 002)
 * stay as they are. Tables that later modules add with references between
 * company-owned tables declare such composite keys from the start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Only a bug could have linked a to-do to another company's customer; such a link cannot be kept
  // under the new key, and the to-do itself (in its own company) can: unlink it.
  await sql`UPDATE events SET customer_id = NULL WHERE customer_id IS NOT NULL AND NOT EXISTS
    (SELECT 1 FROM customers c WHERE c.company_id = events.company_id AND c.id = events.customer_id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`ALTER TABLE customers ADD CONSTRAINT customers_company_key UNIQUE (company_id, id)`.execute(db);
    for (const child of CHILDREN) {
      await sql`ALTER TABLE ${sql.table(child.table)} DROP CONSTRAINT ${sql.ref(`${child.table}_customer_id_fkey`)}`.execute(
        db,
      );
      const onDelete = child.table === 'events' ? sql`SET NULL (customer_id)` : sql`CASCADE`;
      await sql`ALTER TABLE ${sql.table(child.table)} ADD CONSTRAINT ${sql.ref(compositeKeyName(child.table))}
        FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id) ON DELETE ${onDelete}`.execute(
        db,
      );
    }
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`CREATE UNIQUE INDEX customers_company_key ON customers (company_id, id)`.execute(trx);
    for (const child of CHILDREN) await rebuildSqlite(trx, child, true);
    await sql`CREATE TRIGGER events_unlink_customer BEFORE DELETE ON customers BEGIN
      UPDATE events SET customer_id = NULL WHERE company_id = old.company_id AND customer_id = old.id;
    END`.execute(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const child of CHILDREN) {
      await sql`ALTER TABLE ${sql.table(child.table)} DROP CONSTRAINT ${sql.ref(compositeKeyName(child.table))}`.execute(
        db,
      );
      const onDelete = child.table === 'events' ? sql`SET NULL` : sql`CASCADE`;
      await sql`ALTER TABLE ${sql.table(child.table)} ADD CONSTRAINT ${sql.ref(`${child.table}_customer_id_fkey`)}
        FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE ${onDelete}`.execute(db);
    }
    await sql`ALTER TABLE customers DROP CONSTRAINT customers_company_key`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`DROP TRIGGER IF EXISTS events_unlink_customer`.execute(trx);
    for (const child of CHILDREN) await rebuildSqlite(trx, child, false);
    await sql`DROP INDEX IF EXISTS customers_company_key`.execute(trx);
  });
}

function compositeKeyName(table: string): string {
  return `${table}_company_customer_fkey`;
}

interface ChildTable {
  table: 'customer_tags' | 'customer_activities' | 'events';
  /** The table as migration 002 declared it, with the reference to customers left to `rebuildSqlite`. */
  create: (db: Kysely<any>, name: string) => Promise<void>;
  indexes: (db: Kysely<any>) => Promise<void>;
}

const CHILDREN: ChildTable[] = [
  {
    table: 'customer_tags',
    create: async (db, name) => {
      await db.schema
        .createTable(name)
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('tag', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('customer_tags_pk', ['customer_id', 'tag'])
        .$call((b) => customerKey(b, name))
        .execute();
    },
    indexes: async (db) => {
      await db.schema
        .createIndex('customer_tags_tag_idx')
        .on('customer_tags')
        .columns(['company_id', 'tag', 'customer_id'])
        .execute();
    },
  },
  {
    table: 'customer_activities',
    create: async (db, name) => {
      const t = types(db);
      await db.schema
        .createTable(name)
        .addColumn('id', 'integer', t.id)
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('changes', 'text')
        .addColumn('author_id', 'integer')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .$call((b) => customerKey(b, name))
        .execute();
    },
    indexes: async (db) => {
      await db.schema
        .createIndex('customer_activities_customer_idx')
        .on('customer_activities')
        .columns(['customer_id', 'created_at', 'id'])
        .execute();
    },
  },
  {
    table: 'events',
    create: async (db, name) => {
      const t = types(db);
      await db.schema
        .createTable(name)
        .addColumn('id', 'integer', t.id)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('start_at', t.timestamp, (c) => c.notNull())
        .addColumn('end_at', t.timestamp)
        .addColumn('until_at', t.timestamp, (c) => c.notNull())
        .addColumn('is_long', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('all_day', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('done', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('completed_at', t.timestamp)
        .addColumn('priority', 'varchar(16)', (c) => c.notNull())
        .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('customer_id', 'integer')
        .addColumn('reminder_minutes', 'integer')
        .addColumn('location', 'varchar(300)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .$call((b) => customerKey(b, name))
        .execute();
    },
    indexes: async (db) => {
      const eventIndexes: [string, string[]][] = [
        ['events_start_idx', ['company_id', 'start_at', 'id']],
        ['events_done_until_idx', ['company_id', 'done', 'until_at']],
        ['events_assignee_idx', ['assignee_id', 'company_id', 'start_at', 'id']],
        ['events_customer_idx', ['customer_id', 'start_at', 'id']],
      ];
      for (const [name, columns] of eventIndexes) {
        await db.schema.createIndex(name).on('events').columns(columns).execute();
      }
      await db.schema
        .createIndex('events_long_idx')
        .on('events')
        .columns(['company_id', 'until_at'])
        .where(sql<boolean>`is_long`)
        .execute();
    },
  },
];

/**
 * The reference to customers: composite while migrating up (the table is
 * built as `<table>_next`), on customers.id alone while migrating down (built
 * as `<table>_prev`), each with the ON DELETE action described at the top.
 */
function customerKey(builder: any, name: string): any {
  const events = name.startsWith('events');
  if (name.endsWith('_next')) {
    return builder.addForeignKeyConstraint(
      compositeKeyName(name.replace(/_next$/, '')),
      ['company_id', 'customer_id'],
      'customers',
      ['company_id', 'id'],
      (fk: any) => (events ? fk : fk.onDelete('cascade')),
    );
  }
  return builder.addForeignKeyConstraint(
    `${name.replace(/_prev$/, '')}_customer_id_fkey`,
    ['customer_id'],
    'customers',
    ['id'],
    (fk: any) => fk.onDelete(events ? 'set null' : 'cascade'),
  );
}

/** SQLite: rebuilds a child table with the new (or old) reference to customers, keeping its rows and ids. */
async function rebuildSqlite(db: Kysely<any>, child: ChildTable, composite: boolean): Promise<void> {
  const temp = `${child.table}${composite ? '_next' : '_prev'}`;
  await child.create(db, temp);
  const columns = (
    await sql<{ name: string }>`SELECT name FROM pragma_table_info(${child.table})`.execute(db)
  ).rows;
  const list = sql.join(columns.map((c) => sql.ref(c.name)));
  await sql`INSERT INTO ${sql.table(temp)} (${list}) SELECT ${list} FROM ${sql.table(child.table)}`.execute(
    db,
  );
  // AUTOINCREMENT never reuses an id: carry the counter over, it may be above the highest id left.
  const sequence = await sql<{
    seq: number;
  }>`SELECT seq FROM sqlite_sequence WHERE name = ${child.table}`.execute(db);
  await sql`DROP TABLE ${sql.table(child.table)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(temp)} RENAME TO ${sql.table(child.table)}`.execute(db);
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) {
    await sql`UPDATE sqlite_sequence SET seq = ${seq} WHERE name = ${child.table}`.execute(db);
  }
  await child.indexes(db);
}
