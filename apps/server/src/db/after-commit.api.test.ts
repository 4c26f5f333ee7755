import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../test-support/test-database.ts';
import { afterCommitStatement, runAfterCommit } from './after-commit.ts';
import { createDatabase, type Database } from './database.ts';

const onPostgres = testDialect() === 'postgres';

describe.skipIf(!onPostgres)('statements run after commit (PostgreSQL)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const mark = afterCommitStatement(CompiledQuery.raw('insert into after_commit_marks (n) values (1)'));
  const failing = afterCommitStatement(CompiledQuery.raw('select 1 / 0'));
  const marks = async (on: Database = db) =>
    Number((await sql<{ n: number }>`select count(*) as n from after_commit_marks`.execute(on)).rows[0]?.n);

  beforeAll(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    db = createDatabase(created.database).db;
    await sql`create table after_commit_marks (n int)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it('waits for the commit: the transaction never sees it, everyone sees it afterwards', async () => {
    await sql`delete from after_commit_marks`.execute(db);
    await db.transaction().execute(async (trx) => {
      await runAfterCommit(trx, mark);
      await runAfterCommit(trx, mark); // the same statement twice in one transaction runs once
      expect(await marks(trx)).toBe(0);
    });
    expect(await marks()).toBe(1);
  });

  it('is dropped with a rollback', async () => {
    await sql`delete from after_commit_marks`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await runAfterCommit(trx, mark);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await marks()).toBe(0);
  });

  it('runs at once outside a transaction', async () => {
    await sql`delete from after_commit_marks`.execute(db);
    await runAfterCommit(db, mark);
    expect(await marks()).toBe(1);
  });

  it('cannot fail a committed transaction (it runs outside it)', async () => {
    await sql`delete from after_commit_marks`.execute(db);
    await db.transaction().execute(async (trx) => {
      await runAfterCommit(trx, failing);
      await sql`insert into after_commit_marks (n) values (2)`.execute(trx);
    });
    expect(await marks()).toBe(1);
  });

  it('refuses a statement that was not marked', async () => {
    await expect(runAfterCommit(db, CompiledQuery.raw('select 1'))).rejects.toThrow(/afterCommitStatement/);
  });
});
