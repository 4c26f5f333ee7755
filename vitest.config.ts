import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Node's on-disk compile cache (stripped TypeScript and compiled code, keyed by content, so
// never stale) for every process the suite starts: the workers and the real servers the
// browser stories and child-server tests spawn inherit it. A server start then costs about
// 0.6 s of CPU less (decision 069).
process.env.NODE_COMPILE_CACHE ??= path.join(import.meta.dirname, 'node_modules/.cache/kontora/node-compile');

/**
 * Three projects, each its own npm script (see package.json):
 * - unit: pure functions, no I/O;
 * - api: the Fastify app through app.inject on a real database; run twice,
 *   TEST_DB=sqlite and TEST_DB=postgres, each creating and dropping its own databases;
 * - e2e: the built web app served by the real server, driven by Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/**/src/**/*.unit.test.ts',
            'apps/web/build/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          // PostgreSQL run: one migrated template database copied by every test file.
          globalSetup: ['apps/server/src/test-support/pg-template.global-setup.ts'],
          // Files share their worker's loaded modules instead of importing the whole server
          // again each (decision 037): each builds its own app on its own database, and
          // createTestApp empties the process-wide caches first.
          isolate: false,
          // Two files at a time (vitest's default on 2 cores is one): an API file spends much
          // of its time waiting (child servers starting, timers, PostgreSQL, Dovecot), and the
          // other file runs meanwhile. About 28 % less wall time for the same CPU (decision 080).
          maxWorkers: 2,
          // Projects of one group must agree on workers (see e2e below).
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          // The files of a worker share its loaded modules (playwright-core, axe-core, the
          // fixtures) instead of a fresh worker importing them for each file (decision 069);
          // each file still starts its own server and Chromium, and starts from the
          // worker's first environment (fixtures/fresh-env.setup.ts).
          isolate: false,
          setupFiles: ['apps/web/e2e/fixtures/fresh-env.setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two story files at a time, each with its own server, port, database folder and
          // Chromium (fixtures/stack.ts): while one waits on its browser or server the other
          // runs (decision 025). More would only queue on the 2 cores.
          maxWorkers: 2,
          // Its own group, so that a plain `vitest run` of every project may differ in workers.
          sequence: { groupOrder: 2 },
          // A real browser against a real server on a 2-core machine: one retry absorbs a
          // scheduling hiccup; a story that fails twice is a real failure.
          retry: 1,
        },
      },
    ],
  },
});
