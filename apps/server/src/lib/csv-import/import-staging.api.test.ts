import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createActiveUser, createCompanyWith } from '../../seed/accounts.seed.ts';
import { createSchemaTestDatabase } from '../../test-support/test-database.ts';
import { dropStaging, openStaging, plannedRows, stagedBatches, stageRows } from './import-staging.ts';

/**
 * Staged rows read back in line order, `size` at a time, whatever gaps refused and blank lines
 * leave between them: each batch is the next `size` rows, as a read of the whole in order would cut it.
 */
let db: Database;
let company: number;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const created = await createSchemaTestDatabase();
  drop = created.drop;
  db = createDatabase(created.database).db;
  await migrateToLatest(db);
  const userId = await createActiveUser(db, {
    email: 'ana@example.com',
    full_name: 'Ana',
    password: 'x'.repeat(12),
  });
  company = await createCompanyWith(db, { name: 'Acme', modules: [0, 1, 2] }, [{ userId, role: 'owner' }]);
}, 60_000);
afterAll(async () => {
  await db.destroy();
  await drop();
});

async function batchesOf(lines: number[], size: number): Promise<number[][]> {
  const importId = await openStaging(db, company, 'customers');
  try {
    for (let i = 0; i < lines.length; i += 500) {
      await stageRows(
        db,
        company,
        importId,
        lines.slice(i, i + 500).map((line) => ({ line, row: { at: line } })),
      );
    }
    const out: number[][] = [];
    for await (const batch of stagedBatches<{ at: number }>(db, company, importId, size)) {
      expect(batch.map((r) => r.row.at)).toEqual(batch.map((r) => r.line));
      out.push(batch.map((r) => r.line));
    }
    return out;
  } finally {
    await dropStaging(db, company, importId);
  }
}

const chunks = (lines: number[], size: number) =>
  Array.from({ length: Math.ceil(lines.length / size) }, (_, i) => lines.slice(i * size, (i + 1) * size));

describe('staged rows read back', () => {
  it('come in batches of `size` in line order across gaps of every length', async () => {
    const lines: number[] = [];
    for (let line = 2; line < 3000; line++) if (line % 7 !== 0 && line % 11 !== 3) lines.push(line);
    for (let line = 5000; line < 5400; line += 3) lines.push(line);
    lines.push(20_000, 20_001, 45_000);
    expect(await batchesOf(lines, 100)).toEqual(chunks(lines, 100));
    expect(await batchesOf(lines, 500)).toEqual(chunks(lines, 500));
  });

  it('come whole when every line is a row, and not at all when none is staged', async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => i + 2);
    expect(await batchesOf(lines, 500)).toEqual(chunks(lines, 500));
    expect(await batchesOf([], 500)).toEqual([]);
  });
});

describe('planned rows under negated lines', () => {
  async function stagedCount(importId: number): Promise<number> {
    const row = await db
      .selectFrom('csv_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company)
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('are never read as the file’s rows, come back in line order, and are dropped with them', async () => {
    const importId = await openStaging(db, company, 'customers');
    const lines = [...Array.from({ length: 1200 }, (_, i) => i + 2), 45_000];
    for (let i = 0; i < lines.length; i += 500) {
      const rows = lines.slice(i, i + 500).map((line) => ({ line, row: { at: line } }));
      await stageRows(db, company, importId, rows);
    }
    // As a save behind the switch does: each batch's planned rows staged while the file is read.
    const read: number[][] = [];
    for await (const batch of stagedBatches<{ at?: number; planned?: number }>(db, company, importId, 100)) {
      expect(batch.every((r) => r.line > 0 && r.row.at === r.line && r.row.planned === undefined)).toBe(true);
      read.push(batch.map((r) => r.line));
      const planned = batch.map((r) => ({ line: -r.line, row: { planned: r.line } }));
      await stageRows(db, company, importId, planned);
    }
    expect(read).toEqual(chunks(lines, 100));
    expect(await plannedRows(db, company, importId, 2, 101, 500)).toEqual(
      lines.slice(0, 100).map((line) => ({ line: -line, row: { planned: line } })),
    );
    expect((await plannedRows(db, company, importId, 2, 101, 3)).map((p) => p.line)).toEqual([-2, -3, -4]);
    expect(await plannedRows(db, company, importId, 45_000, 45_000, 10)).toEqual([
      { line: -45_000, row: { planned: 45_000 } },
    ]);
    expect(await stagedCount(importId)).toBe(2 * lines.length);

    await dropStaging(db, company, importId);
    expect(await stagedCount(importId)).toBe(0);
    const left = await db.selectFrom('csv_imports').select('id').where('id', '=', importId).execute();
    expect(left).toEqual([]);
  });
});
