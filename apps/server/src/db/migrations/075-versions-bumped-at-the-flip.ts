import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * A row an import saves behind its switch (SQLite, migrations 065 and 071) changes no answer
 * until the flip shows it, so its insert no longer bumps `customer_versions` or `event_versions`
 * (migration 029): the flip bumps the company's version once, in its own transaction
 * (`touchImport`, lib/csv-import/import-staging.ts). Per row, the bump was an upsert of the same
 * row a hundred thousand times in a 100,000-row import; and a flip that wrote no customer row
 * left the CRM dashboard's cached answer (crm-stats-cache.ts) standing with the old counts.
 * PostgreSQL marks no row and bumps once per statement: its triggers stay.
 */
const TABLES = [
  ['customers', 'customer_versions'],
  ['events', 'event_versions'],
] as const;

async function insertTriggers(db: Kysely<any>, unmarkedOnly: boolean): Promise<void> {
  for (const [table, into] of TABLES) {
    await sql.raw(`DROP TRIGGER ${table}_version_ai`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_version_ai AFTER INSERT ON ${table}
      ${unmarkedOnly ? 'WHEN new.import_id IS NULL' : ''} BEGIN
        INSERT INTO ${into} (company_id, version)
        SELECT new.company_id, 1 WHERE EXISTS (SELECT 1 FROM companies WHERE id = new.company_id)
        ON CONFLICT (company_id) DO UPDATE SET version = ${into}.version + 1; END`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await insertTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await insertTriggers(db, false);
}
