/**
 * `npm test`: everything CI runs. The Debian packages the tests need are installed first in
 * one go; the type check and the web build start in the background; lint and the unit tests
 * run in the foreground; then the API suite on SQLite, the API suite on PostgreSQL and the
 * browser stories (once the build is there) run at the same time.
 *
 * Each of those three leaves most of the two cores idle when it runs alone: its files wait on
 * child servers starting, timers, a browser, PostgreSQL or Dovecot far more than they compute
 * (decisions 080, 101). Side by side they fill the cores instead of taking turns (decision
 * 108). `KONTORA_TEST_ONE_BY_ONE=1` runs them one after the other as before, for a machine
 * too small for that or to read one suite's output as it goes.
 *
 * The stories print as they run; the API runs print whole when each ends, so no two
 * reporters interleave their lines. A failure before the three stops the run; once they run,
 * each finishes. A suite that failed in at most three files then runs those files once more
 * alone, and the run fails if any suite failed again or failed in more (decision 109). The end
 * of the run repeats what failed and lists each step's time.
 */
import { ensureTestPackages } from './ensure-test-packages.ts';
import {
  type BackgroundScript,
  describeResult,
  failedTestFiles,
  failureDigest,
  runInForeground,
  type ScriptResult,
  startBuffered,
} from './npm-scripts.ts';

const BACKGROUND = ['typecheck', 'build:if-stale'];
const FIRST = ['lint', 'test:unit'];
const BUFFERED_SUITES = ['test:api:sqlite', 'test:api:pg'];
/** More failed files than this is not the load: the suite fails without a second run. */
const RERUN_LIMIT = 3;
const STREAMED_SUITE = 'test:e2e';
const oneByOne = process.env.KONTORA_TEST_ONE_BY_ONE === '1';

const results: ScriptResult[] = [];
const background = new Map<string, BackgroundScript & { result?: ScriptResult }>();
const suites: (BackgroundScript & { result?: ScriptResult })[] = [];
const started = Date.now();

function finish(code: number): never {
  for (const job of [...background.values(), ...suites]) if (!job.result) job.stop();
  for (const result of results) {
    if (result.code !== 0 && result.output)
      console.log(`\nWhat failed in ${result.script}:\n${failureDigest(result.output)}`);
  }
  console.log('\nnpm test, step by step:');
  for (const result of results) console.log(`  ${describeResult(result)}`);
  console.log(`  in all ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(code);
}

/** Prints a buffered script's output once it has ended (once); stops the run if asked and it failed. */
function report(result: ScriptResult, { stopOnFailure }: { stopOnFailure: boolean }): void {
  if (results.includes(result)) return;
  results.push(result);
  console.log(`\n${describeResult(result)}\n${result.output}`);
  if (stopOnFailure && result.code !== 0) finish(result.code);
}

function start(script: string): BackgroundScript & { result?: ScriptResult } {
  const job: BackgroundScript & { result?: ScriptResult } = startBuffered(script);
  job.done.then((result) => {
    job.result = result;
  });
  return job;
}

/** Reports each background script that has ended since the last look. */
function reportBackground(): void {
  for (const job of background.values()) if (job.result) report(job.result, { stopOnFailure: true });
}

async function runStep(script: string): Promise<void> {
  const result = await runInForeground(script);
  results.push(result);
  if (result.code !== 0) finish(result.code);
  reportBackground();
}

ensureTestPackages();
for (const script of BACKGROUND) background.set(script, start(script));
for (const script of FIRST) await runStep(script);

if (oneByOne) {
  for (const script of BUFFERED_SUITES) await runStep(script);
  await Promise.all([...background.values()].map((job) => job.done));
  reportBackground();
  await runStep(STREAMED_SUITE);
  finish(0);
}

for (const script of BUFFERED_SUITES) {
  const job = start(script);
  suites.push(job);
  // Printed as soon as it ends; the run goes on to let the others finish.
  job.done.then((result) => report(result, { stopOnFailure: false }));
}
// The stories need the build; the type check may still be running, and a type error ends the run.
await background.get('build:if-stale')?.done;
reportBackground();
const stories = await runInForeground(STREAMED_SUITE);
results.push(stories);
await Promise.all(suites.map((job) => job.done));
await background.get('typecheck')?.done;
reportBackground();
const sideBySide = results.filter((r) => [...BUFFERED_SUITES, STREAMED_SUITE].includes(r.script));
let failed = results.some((r) => r.code !== 0 && !sideBySide.includes(r));
for (const result of sideBySide) if (!(await passedAloneIfFew(result))) failed = true;
finish(failed ? 1 : 0);

/**
 * A suite that failed beside the other two runs its failed files once more, alone, when it
 * names at most RERUN_LIMIT of them: a file that fails only under the other suites' load
 * passes then, and the log names it; one that fails again fails the run. Whether the suite
 * counts as passed.
 */
async function passedAloneIfFew(result: ScriptResult): Promise<boolean> {
  if (result.code === 0) return true;
  const files = failedTestFiles(result.output);
  if (files.length === 0 || files.length > RERUN_LIMIT) return false;
  console.log(`\n${result.script} failed beside the other suites in ${files.join(', ')}; once more, alone:`);
  const again = await runInForeground(result.script, files);
  results.push({ ...again, script: `${result.script}, its ${files.length} failed file(s) alone` });
  return again.code === 0;
}
