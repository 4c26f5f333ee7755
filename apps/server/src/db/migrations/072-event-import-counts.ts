import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * The open to-do counters (migrations 020, 030) leave out the to-dos of an import not yet applied
 * (migration 071, docs/decisions/104-deal-todo-imports-behind-a-switch.md), as migration 066 does
 * for customers: a marked row counts neither when it is written nor when it is deleted before the
 * flip; the flip adds the import's open to-dos in one upsert. Once the import is `applied`, its
 * still-marked rows count as any other. PostgreSQL marks no row: its triggers stay.
 */
const applied = (row: 'new' | 'old') =>
  `(${row}.import_id IS NULL OR EXISTS (SELECT 1 FROM csv_imports WHERE id = ${row}.import_id AND state = 'applied'))`;

const live = (row: 'new' | 'old') => `EXISTS (SELECT 1 FROM companies WHERE id = ${row}.company_id)`;

/** Migration 030's triggers, with `counted` added to their WHEN (none: as 030 made them). */
const TRIGGERS = [
  ['event_counts_ai', 'AFTER INSERT ON events', 'new', '+'],
  ['event_counts_ad', 'AFTER DELETE ON events', 'old', '-'],
  ['event_counts_au_old', 'AFTER UPDATE OF done, until_at, company_id ON events', 'old', '-'],
  ['event_counts_au_new', 'AFTER UPDATE OF done, until_at, company_id ON events', 'new', '+'],
] as const;

async function countTriggers(db: Kysely<any>, counted?: typeof applied): Promise<void> {
  for (const [name, on, row, sign] of TRIGGERS) {
    const when = `NOT ${row}.done${counted ? ` AND ${counted(row)}` : ''}`;
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name} ${on} WHEN ${when} BEGIN
    INSERT INTO event_counts (company_id, day, n_open)
      SELECT ${row}.company_id, substr(${row}.until_at, 1, 10), ${sign}1 WHERE ${live(row)}
    ON CONFLICT (company_id, day) DO UPDATE SET n_open = n_open ${sign} 1; END`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await countTriggers(db, applied);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await countTriggers(db);
}
