import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingCsv, importCsv } from '../../../../../../scripts/bench/import-csv.ts';
import { isHeld } from '../../../lib/csv-import/company-hold.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDialect } from '../../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../../test-support/two-companies.ts';
import { fromRuns, toRuns } from './customer-import-finish.ts';

/**
 * An import that updates the customers it matched finishes in chunks on SQLite
 * (docs/decisions/115-import-finishes-in-chunks-behind-a-hold.md): the importing company is held
 * meanwhile, so its reads wait and then see the whole import, while another company writes
 * between the flip's transactions. PostgreSQL saves an import in one transaction and holds nothing.
 */

let t: TestApp;
let c: TwoCompanies;
const EXISTING = 2_000;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
  const res = await t.call(c.ana.token, {
    method: 'POST',
    url: `/api/companies/${c.acme}/customers/import`,
    payload: existingCsv(EXISTING),
    headers: { 'content-type': 'text/csv' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const count = async (query = '') => {
  const res = await t.call(c.ana.token, {
    method: 'GET',
    url: `/api/companies/${c.acme}/customers/count${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.count as number;
};

/** Acme's feed entries of these types, oldest first, by id. */
const feedOf = (companyId: number, types: string[], after: number) =>
  t.ctx.db
    .selectFrom('change_events')
    .select(['id', 'type'])
    .where('company_id', '=', companyId)
    .where('type', 'in', types)
    .where('id', '>', after)
    .orderBy('id')
    .execute();

describe.skipIf(testDialect() === 'postgres')('an import finishing in chunks', () => {
  it('holds its company’s reads until it is whole, and lets another company write between', {
    timeout: 300_000,
  }, async () => {
    const before = await count();
    const lastEvent = Number(
      (
        await t.ctx.db
          .selectFrom('change_events')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('company_id', 'in', [c.acme, c.beta])
          .executeTakeFirst()
      )?.id ?? 0,
    );
    // Every other row matches an existing customer (each once): 2,000 updates for the flip.
    const rows = 2 * EXISTING;
    let done = false;
    const running = t
      .call(c.ana.token, {
        method: 'POST',
        url: `/api/companies/${c.acme}/customers/import?on_match=update&match_by=email`,
        payload: importCsv({ rows, existing: EXISTING, matchEvery: 2, tag: 'held' }),
        headers: { 'content-type': 'text/csv' },
      })
      .finally(() => {
        done = true;
      });
    while (!isHeld(c.acme) && !done) await new Promise((r) => setTimeout(r, 1));
    expect(done, 'the import finished before its flip was seen').toBe(false);

    // Acme's reads wait for the flip; Beta writes once its first updates are written.
    const counted = count();
    const updated = count('?q=held');
    while ((await feedOf(c.acme, ['customer.updated'], lastEvent)).length === 0)
      await new Promise((r) => setTimeout(r, 1));
    const other = await t.call(c.eva.token, {
      method: 'POST',
      url: `/api/companies/${c.beta}/customers`,
      payload: { name: 'Written while Acme finishes' },
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(isHeld(c.acme), 'Beta waited for the whole flip').toBe(true);

    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as { created: number; updated: number; rejected: number };
    expect(report.updated).toBe(EXISTING);
    expect(report.created).toBe(rows - EXISTING - rows / 20);
    // The reads answered once all of it was there: every new row and every update.
    expect(await counted).toBe(before + report.created);
    expect(await updated).toBe(report.created + EXISTING);

    // Beta's write landed between the flip's first update and its end.
    const acme = await feedOf(c.acme, ['customer.updated', 'customer.import_finished'], lastEvent);
    const [firstUpdate, finished] = [acme[0], acme.at(-1)];
    expect(firstUpdate?.type).toBe('customer.updated');
    expect(finished?.type).toBe('customer.import_finished');
    expect(acme.filter((e) => e.type === 'customer.updated').length).toBeGreaterThan(1);
    const beta = await feedOf(c.beta, ['customer.created'], lastEvent);
    expect(beta).toHaveLength(1);
    expect(beta[0]?.id).toBeGreaterThan(firstUpdate?.id ?? 0);
    expect(beta[0]?.id).toBeLessThan(finished?.id ?? 0);

    // Nothing is left held or staged.
    expect(isHeld(c.acme)).toBe(false);
    const staged = await t.ctx.db
      .selectFrom('csv_import_rows')
      .select('line')
      .where('company_id', '=', c.acme)
      .execute();
    expect(staged).toEqual([]);
  });

  it('refuses the whole import when a customer it matched changed before its flip', async () => {
    const before = await count();
    const line = 'name,email,notes\nChanged Elsewhere,existing-7@example.com,from the file\n';
    // Many new rows after the match: the flip comes long after the match's batch is written.
    const file = `${line}${Array.from({ length: 5_000 }, (_, i) => `New ${i},stale-${i}@example.com,\n`).join('')}`;
    // Another session edits the matched customer after its batch read it: a version bump.
    const { id } = await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('company_id', '=', c.acme)
      .where('email', '=', 'existing-7@example.com')
      .executeTakeFirstOrThrow();
    let bumped = false;
    const running = t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/customers/import?on_match=update&match_by=email`,
      payload: file,
      headers: { 'content-type': 'text/csv' },
    });
    while (!bumped) {
      const planned = await t.ctx.db
        .selectFrom('csv_import_rows')
        .select('line')
        .where('company_id', '=', c.acme)
        .where('line', '<', 0)
        .executeTakeFirst();
      if (planned) {
        await t.ctx.db
          .updateTable('customers')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('company_id', '=', c.acme)
          .where('id', '=', id)
          .execute();
        bumped = true;
      } else await new Promise((r) => setImmediate(r));
    }
    const res = await running;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('stale_update');
    expect(await count()).toBe(before);
  });
});

describe('ids kept as runs', () => {
  it('round-trips ascending ids with gaps', () => {
    const ids = [3, 4, 5, 9, 11, 12, 100];
    expect(toRuns(ids)).toEqual([3, 3, 9, 1, 11, 2, 100, 1]);
    expect(fromRuns(toRuns(ids))).toEqual(ids);
    expect(toRuns([])).toEqual([]);
  });
});
