import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOwnFields } from '../../test-support/own-fields-kit.ts';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { fillOwnWords } from './own-words-filler.ts';
import { candidatesUpTo, recordIdsWithValues } from './value-first.repository.ts';

/**
 * The index of own values follows every write (docs/decisions/127-own-value-words-filled-in-batches.md).
 * On SQLite the words are filled in batches and triggers keep those already filled: records
 * made after a fill are found from their rows, records filled and then edited, cleared or
 * deleted are found as they are now, and an id SQLite gives again after the top record went is
 * indexed as it is inserted. PostgreSQL's GIN index answers the same.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

async function call(method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) {
  const res = await t.call(c.ana.token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return method === 'DELETE' ? undefined : res.json().data;
}

describe.each(['customer', 'deal'] as const)('the index of %s own values', (record) => {
  const url = (rest = '') => `/api/companies/${c.acme}/${record}s${rest}`;
  const make = (name: string, custom: object) =>
    call('POST', url(), { ...(record === 'customer' ? { name } : { title: name }), custom });

  it('finds each record as its values are now, filled or not', async () => {
    const ids: Record<string, number> = await defineOwnFields(t, c.ana.token, c.acme, [
      { record, key: `code_${record}`, type: 'text' },
      { record, key: `since_${record}`, type: 'date' },
    ]);
    const [code, since] = [`code_${record}`, `since_${record}`];
    const filled = [];
    for (const i of [1, 2, 3, 4])
      filled.push(await make(`Filled ${i}`, { [code]: 'rare', [since]: `2024-03-0${i}` }));
    await fillOwnWords(t.ctx.db);
    const [a, b, gone, top] = filled as { id: number; version: number }[];
    if (!a || !b || !gone || !top) throw new Error('not made');
    await call('PATCH', url(`/${a.id}`), { custom: { [code]: 'other' }, version: a.version });
    await call('PATCH', url(`/${b.id}`), { custom: { [since]: null }, version: b.version });
    await call('DELETE', url(`/${gone.id}`));
    const fresh = await make('Fresh', { [code]: 'rare', [since]: '2024-03-09' });

    const rare = { fieldId: ids[code] as number, values: ['rare'] };
    expect((await candidatesUpTo(t.ctx.db, c.acme, record, rare, 100))?.sort((x, y) => x - y)).toEqual([
      b.id,
      top.id,
      fresh.id,
    ]);
    const sinceId = ids[since] as number;
    expect(await recordIdsWithValues(t.ctx.db, c.acme, record, [sinceId], 0, 100)).toEqual([
      a.id,
      top.id,
      fresh.id,
    ]);
    const days = { fieldId: sinceId, from: '2024-03-01', to: '2024-03-05' };
    const inDays = await candidatesUpTo(t.ctx.db, c.acme, record, days, 100);
    // PostgreSQL has no words for days: a range walks there.
    if (inDays) expect(inDays.sort((x, y) => x - y)).toEqual([a.id, top.id]);
    const listed = await call('GET', url(`?custom.${code}=rare&limit=10`));
    expect(listed.items.map((i: { id: number }) => i.id).sort((x: number, y: number) => x - y)).toEqual([
      b.id,
      top.id,
      fresh.id,
    ]);
    await expectOwnValuesIndexed(t.ctx.db);
  });

  it('indexes an id given again after the top record went', async () => {
    const last = await make('Last', { [`code_${record}`]: 'again' });
    await fillOwnWords(t.ctx.db);
    await call('DELETE', url(`/${last.id}`));
    const again = await make('Again', { [`code_${record}`]: 'reborn' });
    const fields = await call('GET', `/api/companies/${c.acme}/custom-fields?record=${record}`);
    const fieldId = fields.items.find((f: { key: string }) => f.key === `code_${record}`).id as number;
    expect(await candidatesUpTo(t.ctx.db, c.acme, record, { fieldId, values: ['again'] }, 10)).toEqual([]);
    expect(await candidatesUpTo(t.ctx.db, c.acme, record, { fieldId, values: ['reborn'] }, 10)).toEqual([
      again.id,
    ]);
    await expectOwnValuesIndexed(t.ctx.db);
  });
});
