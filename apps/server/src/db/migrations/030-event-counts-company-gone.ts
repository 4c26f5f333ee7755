import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * The open to-do counters of migration 020 (`event_counts`) are kept by triggers on `events`
 * that upsert a row for the to-do's company. Deleting a company cascades to its counters and
 * to its to-dos, and the to-dos' delete triggers then wrote a counter row for the company
 * being deleted, which its foreign key refused: a company with an open to-do could not be
 * deleted on either engine. The triggers now count only for companies that still exist, as
 * the version triggers of migration 029 do. Same counts otherwise.
 */
const live = (row: 'new' | 'old') => `EXISTS (SELECT 1 FROM companies WHERE id = ${row}.company_id)`;

/** SQLite: one row's day gains or loses an open to-do (the WHERE also keeps the upsert's ON apart from a join). */
const sqliteAdd = (row: 'new' | 'old', sign: '+' | '-') => `
    INSERT INTO event_counts (company_id, day, n_open)
      SELECT ${row}.company_id, substr(${row}.until_at, 1, 10), ${sign}1 WHERE ${live(row)}
    ON CONFLICT (company_id, day) DO UPDATE SET n_open = n_open ${sign} 1;`;

const SQLITE_TRIGGERS = [
  ['event_counts_ai', 'AFTER INSERT ON events WHEN NOT new.done', 'new', '+'],
  ['event_counts_ad', 'AFTER DELETE ON events WHEN NOT old.done', 'old', '-'],
  [
    'event_counts_au_old',
    'AFTER UPDATE OF done, until_at, company_id ON events WHEN NOT old.done',
    'old',
    '-',
  ],
  [
    'event_counts_au_new',
    'AFTER UPDATE OF done, until_at, company_id ON events WHEN NOT new.done',
    'new',
    '+',
  ],
] as const;

const day = (table: string) => `to_char(${table}.until_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** PostgreSQL's statement function of migration 020, with `guard` joined in for each side. */
function postgresFunction(guard: (alias: string) => string): string {
  return `CREATE OR REPLACE FUNCTION event_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT n.company_id, ${day('n')}, count(*) FROM new_rows n ${guard('n')} WHERE NOT n.done GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT o.company_id, ${day('o')}, -count(*) FROM old_rows o ${guard('o')} WHERE NOT o.done GROUP BY 1, 2
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    ELSE
      INSERT INTO event_counts (company_id, day, n_open)
        SELECT company_id, d, sum(k) FROM (
          SELECT o.company_id, ${day('o')} AS d, -1 AS k FROM old_rows o ${guard('o')} WHERE NOT o.done
          UNION ALL
          SELECT n.company_id, ${day('n')}, 1 FROM new_rows n ${guard('n')} WHERE NOT n.done
        ) x GROUP BY 1, 2 HAVING sum(k) <> 0
      ON CONFLICT (company_id, day) DO UPDATE SET n_open = event_counts.n_open + EXCLUDED.n_open;
    END IF;
    RETURN NULL;
  END
  $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(postgresFunction((alias) => `JOIN companies c ON c.id = ${alias}.company_id`)).execute(db);
    return;
  }
  for (const [name, when, row, sign] of SQLITE_TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${sqliteAdd(row, sign)} END`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(postgresFunction(() => '')).execute(db);
    return;
  }
  for (const [name, when, row, sign] of SQLITE_TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name} ${when} BEGIN
    INSERT INTO event_counts (company_id, day, n_open) VALUES (${row}.company_id, substr(${row}.until_at, 1, 10), ${sign}1)
    ON CONFLICT (company_id, day) DO UPDATE SET n_open = n_open ${sign} 1; END`)
      .execute(db);
  }
}
