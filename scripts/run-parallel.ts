/**
 * Runs npm scripts at the same time and fails when any fails: `node scripts/run-parallel.ts
 * test:api:sqlite test:api:pg`. The two API runs share no database (in-memory SQLite, and
 * their own PostgreSQL databases), and each leaves part of the 2-core machine idle while it
 * waits on the other engine or on timers, so together they finish well before one after
 * the other (decision 025). Each script's output is kept apart and printed whole when it
 * ends, so two reporters never interleave.
 */
import { describeResult, runBuffered } from './npm-scripts.ts';

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: node scripts/run-parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const results = await Promise.all(
  scripts.map(async (script) => {
    const result = await runBuffered(script);
    console.log(`\n${describeResult(result)}`);
    console.log(result.output);
    return result;
  }),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length) {
  console.error(`run-parallel: failed: ${failed.join(', ')}`);
  process.exit(1);
}
