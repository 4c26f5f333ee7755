import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementOf } from '../../test-support/statement-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { listDealPage } from './deal-list.service.ts';
import { dealKit } from './deal-test-kit.ts';

/**
 * The deal list's page plans the same on PostgreSQL whether `pipeline_stages` was ever
 * analysed or not (docs/decisions/106-small-tables-out-of-the-plan.md). The table has too few
 * rows for autovacuum to analyse it; with no statistics the planner took one stage for the
 * company and started from stages × holders of the value, probing the deals for each pair
 * (1.6 s at 200,000 deals). Here the deals and their values look as large as that (their
 * statistics scaled up), the stages have none, and every plan must find the deals before
 * joining their stage.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Plans?: PlanNode[];
}

/** The aliases of the tables a plan node reads, its subtree included. */
function aliases(node: PlanNode): Set<string> {
  const out = new Set<string>();
  if (node.Alias && node['Relation Name']) out.add(node.Alias);
  for (const child of node.Plans ?? []) for (const a of aliases(child)) out.add(a);
  return out;
}

/** A plan's shape in one line, for a failure's message: `Nested Loop(Seq Scan s, Aggregate(Index Scan v))`. */
function shape(node: PlanNode): string {
  const own = node.Alias && node['Relation Name'] ? `${node['Node Type']} ${node.Alias}` : node['Node Type'];
  return node.Plans?.length ? `${own}(${node.Plans.map(shape).join(', ')})` : own;
}

/** The innermost node with two or more children whose subtree reads alias `s`: where the stage is joined. */
function stageJoin(node: PlanNode): PlanNode | undefined {
  for (const child of node.Plans ?? []) {
    const found = stageJoin(child);
    if (found) return found;
  }
  return (node.Plans?.length ?? 0) > 1 && aliases(node).has('s') ? node : undefined;
}

let t: TestApp;
let c: TwoCompanies;

describe.runIf(testDialect() === 'postgres')('the deal list plan without stage statistics', () => {
  beforeAll(async () => {
    t = await createTestApp();
    c = await twoCompanies(t, [0, 2]);
    const k = dealKit(t);
    await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, {
      record: 'deal',
      key: 'source',
      label: 'Source',
      type: 'text',
    });
    // A second pipeline: twelve stages, as the bench's company has.
    await k.ok(c.ana.token, 'POST', k.pipelines(c.acme), { name: 'Archive' });
    const pipeline = await k.pipelineOf(c.ana.token, c.acme);
    for (let i = 0; i < 40; i++) {
      await k.createDeal(c.ana.token, c.acme, {
        title: `Deal ${i}`,
        pipeline_id: pipeline.id,
        custom: { source: `Referral ${i % 10}` },
      });
    }
    // Statistics statements name tables, not a company: out of the company-scope check.
    const db = t.ctx.db.withoutPlugins();
    await sql`analyze deals`.execute(db);
    // As at 200,000 deals with a value each: PostgreSQL reads a table's rows per page from
    // pg_class and multiplies by the pages it has now.
    await sql`update pg_class set reltuples = reltuples * 5000 where relname in ('deals', 'deals_pkey', 'deals_own_values_idx', 'deals_updated_idx', 'deals_title_idx')`.execute(
      db,
    );
    // Never analysed, as autovacuum leaves it.
    await sql`delete from pg_statistic where starelid = 'pipeline_stages'::regclass`.execute(db);
    await sql`update pg_class set reltuples = -1, relpages = 0, relallvisible = 0 where relname = 'pipeline_stages'`.execute(
      db,
    );
  });
  afterAll(() => t?.close());

  const pages: [string, Record<string, unknown>][] = [
    ['a text value', { 'custom.source': 'Referral 3' }],
    ['a text value, by title', { 'custom.source': 'Referral 3', sort: 'title', dir: 'asc' }],
    ['a text value, by an own field', { 'custom.source': 'Referral 3', sort: 'custom.source' }],
    ['no own field', { sort: 'updated_at' }],
  ];

  it.each(pages)('finds the deals before their stage: %s', async (_label, query) => {
    const db = t.ctx.db;
    const page = await statementOf(
      db,
      (db) => listDealPage({ db }, c.acme, { limit: 25, dir: 'desc', sort: 'updated_at', ...query } as never),
      /"pipeline_stages" as "s"/,
    );
    // Serial, as the list plans it (withSerialPlans), without its condition the capture misses.
    const explained = await db.transaction().execute(async (trx) => {
      await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]),
      );
    });
    const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    const join = stageJoin(plan);
    // The stage's join has the deals on its other side: never stages × values before deals.
    expect(join && [...aliases(join)].sort(), shape(plan)).toEqual(expect.arrayContaining(['d', 's']));
    const sides = (join?.Plans ?? []).map((p) => aliases(p));
    const stageSide = sides.find((a) => a.has('s'));
    expect(stageSide && [...stageSide], shape(plan)).toEqual(['s']);
  });
});
