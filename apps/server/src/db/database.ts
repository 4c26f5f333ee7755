import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { AfterCommitPostgresDialect } from './after-commit.ts';
import type { DB } from './schema.ts';
import { adaptNodeSqlite } from './sqlite-adapter.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;

// PostgreSQL answers timestamps as Date and int8 counts as strings; the app
// works with ISO strings and numbers on both databases, so parse once here.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function createDatabase(database: Config['database']): { db: Database; dialect: Dialect } {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return { db: new Kysely<DB>({ dialect: new AfterCommitPostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const inFile = database.file !== ':memory:';
  if (inFile) mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new DatabaseSync(database.file);
  // WAL lets readers run beside the writer. busy_timeout rides out another connection's lock (a
  // bulk seed writing, a checkpointer closing), so it comes first: switching to WAL, or recovering
  // the log of a process that died, takes such a lock.
  sqlite.exec(`
    PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA cache_size = -64000;
    PRAGMA temp_store = MEMORY;
  `);
  const checkpointer = inFile ? startWalCheckpointer(sqlite, database.file) : null;
  const adapted = adaptNodeSqlite(sqlite, () => checkpointer?.stop());
  return {
    db: new Kysely<DB>({ dialect: new SqliteDialect({ database: adapted }) }),
    dialect: 'sqlite',
  };
}
