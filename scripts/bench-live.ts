import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createTestDatabase } from '../apps/server/src/test-support/test-database.ts';
import { type RunningServer, startServer } from './bench/server-process.ts';

/**
 * Live updates (`/api/ws`): N sockets subscribed to one company, on one
 * instance (SQLite) and on each of two instances (one PostgreSQL, one Redis).
 * For each change: time from the start of the write request (an upper bound
 * of its commit) to its arrival at every socket, p50/p99 over all sockets and
 * changes; and the server's resident memory per open socket.
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 1000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 30);
/** Sockets opened at once: loopback, but bounded so the bench measures the steady state, not a connect storm. */
const OPEN_AT_ONCE = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Resident memory of a process, from /proc (Linux), in KB. */
const rssKb = (pid: number | undefined) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
};

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

async function openMany(url: string, token: string, companyId: number, arrivals: Map<number, number[]>) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SOCKETS; i += OPEN_AT_ONCE) {
    const batch = Math.min(OPEN_AT_ONCE, SOCKETS - i);
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

async function withSockets(server: RunningServer, url: string, token: string, companyId: number) {
  const arrivals = new Map<number, number[]>();
  await sleep(500);
  const before = rssKb(server.process.pid);
  const sockets = await openMany(url, token, companyId, arrivals);
  await sleep(2000);
  const after = rssKb(server.process.pid);
  return { arrivals, sockets, perSocketKb: (after - before) / SOCKETS };
}

export async function benchLive(): Promise<void> {
  // One instance, embedded SQLite.
  const one = await startServer();
  try {
    const s = await session(one.url);
    const { arrivals, sockets, perSocketKb } = await withSockets(one, one.url, s.token, s.companyId);
    const rows = await measureChanges({ url: one.url, ...s }, [{ label: `${SOCKETS} sockets`, arrivals }]);
    print(`Live updates: one instance (SQLite), ${SOCKETS} sockets, ${CHANGES} changes`, rows, [
      `server memory per open socket: ${perSocketKb.toFixed(1)} KB (RSS growth / sockets)`,
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
    JOBS_QUEUE_PREFIX: `kontora-bench-live-${process.pid}`,
    SEED_DEMO: '1',
    SECRET_KEY: 'b'.repeat(64),
  };
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
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
        `server memory per open socket: A ${onA.perSocketKb.toFixed(1)} KB, B ${onB.perSocketKb.toFixed(1)} KB`,
      ],
    );
    for (const ws of [...onA.sockets, ...onB.sockets]) ws.terminate();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLive();
