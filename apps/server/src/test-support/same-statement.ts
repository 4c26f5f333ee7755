import { sql } from 'kysely';
import { expect } from 'vitest';
import { dialectOf } from '../db/dialect.ts';
import type { TestApp } from './test-app.ts';

/**
 * PostgreSQL: the timeline entries were written by the change-feed row's own statement
 * (rows written by one statement share its transaction id and command id). SQLite runs
 * the two as adjacent statements of the transaction, which leaves nothing to compare.
 */
export async function expectSentAlong(t: TestApp, company: number, changeId: number, activityIds: number[]) {
  if (dialectOf(t.ctx.db) !== 'postgres') return;
  const stamp = (table: 'change_events' | 'customer_activities', ids: number[]) =>
    sql<{ at: string }>`select xmin::text || '/' || cmin::text as at from ${sql.table(table)}
      where company_id = ${company} and id in (${sql.join(ids)})`
      .execute(t.ctx.db)
      .then((r) => [...new Set(r.rows.map((row) => row.at))]);
  const [change] = await stamp('change_events', [changeId]);
  expect(change).toBeDefined();
  expect(activityIds.length).toBeGreaterThan(0);
  expect(await stamp('customer_activities', activityIds)).toEqual([change]);
}
