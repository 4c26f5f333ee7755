import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { dialectOf } from './dialect.ts';
import { withSerialPlans } from './serial-plans.ts';

/** `withSerialPlans` turns parallel plans off for its work only (decision 094). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const workers = async (db: TestApp['ctx']['db']) =>
  (await sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(db))
    .rows[0]?.max_parallel_workers_per_gather;

describe('withSerialPlans', () => {
  it('plans without parallel workers inside, as before outside; SQLite runs the work as is', async () => {
    const db = t.ctx.db;
    if (dialectOf(db) !== 'postgres') {
      expect(await withSerialPlans(db, async (inner) => inner === db)).toBe(true);
      return;
    }
    const before = await workers(db);
    expect(before).not.toBe('0');
    expect(await withSerialPlans(db, workers)).toBe('0');
    expect(await workers(db)).toBe(before);
    // Inside a transaction already: the setting ends with that transaction.
    await db.transaction().execute(async (trx) => {
      expect(await withSerialPlans(trx, workers)).toBe('0');
    });
    expect(await workers(db)).toBe(before);
  });
});
