import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { insertRows } from './rows-insert.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('insertRows', () => {
  it('inserts every row and answers their ids in row order, whatever the count', async () => {
    const db = t.ctx.db;
    const at = new Date().toISOString();
    // 23 = 16 + 4 + 2 + 1: SQLite writes it in four pieces, PostgreSQL in one statement.
    for (const count of [1, 23, 64]) {
      const names = Array.from({ length: count }, (_, i) => `Rows insert ${count}-${i}`);
      const ids = await insertRows(
        db,
        'companies',
        names.map((name) => ({ name, created_at: at, updated_at: at })),
        'id',
      );
      expect(ids).toHaveLength(count);
      const stored = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .execute();
      const nameOf = new Map(stored.map((c) => [c.id, c.name]));
      expect(ids.map((r) => nameOf.get(r.id))).toEqual(names);
    }
  });
});
