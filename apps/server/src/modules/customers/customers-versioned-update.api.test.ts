import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { updateCustomersIfVersion } from './customers-versioned-update.repository.ts';

let t: TestApp;
let ana: string;
let acme: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [0, 2], [{ userId: anaId, role: 'owner' }]);
  other = await t.company('Other', [0, 2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

async function create(company: number, name: string): Promise<number> {
  const res = await t.call(ana, {
    method: 'POST',
    url: `/api/companies/${company}/customers`,
    payload: { type: 'organisation', name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const stored = (company: number, ids: number[]) =>
  t.ctx.db
    .selectFrom('customers')
    .select(['id', 'notes', 'version'])
    .where('company_id', '=', company)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

describe('updateCustomersIfVersion', () => {
  it('changes each row at its version, however many; a stale or foreign row is left alone', async () => {
    // 7 = 4 + 2 + 1: SQLite writes one column set in three pieces, PostgreSQL in one statement.
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await create(acme, `Versioned ${i}`));
    const foreign = await create(other, 'Versioned elsewhere');
    const rows = ids.map((id, i) => ({ id, version: i === 5 ? 7 : 1, patch: { notes: `note ${i}` } }));
    const changed = await updateCustomersIfVersion(t.ctx.db, acme, [
      ...rows,
      { id: foreign, version: 1, patch: { notes: 'not mine' } },
    ]);
    expect(changed).toBe(6);
    expect(await stored(acme, ids)).toEqual(
      ids.map((id, i) =>
        i === 5 ? { id, notes: null, version: 1 } : { id, notes: `note ${i}`, version: 2 },
      ),
    );
    expect(await stored(other, [foreign])).toEqual([{ id: foreign, notes: null, version: 1 }]);
  });
});
