import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { type Figure, figureOf, measure, printFigures } from './bench/measure.ts';
import { startServer } from './bench/server-process.ts';

/**
 * A public-API read with an API key against the same read with a session
 * (decision 056, target: within 5 %). Both are verified once and then served
 * from their caches. Runs alternate, and which goes first alternates by round,
 * so that the machine's other load hits both alike. Each connection of a key
 * run has its own fresh key at the highest rate limit (10,000 a minute), so the
 * per-key limiter is counted on every request but never answers 429; any 429
 * would show up as errors. All keys are made before the first run: making one
 * writes the audit log and the change feed, which must not weigh on the key
 * runs alone. The load of a shared machine drifts by tens of percent within a
 * minute, so two figures are given: the median of each round's own ratio (its
 * key run against its session run, seconds apart), and requests served per
 * CPU-second of the server process (Linux: /proc), which other load hardly
 * moves: the single-threaded server's throughput on a machine of its own. The
 * spread of each round's own CPU ratio is printed beside it, and the load before
 * and after. BENCH_ROUNDS changes the number of rounds; with REDIS_URL set the
 * server counts keys' limits in Redis as several instances would (decision 105).
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
/** Key sets used in turn: each key then makes at most about 6,000 requests a minute, under its 10,000. */
const KEY_SETS = 5;
const CONNECTIONS = 10;
const SECONDS = 2;

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

/** CPU seconds (user + system) the process has used so far, or NaN off Linux. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function benchPublicApi(): Promise<void> {
  // A fresh database numbers its keys from 1 again: a Redis prefix of its own keeps the counts
  // of an earlier run's keys (a minute's window) out of this one.
  const server = await startServer(
    process.env.REDIS_URL ? { REDIS_PREFIX: `kontora-bench-${process.pid}` } : {},
  );
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

    const keySets: string[][] = [];
    for (let set = 0; set < KEY_SETS; set++) keySets.push(await newKeys());
    await measure('warm-up', { url, headers: session, seconds: 2 });
    await measureWithKeys('warm-up', url, keySets[0] ?? []);
    const figures: Figure[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const loadBefore = loadavg()[0] ?? 0;
    const perCpuSecond: Record<'session' | 'key', number[]> = { session: [], key: [] };
    /** Runs one measurement and notes how many requests the server answered per CPU-second. */
    const counted = async (kind: 'session' | 'key', run: () => Promise<Figure>) => {
      const before = cpuSecondsOf(server.process.pid);
      const figure = await run();
      const cpu = cpuSecondsOf(server.process.pid) - before;
      perCpuSecond[kind].push((figure.requestsPerSec * SECONDS) / cpu);
      return figure;
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const withSession = () =>
        counted('session', () =>
          measure(`customers list, session (round ${round})`, {
            url,
            headers: session,
            seconds: SECONDS,
            connections: CONNECTIONS,
          }),
        );
      const withKey = () =>
        counted('key', () =>
          measureWithKeys(`customers list, API key (round ${round})`, url, keySets[round % KEY_SETS] ?? []),
        );
      // Odd rounds start with the session, even rounds with the key.
      const first = round % 2 ? await withSession() : await withKey();
      const second = round % 2 ? await withKey() : await withSession();
      figures.push(first, second);
      const pair = round % 2 ? { session: first, key: second } : { session: second, key: first };
      ratios.push(pair.key.requestsPerSec / Math.max(1, pair.session.requestsPerSec));
      cpuRatios.push((perCpuSecond.key.at(-1) ?? 0) / (perCpuSecond.session.at(-1) ?? 1));
    }
    /** The value at fraction q of the sorted values, interpolated (0.5: the median). */
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (sorted.length - 1) * q;
      const low = sorted[Math.floor(at)] ?? 0;
      return low + ((sorted[Math.ceil(at)] ?? 0) - low) * (at - Math.floor(at));
    };
    const median = (values: number[]) => quantile(values, 0.5);
    const rates = (kind: string) => figures.filter((f) => f.name.includes(kind)).map((f) => f.requestsPerSec);
    printFigures(
      `Public API (SQLite${process.env.REDIS_URL ? ', Redis' : ''}, 10 connections, ${SECONDS} s runs alternating; company ${company.name})`,
      figures,
      figures[0],
    );
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    const cpuSession = median(perCpuSecond.session);
    const cpuKey = median(perCpuSecond.key);
    console.log(
      `median requests per server CPU-second: session ${Math.round(cpuSession)}, API key ${Math.round(cpuKey)} (${pct(cpuKey / cpuSession)})`,
    );
    console.log(
      `key vs session per CPU-second, each round's own ratio: median ${pct(median(cpuRatios))}, quartiles ${pct(quantile(cpuRatios, 0.25))}–${pct(quantile(cpuRatios, 0.75))}, range ${pct(quantile(cpuRatios, 0))}–${pct(quantile(cpuRatios, 1))}; load ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
    console.log(
      `median req/s: session ${Math.round(median(rates('session')))}, API key ${Math.round(median(rates('API key')))}`,
    );
    console.log(
      `key vs session, median of the rounds' ratios: ${pct(median(ratios))} (target: at least 95%); rounds: ${ratios.map(pct).join(' ')}`,
    );
  } finally {
    await server.stop();
  }
}

// Run on its own: `node scripts/bench-public-api.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await benchPublicApi();
