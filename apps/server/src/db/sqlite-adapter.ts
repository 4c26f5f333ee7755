import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts `node:sqlite` to the better-sqlite3 shape Kysely's SqliteDialect expects.
 * Differences bridged here: node:sqlite takes parameters spread (not as an array),
 * has no `reader` flag (a statement that yields columns is a reader, which also
 * covers INSERT … RETURNING), and does not bind booleans (stored as 0/1). `beforeClose` runs
 * as Kysely closes the connection (the WAL checkpointer stops first).
 */
export function adaptNodeSqlite(db: DatabaseSync, beforeClose: () => void = () => {}): SqliteDatabase {
  // Preparing is a large share of a small query's cost; query shapes are finite, so keep them.
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      beforeClose();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let wrapped = cache.get(sql);
      if (wrapped) return wrapped;
      const stmt: StatementSync = db.prepare(sql);
      wrapped = {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all(...bind(params)),
        run: (params) => stmt.run(...bind(params)),
        iterate: (params) => stmt.iterate(...bind(params)),
      };
      // Bounded: guards against unbounded growth if some caller builds SQL with varying shapes.
      if (cache.size > 1000) cache.clear();
      cache.set(sql, wrapped);
      return wrapped;
    },
  };
}

function bind(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}
