import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createTestDatabase } from '../apps/server/src/test-support/test-database.ts';
import { gcProbeFile } from './bench/gc-probe.ts';
import { type RunningServer, startServer } from './bench/server-process.ts';

/**
 * Live updates (`/api/ws`): N sockets subscribed to one company, on one
 * instance (SQLite) and on each of two instances (one PostgreSQL, one Redis).
 * For each change: time from the start of the write request (an upper bound
 * of its commit) to its arrival at every socket, p50/p99 over all sockets and
 * changes; and the server's memory per open socket, read after a full garbage
 * collection (scripts/bench/gc-probe.ts) past a warm-up batch, so it is what one
 * more socket holds.
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 1000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 30);
/** Sockets opened at once: loopback, but bounded so the bench measures the steady state, not a connect storm. */
const OPEN_AT_ONCE = 50;
/** Sockets opened and closed before memory is read, so the figure is what one more socket costs. */
const WARM_UP = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Servers measured here run the GC probe, so memory is read after a full collection. */
const PROBED = {
  NODE_OPTIONS: `--expose-gc --import ${path.join(import.meta.dirname, 'bench/gc-probe.ts')}`,
};

/** Resident memory (KB) and JS heap in use (bytes) of a probed server after a full collection. */
async function settledMemory(pid: number | undefined): Promise<{ rssKb: number; heapUsed: number }> {
  if (pid === undefined) throw new Error('server has no pid');
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    try {
      const m = JSON.parse(readFileSync(gcProbeFile(pid), 'utf8')) as {
        rssKb: number;
        heapUsed: number;
        at: number;
      };
      if (m.at >= asked) return m;
    } catch {
      // not written yet
    }
  }
  throw new Error('the GC probe did not answer');
}

