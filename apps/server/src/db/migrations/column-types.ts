import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Dialect-dependent column types, frozen with the migrations (they must not
 * change meaning when application code changes).
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function types(db: Kysely<any>) {
  const pg = isPostgres(db);
  return {
    timestamp: pg ? sql`timestamptz` : sql`text`,
    boolean: pg ? sql`boolean` : sql`integer`,
    /** Auto-increment integer primary key. */
    id: (col: ColumnDefinitionBuilder) =>
      pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    falseValue: pg ? sql`false` : sql`0`,
    trueValue: pg ? sql`true` : sql`1`,
  };
}
