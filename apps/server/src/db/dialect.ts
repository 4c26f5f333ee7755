import { PostgresAdapter } from 'kysely';
import type { Database, Dialect } from './database.ts';

/** For the few queries whose SQL differs between SQLite and PostgreSQL (aggregates, full-text search). */
export function dialectOf(db: Database): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
