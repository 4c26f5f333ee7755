import { Readable } from 'node:stream';
import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { TodoEvent } from '@kontora/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedAfter, lastFeedId, postCsv, stagedOf } from '../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dealKit } from '../deals/deal-test-kit.ts';
import { messageBody } from '../webhooks/webhook-payload.ts';
import { importEvents } from './event-import.service.ts';

/**
 * To-do CSV imports (docs/decisions/102-todo-csv-import.md), staged and all or nothing as deal
 * imports are: every row checked as a to-do created by hand; one refused row saves nothing; a
 * dry run counts what the real run saves; subscribers get one `event.imported` per 500 and one
 * `event.import_finished`; a Stop rolls the saving back; another company sees none of it and
 * cannot be imported into.
 */

const ROWS = 1_100;
const SLOW_MS = 240_000;
/** Small enough that a generated file of some thousands of rows passes it. */
const LIMIT = 256 * 1024;

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let drvo: number;
let iva: number;
let deal: number;

beforeAll(async () => {
  t = await createTestApp({ importMaxBytes: LIMIT });
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  const customers = (company: number) => `/api/companies/${company}/customers`;
  drvo = (await k.ok(c.ana.token, 'POST', customers(c.acme), { type: 'organisation', name: 'Drvo d.o.o.' }))
    .id;
  iva = (
    await k.ok(c.ana.token, 'POST', customers(c.acme), {
      type: 'person',
      name: 'Iva Horvat',
      email: 'iva@drvo.hr',
    })
  ).id;
  await k.ok(c.eva.token, 'POST', customers(c.beta), { type: 'organisation', name: 'Only Beta d.o.o.' });
  const sales = await k.pipelineOf(c.ana.token, c.acme);
  deal = (await k.createDeal(c.ana.token, c.acme, { title: 'Big sale', pipeline_id: sales.id })).id;
  await k.pipelineOf(c.eva.token, c.beta);
});
afterAll(() => t.close());

/** What a generated row is: types and priorities in turn, some assigned, linked, timed or repeating. */
function rowOf(i: number, tag: string) {
  return {
    title: `Todo ${tag} ${i}`,
    type: (['task', 'call', 'meeting', 'email', 'deadline'] as const)[i % 5],
    priority: (['low', 'normal', 'high', 'urgent'] as const)[i % 4],
    start: i % 2 ? `2027-03-${String(1 + (i % 28)).padStart(2, '0')}T09:30:00Z` : '2027-04-02',
    end: i % 2 ? `2027-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z` : '',
    assignee: i % 3 ? c.ana : c.marko,
    customer: i % 5 === 0 ? drvo : i % 7 === 0 ? iva : null,
    deal: i % 11 === 0 ? deal : null,
    recurrence: i % 13 === 0 ? 'FREQ=WEEKLY;COUNT=3' : '',
  };
}

