import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { dialectOf } from './dialect.ts';
import { withSerialPlans } from './serial-plans.ts';

/** `withSerialPlans` turns parallel plans off for its work's selects only (decisions 094, 106). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const plan = async (query: { explain(): Promise<Record<string, unknown>[]> }) =>
  (await query.explain()).map((row) => Object.values(row).join(' ')).join('\n');

describe('withSerialPlans', () => {
  it('plans its selects without parallel workers, others as before; SQLite runs the work as is', async () => {
    const db = t.ctx.db;
    if (dialectOf(db) !== 'postgres') {
      expect(await withSerialPlans(db, async (inner) => inner === db)).toBe(true);
      return;
    }
    const companies = (d: typeof db) => d.selectFrom('companies').select('id').orderBy('id');
    await db.transaction().execute(async (trx) => {
      // Workers made free, so that even this small table would be read by them.
      await sql`set local parallel_setup_cost = 0`.execute(trx);
      await sql`set local parallel_tuple_cost = 0`.execute(trx);
      await sql`set local min_parallel_table_scan_size = 0`.execute(trx);
      await sql`set local parallel_leader_participation = off`.execute(trx);
      expect(await plan(companies(trx))).toMatch(/Gather/);
      const serial = await withSerialPlans(trx, async (inner) => plan(companies(inner)));
      expect(serial).not.toMatch(/Gather/);
      // Nothing left of the condition in the plan, nor in the answer.
      expect(serial).not.toMatch(/current_schema|One-Time Filter/);
      expect(await withSerialPlans(trx, (inner) => companies(inner).execute())).toEqual(
        await companies(trx).execute(),
      );
      expect(await plan(companies(trx))).toMatch(/Gather/);
    });
  });
});
