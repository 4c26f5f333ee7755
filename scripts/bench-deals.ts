import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { dialectOf } from '../apps/server/src/db/dialect.ts';
import { replaceValuesOfMany } from '../apps/server/src/modules/custom-fields/own-values.repository.ts';
import { fillOwnWords } from '../apps/server/src/modules/custom-fields/own-words-filler.ts';
import { forecastOf } from '../apps/server/src/modules/deals/deal-forecast.service.ts';
import { boardOf } from '../apps/server/src/modules/deals/deal-list.service.ts';
import { rebuildDealStats } from '../apps/server/src/modules/deals/deal-stats.repository.ts';
import { getDeal, moveDeal } from '../apps/server/src/modules/deals/deals.service.ts';
import { createPipeline } from '../apps/server/src/modules/deals/pipelines.service.ts';
import { createActiveUser, createCompanyWith } from '../apps/server/src/seed/accounts.seed.ts';
import { seededRandom } from '../apps/server/src/test-support/seeded-random.ts';
import { openBenchDatabase } from './bench/bench-database.ts';
import { benchPostgresUrl } from './bench/postgres-database.ts';
import { seededCompany } from './bench/seeded-company.ts';
import { timed, timeOwn } from './bench/timing.ts';

/**
 * Deals (decision 051): the board's first page of every column with 10,000 open deals in the
 * pipeline, a move (the whole write door: row, timeline, change feed, figures), and the
 * forecast with BENCH_DEALS deals in the company (default 1,000,000), on SQLite and
 * PostgreSQL. Timed in the server process around the service call (database and mapping,
 * not HTTP), with the mean CPU time of the server process per request. The board's open deals
 * carry values of three fields of the company's own (a select, a number, a text), which the
 * board and a move answer with. The seeded databases are kept (data/bench/deals-<n>.sqlite,
 * kontora_bench_deals_<n>); BENCH_FRESH=1 seeds them again.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const TOTAL = Number(process.env.BENCH_DEALS ?? 1_000_000);
const BOARD_OPEN = 10_000;
const fresh = process.env.BENCH_FRESH === '1';

export async function benchDeals(): Promise<void> {
  const targets: { label: string; database: Config['database'] }[] = [
    {
      label: 'SQLite',
      database: { kind: 'sqlite', file: path.join(repoRoot, `data/bench/deals-${TOTAL}.sqlite`) },
    },
  ];
  const pgUrl = await benchPostgresUrl(`kontora_bench_deals_${TOTAL}`, fresh);
  if (pgUrl) targets.push({ label: 'PostgreSQL', database: { kind: 'postgres', url: pgUrl } });
  else console.log('\nDeals on PostgreSQL: skipped (no server at TEST_PG_URL / 127.0.0.1:5432)');
  const only = process.env.BENCH_DEALS_DB;
  for (const target of targets) if (!only || target.database.kind === only) await benchTarget(target);
}

interface Seeded {
  companyId: number;
  userId: number;
  boardPipeline: number;
}

async function seed(db: Database): Promise<Seeded> {
  const found = await seededCompany(db, 'Deals Bench Co');
  if (found) {
    const pipelines = await db
      .selectFrom('pipelines')
      .select('id')
      .where('company_id', '=', found.companyId)
      .orderBy('position')
      .execute();
    return { companyId: found.companyId, userId: found.ownerId, boardPipeline: pipelines[0]?.id ?? 0 };
  }
  console.log(`\nseeding ${TOTAL} deals…`);
  const owners: number[] = [];
  for (let i = 0; i < 5; i++) {
    owners.push(
      await createActiveUser(db, {
        email: `deals-bench-${i}@example.invalid`,
        full_name: `Seller ${i}`,
        password: 'bench-deals-password-2026',
      }),
    );
  }
  const companyId = await createCompanyWith(
    db,
    { name: 'Deals Bench Co', modules: [0, 2] },
    owners.map((userId, i) => ({ userId, role: i === 0 ? 'owner' : 'member' })),
  );
  const ctx = { db } as AppContext;
  const actor = { companyId, userId: owners[0] as number };
  const archive = await createPipeline(ctx, actor, { name: 'Archive' });
  const stages = await db
    .selectFrom('pipeline_stages')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('pipeline_id')
    .orderBy('position')
    .execute();
  const random = seededRandom(7);
  const now = Date.now();
  const rows: Record<string, unknown>[] = [];
  const flush = async () => {
    if (rows.length)
      await db
        .insertInto('deals')
        .values(rows as never)
        .execute();
    rows.length = 0;
  };
  const boardPipeline = stages[0]?.pipeline_id as number;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < TOTAL; i++) {
      const onBoard = i < BOARD_OPEN;
      const pipelineId = onBoard ? boardPipeline : archive.id;
      const mine = stages.filter((s) => s.pipeline_id === pipelineId);
      const open = mine.filter((s) => s.kind === 'open');
      const roll = random();
      const stage =
        onBoard || roll < 0.3
          ? open[Math.floor(random() * open.length)]
          : mine.find((s) => s.kind === (roll < 0.7 ? 'won' : 'lost'));
      if (!stage) throw new Error('no stage');
      const created = new Date(now - Math.floor(random() * 3 * 365 * 86_400_000));
      const closed =
        stage.kind === 'open' ? null : new Date(created.getTime() + Math.floor(random() * 90 * 86_400_000));
      const close = new Date(now + Math.floor((random() - 0.3) * 365 * 86_400_000))
        .toISOString()
        .slice(0, 10);
      const title = `Deal ${i}`;
      rows.push({
        company_id: companyId,
        pipeline_id: pipelineId,
        stage_id: stage.id,
        title,
        sort_title: title.toLowerCase(),
        amount_cents: Math.floor(random() * 10_000_000),
        currency: random() < 0.95 ? 'EUR' : 'USD',
        status: stage.kind,
        probability: random() < 0.2 ? Math.floor(random() * 101) : null,
        expected_close_date: close,
        owner_id: owners[Math.floor(random() * owners.length)],
        organisation_id: null,
        lost_reason: null,
        closed_at: closed?.toISOString() ?? null,
        stage_entered_at: created.toISOString(),
        position: i * 65_536,
        tags: '[]',
        notes: null,
        version: 1,
        created_by: null,
        updated_by: null,
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
      });
      if (rows.length === 1000) {
        await (async () => {
          await trx
            .insertInto('deals')
            .values(rows as never)
            .execute();
          rows.length = 0;
        })();
        if (i % 100_000 === 99_999) console.log(`  ${i + 1} deals`);
      }
    }
    if (rows.length)
      await trx
        .insertInto('deals')
        .values(rows as never)
        .execute();
    rows.length = 0;
    await rebuildDealStats(trx, companyId);
  });
  await flush();
  // What autovacuum would have done by the time people use it: statistics and the visibility map.
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze deals`.execute(db);
  return { companyId, userId: owners[0] as number, boardPipeline };
}

/**
 * Three fields of the company's own on deals, with a value of each on every open deal of the
 * board (written directly, as the deals are); added once to a database seeded before them.
 */