function todosCsv(rows: number, tag: string, bad?: { at: number; column: 'end' | 'type' }): string {
  const lines = ['Title,Type,Priority,Start,End,Assignee,Customer,Deal,Recurrence,Description'];
  for (let i = 0; i < rows; i++) {
    const r = rowOf(i, tag);
    const email = r.assignee === c.ana ? 'ana@example.com' : 'marko@example.com';
    const customer = r.customer === drvo ? 'Drvo d.o.o.' : r.customer === iva ? 'IVA@drvo.hr' : '';
    lines.push(
      [
        r.title,
        bad?.at === i && bad.column === 'type' ? 'party' : r.type,
        r.priority,
        r.start,
        bad?.at === i && bad.column === 'end' ? '2020-01-01T00:00:00Z' : r.end,
        email,
        customer,
        r.deal ? 'Big sale' : '',
        r.recurrence,
        `"Row ${i}, made for the test"`,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const importCsv = (token: string, company: number, csv: string | Readable, query = '') =>
  postCsv(t, token, `/api/companies/${company}/events/import${query}`, csv);

async function todoIds(company: number, titlePrefix: string): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('events')
    .select('id')
    .where('company_id', '=', company)
    .where('title', 'like', `${titlePrefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const staged = async () => {
  const { imports, rows } = await stagedOf(t, [c.acme, c.beta]);
  return imports + rows;
};

describe('a to-do CSV import', () => {
  it(
    'saves every row as its dry run counted, with one event.imported per 500 and one import_finished',
    async () => {
      const [acmeFeed, betaFeed] = [await lastFeedId(t, c.acme), await lastFeedId(t, c.beta)];
      const csv = todosCsv(ROWS, 'a');
      const dry = await importCsv(c.ana.token, c.acme, csv, '?dry_run=true');
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data).toMatchObject({ rows: ROWS, imported: ROWS, rejected: 0 });
      expect(dry.json().data.mapping).toMatchObject({ Start: 'start_at', Assignee: 'assignee_email' });
      expect(await todoIds(c.acme, 'Todo a ')).toEqual([]);
      expect(await feedAfter(t, c.acme, acmeFeed)).toEqual([]);

      const res = await importCsv(c.ana.token, c.acme, csv);
      expect(res.statusCode, res.body).toBe(200);
      const { dry_run: _dry, ...counts } = dry.json().data;
      expect(res.json().data).toMatchObject({ ...counts, dry_run: false });
      const ids = await todoIds(c.acme, 'Todo a ');
      expect(ids).toHaveLength(ROWS);
      expect(await staged()).toBe(0);

      const feed = await feedAfter(t, c.acme, acmeFeed);
      expect(feed.map((e) => e.type)).toEqual([
        'event.imported',
        'event.imported',
        'event.imported',
        'event.import_finished',
      ]);
      const batches = feed.slice(0, -1).map((e) => e.data as { count: number; ids: number[] });
      expect(batches.map((b) => b.count)).toEqual([500, 500, 100]);
      expect(batches.flatMap((b) => b.ids)).toEqual(ids);
      expect(feed.every((e) => e.entity.type === 'event' && e.entity.id === null)).toBe(true);
      expect(feed.every((e) => e.actor.kind === 'user' && e.actor.id === c.ana.id)).toBe(true);
      expect(feed.at(-1)?.data).toEqual({ rows: ROWS, created: ROWS, updated: 0, skipped: 0, rejected: 0 });
      const body = JSON.parse(await messageBody(t.ctx.db, feed[0] as ChangeEntry));
      expect(body).toMatchObject({ type: 'event.imported', data: { count: 500, ids: ids.slice(0, 500) } });

      // Each to-do as its row says, read back through the API.
      for (const i of [0, 1, 5, 7, 11, 13, 500, ROWS - 1]) {
        const want = rowOf(i, 'a');
        const todo: TodoEvent = await k.ok(c.ana.token, 'GET', `/api/companies/${c.acme}/events/${ids[i]}`);
        expect(todo, `row ${i}`).toMatchObject({
          title: want.title,
          type: want.type,
          priority: want.priority,
          all_day: i % 2 === 0,
          end_at: want.end ? new Date(want.end).toISOString() : null,
          assignee_id: want.assignee.id,
          customer_id: want.customer,
          deal_id: want.deal,
          recurrence: want.recurrence || null,
          description: `Row ${i}, made for the test`,
          done: false,
          version: 1,
        });
        // A day is its start in the company's zone (Europe/Zagreb unless set otherwise).
        if (i % 2 === 0) expect(todo.start_at).toBe(new Date('2027-04-01T22:00:00Z').toISOString());
        else expect(todo.start_at).toBe(new Date(want.start).toISOString());
      }
      // The customers' timelines tell of their to-dos.
      const entries = await t.ctx.db
        .selectFrom('customer_activities')
        .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', c.acme)
        .where('kind', '=', 'todo_created')
        .where('body', 'like', 'Todo a %')
        .groupBy('customer_id')
        .orderBy('customer_id')
        .execute();
      const count = (keep: (i: number) => boolean) =>
        Array.from({ length: ROWS }, (_, i) => i).filter(keep).length;
      expect(entries.map((r) => [r.customer_id, Number(r.n)])).toEqual([
        [drvo, count((i) => i % 5 === 0)],
        [iva, count((i) => i % 5 !== 0 && i % 7 === 0)],
      ]);
      // The list shows them (its cache moved with the write).
      const list = await k.ok(
        c.ana.token,
        'GET',
        `/api/companies/${c.acme}/events?from=2027-03-01T00:00:00Z`,
      );
      expect(list.items.some((e: TodoEvent) => e.title.startsWith('Todo a '))).toBe(true);

      // Beta sees nothing of it.
      expect(await feedAfter(t, c.beta, betaFeed)).toEqual([]);
      expect((await k.call(c.eva.token, 'GET', `/api/companies/${c.beta}/events/${ids[0]}`)).statusCode).toBe(
        404,
      );
      const betaList = await k.ok(c.eva.token, 'GET', `/api/companies/${c.beta}/events`);
      expect(betaList.items).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'saves nothing, and tells subscribers nothing, for one refused row among many',
    async () => {
      const before = await lastFeedId(t, c.acme);
      const csv = todosCsv(ROWS, 'b', { at: 700, column: 'end' });
      const dry = await importCsv(c.ana.token, c.acme, csv, '?dry_run=true');
      const res = await importCsv(c.ana.token, c.acme, csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ rows: ROWS, imported: 0, rejected: 1 });
      expect(res.json().data.errors).toEqual([{ line: 702, reasons: { end_at: ['end_before_start'] } }]);
      const { dry_run: _dry, ...counts } = dry.json().data;
      expect(res.json().data).toMatchObject(counts);
      expect(await todoIds(c.acme, 'Todo b ')).toEqual([]);
      expect(await feedAfter(t, c.acme, before)).toEqual([]);
      expect(await staged()).toBe(0);
    },
    SLOW_MS,
  );

  it('refuses each row by the rules of a to-do created by hand', async () => {
    const csv = [
      'Title,Type,Start,End,Assignee,Customer,Deal,Recurrence,All day,Reminder',
      ',task,2027-01-05,,,,,,,',
      'No start,task,,,,,,,,',
      'Bad type,party,2027-01-05,,,,,,,',
      'Bad date,task,2027-02-30,,,,,,,',
      'Stranger,task,2027-01-05,,eva@example.com,,,,,',
      'Other company,task,2027-01-05,,,Only Beta d.o.o.,,,,',
      'No deal,task,2027-01-05,,,,Nope,,,',
      'Bad rule,task,2027-01-05,,,,,FREQ=SOMETIMES,,',
      'Bad flag,task,2027-01-05,,,,,,maybe,',
      'Bad reminder,task,2027-01-05,,,,,,,soon',
      'Good,call,2027-01-05 09:00,2027-01-05 09:30,marko@example.com,iva@drvo.hr,Big sale,,no,15',
    ].join('\n');
    const res = await importCsv(c.ana.token, c.acme, csv, '?dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ rows: 11, imported: 0, rejected: 10 });
    const reasons = Object.fromEntries(
      report.errors.map((e: { line: number; reasons: Record<string, string[]> }) => [e.line, e.reasons]),
    );
    expect(reasons[2]).toEqual({ title: ['required'] });
    expect(reasons[3]).toEqual({ start_at: ['required'] });
    expect(reasons[4]).toEqual({ type: ['invalid_type'] });
    expect(reasons[5]).toEqual({ start_at: ['invalid_datetime'] });
    expect(reasons[6]).toEqual({ assignee_email: ['not_member'] });
    expect(reasons[7]).toEqual({ customer: ['not_found'] });
    expect(reasons[8]).toEqual({ deal: ['not_found'] });
    expect(Object.keys(reasons[9])).toEqual(['recurrence']);
    expect(reasons[10]).toEqual({ all_day: ['invalid_boolean'] });
    expect(Object.keys(reasons[11])).toEqual(['reminder_minutes']);
    expect(reasons[12]).toBeUndefined();
  });

  it('answers 413 above the configured limit, with nothing saved or staged', async () => {
    const before = await lastFeedId(t, c.acme);
    const res = await importCsv(c.ana.token, c.acme, Readable.from([todosCsv(5_000, 'd')]));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await todoIds(c.acme, 'Todo d ')).toEqual([]);
    expect(await feedAfter(t, c.acme, before)).toEqual([]);
    expect(await staged()).toBe(0);
  });

  it("is refused in another company's name, which keeps its to-dos", async () => {
    const before = await lastFeedId(t, c.beta);
    const res = await importCsv(c.ana.token, c.beta, todosCsv(5, 'e'));
    expect(res.statusCode).toBe(403);
    expect(await todoIds(c.beta, 'Todo e ')).toEqual([]);
    expect(await feedAfter(t, c.beta, before)).toEqual([]);
    expect(await staged()).toBe(0);
  });

  it('rolls the saving back on a Stop between batches, leaving nothing staged', async () => {
    const before = await lastFeedId(t, c.acme);
    // Stop is asked at every staged batch and every saved one: three while staging, then the second saved batch is stopped.
    let asked = 0;
    const stopped = () => ++asked > 4;
    const actor = { companyId: c.acme, userId: c.ana.id };
    await expect(
      importEvents(t.ctx, actor, Readable.from([todosCsv(ROWS, 'f')]), { dry_run: false }, stopped),
    ).rejects.toMatchObject({ status: 400, details: { file: ['incomplete_upload'] } });
    expect(asked).toBe(5);
    expect(await todoIds(c.acme, 'Todo f ')).toEqual([]);
    expect(await feedAfter(t, c.acme, before)).toEqual([]);
    expect(await staged()).toBe(0);
  });

  it('exports the company’s to-dos as CSV that imports back whole, and another company’s not', async () => {
    const res = await k.call(c.ana.token, 'GET', `/api/companies/${c.acme}/events/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="todos-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,title,type,priority,start_at,end_at,all_day,done,completed_at,assignee,customer,deal,location,recurrence,reminder_minutes,reminders,description,created_at,updated_at',
    );
    const ours = await todoIds(c.acme, '');
    expect(lines).toHaveLength(ours.length + 1);
    expect(lines.some((l) => l.includes('Todo a 11,') && l.includes('Big sale'))).toBe(true);

    const back = await importCsv(c.ana.token, c.acme, res.body, '?dry_run=true');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ rows: ours.length, imported: ours.length, rejected: 0 });
    expect(back.json().data.mapping).toMatchObject({ id: null, assignee: 'assignee_email', done: null });

    const theirs = await k.call(c.eva.token, 'GET', `/api/companies/${c.beta}/events/export`);
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await k.call(c.eva.token, 'GET', `/api/companies/${c.acme}/events/export`)).statusCode).toBe(403);
    const filtered = await k.call(c.ana.token, 'GET', `/api/companies/${c.acme}/events/export?filter=nope`);
    expect(filtered.statusCode).toBe(400);
  });
});
