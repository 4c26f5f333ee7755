import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchFirstLoad } from './bench/first-load.ts';
import { measure, printFigures } from './bench/measure.ts';
import { startServer } from './bench/server-process.ts';

/**
 * `npm run bench`: starts the real server on a fresh database and prints figures.
 * It measures; it asserts nothing (targets are in the issues and the closing notes).
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };

async function benchPlatform(): Promise<void> {
  const server = await startServer();
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const companies = (await (await fetch(`${server.url}/api/me/companies`, { headers: auth })).json()) as {
      data: { items: { id: number }[] };
    };
    const companyId = companies.data.items[0]?.id;

    await measure('warm-up', { url: `${server.url}/api/health`, seconds: 2 });
    const baseline = await measure('GET /api/health (baseline)', { url: `${server.url}/api/health` });
    const me = await measure('GET /api/me', { url: `${server.url}/api/me`, headers: auth });
    const modules = await measure('GET /api/company-modules/{id}', {
      url: `${server.url}/api/company-modules/${companyId}`,
      headers: auth,
    });
    const logins = await measure('POST /api/login (argon2id 19 MiB, t=2)', {
      url: `${server.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
      connections: 4,
    });
    printFigures(
      'Platform (SQLite, 10 connections, 5 s each; login 4 connections)',
      [baseline, me, modules, logins],
      baseline,
    );
  } finally {
    await server.stop();
  }
}

/** Optional parts contributed by other features; each exports one function. */
async function runIfPresent(file: string, exportName: string): Promise<void> {
  const full = path.resolve(import.meta.dirname, file);
  if (!existsSync(full)) return;
  const mod = (await import(pathToFileURL(full).href)) as Record<string, () => Promise<void>>;
  await mod[exportName]?.();
}

await benchPlatform();
await runIfPresent('bundle-size.ts', 'printBundleSizes');
await benchFirstLoad(DEMO);
await runIfPresent('bench-crm.ts', 'benchCrm');
await runIfPresent('bench-change-feed.ts', 'benchChangeFeed');
await runIfPresent('bench-jobs.ts', 'benchJobs');
await runIfPresent('bench-media-upload.ts', 'benchMediaUpload');
await runIfPresent('bench-social-publish.ts', 'benchSocialPublish');
await runIfPresent('bench-live.ts', 'benchLive');
await runIfPresent('bench-socket-flood.ts', 'benchSocketFlood');
await runIfPresent('bench-webhooks.ts', 'benchWebhooks');
await runIfPresent('bench-duplicates.ts', 'benchDuplicates');
await runIfPresent('bench-public-api.ts', 'benchPublicApi');
await runIfPresent('bench-connectors.ts', 'benchConnectors');
await runIfPresent('bench-deals.ts', 'benchDeals');
await runIfPresent('bench-custom-fields.ts', 'benchCustomFields');
await runIfPresent('bench-import.ts', 'benchImport');
await runIfPresent('bench-import-deals.ts', 'benchImportDeals');
await runIfPresent('bench-import-todos.ts', 'benchImportTodos');
await runIfPresent('bench-mail.ts', 'benchMail');
