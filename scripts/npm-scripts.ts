/**
 * Running npm scripts from the suite's own runners (`scripts/test.ts`,
 * `scripts/run-parallel.ts`): in the foreground with the terminal's output, or buffered, so
 * that a script running beside another never interleaves its lines with the other's.
 */
import { spawn } from 'node:child_process';

export interface ScriptResult {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

function finished(script: string, started: number, code: number | null, signal: string | null) {
  const seconds = Math.round((Date.now() - started) / 1000);
  return { script, code: code ?? (signal ? 1 : 0), seconds };
}

/** Runs `npm run <script>` with this process's output; resolves when it ends. */
export function runInForeground(script: string): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve({ ...finished(script, started, code, signal), output: '' }));
  });
}

/** A script started in the background: its result once it ends, and a way to stop it early. */
export interface BackgroundScript {
  done: Promise<ScriptResult>;
  stop: () => void;
}

/** Starts `npm run <script>` keeping its output, to be printed whole when it ends. */
export function startBuffered(script: string): BackgroundScript {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Reporters see no terminal and print plain lines, which read fine when replayed.
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const done = new Promise<ScriptResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ ...finished(script, started, code, signal), output }));
  });
  return { done, stop: () => child.kill('SIGTERM') };
}

export const runBuffered = (script: string): Promise<ScriptResult> => startBuffered(script).done;

export function describeResult(result: ScriptResult): string {
  return `===== ${result.script}: ${result.code === 0 ? 'passed' : `FAILED (${result.code})`} in ${result.seconds} s =====`;
}
