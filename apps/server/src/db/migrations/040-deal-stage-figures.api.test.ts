import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealKit } from '../../modules/deals/deal-test-kit.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { migrations } from './index.ts';

/**
 * Migration 040 fills the open deals per stage (deal_stats of kind `stage`) from the deals
 * there are: the same figures the write door keeps from then on; it goes down and up again.
 */
let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
});
afterAll(() => t.close());

/** Across companies, as the migration writes them (hence without the company-scope check). */
async function stageFigures() {
  const rows = await t.ctx.db
    .withoutPlugins()
    .selectFrom('deal_stats')
    .select(['company_id', 'pipeline_id', 'owner_id', 'currency', 'stage_id', 'n', 'amount_cents'])
    .where('kind', '=', 'stage')
    .where('n', '<>', 0)
    .orderBy('company_id')
    .orderBy('stage_id')
    .orderBy('owner_id')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), amount_cents: Number(r.amount_cents) }));
}

describe('migration 040', () => {
  it('fills the figures the write door keeps, and goes down and up again', async () => {
    const k = dealKit(t);
    const sales = await k.pipelineOf(c.ana.token, c.acme);
    const stage = (i: number) => sales.stages[i]?.id as number;
    const a = await k.createDeal(c.ana.token, c.acme, { title: 'A', amount: 10 });
    await k.createDeal(c.ana.token, c.acme, { title: 'B', amount: 2.5, owner_id: c.marko.id });
    await k.createDeal(c.ana.token, c.acme, { title: 'C', amount: 7, currency: 'USD', stage_id: stage(2) });
    await k.createDeal(c.eva.token, c.beta, { title: 'Theirs', amount: 3 });
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${a.id}/move`), { stage_id: stage(1), version: 1 });
    const won = await k.createDeal(c.ana.token, c.acme, { title: 'Won', amount: 100 });
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${won.id}/move`), { stage_id: stage(4), version: 1 });
    const kept = await stageFigures();
    expect(kept.filter((r) => r.company_id === c.acme)).toHaveLength(3);
    const migration = migrations['040-deal-stage-figures'];
    if (!migration?.down) throw new Error('no down');
    await migration.down(t.ctx.db.withoutPlugins());
    expect(await stageFigures()).toEqual([]);
    await migration.up(t.ctx.db.withoutPlugins());
    expect(await stageFigures()).toEqual(kept);
  });
});