async function session(url: string) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}` };
  const companies = (await (await fetch(`${url}/api/me/companies`, { headers: auth })).json()) as {
    data: { items: { id: number; name: string; modules?: number[] }[] };
  };
  const company = companies.data.items.find((c) => c.name.startsWith('Acme')) ?? companies.data.items[0];
  if (!company) throw new Error('no demo company');
  return { token, auth, companyId: company.id };
}

/** One subscribed socket that records when each change id arrives. */
function openSocket(url: string, token: string, companyId: number, arrivals: Map<number, number[]>) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type: string; id?: number };
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', company_id: companyId }));
      else if (message.type === 'subscribed') resolve(ws);
      else if (message.type === 'ping') ws.send('{"type":"pong"}');
      else if (message.type.includes('.') && message.id !== undefined) {
        const list = arrivals.get(message.id);
        if (list) list.push(at);
        else arrivals.set(message.id, [at]);
      }
    });
  });
}

async function openMany(
  url: string,
  token: string,
  companyId: number,
  arrivals: Map<number, number[]>,
  count = SOCKETS,
) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += OPEN_AT_ONCE) {
    const batch = Math.min(OPEN_AT_ONCE, count - i);
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => openSocket(url, token, companyId, arrivals)),
      )),
    );
  }
  return sockets;
}

/** Makes CHANGES customer changes through `writer`; answers per-socket delays per group of sockets. */
async function measureChanges(
  writer: { url: string; auth: Record<string, string>; companyId: number },
  groups: { label: string; arrivals: Map<number, number[]> }[],
) {
  const create = await fetch(`${writer.url}/api/companies/${writer.companyId}/customers`, {
    method: 'POST',
    headers: { ...writer.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Live bench ${randomBytes(3).toString('hex')}` }),
  });
  let customer = ((await create.json()) as { data: { id: number; version: number } }).data;
  await sleep(1000);
  const delays = groups.map(() => [] as number[]);
  const writes: number[] = [];
  for (let n = 0; n < CHANGES; n++) {
    const started = performance.now();
    const res = await fetch(`${writer.url}/api/companies/${writer.companyId}/customers/${customer.id}`, {
      method: 'PATCH',
      headers: { ...writer.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ version: customer.version, notes: `change ${n}` }),
    });
    writes.push(performance.now() - started);
    customer = ((await res.json()) as { data: { id: number; version: number } }).data;
    // The change's feed id is not in the answer: it is the one whose arrivals start after `started`.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const done = groups.every(({ arrivals }) =>
        [...arrivals.entries()].some(([, at]) => at.length >= SOCKETS && (at[0] ?? 0) >= started),
      );
      if (done || Date.now() > deadline) break;
      await sleep(5);
    }
    groups.forEach(({ arrivals }, g) => {
      for (const [id, at] of arrivals) {
        if ((at[0] ?? 0) < started) continue;
        delays[g]?.push(...at.map((t) => t - started));
        arrivals.delete(id);
      }
    });
    await sleep(50);
  }
  const sortedWrites = writes.sort((a, b) => a - b);
  return groups.map(({ label }, g) => {
    const sorted = (delays[g] ?? []).sort((a, b) => a - b);
    return {
      label,
      received: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      write: percentile(sortedWrites, 50),
    };
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

function print(title: string, rows: Awaited<ReturnType<typeof measureChanges>>, memory: string[]) {
  console.log(`\n${title}`);
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(28)} arrivals ${String(r.received).padStart(6)}  p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}  (write answered p50 ${ms(r.write)})`,
    );
  }
  for (const line of memory) console.log(`  ${line}`);
}

/**
 * Opens SOCKETS sockets and answers the resident memory each one adds. A first
 * WARM_UP sockets (closed again before the figure) pay the one-time costs that are
 * not per socket: database pool connections, compiled code, the young heap grown
 * to its working size.
 */
async function withSockets(server: RunningServer, url: string, token: string, companyId: number) {
  const arrivals = new Map<number, number[]>();
  const warmUp = await openMany(url, token, companyId, new Map(), WARM_UP);
  for (const ws of warmUp) ws.terminate();
  await sleep(1000);
  const before = await settledMemory(server.process.pid);
  const sockets = await openMany(url, token, companyId, arrivals);
  await sleep(1000);
  const after = await settledMemory(server.process.pid);
  return {
    arrivals,
    sockets,
    perSocketKb: (after.rssKb - before.rssKb) / SOCKETS,
    heapPerSocketKb: (after.heapUsed - before.heapUsed) / 1024 / SOCKETS,
  };
}

export async function benchLive(): Promise<void> {
  // One instance, embedded SQLite.
  const one = await startServer(PROBED);
  try {
    const s = await session(one.url);
    const { arrivals, sockets, perSocketKb, heapPerSocketKb } = await withSockets(
      one,
      one.url,
      s.token,
      s.companyId,
    );
    const rows = await measureChanges({ url: one.url, ...s }, [{ label: `${SOCKETS} sockets`, arrivals }]);
    print(`Live updates: one instance (SQLite), ${SOCKETS} sockets, ${CHANGES} changes`, rows, [
      `server memory per open socket: ${perSocketKb.toFixed(1)} KB resident, of it ${heapPerSocketKb.toFixed(1)} KB JS heap (growth after a full GC / sockets)`,
    ]);
    for (const ws of sockets) ws.terminate();
  } finally {
    await one.stop();
  }

  // Two instances on one PostgreSQL database and one Redis; writes through A.
  const { database, drop } = await createTestDatabase('postgres');
  if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `kontora-bench-live-${process.pid}`,
    SEED_DEMO: '1',
    SECRET_KEY: 'b'.repeat(64),
  };
  const [a, b] = await Promise.all([startServer({ ...env, ...PROBED }), startServer({ ...env, ...PROBED })]);
  try {
    const s = await session(a.url);
    const onA = await withSockets(a, a.url, s.token, s.companyId);
    const onB = await withSockets(b, b.url, s.token, s.companyId);
    const rows = await measureChanges({ url: a.url, ...s }, [
      { label: `${SOCKETS} sockets on A (writer)`, arrivals: onA.arrivals },
      { label: `${SOCKETS} sockets on B`, arrivals: onB.arrivals },
    ]);
    print(
      `Live updates: two instances (PostgreSQL + Redis), ${SOCKETS} sockets each, ${CHANGES} changes through A`,
      rows,
      [
        `server memory per open socket (resident / JS heap, after a full GC): A ${onA.perSocketKb.toFixed(1)} / ${onA.heapPerSocketKb.toFixed(1)} KB, B ${onB.perSocketKb.toFixed(1)} / ${onB.heapPerSocketKb.toFixed(1)} KB`,
      ],
    );
    for (const ws of [...onA.sockets, ...onB.sockets]) ws.terminate();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLive();
