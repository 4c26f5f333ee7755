/**
 * `npm test`: everything CI runs. The Debian packages the tests need are installed first in
 * one go; the type check and the web build (only the browser stories need it) start in the
 * background; lint, the unit tests and the API suite on SQLite, then on PostgreSQL, run one
 * after the other in the foreground; the browser stories run last, once the build is there.
 * The type check and the build take most of a core each for a while, and beside lint, the
 * unit tests and the start of the API run they fill cores those leave idle instead of adding
 * their time to the suite (decision 101). A failure anywhere stops the run at the next step.
 */
import { ensureTestPackages } from './ensure-test-packages.ts';
import {
  type BackgroundScript,
  describeResult,
  runInForeground,
  type ScriptResult,
  startBuffered,
} from './npm-scripts.ts';

const BACKGROUND = ['typecheck', 'build:if-stale'];
const FOREGROUND = ['lint', 'test:unit', 'test:api:sqlite', 'test:api:pg'];
const LAST = 'test:e2e';

const results: ScriptResult[] = [];
const background = new Map<string, BackgroundScript & { result?: ScriptResult }>();

function finish(code: number): never {
  for (const job of background.values()) if (!job.result) job.stop();
  console.log('\nnpm test, step by step:');
  for (const result of results) console.log(`  ${describeResult(result)}`);
  process.exit(code);
}

/** Prints each background script that has ended since the last look; stops the run if one failed. */
function reportBackground(): void {
  for (const job of background.values()) {
    if (!job.result || results.includes(job.result)) continue;
    results.push(job.result);
    console.log(`\n${describeResult(job.result)}\n${job.result.output}`);
    if (job.result.code !== 0) finish(job.result.code);
  }
}

ensureTestPackages();
for (const script of BACKGROUND) {
  const job: BackgroundScript & { result?: ScriptResult } = startBuffered(script);
  job.done.then((result) => {
    job.result = result;
  });
  background.set(script, job);
}
for (const script of FOREGROUND) {
  const result = await runInForeground(script);
  results.push(result);
  if (result.code !== 0) finish(result.code);
  reportBackground();
}
await Promise.all([...background.values()].map((job) => job.done));
reportBackground();
const stories = await runInForeground(LAST);
results.push(stories);
finish(stories.code);
