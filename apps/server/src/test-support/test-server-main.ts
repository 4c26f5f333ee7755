import { rmSync } from 'node:fs';
import { useFastHashingForTests } from '../lib/passwords.ts';

/**
 * The real server (main.ts) as the browser stories start it: the same code, config and
 * start-up, with passwords hashed at the test cost the API suite uses (test-app.ts).
 * Each story file's server seeds three demo people and the stories sign in a few hundred
 * times; at the production cost (argon2id 19 MiB, 2 passes, about 50 ms each) that is
 * CPU spent on nothing a story checks. The stored format and code path are unchanged;
 * the production parameters are checked by lib/passwords.unit.test.ts (decision 080).
 */
useFastHashingForTests();

// The story worker that started this server holds the other end of its stdin
// (fixtures/stack.ts): when the worker ends (its files done, or killed) the pipe closes and
// the server shuts down as on SIGTERM, its temporary data folder removed. So a server started
// ahead for a file that never came (decision 086) does not outlive the run. Unreferenced, so
// that it never keeps the server alive by itself.
const dataDir = process.env.DATA_DIR;
if (process.env.KONTORA_TEST_STDIN_LIFELINE === '1') {
  process.stdin.on('end', () => {
    if (dataDir) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    process.kill(process.pid, 'SIGTERM');
  });
  process.stdin.resume();
  (process.stdin as { unref?: () => void }).unref?.();
}
await import('../main.ts');
