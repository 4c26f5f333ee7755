import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { tokenBox } from '../apps/server/src/modules/social-accounts/social-tokens.ts';
import { createActiveUser, createCompanyWith } from '../apps/server/src/seed/accounts.seed.ts';
import { startXStandin } from '../apps/server/src/test-support/social-standins/x-standin.ts';
import { startServer } from './bench/server-process.ts';

/**
 * Scheduled publishing (decision 016): POSTS posts, all scheduled for the same minute,
 * spread over ACCOUNTS accounts on the X stand-in (which answers each tweet after
 * LATENCY_MS, as a real network takes its time). Prints the time from that minute to
 * the last tweet, how many were published, and how many texts the network has more than
 * once. Target: all within 60 s of the minute, none twice.
 */
const POSTS = Number(process.env.BENCH_SOCIAL_POSTS ?? 1000);
const ACCOUNTS = 10;
const LATENCY_MS = Number(process.env.BENCH_SOCIAL_LATENCY_MS ?? 100);
const SECRET = 'b'.repeat(64);
const PASSWORD = 'bench horse battery staple';

export async function benchSocialPublish(): Promise<void> {
  const x = await startXStandin({ id: 'x-bench', secret: 'x-bench-secret' });
  x.controls.publishDelayMs = LATENCY_MS;
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-bench-social-'));
  const env = {
    DATABASE_URL: `sqlite:${path.join(dir, 'kontora.sqlite')}`,
    SECRET_KEY: SECRET,
    SEED_DEMO: '0',
    SOCIAL_X_API_URL: x.url,
    SOCIAL_X_AUTH_URL: `${x.url}/i/oauth2/authorize`,
    SOCIAL_X_CLIENT_ID: 'x-bench',
    SOCIAL_X_CLIENT_SECRET: 'x-bench-secret',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  // The company and its ten accounts are set up before the server starts (tokens sealed as the server seals them).
  const config = loadConfig({ ...env, DATA_DIR: dir });
  const { db } = createDatabase(config.database);
  await migrateToLatest(db);
  const userId = await createActiveUser(db, {
    email: 'bench@example.com',
    full_name: 'Bench',
    password: PASSWORD,
  });
  const company = await createCompanyWith(db, { name: 'Bench', modules: [3] }, [{ userId, role: 'owner' }]);
  const box = tokenBox(config);
  const now = new Date().toISOString();
  const accountIds: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const token = x.issueToken();
    const row = await db
      .insertInto('social_accounts')
      .values({
        company_id: company,
        type: 'x',
        remote_id: `${x.user.id}${i}`,
        name: `Bench account ${i + 1}`,
        handle: `bench${i + 1}`,
        status: 'active',
        access_token: box.seal(token.access_token),
        refresh_token: box.seal(token.refresh_token),
        token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        refresh_expires_at: null,
        extra: null,
        last_error: null,
        owners_notified_at: null,
        connected_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    accountIds.push(row.id);
  }
  await db.destroy();

  const server = await startServer({ ...env, DATA_DIR: dir });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // The first whole minute that leaves time to schedule every post (about 25 ms each, under load more).
    const minute = Math.ceil((Date.now() + 20_000 + POSTS * 40) / 60_000) * 60_000;
    const scheduledAt = new Date(minute).toISOString();
    const texts: string[] = [];
    const started = performance.now();
    for (let i = 0; i < POSTS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, POSTS - i) }, async (_, k) => {
          const n = i + k;
          const text = `Bench post ${n + 1} of ${POSTS}`;
          texts.push(text);
          const res = await fetch(`${server.url}/api/companies/${company}/social/posts`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              text,
              account_ids: [accountIds[n % ACCOUNTS]],
              scheduled_at: scheduledAt,
            }),
          });
          if (res.status !== 201) throw new Error(`schedule: ${res.status} ${await res.text()}`);
        }),
      );
    }
    const scheduling = (performance.now() - started) / 1000;
    if (Date.now() > minute) throw new Error('scheduling took past the minute; lower BENCH_SOCIAL_POSTS');

    const deadline = minute + 180_000;
    while (x.tweets.length < POSTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2_000)); // anything published twice would show up by now
    const last = Math.max(...x.tweets.map((t) => Date.parse(t.created_at)));
    const first = Math.min(...x.tweets.map((t) => Date.parse(t.created_at)));
    const counts = new Map<string, number>();
    for (const tweet of x.tweets) counts.set(tweet.text, (counts.get(tweet.text) ?? 0) + 1);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const missing = texts.filter((t) => !counts.has(t)).length;

    const workers = process.env.JOBS_CONCURRENCY ?? '8 (default)';
    console.log(
      `\nScheduled publishing (${POSTS} posts for one minute, ${ACCOUNTS} X stand-in accounts, ${LATENCY_MS} ms network latency, JOBS_CONCURRENCY ${workers})`,
    );
    console.log(`  scheduling via API   ${scheduling.toFixed(1)} s`);
    console.log(`  first publish        ${((first - minute) / 1000).toFixed(1)} s after the minute`);
    console.log(
      `  last publish         ${((last - minute) / 1000).toFixed(1)} s after the minute (target < 60 s)`,
    );
    console.log(`  published            ${counts.size} of ${POSTS} (missing ${missing})`);
    console.log(`  published twice      ${twice} (target 0)`);
  } finally {
    await server.stop();
    await x.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone with `node scripts/bench-social-publish.ts`.
if (import.meta.filename === process.argv[1]) await benchSocialPublish();
