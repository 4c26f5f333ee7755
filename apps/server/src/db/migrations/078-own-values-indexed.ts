import { type Kysely, sql } from 'kysely';
import { crossCompany } from '../cross-company.ts';
import { isPostgres } from './column-types.ts';

/**
 * The index of own values on the record's row, for the reads that start from a value
 * (docs/decisions/127-own-value-words-filled-in-batches.md):
 * - PostgreSQL: a GIN index (`jsonb_path_ops`) of `own_values`, asked by containment (`@>`)
 *   through `customers_holding` / `deals_holding`. GIN puts new entries on a pending list merged
 *   in bulk, so a create pays little for it.
 * - SQLite: a contentless FTS5 table of each record's value words, made by a view from its
 *   `own_values` (`customer_own_words_made`). New records are indexed in batches: the words
 *   hold every record up to `own_words_marks.indexed_to`, and the filler
 *   (modules/custom-fields/own-words-filler.ts) moves the mark; reads look at the records above
 *   it directly. Triggers keep the words of records at or below the mark as their values change
 *   or they go. FTS5 writes a transaction's words as one sorted segment; `automerge` 16 merges
 *   them less often, as the customers' search index does (migration 076).
 */
const KINDS = [
  ['customers', 'customer_own_words', 'customer'],
  ['deals', 'deal_own_words', 'deal'],
] as const;

/**
 * The words of `own` (a JSON text column) as one space-separated text, null for none: for a text
 * value of field 12 `f12v` and the hex of its first 32 characters, and for a date or date-time
 * also its century, year, month and day (`f12c20`, `f12y2024`, `f12m202401`, `f12d20240115`).
 * The reads make the same words (modules/custom-fields/own-words.ts). Numbers have none: lists
 * walk them, and "holds a value of the field" walks the records by id.
 */
function ownWordsSql(own: string): string {
  const f = `'f' || fld.key`;
  const day = (from: number, n: number) => `substr(j.value, ${from}, ${n})`;
  return `(select group_concat(${f} || 'v' || hex(substr(j.value, 1, 32)) ||
      case when j.value glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' then
        ' ' || ${f} || 'c' || ${day(1, 2)} || ' ' || ${f} || 'y' || ${day(1, 4)} ||
        ' ' || ${f} || 'm' || ${day(1, 4)} || ${day(6, 2)} ||
        ' ' || ${f} || 'd' || ${day(1, 4)} || ${day(6, 2)} || ${day(9, 2)}
      else '' end, ' ')
    from json_each(${own}) fld, json_each(fld.value) j where j.type = 'text')`;
}

export async function up(migrating: Kysely<any>): Promise<void> {
  const db = crossCompany(migrating, 'migration 078 indexes every company’s own values once');
  if (!isPostgres(db))
    await sql`CREATE TABLE own_words_marks (kind varchar(16) PRIMARY KEY, indexed_to integer NOT NULL)`.execute(
      db,
    );
  for (const [records, words, kind] of KINDS) {
    if (isPostgres(db)) {
      await sql
        .raw(`CREATE INDEX ${records}_own_values_idx ON ${records} USING gin (own_values jsonb_path_ops)`)
        .execute(db);
      // The holders of a value few records hold, read through GIN whatever the planner makes of
      // the value: its statistics of a JSON column may rate a value 26 records hold at 1 % and
      // walk a million rows instead. The settings hold inside the function only.
      await sql
        .raw(`CREATE FUNCTION ${records}_holding(company integer, probes jsonb[], most integer)
          RETURNS SETOF integer LANGUAGE sql STABLE
          SET enable_seqscan = off SET enable_indexscan = off
          AS $$ SELECT id FROM ${records} WHERE company_id = company AND own_values @> ANY (probes) LIMIT most $$`)
        .execute(db);
      continue;
    }
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${words} USING fts5(w, content='', contentless_delete=1, detail='none', tokenize='ascii')`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${words} (${words}, rank) VALUES ('automerge', 16)`).execute(db);
    await sql
      .raw(
        `CREATE VIEW ${words}_made AS SELECT id, ${ownWordsSql('own_values')} AS w FROM ${records} WHERE own_values IS NOT NULL`,
      )
      .execute(db);
    const indexed = `(SELECT indexed_to FROM own_words_marks WHERE kind = '${kind}')`;
    // A record at or below the mark is in the words: an id given again after the top record
    // went (SQLite may), an edit, a delete.
    await sql
      .raw(`CREATE TRIGGER ${records}_own_words_ai AFTER INSERT ON ${records}
        WHEN new.own_values IS NOT NULL AND new.id <= ${indexed} BEGIN
        INSERT INTO ${words} (rowid, w) SELECT id, w FROM ${words}_made WHERE id = new.id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${records}_own_words_au AFTER UPDATE OF own_values ON ${records}
        WHEN old.id <= ${indexed} BEGIN
        DELETE FROM ${words} WHERE rowid = old.id AND old.own_values IS NOT NULL;
        INSERT INTO ${words} (rowid, w) SELECT id, w FROM ${words}_made WHERE id = new.id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${records}_own_words_ad AFTER DELETE ON ${records}
        WHEN old.own_values IS NOT NULL AND old.id <= ${indexed} BEGIN
        DELETE FROM ${words} WHERE rowid = old.id;
      END`)
      .execute(db);
    await sql.raw(`INSERT INTO ${words} (rowid, w) SELECT id, w FROM ${words}_made`).execute(db);
    await sql
      .raw(
        `INSERT INTO own_words_marks (kind, indexed_to) SELECT '${kind}', coalesce(max(id), 0) FROM ${records}`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [records, words] of KINDS) {
    if (isPostgres(db)) {
      await sql.raw(`DROP FUNCTION ${records}_holding(integer, jsonb[], integer)`).execute(db);
      await sql.raw(`DROP INDEX ${records}_own_values_idx`).execute(db);
      continue;
    }
    for (const trigger of ['ai', 'au', 'ad'])
      await sql.raw(`DROP TRIGGER ${records}_own_words_${trigger}`).execute(db);
    await sql.raw(`DROP VIEW ${words}_made`).execute(db);
    await sql.raw(`DROP TABLE ${words}`).execute(db);
  }
  if (!isPostgres(db)) await sql`DROP TABLE own_words_marks`.execute(db);
}
