import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../../scripts/bench/server-process.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stderr: () => string;
  /** Resolves when the server has logged `count` lines matching `pattern` (LOG_LEVEL=info logs each request). */
  waitForLog(pattern: RegExp, count?: number): Promise<void>;
}

/** The real server (`node apps/server/src/main.ts`) in a child process, ready to answer. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, await freePort());
    } catch (err) {
      // A port found free may be taken by another suite's process before the child listens on it.
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(env: Record<string, string>, port: number): Promise<ChildServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      // Node's compile cache that vitest.config.ts sets for the suite (decision 069): the child
      // gets only the environment named here, so without this each start compiled the whole
      // server again, about 0.9 s of CPU more (decision 080).
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      if (errors.includes('EADDRINUSE')) throw new PortTaken(`port ${port} taken: ${errors}`);
      throw new Error(`server did not become ready: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const waitForLog = async (pattern: RegExp, count = 1) => {
    const global = new RegExp(pattern.source, 'g');
    while ((output.match(global)?.length ?? 0) < count) {
      if (child.exitCode !== null) throw new Error(`server exited; log: ${output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { url, child, exited, stderr: () => errors, waitForLog };
}
