import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { boardOf } from './deal-list.service.ts';
import { dealKit } from './deal-test-kit.ts';
import { getDeal, moveDeal } from './deals.service.ts';

/**
 * Decision 063: the board in three statements, a move in as few as it needs (begin and commit
 * besides), the deal's own-field values read in the statement that reads the deal. Counted
 * with a plugin that sees the result of every statement the app sends through Kysely.
 *
 * On SQLite every read of deals first asks which of the company's deal imports are still under
 * way, one statement more, so that it can leave their rows out
 * (docs/decisions/104-deal-todo-imports-behind-a-switch.md); PostgreSQL asks nothing.
 */

class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    this.count += 1;
    return args.result;
  };
}

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
const stage = (i: number) => sales.stages[i]?.id as number;

/** Statements `work` sends through a counting copy of the app's database. */
async function statements(work: (ctx: AppContext) => Promise<unknown>): Promise<number> {
  const counter = new StatementCounter();
  await work({ ...t.ctx, db: t.ctx.db.withPlugin(counter) });
  return counter.count;
}

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
  const fields = `/api/companies/${c.acme}/custom-fields`;
  const options = ['a', 'b', 'c'].map((value) => ({ value, label: value.toUpperCase() }));
  await k.ok(c.ana.token, 'POST', fields, {
    record: 'deal',
    key: 'tier',
    label: 'Tier',
    type: 'single_select',
    options,
  });
  await k.ok(c.ana.token, 'POST', fields, {
    record: 'deal',
    key: 'tags2',
    label: 'More',
    type: 'multi_select',
    options,
  });
  await k.ok(c.ana.token, 'POST', fields, { record: 'deal', key: 'seats', label: 'Seats', type: 'number' });
  const old = await k.ok(c.ana.token, 'POST', fields, {
    record: 'deal',
    key: 'old',
    label: 'Old',
    type: 'text',
  });
  for (let i = 0; i < 4; i++)
    await k.createDeal(c.ana.token, c.acme, {
      title: `Deal ${i}`,
      stage_id: stage(i % 2),
      amount: 10 * (i + 1),
      custom: { tier: 'b', tags2: ['c', 'a'], seats: i, old: 'kept aside' },
    });
  // An archived field's values stay stored but are in no answer.
  await k.ok(c.ana.token, 'PATCH', `${fields}/${old.id}`, { archived: true });
});
afterAll(() => t.close());

/** The statement asking for deal imports under way: SQLite's only. */
const importCheck = () => (dialectOf(t.ctx.db) === 'sqlite' ? 1 : 0);

describe('statements per request (decision 063)', () => {
  it('a deal is read with its people and own-field values in one statement', async () => {
    const [first] = (await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?sort=title&dir=asc'))).items as Deal[];
    let read: Deal | undefined;
    expect(await statements(async (ctx) => (read = await getDeal(ctx, c.acme, first?.id as number)))).toBe(
      1 + importCheck(),
    );
    expect(read?.custom).toEqual({ tier: 'b', tags2: ['c', 'a'], seats: 0 });
  });

  it('a move to another stage: 6 on PostgreSQL, 9 on SQLite, begin and commit included', async () => {
    const list = (await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?sort=title&dir=asc'))).items as Deal[];
    const [moving, anchor] = [list[0], list[1]] as [Deal, Deal];
    expect(moving.stage_id).not.toBe(anchor.stage_id);
    let moved: Deal | undefined;
    const sent = await statements(async (ctx) => {
      moved = await moveDeal(ctx, { companyId: c.acme, userId: c.ana.id }, moving.id, {
        stage_id: anchor.stage_id,
        after_id: anchor.id,
        version: moving.version,
      });
    });
    // Begin and commit go to the driver, not through the plugin.
    expect(sent + 2).toBe(dialectOf(t.ctx.db) === 'postgres' ? 6 : 8 + importCheck());
    expect(moved).toMatchObject({ stage_id: anchor.stage_id, version: moving.version + 1 });
    expect(moved?.custom).toEqual({ tier: 'b', tags2: ['c', 'a'], seats: 0 });
    expect(await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${moving.id}`))).toEqual(moved);
  });

  it('the board in three statements (and the import check), with and without filters', async () => {
    for (const query of [{}, { tag: 'none' }, { owner_id: c.ana.id }]) {
      let board: Awaited<ReturnType<typeof boardOf>> | undefined;
      const sent = await statements(async (ctx) => {
        board = await boardOf(ctx, c.acme, sales.id, { per_column: 25, ...query });
      });
      expect([query, sent]).toEqual([query, 3 + importCheck()]);
      for (const card of board?.columns.flatMap((col) => col.items) ?? [])
        expect(card.custom).toMatchObject({ tier: 'b', tags2: ['c', 'a'] });
    }
    const board = await k.ok(c.ana.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board`));
    const cards = board.columns.flatMap((col: { items: Deal[] }) => col.items) as Deal[];
    expect(cards.map((d) => d.custom.seats).sort()).toEqual([0, 1, 2, 3]);
  });
});
