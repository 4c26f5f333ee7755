import type { ChangeEntry } from '@kontora/contract/change-feed';
import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAuthor } from '../../lib/record-author.ts';
import { expectOwnValuesIndexed } from '../../test-support/own-values-index-check.ts';
import { feedAfter, lastFeedId, postCsv } from '../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { messageBody } from '../webhooks/webhook-payload.ts';
import { rebuildDealStats } from './deal-stats.repository.ts';
import { dealKit } from './deal-test-kit.ts';
import { writeDeals } from './deal-writes.ts';
import type { ImportedDeal } from './deal-writes-imported.ts';

/**
 * A deal import saved in batches (docs/decisions/091-batched-deal-import-writes.md): a few
 * thousand rows land whole with everything a single create gives a deal (stage, owner,
 * organisation, people, tags, own values and their searched words, the board's and the
 * forecast's figures, each column's order, both timelines), subscribers get one
 * `deal.imported` per 500 and one `deal.import_finished`; one refused row saves nothing;
 * another company sees none of it.
 */

const ROWS = 2_100;
/** The save is a few statements per 500 deals, but reading the file still takes a while on a loaded machine. */
const SLOW_MS = 240_000;

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
let drvo: number;
let iva: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
  await k.pipelineOf(c.eva.token, c.beta);
  drvo = (
    await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      type: 'organisation',
      name: 'Drvo d.o.o.',
    })
  ).id;
  iva = (
    await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      type: 'person',
      name: 'Iva Horvat',
      email: 'iva@drvo.hr',
    })
  ).id;
  await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
    record: 'deal',
    key: 'code',
    label: 'Code',
    type: 'text',
  });
});
afterAll(() => t.close());

/** What a generated row is: every stage in turn (won and lost too), two owners, some linked and tagged. */
function rowOf(i: number, tag: string) {
  const stage = sales.stages[i % sales.stages.length] as Pipeline['stages'][number];
  return {
    title: `Deal ${tag} ${i}`,
    amount_cents: 10_000 + i * 7,
    stage,
    owner: i % 3 ? c.ana.id : c.marko.id,
    organisation: i % 5 === 0 ? drvo : null,
    people: i % 7 === 0 ? [iva] : [],
    tags: i % 2 ? ['gen', `t${i % 4}`] : ['gen'],
    code: `zq${tag}${i}x`,
  };
}

