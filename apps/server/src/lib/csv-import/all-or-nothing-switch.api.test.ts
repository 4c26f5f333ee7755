import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDeals } from '../../modules/deals/deal-import.service.ts';
import { dealKit } from '../../modules/deals/deal-test-kit.ts';
import { writeDeals } from '../../modules/deals/deal-writes.ts';
import type { HeldDeals } from '../../modules/deals/deal-writes-imported.ts';
import { importEvents } from '../../modules/events/event-import.service.ts';
import {
  type HeldTodos,
  importedTodosState,
  importTodos,
  todosApplied,
} from '../../modules/events/event-writes.ts';
import { feedAfter, lastFeedId, postCsv, stagedOf } from '../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import type { Actor } from '../actor.ts';
import { systemAuthor } from '../record-author.ts';
import { heldImport } from './held-import.ts';
import { dropStaging, dropStaleImports, openStaging, touchImport } from './import-staging.ts';

/**
 * Deal and to-do imports saved behind a switch on SQLite (docs/decisions/104-deal-todo-imports-behind-a-switch.md):
 * while one is `applying`, its marked deals or to-dos, and the entries they put on customers'
 * timelines, are in no read; the flip shows and counts them at once; an import dropped before its
 * flip (failed, stopped, its process gone) leaves nothing. On both engines the feed of a
 * multi-batch import is one transaction's, and another company's write lands between its batches.
 */

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let drvo: number;
let pipeline: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  drvo = (
    await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      type: 'organisation',
      name: 'Drvo d.o.o.',
    })
  ).id;
  pipeline = (await k.pipelineOf(c.ana.token, c.acme)).id;
  await k.pipelineOf(c.eva.token, c.beta);
  await k.createDeal(c.ana.token, c.acme, { title: 'Shown sale', pipeline_id: pipeline, amount: 100 });
  await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/events`, {
    title: 'Shown call',
    type: 'call',
    start_at: '2027-03-01T09:00:00Z',
    customer_id: drvo,
  });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.call(c.ana.token, { method: 'GET', url: `/api/companies/${c.acme}${path}` });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res;
};
const titles = (res: { json: () => unknown }) =>
  ((res.json() as { data: { items: { title: string }[] } }).data.items ?? []).map((i) => i.title).sort();
/** The entries on Drvo's timeline of the hidden rows whose titles start so. */
const timeline = async (prefix: string) =>
  ((await get(`/customers/${drvo}/timeline`)).json().data.items as { body: string | null }[])
    .map((e) => e.body ?? '')
    .filter((b) => b.startsWith(prefix))
    .sort();

/** Every read of the company's deals, as titles or figures. */
async function dealReads() {
  const forecast = (await get('/deals/forecast')).json().data;
  const board = (await get(`/pipelines/${pipeline}/board`)).json().data;
  return {
    list: titles(await get('/deals?limit=100')),
    search: titles(await get('/deals?q=hidden')),
    count: (await get('/deals/count')).json().data.count,
    exported: (await get('/deals/export')).body.includes('Hidden'),
    board: JSON.stringify(board).includes('Hidden'),
    boardCount: (board.columns as { count: number }[]).reduce((n, col) => n + col.count, 0),
    forecast: JSON.stringify(forecast),
    timeline: await timeline('Hidden sale'),
  };
}

/** Every read of the company's to-dos, as titles or figures. */
async function todoReads() {
  const stats = (await get('/crm/stats')).json().data;
  return {
    list: titles(await get('/events?from=2027-01-01T00:00:00Z&to=2028-01-01T00:00:00Z&limit=100')),
    open: stats.todos.open as number,
    exported: (await get('/events/export')).body.includes('Hidden'),
    timeline: await timeline('Hidden call'),
  };
}

const actor = (): Actor => ({ kind: 'user', userId: c.ana.id, companyId: c.acme }) as Actor;

/** A deal import under way, saved behind the switch: two short batches of marked deals. */
async function hiddenDeals() {
  const importId = await openStaging(t.ctx.db, c.acme, 'deals');
  await touchImport(t.ctx.db, c.acme, importId, 'applying');
  const held: HeldDeals = heldImport(importId, 500, { state: { tops: new Map() }, stats: [] });
  const author = systemAuthor(c.acme, 'test import');
  const stages = (await k.pipelineOf(c.ana.token, c.acme)).stages;
  const ids: number[] = [];
  for (const title of ['Hidden sale 1', 'Hidden sale 2']) {
    const deal = {
      title,
      amount_cents: 5_000_00,
      currency: 'EUR',
      pipeline_id: pipeline,
      stage_id: stages[0]?.id ?? 0,
      probability: null,
      expected_close_date: '2027-05-01',
      owner_id: c.ana.id,
      organisation_id: drvo,
      customer_ids: [],
      lost_reason: null,
      tags: [],
      notes: null,
    };
    ids.push(...(await writeDeals(t.ctx, author, (w) => w.importMany([{ deal, custom: {} }]), held)));
  }
  const flip = () =>
    writeDeals(
      t.ctx,
      author,
      async (w, trx) => {
        await touchImport(trx, c.acme, importId, 'applied');
        await w.importApplied();
      },
      held,
    );
  return { importId, ids, flip };
}

/** A to-do import under way, saved behind the switch: two short batches of marked to-dos. */
async function hiddenTodos() {
  const importId = await openStaging(t.ctx.db, c.acme, 'events');
  await touchImport(t.ctx.db, c.acme, importId, 'applying');
  const held: HeldTodos = heldImport(importId, 500, { state: importedTodosState(), open: new Map() });
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (const title of ['Hidden call 1', 'Hidden call 2']) {
    const row = {
      company_id: c.acme,
      title,
      description: null,
      type: 'call' as const,
      start_at: '2027-03-02T09:00:00.000Z',
      end_at: null,
      until_at: '2027-03-02T09:00:00.000Z',
      is_long: false,
      all_day: false,
      done: false,
      completed_at: null,
      priority: 'normal' as const,
      assignee_id: null,
      customer_id: drvo,
      reminder_minutes: null,
      location: null,
      version: 1,
      created_by: c.ana.id,
      updated_by: c.ana.id,
      created_at: at,
      updated_at: at,
      recurrence: null,
      reminders: null,
      series_until_at: null,
    };
    ids.push(
      ...(await t.ctx.db
        .transaction()
        .execute((trx) => importTodos(t.ctx, trx, actor(), held.extra.state, [row], held))),
    );
  }
  const flip = () =>
    t.ctx.db.transaction().execute(async (trx) => {
      await touchImport(trx, c.acme, importId, 'applied');
      await todosApplied(trx, actor(), held);
    });
  return { importId, ids, flip };
}

const marked = (table: 'deals' | 'events' | 'customer_activities') =>
  t.ctx.db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', c.acme)
    .where('import_id', 'is not', null)
    .execute();

/**
 * After the flip: one feed entry naming the ids (both short batches were of one feed batch, as one
 * transaction wrote it); once the import ends its marks are cleared and its rows stay as shown.
 */
async function fedAndSettled<T>(
  done: {
    type: string;
    ids: number[];
    feedBefore: number;
    importId: number;
    table: 'deals' | 'events';
  },
  reads: () => Promise<T>,
  shown: T,
): Promise<void> {
  const feed = await feedAfter(t, c.acme, done.feedBefore);
  expect(feed.map((f) => [f.type, (f.data as { ids: number[] }).ids])).toEqual([[done.type, done.ids]]);
  await dropStaging(t.ctx.db, c.acme, done.importId);
  expect(await reads()).toEqual(shown);
  expect([...(await marked(done.table)), ...(await marked('customer_activities'))]).toEqual([]);
}

describe.skipIf(testDialect() === 'postgres')('rows of an import not yet applied', () => {
  it('deals: in no list, search, count, board, figure, export or timeline, nor by id; the flip shows them', async () => {
    const before = await dealReads();
    expect(before.list).toEqual(['Shown sale']);
    const feedBefore = await lastFeedId(t, c.acme);
    const { importId, ids, flip } = await hiddenDeals();
    expect(await dealReads()).toEqual(before);
    expect((await k.call(c.ana.token, 'GET', k.deals(c.acme, `/${ids[0]}`))).statusCode).toBe(404);
    expect(await feedAfter(t, c.acme, feedBefore)).toEqual([]);

    await flip();
    const shown = await dealReads();
    expect(shown).toMatchObject({
      list: ['Hidden sale 1', 'Hidden sale 2', 'Shown sale'],
      search: ['Hidden sale 1', 'Hidden sale 2'],
      count: 3,
      exported: true,
      board: true,
      boardCount: before.boardCount + 2,
      timeline: ['Hidden sale 1', 'Hidden sale 2'],
    });
    expect(shown.forecast).not.toEqual(before.forecast);
    expect((await k.call(c.ana.token, 'GET', k.deals(c.acme, `/${ids[0]}`))).statusCode).toBe(200);
    await fedAndSettled(
      { type: 'deal.imported', ids, feedBefore, importId, table: 'deals' },
      dealReads,
      shown,
    );
  });

  it('to-dos: in no list, count, dashboard figure, export or timeline, nor by id; the flip shows them', async () => {
    const before = await todoReads();
    expect(before.list).toContain('Shown call');
    const feedBefore = await lastFeedId(t, c.acme);
    const { importId, ids, flip } = await hiddenTodos();
    expect(await todoReads()).toEqual(before);
    const one = await t.call(c.ana.token, {
      method: 'GET',
      url: `/api/companies/${c.acme}/events/${ids[0]}`,
    });
    expect(one.statusCode).toBe(404);
    expect(await feedAfter(t, c.acme, feedBefore)).toEqual([]);

    await flip();
    const shown = await todoReads();
    expect(shown.list).toEqual([...before.list, 'Hidden call 1', 'Hidden call 2'].sort());
    expect(shown.open).toBe(before.open + 2);
    expect(shown).toMatchObject({ exported: true, timeline: ['Hidden call 1', 'Hidden call 2'] });
    await fedAndSettled(
      { type: 'event.imported', ids, feedBefore, importId, table: 'events' },
      todoReads,
      shown,
    );
  });

  it('a crash before the flip: the sweep on start deletes them and what they wrote, figures unchanged', async () => {
    const deals = await dealReads();
    const todos = await todoReads();
    const feedBefore = await lastFeedId(t, c.acme);
    const hidden = [await hiddenDeals(), await hiddenTodos()];
    // The process that ran them is gone: nobody touches them any more.
    await t.ctx.db
      .updateTable('csv_imports')
      .set({ alive_at: '2000-01-01T00:00:00.000Z' })
      .where('company_id', '=', c.acme)
      .execute();
    expect(await dropStaleImports(t.ctx.db)).toBe(2);
    expect(await dealReads()).toEqual(deals);
    expect(await todoReads()).toEqual(todos);
    const left = await t.ctx.db
      .selectFrom('deals')
      .select('id')
      .where('company_id', '=', c.acme)
      .where('id', 'in', hidden[0]?.ids ?? [])
      .execute();
    expect(left).toEqual([]);
    expect([
      ...(await marked('deals')),
      ...(await marked('events')),
      ...(await marked('customer_activities')),
    ]).toEqual([]);
    const events = await t.ctx.db
      .selectFrom('event_counts')
      .select((eb) => eb.fn.sum<number>('n_open').as('n'))
      .where('company_id', '=', c.acme)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(todos.open);
    expect(await feedAfter(t, c.acme, feedBefore)).toEqual([]);
    expect(await stagedOf(t, [c.acme])).toEqual({ imports: 0, rows: 0 });
  });
});

/** A deal file of `rows` rows, every 3rd on Drvo. */
function dealCsv(rows: number, tag: string): string {
  let csv = 'title,amount,organisation\n';
  for (let i = 1; i <= rows; i++) csv += `${tag} ${i},${i}.00,${i % 3 ? '' : 'Drvo d.o.o.'}\n`;
  return csv;
}

/** A to-do file of `rows` rows, every 3rd on Drvo. */
function todoCsv(rows: number, tag: string): string {
  let csv = 'title,type,start,customer\n';
  for (let i = 1; i <= rows; i++)
    csv += `${tag} ${i},task,2027-06-${String(1 + (i % 28)).padStart(2, '0')},${i % 3 ? '' : 'Drvo d.o.o.'}\n`;
  return csv;
}

const KINDS = [
  { kind: 'deal', path: 'deals', csv: dealCsv, table: 'deals' as const, run: importDeals },
  { kind: 'event', path: 'events', csv: todoCsv, table: 'events' as const, run: importEvents },
];

describe.each(KINDS)('a Stop of a $path import', ({ kind, csv, table, run }) => {
  it('between its saved batches leaves nothing: no row, timeline entry, feed entry or mark', async () => {
    const tag = `Stopped ${kind}`;
    const before = await lastFeedId(t, c.acme);
    // Stop is asked three times while staging, then per saved batch: the second is stopped (on
    // SQLite the first is committed by then, hidden, and deleted with the import).
    let asked = 0;
    const stopped = () => ++asked > 4;
    const actor = { companyId: c.acme, userId: c.ana.id };
    await expect(
      run(t.ctx, actor, Readable.from([csv(1_000, tag)]), { dry_run: false }, stopped),
    ).rejects.toMatchObject({ status: 400, details: { file: ['incomplete_upload'] } });
    expect(asked).toBe(5);
    const left = await t.ctx.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', c.acme)
      .where('title', 'like', `${tag} %`)
      .execute();
    expect(left).toEqual([]);
    expect(await timeline(tag)).toEqual([]);
    expect(await feedAfter(t, c.acme, before)).toEqual([]);
    expect([...(await marked(table)), ...(await marked('customer_activities'))]).toEqual([]);
    expect(await stagedOf(t, [c.acme])).toEqual({ imports: 0, rows: 0 });
  });
});

describe.each(KINDS)('$path imports, what subscribers get', ({ kind, path, csv }) => {
  it('the feed batches of one saving transaction, after the import is whole', {
    timeout: 120_000,
  }, async () => {
    const after = await lastFeedId(t, c.acme);
    const res = await postCsv(
      t,
      c.ana.token,
      `/api/companies/${c.acme}/${path}/import`,
      csv(1_200, `Feed ${kind}`),
    );
    expect(res.statusCode, res.body).toBe(200);
    const feed = await feedAfter(t, c.acme, after);
    const said = feed.map((f) => `${f.type} ${(f.data as { count?: number }).count ?? ''}`.trim());
    expect(said).toEqual([
      `${kind}.imported 500`,
      `${kind}.imported 500`,
      `${kind}.imported 200`,
      `${kind}.import_finished`,
    ]);
    const ids = feed.flatMap((f) => (f.data as { ids?: number[] }).ids ?? []);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(1_200);
  });
});

describe.each(KINDS)('another company during a $path import', ({ kind, path, csv, table }) => {
  it('writes between the import’s batches, not after it', { timeout: 300_000 }, async () => {
    const rows = 4_000;
    const tag = `Between ${kind}`;
    const running = postCsv(t, c.ana.token, `/api/companies/${c.acme}/${path}/import`, csv(rows, tag));
    const firstRow = () =>
      t.ctx.db
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', c.acme)
        .where('title', 'like', `${tag} %`)
        .limit(1)
        .executeTakeFirst();
    const sequence = async () => {
      const { sql } = await import('kysely');
      return Number(
        (
          await sql<{ n: number }>`select last_value as n from ${sql.raw(`${table}_id_seq`)}`.execute(
            t.ctx.db,
          )
        ).rows[0]?.n,
      );
    };
    if (testDialect() === 'postgres') {
      // Its rows are not committed before the end: ids taken from the sequence show it writing.
      const start = await sequence();
      while ((await sequence()) < start + 500) await new Promise((r) => setTimeout(r, 5));
    } else while (!(await firstRow())) await new Promise((r) => setTimeout(r, 5));
    const other =
      kind === 'deal'
        ? await k.call(c.eva.token, 'POST', k.deals(c.beta), { title: 'Written meanwhile' })
        : await k.call(c.eva.token, 'POST', `/api/companies/${c.beta}/events`, {
            title: 'Written meanwhile',
            type: 'task',
            start_at: '2027-01-01T09:00:00Z',
          });
    expect(other.statusCode, other.body).toBe(201);
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    // Ids are given in the order rows are written: Beta's lies inside the import's range.
    const range = await t.ctx.db
      .selectFrom(table)
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
      .where('company_id', '=', c.acme)
      .where('title', 'like', `${tag} %`)
      .executeTakeFirstOrThrow();
    const id = other.json().data.id as number;
    expect(id).toBeGreaterThan(Number(range.first));
    expect(id).toBeLessThan(Number(range.last));
  });
});
