import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../../../scripts/bench/import-csv.ts';
import { dropStaging, openStaging, touchImport } from '../../../lib/csv-import/import-staging.ts';
import { systemAuthor } from '../../../lib/record-author.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDialect } from '../../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../../test-support/two-companies.ts';
import { completeCustomer } from '../customer-dto.ts';
import { importMarker, writeCustomers } from '../customer-writes.ts';

/**
 * An import saved behind a switch (docs/decisions/098-import-behind-a-switch.md): while it is
 * `applying`, its marked rows are in no read of the company's customers; the flip shows and counts
 * them all at once; an import dropped before its flip takes them away. And another company's
 * write is not held back by an import: it lands between the import's batches.
 */

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
  const res = await t.call(c.ana.token, {
    method: 'POST',
    url: `/api/companies/${c.acme}/customers`,
    payload: { name: 'Vera Visible', email: 'vera@example.com', address: 'Ilica 1, Zagreb' },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.call(c.ana.token, { method: 'GET', url: `/api/companies/${c.acme}${path}` });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res;
};

/** Every read a person or a client has of the company's customers, as names or counts. */
async function reads() {
  const names = (res: { json: () => unknown }) =>
    ((res.json() as { data: { items: { name: string }[] } }).data.items ?? []).map((i) => i.name).sort();
  const stats = (await get('/crm/stats')).json().data;
  const duplicates = (await get('/customers/duplicates?email=vera@example.com&name=Hana%20Hidden')).json()
    .data;
  const dryRun = await t.call(c.ana.token, {
    method: 'POST',
    url: `/api/companies/${c.acme}/customers/import?dry_run=true&on_match=skip&match_by=email`,
    payload: 'name,email\nAnyone,hana@example.com\n',
    headers: { 'content-type': 'text/csv' },
  });
  return {
    list: names(await get('/customers?limit=100')),
    search: names(await get('/customers?q=hana')),
    byStatus: names(await get('/customers?status=lead')),
    count: (await get('/customers/count')).json().data.count,
    searchCount: (await get('/customers/count?q=hana')).json().data.count,
    total: stats.customers.total,
    leads: stats.customers.by_status.lead,
    duplicates: JSON.stringify(duplicates).includes('Hana'),
    exported: (await get('/customers/export.csv')).body.includes('Hana'),
    matchedByEmail: dryRun.json().data.matched,
  };
}

/** Acme's rows as stored, shown or not: these ids, or those marked by an import. */
const rowsOf = (which: number[] | 'marked') =>
  t.ctx.db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', c.acme)
    .$if(which === 'marked', (q) => q.where('import_id', 'is not', null))
    .$if(which !== 'marked', (q) => q.where('id', 'in', which as number[]))
    .execute();

const nothingHidden = {
  list: ['Vera Visible'],
  search: [],
  byStatus: ['Vera Visible'],
  count: 1,
  searchCount: 0,
  total: 1,
  leads: 1,
  duplicates: false,
  exported: false,
  matchedByEmail: 0,
};

/** An import under way, saved behind the switch: two batches of marked rows, not yet applied. */
async function hiddenImport() {
  const importId = await openStaging(t.ctx.db, c.acme, 'customers');
  await touchImport(t.ctx.db, c.acme, importId, 'applying');
  const marker = importMarker(importId);
  const author = systemAuthor(c.acme, 'test import');
  const rows = [
    { name: 'Hana Hidden', email: 'hana@example.com', address: 'Ilica 1, Zagreb' },
    { name: 'Hana Hidden', email: 'vera@example.com', address: 'Ilica 1, Zagreb' },
  ];
  const ids: number[] = [];
  for (const row of rows) {
    const customer = completeCustomer({ type: 'person', status: 'lead', tags: [], ...row } as never);
    ids.push(...(await writeCustomers(t.ctx, author, (w) => w.importMany([customer]), marker)));
  }
  return { importId, marker, ids, author };
}

describe.skipIf(testDialect() === 'postgres')('rows of an import not yet applied', () => {
  it('are in no list, search, count, figure, duplicate, export or match, and not by id', async () => {
    const { importId, ids } = await hiddenImport();
    expect(await reads()).toEqual(nothingHidden);
    const one = await t.call(c.ana.token, {
      method: 'GET',
      url: `/api/companies/${c.acme}/customers/${ids[0]}`,
    });
    expect(one.statusCode).toBe(404);
    const feed = await t.ctx.db
      .selectFrom('change_events')
      .select('type')
      .where('company_id', '=', c.acme)
      .where('type', 'like', 'customer.import%')
      .execute();
    expect(feed).toEqual([]);

    // Dropped before its flip (failed, stopped, or its process gone): they are deleted, never shown.
    await dropStaging(t.ctx.db, c.acme, importId);
    expect(await reads()).toEqual(nothingHidden);
    expect(await rowsOf(ids)).toEqual([]);
  });

  it('are shown and counted all at once by the flip, with the feed entries held until then', async () => {
    const { importId, marker, author } = await hiddenImport();
    await writeCustomers(t.ctx, author, async (writes, trx) => {
      await touchImport(trx, c.acme, importId, 'applied');
      await writes.importApplied(marker);
    });
    const shown = await reads();
    expect(shown).toMatchObject({
      list: ['Hana Hidden', 'Hana Hidden', 'Vera Visible'],
      search: ['Hana Hidden', 'Hana Hidden'],
      count: 3,
      searchCount: 2,
      total: 3,
      leads: 3,
      duplicates: true,
      exported: true,
      matchedByEmail: 1,
    });
    const feed = await t.ctx.db
      .selectFrom('change_events')
      .select('data')
      .where('company_id', '=', c.acme)
      .where('type', '=', 'customer.imported')
      .execute();
    // Both batches were of one feed batch: one entry, as one transaction would have written.
    expect(feed.map((f) => JSON.parse(f.data ?? '{}').count)).toEqual([2]);

    // Its marks are cleared once it ends; the rows stay, counted once.
    await dropStaging(t.ctx.db, c.acme, importId);
    expect(await reads()).toEqual(shown);
    expect(await rowsOf('marked')).toEqual([]);
  });
});

describe('what subscribers get', () => {
  it('the feed batches of one saving transaction, after the import is whole', {
    timeout: 120_000,
  }, async () => {
    const after = await t.ctx.db
      .selectFrom('change_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('company_id', '=', c.beta)
      .executeTakeFirst();
    const existing = 'name,email\nKept,kept-1@example.com\n';
    const first = await t.call(c.eva.token, {
      method: 'POST',
      url: `/api/companies/${c.beta}/customers/import`,
      payload: existing,
      headers: { 'content-type': 'text/csv' },
    });
    expect(first.statusCode, first.body).toBe(200);
    let csv = 'name,email,organisation_name,type\n';
    for (let i = 1; i <= 2_400; i++)
      csv +=
        i === 1_700
          ? 'Kept Again,kept-1@example.com,,person\n'
          : `P ${i},p${i}@example.com,Org ${i % 3},person\n`;
    const res = await t.call(c.eva.token, {
      method: 'POST',
      url: `/api/companies/${c.beta}/customers/import?on_match=update&match_by=email`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const feed = await t.ctx.db
      .selectFrom('change_events')
      .select(['type', 'data'])
      .where('company_id', '=', c.beta)
      .where('id', '>', Number(after?.id ?? 0))
      .orderBy('id')
      .execute();
    const said = feed.map((f) => `${f.type} ${JSON.parse(f.data ?? '{}').count ?? ''}`.trim());
    expect(said).toEqual([
      'customer.imported 1',
      'customer.import_finished',
      'customer.imported 1000',
      'customer.imported 3',
      'customer.imported 999',
      'customer.updated 1',
      'customer.imported 400',
      'customer.import_finished',
    ]);
  });
});

describe('another company during an import', () => {
  it('writes between the import’s batches, not after it', { timeout: 300_000 }, async () => {
    const rows = 6_000;
    const running = t.call(c.ana.token, {
      method: 'POST',
      url: `/api/companies/${c.acme}/customers/import`,
      payload: importCsv({ rows, tag: 'between' }),
      headers: { 'content-type': 'text/csv' },
    });
    // Once the import saves (its first rows written), Beta adds a customer.
    const saving = async () => {
      const row = await t.ctx.db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', c.acme)
        .where('email', 'like', 'between-%')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    };
    if (testDialect() === 'postgres') {
      // Its rows are not committed before the end: ids taken from the sequence show it writing.
      const lastId = async () =>
        Number(
          (await sql<{ n: number }>`select last_value as n from customers_id_seq`.execute(t.ctx.db)).rows[0]
            ?.n,
        );
      const start = await lastId();
      while ((await lastId()) < start + 1_000) await new Promise((r) => setTimeout(r, 5));
    } else while (!(await saving())) await new Promise((r) => setTimeout(r, 5));
    const other = await t.call(c.eva.token, {
      method: 'POST',
      url: `/api/companies/${c.beta}/customers`,
      payload: { name: 'Written meanwhile' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    // Ids are given in the order rows are written: Beta's lies inside the import's range.
    const range = await t.ctx.db
      .selectFrom('customers')
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
      .where('company_id', '=', c.acme)
      .where('email', 'like', 'between-%')
      .executeTakeFirstOrThrow();
    const id = other.json().data.id as number;
    expect(id).toBeGreaterThan(Number(range.first));
    expect(id).toBeLessThan(Number(range.last));
  });
});
