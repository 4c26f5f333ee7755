import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * On PostgreSQL a customer's rename bumps `event_versions` (its name shows on its to-dos, migration
 * 029) once per statement, over the statement's transition tables, instead of once per renamed row.
 *
 * Why: an import updates the customers it matched in one transaction (docs/decisions/090-import-
 * save-set-based.md), often renaming each. Every per-row bump updated the company's one version
 * row, and PostgreSQL keeps each version of that row the transaction wrote until it ends: every
 * later bump walked all of them, so the bumps grew with the square of the renames. A million-row
 * import's 100,000 updates spent about a minute in them (docs/decisions/128-renames-bump-once-a-
 * statement.md). SQLite updates the row in place, so its row trigger stays.
 *
 * A trigger with transition tables cannot name its columns (`UPDATE OF name`), so this one fires
 * on every update of customers and bumps only when a row's name changed; the customers' other
 * update triggers already collect the same transition tables.
 */
const BUMP_RENAMED = `INSERT INTO event_versions (company_id, version)
      SELECT DISTINCT c.id, 1 FROM companies c
        JOIN new_rows n ON n.company_id = c.id
        JOIN old_rows o ON o.id = n.id
      WHERE o.name IS DISTINCT FROM n.name
    ON CONFLICT (company_id) DO UPDATE SET version = event_versions.version + 1;`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER customers_name_version ON customers`.execute(db);
  await sql`DROP FUNCTION event_versions_customer()`.execute(db);
  await sql
    .raw(`CREATE FUNCTION event_versions_customers_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${BUMP_RENAMED} RETURN NULL; END $$`)
    .execute(db);
  await sql`CREATE TRIGGER customers_name_version AFTER UPDATE ON customers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION event_versions_customers_renamed()`.execute(db);
}

/** Migration 029's row trigger again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER customers_name_version ON customers`.execute(db);
  await sql`DROP FUNCTION event_versions_customers_renamed()`.execute(db);
  await sql
    .raw(`CREATE FUNCTION event_versions_customer() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN INSERT INTO event_versions (company_id, version) SELECT NEW.company_id, 1 WHERE true
    ON CONFLICT (company_id) DO UPDATE SET version = event_versions.version + 1; RETURN NULL; END $$`)
    .execute(db);
  await sql`CREATE TRIGGER customers_name_version AFTER UPDATE OF name ON customers FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION event_versions_customer()`.execute(db);
}
