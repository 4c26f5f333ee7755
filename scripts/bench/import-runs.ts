import { benchPostgresUrl } from './postgres-database.ts';

/**
 * Runs an import bench once per engine and size (BENCH_IMPORT_ENGINES, default both): on
 * PostgreSQL in a fresh database of its own, skipped with a line when no server answers.
 */
export async function forEachImportRun(
  what: string,
  database: string,
  sizes: readonly number[],
  run: (engine: string, rows: number, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const engines = (process.env.BENCH_IMPORT_ENGINES ?? 'sqlite,postgres').split(',');
  for (const engine of engines) {
    for (const rows of sizes) {
      let env: Record<string, string> = {};
      if (engine === 'postgres') {
        const url = await benchPostgresUrl(database, true);
        if (!url) {
          console.log(`\n${what} (postgres): no PostgreSQL server answers, skipped`);
          continue;
        }
        env = { DATABASE_URL: url, SEED_DEMO: '1' };
      }
      await run(engine, rows, env);
    }
  }
}
