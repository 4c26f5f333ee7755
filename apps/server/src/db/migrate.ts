import { Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import { dialectOf } from './dialect.ts';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel; a lower-numbered migration may ship after a higher one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  await vacuumRewrittenTables(db, applied);
  return applied;
}

/**
 * PostgreSQL: a migration that rewrites a table whole (a generated column replaced) leaves it
 * without statistics and without its visibility map, so index-only scans read a table row per
 * entry until autovacuum comes by (decision 026: the search walks rely on them). Such a
 * migration names the table in `vacuumAfter`; VACUUM cannot run inside the migration's
 * transaction, so it runs here, once the migrations have committed.
 */
async function vacuumRewrittenTables(db: Database, applied: string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const tables = new Set(applied.flatMap((name) => migrations[name]?.vacuumAfter ?? []));
  for (const table of tables) await sql.raw(`VACUUM (ANALYZE) ${table}`).execute(db);
}

/** Advisory lock class of the start-up lock (the change feed uses 6006). */
const STARTUP_LOCK = 6013;

/**
 * Runs start-up work (migrations, then the seed) in one instance at a time:
 * several instances started together on one PostgreSQL database would
 * otherwise all create the first superuser and the demo data. Kysely's
 * migrator locks its own run; this lock also covers the seed. A session-level
 * advisory lock on one held connection, so the work itself may use the pool;
 * it ends with the connection should the process die. SQLite: one process.
 */
export async function underStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK}, 0)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK}, 0)`.execute(conn);
    }
  });
}