function dealsCsv(rows: number, tag: string, bad?: number): string {
  const lines = ['Title,Amount,Stage,Owner,Organisation,People,Tags,Lost reason,Code'];
  for (let i = 0; i < rows; i++) {
    const r = rowOf(i, tag);
    const owner = r.owner === c.ana.id ? 'ana@example.com' : 'marko@example.com';
    const amount = i === bad ? 'lots' : (r.amount_cents / 100).toFixed(2);
    const lost = r.stage.kind === 'lost' ? 'Price' : '';
    lines.push(
      [
        r.title,
        amount,
        r.stage.name,
        owner,
        r.organisation ? 'Drvo d.o.o.' : '',
        r.people.length ? 'iva@drvo.hr' : '',
        `"${r.tags.join(';')}"`,
        lost,
        r.code,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const importCsv = (token: string, company: number, csv: string, query = '') =>
  postCsv(t, token, `/api/companies/${company}/deals/import${query}`, csv);

async function dealIds(company: number, titlePrefix: string): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('deals')
    .select('id')
    .where('company_id', '=', company)
    .where('title', 'like', `${titlePrefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The kept figures of a company, without the stage entries (history, not recomputed). */
async function keptFigures(company: number) {
  const rows = await t.ctx.db
    .selectFrom('deal_stats')
    .selectAll()
    .where('company_id', '=', company)
    .where('kind', '<>', 'entered')
    .where('n', '<>', 0)
    .execute();
  return rows
    .map((r) => ({
      ...r,
      amount_cents: Number(r.amount_cents),
      weighted: Number(r.weighted),
      seconds: Number(r.seconds),
      n: Number(r.n),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('a deal import saved in batches', () => {
  it(
    'lands whole, as created one by one, with one deal.imported per 500 and one import_finished',
    async () => {
      const [acmeFeed, betaFeed] = [await lastFeedId(t, c.acme), await lastFeedId(t, c.beta)];
      const betaBoard = await k.ok(
        c.eva.token,
        'GET',
        k.pipelines(c.beta, `/${(await k.pipelineOf(c.eva.token, c.beta)).id}/board`),
      );
      const csv = dealsCsv(ROWS, 'a');
      const dry = await importCsv(c.ana.token, c.acme, csv, '?dry_run=true');
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data).toMatchObject({ rows: ROWS, imported: ROWS, rejected: 0 });
      expect(await dealIds(c.acme, 'Deal a ')).toEqual([]);

      const res = await importCsv(c.ana.token, c.acme, csv);
      expect(res.statusCode, res.body).toBe(200);
      const { dry_run: _dry, ...counts } = dry.json().data;
      expect(res.json().data).toMatchObject({ ...counts, dry_run: false });
      const ids = await dealIds(c.acme, 'Deal a ');
      expect(ids).toHaveLength(ROWS);

      // The feed: a batch entry per 500 deals naming them in file order, then the import's.
      const feed = await feedAfter(t, c.acme, acmeFeed);
      expect(feed.map((e) => e.type)).toEqual([
        ...Array(Math.ceil(ROWS / 500)).fill('deal.imported'),
        'deal.import_finished',
      ]);
      const batches = feed.slice(0, -1).map((e) => e.data as { count: number; ids: number[] });
      expect(batches.map((b) => b.count)).toEqual([500, 500, 500, 500, 100]);
      expect(batches.flatMap((b) => b.ids)).toEqual(ids);
      expect(feed.every((e) => e.entity.type === 'deal' && e.entity.id === null)).toBe(true);
      expect(feed.every((e) => e.actor.kind === 'user' && e.actor.id === c.ana.id)).toBe(true);
      expect(feed.at(-1)?.data).toEqual({ rows: ROWS, created: ROWS, updated: 0, skipped: 0, rejected: 0 });
      // A webhook's message of a batch is the batch, not each deal.
      const body = JSON.parse(await messageBody(t.ctx.db, feed[0] as ChangeEntry));
      expect(body).toMatchObject({ type: 'deal.imported', data: { count: 500, ids: ids.slice(0, 500) } });

      // Each deal as its row says, read back through the API.
      const sample = [0, 1, 5, 7, 499, 500, 1234, ROWS - 1];
      for (const i of sample) {
        const want = rowOf(i, 'a');
        const deal: Deal = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${ids[i]}`));
        expect(deal, `row ${i}`).toMatchObject({
          title: want.title,
          amount: want.amount_cents / 100,
          stage_id: want.stage.id,
          status: want.stage.kind,
          owner_id: want.owner,
          organisation_id: want.organisation,
          customer_ids: want.people,
          tags: want.tags,
          lost_reason: want.stage.kind === 'lost' ? 'Price' : null,
          version: 1,
          custom: { code: want.code },
        });
        expect(deal.closed_at === null, `row ${i}`).toBe(want.stage.kind === 'open');
        const timeline = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${ids[i]}/timeline`));
        expect(timeline.items.map((e: { kind: string }) => e.kind)).toEqual(['created']);
      }
      // Own text values are searched words; the title too.
      const found = await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?q=zqa1234x'));
      expect(found.items.map((d: Deal) => d.id)).toEqual([ids[1234]]);

      // The kept figures are those computed again from the deals.
      const kept = await keptFigures(c.acme);
      await rebuildDealStats(t.ctx.db, c.acme);
      expect(kept).toEqual(await keptFigures(c.acme));
      const entered = await t.ctx.db
        .selectFrom('deal_stats')
        .select((eb) => eb.fn.sum<number>('n').as('n'))
        .where('company_id', '=', c.acme)
        .where('kind', '=', 'entered')
        .executeTakeFirstOrThrow();
      expect(Number(entered.n)).toBe(ROWS);

      // The board: every column's count and total, the last row of a stage on its top.
      const board = await k.ok(c.ana.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board?per_column=3`));
      for (const [s, stage] of sales.stages.entries()) {
        const rows = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % sales.stages.length === s);
        const column = board.columns.find((col: { stage_id: number }) => col.stage_id === stage.id);
        expect(column.count, stage.name).toBe(rows.length);
        const cents = rows.reduce((sum, i) => sum + rowOf(i, 'a').amount_cents, 0);
        expect(Math.round(column.amount_total * 100), stage.name).toBe(cents);
        const top = rows
          .slice(-3)
          .reverse()
          .map((i) => ids[i]);
        expect(
          column.items.map((d: Deal) => d.id),
          stage.name,
        ).toEqual(top);
      }

      // The organisation's and the person's timelines tell of their deals.
      const kinds = await t.ctx.db
        .selectFrom('customer_activities')
        .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_id', '=', c.acme)
        .where('kind', '=', 'deal_created')
        .where('body', 'like', 'Deal a %')
        .groupBy('customer_id')
        .orderBy('customer_id')
        .execute();
      const count = (every: number) =>
        Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % every === 0).length;
      expect(kinds.map((r) => [r.customer_id, Number(r.n)])).toEqual([
        [drvo, count(5)],
        [iva, count(7)],
      ]);

      // Beta: no deal, no feed entry, the same board.
      expect(await dealIds(c.beta, 'Deal a ')).toEqual([]);
      expect(await feedAfter(t, c.beta, betaFeed)).toEqual([]);
      const betaPipeline = await k.pipelineOf(c.eva.token, c.beta);
      expect(await k.ok(c.eva.token, 'GET', k.pipelines(c.beta, `/${betaPipeline.id}/board`))).toEqual(
        betaBoard,
      );
      const seen = await k.ok(c.eva.token, 'GET', k.deals(c.beta, '?q=zqa1234x'));
      expect(seen.items).toEqual([]);
      expect((await k.call(c.eva.token, 'GET', k.deals(c.beta, `/${ids[0]}`))).statusCode).toBe(404);
    },
    SLOW_MS,
  );

  it(
    'saves nothing, and tells subscribers nothing, for one refused row among thousands',
    async () => {
      const before = await lastFeedId(t, c.acme);
      const figures = await keptFigures(c.acme);
      const csv = dealsCsv(ROWS, 'b', 1_700);
      const dry = await importCsv(c.ana.token, c.acme, csv, '?dry_run=true');
      const res = await importCsv(c.ana.token, c.acme, csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ rows: ROWS, imported: 0, rejected: 1 });
      expect(res.json().data.errors).toEqual([{ line: 1_702, reasons: { amount: ['invalid_number'] } }]);
      const { dry_run: _dry, ...counts } = dry.json().data;
      expect(res.json().data).toMatchObject(counts);
      expect(await dealIds(c.acme, 'Deal b ')).toEqual([]);
      expect(await feedAfter(t, c.acme, before)).toEqual([]);
      expect(await keptFigures(c.acme)).toEqual(figures);
    },
    SLOW_MS,
  );

  it("refuses in the door a batch naming another company's records, rolling back the batches before", async () => {
    const before = await lastFeedId(t, c.acme);
    const betaOrganisation = (
      await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/customers`, {
        type: 'organisation',
        name: 'Beta d.o.o.',
      })
    ).id;
    const input = (title: string, organisation_id: number | null = null): ImportedDeal => ({
      deal: {
        title,
        amount_cents: 100,
        currency: 'EUR',
        pipeline_id: sales.id,
        stage_id: sales.stages[0]?.id ?? 0,
        probability: null,
        expected_close_date: null,
        owner_id: c.marko.id,
        organisation_id,
        customer_ids: [],
        lost_reason: null,
        tags: [],
        notes: null,
      },
      custom: {},
    });
    const write = (second: ImportedDeal[]) =>
      writeDeals(t.ctx, systemAuthor(c.acme, 'Test import'), async (writes) => {
        await writes.importMany([input('Door c 1'), input('Door c 2')]);
        await writes.importMany(second);
      });
    await expect(write([input('Door c 3', betaOrganisation)])).rejects.toMatchObject({
      status: 400,
      details: { organisation_id: ['not_found'] },
    });
    await expect(
      write([{ ...input('Door c 4'), deal: { ...input('').deal, title: 'Door c 4', owner_id: c.eva.id } }]),
    ).rejects.toMatchObject({ details: { owner_id: ['not_member'] } });
    await expect(
      write([
        {
          ...input('Door c 5'),
          deal: { ...input('').deal, title: 'Door c 5', customer_ids: [betaOrganisation] },
        },
      ]),
    ).rejects.toMatchObject({ details: { customer_ids: ['not_found'] } });
    await expect(write([{ ...input('Door c 6'), custom: { nope: 1 } }])).rejects.toMatchObject({
      details: { 'custom.nope': ['unknown_field'] },
    });
    expect(await dealIds(c.acme, 'Door c ')).toEqual([]);
    expect(await feedAfter(t, c.acme, before)).toEqual([]);
  });
});

// Decision 126, step 1: whatever these tests wrote, each record's own values on its row equal its value rows.
it('keeps the index of own values equal to the values on the row', () => expectOwnValuesIndexed(t.ctx.db));
