/**
 * Running npm scripts from the suite's own runners (`scripts/test.ts`,
 * `scripts/run-parallel.ts`): in the foreground with the terminal's output, or buffered, so
 * that a script running beside another never interleaves its lines with the other's.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

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

/**
 * Runs `npm run <script>` printing its output as it comes, and keeps a copy, so that what failed
 * can be repeated at the end of the run; resolves when it ends.
 */
export function runInForeground(script: string, args: string[] = []): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const started = Date.now();
    const extra = args.length > 0 ? ['--', ...args] : [];
    const child = spawn('npm', ['run', '--silent', script, ...extra], { stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code, signal) => resolve({ ...finished(script, started, code, signal), output }));
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

const DIGEST_LINES = 80;
/** Vitest's closing counts, which end a failure section and belong in the digest. */
const SUMMARY_LINE = /^\s*(Test Files|Tests)\s+\d/;

/**
 * The lines of a failed run that say what failed: the runner's failed-test and unhandled-error
 * sections and its FAIL lines. Printed again at the very end, because a CI log often keeps only
 * the tail, and a suite printed whole minutes earlier is then out of sight.
 */
export function failureDigest(output: string): string {
  const lines = stripVTControlCharacters(output).split('\n');
  const picked: string[] = [];
  let inSection = false;
  for (const line of lines) {
    if (/⎯{3,}.*(Failed Tests|Unhandled|Failed Suites)/.test(line)) inSection = true;
    else if (SUMMARY_LINE.test(line)) inSection = false;
    if (inSection || /^\s*(FAIL|×|✗)\s/.test(line) || SUMMARY_LINE.test(line)) picked.push(line);
  }
  const tail = picked.length > 0 ? picked : lines.filter((line) => line.trim() !== '').slice(-20);
  return tail.slice(0, DIGEST_LINES).join('\n') + (tail.length > DIGEST_LINES ? '\n  …' : '');
}

/** A test file's path as vitest prints it: `apps/…/name.api.test.ts`, `apps/web/e2e/name.e2e.ts`. */
const TEST_FILE = /(?:apps|packages|scripts)\/[\w./-]+\.(?:test|e2e)\.tsx?/;

/**
 * The test files a vitest run names on its FAIL lines (a failed test, or a file whose hooks
 * failed), each once; none when it failed without naming one (an unhandled error, a crash
 * before the report), so the caller cannot mistake such a run for a few failed files.
 */
export function failedTestFiles(output: string): string[] {
  const files = new Set<string>();
  for (const line of stripVTControlCharacters(output).split('\n')) {
    if (!/^\s*FAIL\s/.test(line)) continue;
    const file = TEST_FILE.exec(line)?.[0];
    if (file) files.add(file);
  }
  const unexplained = /⎯{3,}.*Unhandled/.test(stripVTControlCharacters(output));
  return unexplained ? [] : [...files];
}
