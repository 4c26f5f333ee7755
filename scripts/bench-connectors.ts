import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ConnectorCreateBody } from '@kontora/contract/connectors';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createConnector, getConnector } from '../apps/server/src/modules/connectors/connectors.service.ts';
import { createActiveUser, createCompanyWith } from '../apps/server/src/seed/accounts.seed.ts';
import { startHubspotStandin } from '../apps/server/src/test-support/connector-standins/hubspot.ts';

/**
 * Decision 022: the first import of 10,000 contacts from the HubSpot stand-in
 * (target under 30 s). The whole server in this process on a fresh SQLite
 * file; the connection is made through the service (its token tested with
 * one call), the import runs as its job, with the throttle at 80 % of
 * HubSpot's published 100 requests / 10 s, so about 10 s of the run is
 * waiting for the provider's limit by design. Reported: the time from
 * connect to the last page saved, records per second, and the CPU used.
 */
const CONTACTS = Number(process.env.BENCH_CONNECTOR_CONTACTS ?? 10_000);

export async function benchConnectors(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-bench-connectors-'));
  const base = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SECRET_KEY: 'c'.repeat(64) });
  const config = {
    ...base,
    seedDemo: false,
    webhookAllowedHosts: ['127.0.0.1'],
    jobs: { ...base.jobs, pollMs: 100 },
  };
  const { app, ctx } = await buildApp(config, { logger: false });
  await migrateToLatest(ctx.db);
  await app.ready();
  const hubspot = await startHubspotStandin();
  try {
    hubspot.seedContacts(CONTACTS);
    const userId = await createActiveUser(ctx.db, {
      email: 'bench@example.com',
      full_name: 'Bench',
      password: 'bench-password-1',
    });
    const companyId = await createCompanyWith(ctx.db, { name: 'Bench Co', modules: [0, 1, 2] }, [
      { userId, role: 'owner' },
    ]);
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const { id } = await createConnector(
      ctx,
      { companyId, userId },
      ConnectorCreateBody.parse({ provider: 'hubspot', token: hubspot.token, base_url: hubspot.url }),
    );
    let connector = await getConnector(ctx, companyId, id);
    while (!connector.import_done || connector.state === 'syncing') {
      await new Promise((r) => setTimeout(r, 100));
      connector = await getConnector(ctx, companyId, id);
      if (connector.state === 'failed') throw new Error(`import failed: ${connector.last_error}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `\nConnectors: first import from the HubSpot stand-in (SQLite; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  contacts imported     ${connector.counts.created} of ${CONTACTS} (failed ${connector.counts.failed})`,
    );
    console.log(`  time                  ${seconds.toFixed(1)} s  (target < 30 s)`);
    console.log(`  rate                  ${Math.round(connector.counts.created / seconds)} contacts/s`);
    console.log(`  CPU of this process   ${cpuSeconds.toFixed(1)} s`);
    console.log(
      `  requests to HubSpot   ${hubspot.calls.length} (refused for the burst limit: ${hubspot.state.overLimit})`,
    );
  } finally {
    await hubspot.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchConnectors();
