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

/** The index's merge settings (FTS5 stores only those set; unset, they are its defaults, 4 and 16). */
async function merges(): Promise<[number, number] | null> {
  if (dialectOf(t.ctx.db) === 'postgres') return null;
  const { rows } = await sql<{ k: string; v: number }>`select k, v from customers_fts_config`.execute(
    t.ctx.db.withoutPlugins(),
  );
  const value = (k: string, unset: number) => rows.find((r) => r.k === k)?.v ?? unset;
  return [value('automerge', 4), value('crisismerge', 16)];
}

async function found(q: string): Promise<string[]> {
  const res = await t.call(c.ana.token, { method: 'GET', url: `/api/companies/${c.acme}/customers?q=${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { name: string }[]).map((i) => i.name).sort();
}

describe('migration 076', () => {
  it('merges the search index 16 segments at a time, a little a write, on SQLite; searches answer the same', async () => {
    const sqlite = dialectOf(t.ctx.db) === 'sqlite';
    expect(await merges()).toEqual(sqlite ? [16, 64] : null);
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
    expect(await merges()).toEqual(sqlite ? [4, 16] : null);
    expect(await found('merged%20odd')).toEqual(odd);
    await migration.up(t.ctx.db.withoutPlugins());
    expect(await merges()).toEqual(sqlite ? [16, 64] : null);
  });
});
