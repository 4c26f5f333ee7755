import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database.ts';

/**
 * Statements that run right after the surrounding transaction commits, on the
 * same connection but outside the transaction (or at once, outside a
 * transaction); a rollback drops them.
 *
 * Why: a NOTIFY inside a transaction makes PostgreSQL take a database-wide
 * lock from pre-commit until the commit is flushed, so every transaction that
 * notifies commits one after another and group commit is lost. Measured with
 * pgbench, 4 clients inserting one row per transaction: about 3.5 times fewer
 * commits per second with `pg_notify` inside the transaction than without.
 * A NOTIFY sent after the commit wakes the listeners just the same (they only
 * ever act on committed rows) and costs the writer nothing while its locks
 * are held. If it is lost (the connection breaks between the two), the
 * listeners' polling covers it.
 */
const deferred = new WeakSet<CompiledQuery>();

/** Marks a compiled statement to run after commit; build it once and reuse it. */
export function afterCommitStatement<Q extends CompiledQuery>(query: Q): Q {
  deferred.add(query);
  return query;
}

/** Runs a statement marked by `afterCommitStatement` after `db`'s transaction commits (at once when `db` is no transaction). */
export async function runAfterCommit(db: Database, query: CompiledQuery): Promise<void> {
  if (!deferred.has(query)) throw new Error('runAfterCommit needs a statement made by afterCommitStatement');
  await db.executeQuery(query);
}

class DeferringConnection implements DatabaseConnection {
  inTransaction = false;
  readonly pending = new Set<CompiledQuery>();
  readonly inner: DatabaseConnection;
  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction && deferred.has(query)) {
      this.pending.add(query);
      return Promise.resolve({ rows: [] });
    }
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's PostgreSQL driver, with the statements marked above held back until commit. */
class AfterCommitDriver implements Driver {
  private readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new DeferringConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as DeferringConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as DeferringConnection;
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    const queued = [...c.pending];
    c.pending.clear();
    for (const query of queued) {
      // The transaction is committed: a failure here must not turn it into an error for the caller.
      await c.inner.executeQuery(query).catch(() => {});
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as DeferringConnection;
    c.inTransaction = false;
    c.pending.clear();
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.((connection as DeferringConnection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.((connection as DeferringConnection).inner, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.((connection as DeferringConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    const c = connection as DeferringConnection;
    c.inTransaction = false;
    c.pending.clear();
    return this.inner.releaseConnection(c.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** PostgresDialect whose driver runs `afterCommitStatement`s after commit. */
export class AfterCommitPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new AfterCommitDriver(super.createDriver());
  }
}
