import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { demoToken, startServer } from './bench/server-process.ts';

/**
 * One signed-in client floods `/api/ws` with pings for a while (reconnecting whenever it
 * is closed, as an abuser would), from a process of its own; meanwhile this process times
 * `/api/health` one request after another. Figures: health p50/p99 before and during.
 * Run alone with `node scripts/bench-socket-flood.ts`; BENCH_FLOOD_SECONDS (default 10).
 */
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function healthTimes(url: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      await (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
      times.push(performance.now() - started);
    } catch {
      times.push(10_000); // unanswered within 10 s: counted as 10 s
    }
    await sleep(5);
  }
  return times.sort((a, b) => a - b);
}

/** The flooding client: runs in a child process so its own sending does not slow the timing here. */
async function flood(url: string, token: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  let closes = 0;
  const codes = new Map<number, number>();
  while (Date.now() < until) {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`);
    await new Promise<void>((resolve) => {
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'auth', token }));
        const burst = () => {
          if (ws.readyState !== WebSocket.OPEN || Date.now() > until) return ws.terminate();
          for (let i = 0; i < 200; i++) ws.send('{"type":"ping"}');
          sent += 200;
          setImmediate(burst);
        };
        burst();
      });
      ws.on('close', (code) => {
        closes++;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        resolve();
      });
      ws.on('error', () => {});
    });
  }
  process.send?.({ sent, closes, codes: Object.fromEntries(codes) });
}

export async function benchSocketFlood(): Promise<void> {
  const server = await startServer();
  try {
    const token = await demoToken(server.url);
    const idle = await healthTimes(server.url, 3_000);
    const child = fork(import.meta.filename, ['--flood', server.url, token, String(SECONDS)]);
    const report = new Promise<unknown>((resolve) => child.once('message', resolve));
    await sleep(500);
    const during = await healthTimes(server.url, (SECONDS - 1) * 1000);
    const flooder = await report;
    console.log(`\nLive socket flood (${SECONDS} s of pings from one signed-in client, reconnecting)`);
    console.log(
      `  /api/health idle:   p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms (${idle.length} requests)`,
    );
    console.log(
      `  /api/health during: p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms (${during.length} requests)`,
    );
    console.log(`  flooder: ${JSON.stringify(flooder)}`);
  } finally {
    await server.stop();
  }
}

if (process.argv[2] === '--flood') {
  const [url, token, seconds] = process.argv.slice(3);
  await flood(String(url), String(token), Number(seconds));
  process.exit(0);
} else if (import.meta.filename === process.argv[1]) {
  await benchSocketFlood();
}
