import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CustomerCreateBody } from '@kontora/contract/customers';
import { WebhookCreateBody } from '@kontora/contract/webhooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createCustomer } from '../apps/server/src/modules/customers/customers.service.ts';
import { dispatchWebhooks } from '../apps/server/src/modules/webhooks/webhook-dispatcher.ts';
import { createWebhook, updateWebhook } from '../apps/server/src/modules/webhooks/webhooks.service.ts';
import { createActiveUser, createCompanyWith } from '../apps/server/src/seed/accounts.seed.ts';
import { startWebhookReceiver } from '../apps/server/src/test-support/webhook-receiver.ts';

/**
 * Decision 014: customer changes delivered as signed webhooks to a local receiver
 * that verifies every one with the `standardwebhooks` package (target ≥ 500
 * deliveries/s). The whole server in this process on a fresh SQLite file:
 * customers are created through the service (each with its change-feed
 * entry), the dispatcher turns the entries into delivery jobs, the jobs POST
 * to the receiver on loopback. Reported: the time from the first change to
 * the last verified delivery, deliveries per second, and the CPU one delivery
 * costs (the machine may be shared: deliveries per CPU-second is what an idle
 * core would do).
 * (The API's own create rate is `npm run bench`'s CRM figure; making the
 * changes through HTTP here would measure that instead of the deliveries.)
 */
const CHANGES = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOKS_CONCURRENCY ?? 16);

export async function benchWebhooks(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-bench-webhooks-'));
  const base = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SECRET_KEY: 'b'.repeat(64) });
  const config = {
    ...base,
    seedDemo: false,
    webhookAllowedHosts: ['127.0.0.1'],
    jobs: { ...base.jobs, concurrency: CONCURRENCY, pollMs: 100 },
  };
  const { app, ctx } = await buildApp(config, { logger: false });
  await migrateToLatest(ctx.db);
  await app.ready();
  const receiver = await startWebhookReceiver();
  try {
    const userId = await createActiveUser(ctx.db, {
      email: 'bench@example.com',
      full_name: 'Bench',
      password: 'bench-password-1',
    });
    const companyId = await createCompanyWith(ctx.db, { name: 'Bench Co', modules: [0, 1, 2] }, [
      { userId, role: 'owner' },
    ]);
    const actor = { companyId, userId };
    const hook = await createWebhook(
      ctx,
      actor,
      WebhookCreateBody.parse({ url: `${receiver.url}/bench`, event_types: ['customer.created'] }),
    );
    receiver.setSecrets([hook.secret]);
    let made = 0;
    const change = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await createCustomer(
          ctx,
          actor,
          CustomerCreateBody.parse({ first_name: 'Bench', last_name: `No ${made++}` }),
        );
      }
    };
    const cpuMs = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };

    // Warm-up (JIT, connections), delivered but not counted.
    await change(200);
    await receiver.waitFor(200, 600_000);
    // The same changes with no endpoint subscribed: what making them costs without deliveries.
    await updateWebhook(ctx, actor, hook.id, { event_types: ['event.created'] });
    let cpu = cpuMs();
    await change(CHANGES);
    await dispatchWebhooks(ctx);
    const changesOnlyCpu = cpuMs() - cpu;
    await updateWebhook(ctx, actor, hook.id, { event_types: ['customer.created'] });

    const before = receiver.received.length;
    cpu = cpuMs();
    const started = performance.now();
    await change(CHANGES);
    const changed = performance.now();
    await receiver.waitFor(before + CHANGES, 600_000);
    const done = performance.now();
    const deliveryCpu = cpuMs() - cpu - changesOnlyCpu;
    const got = receiver.received.slice(before);
    const verified = got.filter((d) => d.verifiedWith === 0).length;
    const ids = new Set(got.map((d) => d.id)).size;
    const first = Math.min(...got.map((d) => d.receivedAt));
    const last = Math.max(...got.map((d) => d.receivedAt));
    const totalS = (done - started) / 1000;
    const spanS = Math.max(0.001, (last - first) / 1000);
    console.log(
      `\nWebhooks (SQLite, JOBS_CONCURRENCY=${CONCURRENCY}, load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores): ${CHANGES} customer creations → signed deliveries, each verified by the receiver`,
    );
    console.log(
      `  changes made (service calls, one at a time): ${((changed - started) / 1000).toFixed(2)} s`,
    );
    console.log(
      `  first change → last verified delivery: ${totalS.toFixed(2)} s, ${(CHANGES / totalS).toFixed(0)} deliveries/s`,
    );
    console.log(
      `  first → last delivery at the receiver: ${spanS.toFixed(2)} s, ${(CHANGES / spanS).toFixed(0)} deliveries/s`,
    );
    console.log(
      `  CPU per delivery (dispatch, job, signing, HTTP, log, receiver verification; the changes' own cost taken out): ${(deliveryCpu / CHANGES).toFixed(2)} ms, ${(CHANGES / (deliveryCpu / 1000)).toFixed(0)} deliveries per CPU-second`,
    );
    console.log(`  verified ${verified}/${got.length}, distinct webhook-ids ${ids}`);
  } finally {
    await app.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchWebhooks();
