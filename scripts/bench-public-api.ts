import autocannon from 'autocannon';
import { type Figure, figureOf, measure, printFigures } from './bench/measure.ts';
import { startServer } from './bench/server-process.ts';

/**
 * Decision 013: a public-API read with an API key against the same read with a
 * session (target: within 10 %). The key is looked up by its hash in the
 * database on every request (decision 013), the session through its cache.
 * Runs alternate, so that the machine's other load hits both alike. Each
 * connection of a key run has its own fresh key at the highest rate limit
 * (10,000 a minute), so the per-key limiter is counted on every request but
 * never answers 429; any 429 would show up as errors.
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const ROUNDS = 4;
const CONNECTIONS = 10;
const SECONDS = 3;

/** Like measure(), but each connection sends its own Authorization header. */
async function measureWithKeys(name: string, url: string, keys: string[]): Promise<Figure> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: keys.length,
    duration: SECONDS,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${keys[next++ % keys.length]}` }),
  });
  return figureOf(name, result);
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function benchPublicApi(): Promise<void> {
  const server = await startServer();
  try {
    const login = await json<{ token: string }>(
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO),
      }),
    );
    const session = { authorization: `Bearer ${login.token}` };
    const companies = await json<{ items: { id: number; name: string; modules: number[] }[] }>(
      await fetch(`${server.url}/api/me/companies`, { headers: session }),
    );
    const company = companies.items.find((c) => c.modules.includes(1) && c.modules.includes(2));
    if (!company) throw new Error('no demo company with modules 1 and 2');
    const url = `${server.url}/api/companies/${company.id}/customers?limit=25`;
    const newKey = async () => {
      const created = await json<{ key: string }>(
        await fetch(`${server.url}/api/companies/${company.id}/api-keys`, {
          method: 'POST',
          headers: { ...session, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench', scopes: { customers: 'read' }, rate_limit: 10_000 }),
        }),
      );
      return created.key;
    };
    const newKeys = async () => {
      const keys: string[] = [];
      for (let i = 0; i < CONNECTIONS; i++) keys.push(await newKey());
      return keys;
    };

    await measure('warm-up', { url, headers: session, seconds: 2 });
    await measureWithKeys('warm-up', url, await newKeys());
    const figures: Figure[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const label = `customers list, session (round ${round})`;
      figures.push(
        await measure(label, { url, headers: session, seconds: SECONDS, connections: CONNECTIONS }),
      );
      figures.push(await measureWithKeys(`customers list, API key (round ${round})`, url, await newKeys()));
    }
    const median = (kind: string) => {
      const values = figures
        .filter((f) => f.name.includes(kind))
        .map((f) => f.requestsPerSec)
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? 0;
    };
    printFigures(
      `Public API (SQLite, 10 connections, ${SECONDS} s runs alternating; company ${company.name})`,
      figures,
      figures[0],
    );
    const ratio = median('API key') / Math.max(1, median('session'));
    console.log(`median req/s, key vs session: ${Math.round(ratio * 100)}% (target: at least 90%)`);
  } finally {
    await server.stop();
  }
}

// Run on its own: `node scripts/bench-public-api.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await benchPublicApi();
