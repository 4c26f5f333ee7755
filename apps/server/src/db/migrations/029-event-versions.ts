import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * `event_versions` (company_id, version): a number that changes, in the same
 * transaction, with anything a to-do list answer shows (decision 026) — a
 * to-do or one of its occurrence rows written, a customer renamed (its name
 * is on its to-dos; a deleted one unlinks them, an update of `events`), a
 * person renamed (the assignee's name), the company's time zone changed
 * (series expand in it). The calendar's answers are cached under it
 * (events-page-cache.ts): a reader that sees the new number reads the new
 * rows, on every instance, whoever wrote them, so no eviction can be missed.
 *
 * `customer_versions` likewise changes with every write to a company's
 * customers; with `event_versions` it keys the CRM dashboard's cached answer
 * (crm-stats-cache.ts).
 *
 * Row triggers on SQLite; on PostgreSQL statement triggers over transition
 * tables for whole-row writes (an import or a bulk change bumps each company
 * once), row triggers with a WHEN for the renames (only a real change calls
 * them). A company without a row reads as version 0.
 */
const BUMP_TABLES = [
  ['events', 'event_versions'],
  ['event_occurrences', 'event_versions'],
  ['customers', 'customer_versions'],
] as const;
const VERSION_TABLES = ['event_versions', 'customer_versions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of VERSION_TABLES) {
    await db.schema
      .createTable(table)
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql.raw(`insert into ${table} (company_id, version) select id, 1 from companies`).execute(db);
  }
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/**
 * Upsert of a bump for the companies `select` names (company ids, no duplicates). Only companies
 * that still exist: deleting a company cascades to its rows, whose triggers must not insert a
 * version row for it again (its foreign key would refuse the delete).
 */
const bump = (select: string, into: (typeof VERSION_TABLES)[number] = 'event_versions') =>
  `INSERT INTO ${into} (company_id, version) ${select}
    ON CONFLICT (company_id) DO UPDATE SET version = ${into}.version + 1;`;

const live = (row: 'new' | 'old') => `EXISTS (SELECT 1 FROM companies WHERE id = ${row}.company_id)`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const [table, into] of BUMP_TABLES) {
    await sql
      .raw(`CREATE TRIGGER ${table}_version_ai AFTER INSERT ON ${table} BEGIN
        ${bump(`SELECT new.company_id, 1 WHERE ${live('new')}`, into)} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_version_ad AFTER DELETE ON ${table} BEGIN
        ${bump(`SELECT old.company_id, 1 WHERE ${live('old')}`, into)} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_version_au AFTER UPDATE ON ${table} BEGIN
        ${bump(`SELECT old.company_id, 1 WHERE ${live('old')}`, into)}
        ${bump(`SELECT new.company_id, 1 WHERE new.company_id <> old.company_id AND ${live('new')}`, into)} END`)
      .execute(db);
  }
  for (const [, table, column, select] of RENAME_TRIGGERS) {
    await sql
      .raw(`CREATE TRIGGER ${table}_${column}_version AFTER UPDATE OF ${column} ON ${table}
      WHEN old.${column} IS NOT new.${column} BEGIN ${bump(select)} END`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  for (const into of VERSION_TABLES) {
    await sql
      .raw(`CREATE FUNCTION ${into}_rows() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      ${bump('SELECT DISTINCT c.id, 1 FROM companies c JOIN new_rows n ON n.company_id = c.id', into)}
    ELSIF TG_OP = 'DELETE' THEN
      ${bump('SELECT DISTINCT c.id, 1 FROM companies c JOIN old_rows o ON o.company_id = c.id', into)}
    ELSE
      ${bump(
        `SELECT c.id, 1 FROM companies c WHERE c.id IN
          (SELECT company_id FROM old_rows UNION SELECT company_id FROM new_rows)`,
        into,
      )}
    END IF;
    RETURN NULL;
  END
  $$`)
      .execute(db);
  }
  for (const [table, into] of BUMP_TABLES) {
    await sql
      .raw(`CREATE TRIGGER ${table}_version_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${into}_rows()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_version_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${into}_rows()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_version_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${into}_rows()`)
      .execute(db);
  }
  // Row triggers with a WHEN: only a real rename (or new zone) calls them.
  for (const [fn, table, column, select] of RENAME_TRIGGERS) {
    await sql
      .raw(`CREATE FUNCTION event_versions_${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${bump(select)} RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_${column}_version AFTER UPDATE OF ${column} ON ${table} FOR EACH ROW
      WHEN (OLD.${column} IS DISTINCT FROM NEW.${column}) EXECUTE FUNCTION event_versions_${fn}()`)
      .execute(db);
  }
}

/**
 * Renames: function (PostgreSQL), table, column whose change shows in answers, the companies it
 * bumps (`WHERE true`: SQLite would read the ON of the upsert as a join's without a WHERE).
 */
const RENAME_TRIGGERS = [
  ['customer', 'customers', 'name', 'SELECT NEW.company_id, 1 WHERE true'],
  ['user', 'users', 'full_name', 'SELECT company_id, 1 FROM memberships WHERE user_id = NEW.id'],
  ['company', 'companies', 'time_zone', 'SELECT NEW.id, 1 WHERE true'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table] of BUMP_TABLES) {
      for (const op of ['insert', 'delete', 'update']) {
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_version_${op} ON ${table}`).execute(db);
      }
    }
    for (const [fn, table, column] of RENAME_TRIGGERS) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${column}_version ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS event_versions_${fn}()`).execute(db);
    }
    for (const into of VERSION_TABLES) await sql.raw(`DROP FUNCTION IF EXISTS ${into}_rows()`).execute(db);
  } else {
    for (const [table] of BUMP_TABLES) {
      for (const op of ['ai', 'ad', 'au'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_version_${op}`).execute(db);
    }
    for (const [, table, column] of RENAME_TRIGGERS) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${column}_version`).execute(db);
    }
  }
  for (const table of VERSION_TABLES) await db.schema.dropTable(table).ifExists().execute();
}
