import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The node flags `npm start` runs the server with (package.json), so a bench measures the server
 * as it is shipped: the heap limit among them sets how far memory grows (docs/decisions/113-import-sets-in-typed-arrays.md).
 */
function startFlags(): string[] {
  const { start } = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
    .scripts;
  const flags = /\bnode ((?:--\S+ )*)apps\/server\/src\/main\.ts/.exec(start)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/**
 * Starts the real server (apps/server/src/main.ts) on a free port with a fresh data directory.
 * BENCH_NODE_ARGS adds flags to its node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
 * where a run's time goes (node refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontora-bench-'));
  const nodeArgs = [...startFlags(), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous on a loaded machine: a server opening a million-row database starts slower there.
  const deadline = Date.now() + Number(process.env.BENCH_READY_SECONDS ?? 30) * 1000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo owner's session token on a server started with the demo seed (the default above). */
export async function demoToken(url: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana@example.com', password: 'kontora-demo-2026' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}
