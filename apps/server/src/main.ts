import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, underStartupLock } from './db/migrate.ts';
import { seed } from './seed/seed.ts';

/**
 * Reads config, migrates, seeds, listens. On SIGTERM/SIGINT: no new requests
 * (503 with `Connection: close`) and no new jobs; requests in flight finish;
 * running jobs get JOBS_SHUTDOWN_GRACE_SECONDS, then go back to the queue for
 * another process; idle keep-alive sockets are closed; exit 0 (see app.ts). What is
 * still under way after SHUTDOWN_DEADLINE_SECONDS is cut off (exit 1).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);
  // Instances started together on one database migrate and seed one after another.
  await underStartupLock(ctx.db, async () => {
    const applied = await migrateToLatest(ctx.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    await seed(ctx.db, config, app.log);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.shutdownDeadlineMs);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(`${config.appName} is running on ${config.appUrl} (database: ${where})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
