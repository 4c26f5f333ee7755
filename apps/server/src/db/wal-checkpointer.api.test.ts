import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDialect } from '../test-support/test-database.ts';
import { createDatabase } from './database.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kontora-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  return done();
};

/** SQLite's WAL is copied into the database file by a thread of its own (decision 112). */
describe.skipIf(testDialect() === 'postgres')('the WAL checkpointer', () => {
  it('copies committed pages into the database file without the writer checkpointing', async () => {
    const file = path.join(dir, 'app.sqlite');
    const { db } = createDatabase({ kind: 'sqlite', file });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const before = statSync(file).size;
    // About 2 MB: far under the writer's own checkpoint (16,000 pages), so only the thread copies it.
    for (let batch = 0; batch < 20; batch++) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 25; i++)
          await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
      });
    }
    expect(await until(() => statSync(file).size > before + 1_500_000)).toBe(true);
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(rows[0]?.n).toBe(500);
    await db.destroy();
    // Closed: the last connection out checkpoints the rest and removes the log.
    expect(await until(() => !statSync(`${file}-wal`, { throwIfNoEntry: false }))).toBe(true);
  });
});
