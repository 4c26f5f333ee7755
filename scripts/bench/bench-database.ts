import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config.ts';
import { createDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';

/** A bench's database, migrated; a SQLite file is removed first when `fresh` (BENCH_FRESH=1). */
export async function openBenchDatabase(database: Config['database'], fresh: boolean): Promise<Database> {
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    if (fresh && existsSync(database.file))
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${database.file}${suffix}`, { force: true });
  }
  const { db } = createDatabase(database);
  await migrateToLatest(db);
  return db;
}
