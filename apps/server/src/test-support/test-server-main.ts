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
await import('../main.ts');
