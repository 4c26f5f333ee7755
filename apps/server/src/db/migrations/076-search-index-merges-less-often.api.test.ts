import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dialectOf } from '../dialect.ts';
import { migrations } from './index.ts';

/**
 * Migration 076 sets SQLite's full-text index of customers to merge its segments 16 at a time
 * (decision 124); searches find the same customers with either setting. PostgreSQL has no such
 * index: nothing changes there.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
});
afterAll(() => t.close());

async function automerge(): Promise<number | null> {
  if (dialectOf(t.ctx.db) === 'postgres') return null;
  const { rows } = await sql<{ v: number }>`select v from customers_fts_config where k = 'automerge'`.execute(
    t.ctx.db.withoutPlugins(),
  );
  return rows[0]?.v ?? 4;
}

async function found(q: string): Promise<string[]> {
  const res = await t.call(c.ana.token, { method: 'GET', url: `/api/companies/${c.acme}/customers?q=${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { name: string }[]).map((i) => i.name).sort();
}

describe('migration 076', () => {
  it('merges the search index 16 segments at a time on SQLite; searches answer the same', async () => {
    const sqlite = dialectOf(t.ctx.db) === 'sqlite';
    expect(await automerge()).toBe(sqlite ? 16 : null);
    // One segment per transaction: more than the 16 that make a merge.
    for (let i = 0; i < 40; i++) {
      const res = await t.call(c.ana.token, {
        method: 'POST',
        url: `/api/companies/${c.acme}/customers`,
        payload: { name: `Merged ${i} ${i % 2 ? 'Odd' : 'Even'}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const odd = await found('merged%20odd');
    expect(odd).toHaveLength(20);
    expect(await found('merged%2031')).toEqual(['Merged 31 Odd']);

    const migration = migrations['076-search-index-merges-less-often'];
    if (!migration?.down) throw new Error('no down');
    await migration.down(t.ctx.db.withoutPlugins());
    expect(await automerge()).toBe(sqlite ? 4 : null);
    expect(await found('merged%20odd')).toEqual(odd);
    await migration.up(t.ctx.db.withoutPlugins());
    expect(await automerge()).toBe(sqlite ? 16 : null);
  });
});
