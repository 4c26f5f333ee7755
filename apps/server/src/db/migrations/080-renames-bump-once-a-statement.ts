import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * On PostgreSQL a customer's rename bumps `event_versions` (its name shows on its to-dos, migration
 * 029) once per statement, over the statement's transition tables, instead of once per renamed row.
 *
 * Why: an import updates the customers it matched in one transaction, often renaming each. Every
 * per-row bump updated the company's one version row, and PostgreSQL keeps each version of that
 * row the transaction wrote until it ends: every later bump walked all of them, so the bumps grew
 * with the square of the renames. A million-row import's 100,000 updates spent about a minute in
 * them (docs/decisions/128-renames-bump-once-a-statement.md). SQLite updates the row in place, so
 * its row trigger stays.
 *
 * A trigger with transition tables cannot name its columns (`UPDATE OF name`), so this one fires
 * on every update of customers and bumps only when a row's name changed; the customers' other
 * update triggers already collect the same transition tables.
 */
const BY_STATEMENT = {
  fn: 'event_versions_customers_renamed',
  body: `INSERT INTO event_versions (company_id, version)
      SELECT DISTINCT c.id, 1 FROM companies c
        JOIN new_rows n ON n.company_id = c.id
        JOIN old_rows o ON o.id = n.id
      WHERE o.name IS DISTINCT FROM n.name
    ON CONFLICT (company_id) DO UPDATE SET version = event_versions.version + 1;`,
  trigger: `AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT`,
};

/** Migration 029's row trigger. */
const BY_ROW = {
  fn: 'event_versions_customer',
  body: `INSERT INTO event_versions (company_id, version) SELECT NEW.company_id, 1 WHERE true
    ON CONFLICT (company_id) DO UPDATE SET version = event_versions.version + 1;`,
  trigger: `AFTER UPDATE OF name ON customers FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)`,
};

/** `customers_name_version` and its function, replaced by `to`'s. */
async function bumpBy(db: Kysely<any>, from: typeof BY_ROW, to: typeof BY_ROW): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER customers_name_version ON customers`.execute(db);
  await sql.raw(`DROP FUNCTION ${from.fn}()`).execute(db);
  await sql
    .raw(`CREATE FUNCTION ${to.fn}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${to.body} RETURN NULL; END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER customers_name_version ${to.trigger} EXECUTE FUNCTION ${to.fn}()`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await bumpBy(db, BY_ROW, BY_STATEMENT);
}

export async function down(db: Kysely<any>): Promise<void> {
  await bumpBy(db, BY_STATEMENT, BY_ROW);
}
