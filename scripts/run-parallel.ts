/**
 * Runs npm scripts at the same time and fails when any fails: `node scripts/run-parallel.ts
 * test:api:sqlite test:api:pg`. The two API runs share no database (in-memory SQLite, and
 * their own PostgreSQL databases), and each leaves part of the 2-core machine idle while it
 * waits on the other engine or on timers, so together they finish well before one after
 * the other (decision 025). Each script's output is kept apart and printed whole when it
 * ends, so two reporters never interleave.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<{ script: string; code: number; output: string }> {
  return new Promise((resolve) => {
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
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `\n===== ${script}: ${code === 0 ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds} s =====`,
      );
      console.log(output);
      resolve({ script, code: code ?? 1, output });
    });
  });
}

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: node scripts/run-parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const results = await Promise.all(scripts.map(run));
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length) {
  console.error(`run-parallel: failed: ${failed.join(', ')}`);
  process.exit(1);
}
