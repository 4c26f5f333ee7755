/**
 * Running npm scripts from the suite's own runners (`scripts/test.ts`,
 * `scripts/run-parallel.ts`): in the foreground with the terminal's output, or buffered, so
 * that a script running beside another never interleaves its lines with the other's.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
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
 * The script's result once its process closes, with everything it wrote to stdout and stderr;
 * `echo` also prints each piece to this process's matching stream as it comes.
 */
function resultOnClose(
  child: ChildProcessByStdio<null, Readable, Readable>,
  script: string,
  echo: boolean,
): Promise<ScriptResult> {
  const started = Date.now();
  let output = '';
  const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
    if (echo) into.write(chunk);
    output += chunk.toString();
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ ...finished(script, started, code, signal), output }));
  });
}

/**
 * Runs `npm run <script>` printing its output as it comes, and keeps a copy, so that what failed
 * can be repeated at the end of the run; resolves when it ends.
 */
export function runInForeground(script: string, args: string[] = []): Promise<ScriptResult> {
  const extra = args.length > 0 ? ['--', ...args] : [];
  const child = spawn('npm', ['run', '--silent', script, ...extra], { stdio: ['inherit', 'pipe', 'pipe'] });
  return resultOnClose(child, script, true);
}

/** A script started in the background: its result once it ends, and a way to stop it early. */
export interface BackgroundScript {
  done: Promise<ScriptResult>;
  stop: () => void;
}

/** Starts `npm run <script>` keeping its output, to be printed whole when it ends. */
export function startBuffered(script: string): BackgroundScript {
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Reporters see no terminal and print plain lines, which read fine when replayed.
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  return { done: resultOnClose(child, script, false), stop: () => child.kill('SIGTERM') };
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
  const plain = stripVTControlCharacters(output);
  if (/⎯{3,}.*Unhandled/.test(plain)) return [];
  const files = new Set<string>();
  for (const line of plain.split('\n')) {
    if (!/^\s*FAIL\s/.test(line)) continue;
    const file = TEST_FILE.exec(line)?.[0];
    if (file) files.add(file);
  }
  return [...files];
}
