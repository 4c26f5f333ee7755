import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

/**
 * PostgreSQL: the customer's first word is indexed as `^word` when the name's sort key begins
 * with it (decision 039). A word that begins many names (a first name such as
 * "ivana") has its matches together in name order, far from the start; to find the first page
 * the search sorted every match, one table block each (15,689 for "ivana" at a million
 * customers). With the mark, the index tells those matches from the others: the marked ones
 * are read off the name index where names begin with the word (a short walk), and only the
 * others come from the full-text index (customer-search-page.postgres.ts).
 *
 * The words are `search_text` as the application writes it (customer-search.ts: folded,
 * distinct, the name's words first), taken as they are (`array_to_tsvector`) rather than
 * through the text parser, exactly as the queries name them (`::tsquery`). Only a first word
 * of plain letters a–z is marked, and only when `sort_name` starts with it (a name that
 * begins with punctuation or a number is not), so a marked word always lies in the name
 * range the search walks. Each word occurs once in `search_text`, so an e-mail address that
 * repeats the first name adds no unmarked copy.
 *
 * Dropping the column drops its GIN index and the three sort indexes that carry it; they
 * are built again as migrations 002 and 020 made them. SQLite (FTS5) is unchanged.
 */
const FIRST_WORD = sql.raw(`split_part(search_text, ' ', 1)`);

// array_remove: a lexeme may not be empty (a stray double space would fail the write).
const SEARCH_VECTOR = sql`array_to_tsvector(array_remove(case
    when ${FIRST_WORD} ~ '^[a-z]+$' and starts_with(sort_name, ${FIRST_WORD})
      then array_prepend('^' || ${FIRST_WORD}, (string_to_array(search_text, ' '))[2:])
    else string_to_array(search_text, ' ')
  end, ''))`;

/** Rewritten whole: vacuumed and analysed once the migrations have run (db/migrate.ts). */
export const vacuumAfter = ['customers'];

const SORT_INDEXES = [
  ['customers_name_search_idx', 'sort_name'],
  ['customers_created_search_idx', 'created_at'],
  ['customers_updated_search_idx', 'updated_at'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await searchVector(db, SEARCH_VECTOR);
}

/** Back to migration 002's vector: the text parser's words of `search_text`, none marked. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await searchVector(db, sql`to_tsvector('simple'::regconfig, search_text)`);
}

/** Replaces the generated column and builds the four indexes that hold it again. */
async function searchVector(db: Kysely<any>, expression: RawBuilder<unknown>): Promise<void> {
  await sql`ALTER TABLE customers DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE customers ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${expression}) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX customers_search_idx ON customers USING gin (search_vector)`.execute(db);
  for (const [name, sort] of SORT_INDEXES) {
    await sql
      .raw(`CREATE INDEX ${name} ON customers (company_id, ${sort}, id) INCLUDE (search_vector)`)
      .execute(db);
  }
}