async function seedDealFields(db: Database, companyId: number, pipelineId: number): Promise<void> {
  const existing = await db
    .selectFrom('custom_fields')
    .select('id')
    .where('company_id', '=', companyId)
    .where('record', '=', 'deal')
    .executeTakeFirst();
  if (existing) return;
  const at = new Date().toISOString();
  const options = ['smb', 'mid', 'enterprise'].map((value) => ({
    value,
    label: value,
    color: null,
    hidden: false,
  }));
  const fields = [
    { key: 'segment', type: 'single_select', options },
    { key: 'seats', type: 'number', options: [] },
    { key: 'source', type: 'text', options: [] },
  ];
  const ids: number[] = [];
  for (const [position, f] of fields.entries()) {
    const row = await db
      .insertInto('custom_fields')
      .values({
        company_id: companyId,
        record: 'deal',
        key: f.key,
        label: f.key,
        labels: '{}',
        type: f.type,
        help: null,
        required: false,
        default_value: null,
        options: JSON.stringify(f.options),
        position,
        archived: false,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const deals = await db
    .selectFrom('deals')
    .select('id')
    .where('company_id', '=', companyId)
    .where('pipeline_id', '=', pipelineId)
    .where('status', '=', 'open')
    .execute();
  const random = seededRandom(11);
  const [segment, seats, source] = ids as [number, number, number];
  const values = deals.flatMap(({ id }) =>
    [
      { field_id: segment, v_text: options[Math.floor(random() * 3)]?.value ?? 'smb', v_num: null },
      { field_id: seats, v_text: null, v_num: Math.floor(random() * 500) },
      { field_id: source, v_text: `Referral ${Math.floor(random() * 100)}`, v_num: null },
    ].map((v) => ({ ...v, record_id: id, ord: 0, v_long: null })),
  );
  // The rows and the deals' own_values, as the write door keeps them (decision 126).
  await db.transaction().execute((trx) => replaceValuesOfMany(trx, companyId, 'deal', values));
  if (dialectOf(db) === 'postgres') await sql`vacuum analyze deals`.execute(db);
  await fillOwnWords(db);
}

async function benchTarget(target: { label: string; database: Config['database'] }): Promise<void> {
  const db = await openBenchDatabase(target.database, fresh);
  try {
    const { companyId, userId, boardPipeline } = await seed(db);
    await seedDealFields(db, companyId, boardPipeline);
    const ctx = { db } as AppContext;
    const actor = { companyId, userId };
    const board = await timed(200, () => boardOf(ctx, companyId, boardPipeline, { per_column: 25 }));
    const open = await db
      .selectFrom('deals')
      .select(['id', 'stage_id'])
      .where('company_id', '=', companyId)
      .where('pipeline_id', '=', boardPipeline)
      .where('status', '=', 'open')
      .limit(400)
      .execute();
    const openStages = [...new Set(open.map((d) => d.stage_id))];
    const move = await timed(300, async (i) => {
      const deal = open[i % open.length];
      const other = open[(i * 7 + 3) % open.length];
      if (!deal || !other || deal.id === other.id) return;
      const current = await getDeal(ctx, companyId, deal.id);
      const otherNow = await getDeal(ctx, companyId, other.id);
      return timeOwn(() =>
        moveDeal(ctx, actor, deal.id, {
          stage_id: otherNow.stage_id,
          after_id: other.id,
          version: current.version,
        }),
      );
    });
    const forecast = await timed(200, () => forecastOf(ctx, companyId, {}));
    const count = await db
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    console.log(
      `\nDeals on ${target.label} (${Number(count.n)} deals; ${BOARD_OPEN} open on the board; ${openStages.length} open stages; in-process, ms)`,
    );
    console.log('| operation | p50 ms | p99 ms | CPU ms per request | target p99 |');
    console.log('|---|---:|---:|---:|---:|');
    const line = (label: string, f: typeof board, target: number) =>
      console.log(
        `| ${label} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.cpu.toFixed(2)} | ${target} |`,
      );
    line('board, first 25 of every column', board, 50);
    line('move (write door and commit)', move, 20);
    line('forecast, whole company', forecast, 100);
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDeals();
