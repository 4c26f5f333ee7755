import type { Pipeline } from '@kontora/contract/pipelines';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/dialect.ts';
import {
  allPages,
  expectStarts,
  OWN_FIELDS,
  type OwnValues,
  ownValueCases,
  ownValuesOf,
} from '../../test-support/rare-start-kit.ts';
import { statementOf } from '../../test-support/statement-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { customListPlan } from '../custom-fields/custom-fields.service.ts';
import { rareDealsStart } from './deal-list.repository.ts';
import { listDealPage, toDealFilter } from './deal-list.service.ts';
import { dealKit } from './deal-test-kit.ts';

/**
 * The deal list filtered by own values answers the same deals in the same order whether its
 * page starts from the holders of a value few hold or walks the list's order, as the customer
 * list does (docs/decisions/100-rare-own-values-start-the-page.md,
 * docs/decisions/106-small-tables-out-of-the-plan.md): every page through the cursor, both
 * ways, by title, amount, creation and an own field; equality, a date range, any of a multiple
 * select's options, beside a stage. Both engines choose by the holders' count against the
 * company's deals (PostgreSQL walks a range of days), and the answers must match the same
 * expectation.
 */

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let pipeline: Pipeline;

const DEALS = 60;
const LIMIT = 5;

interface Made extends OwnValues {
  title: string;
  amount: number | null;
  stage: number;
}
const made: Made[] = [];
let betaRare: number;

const deals = (rest = '') => `/api/companies/${c.acme}/deals${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  k = dealKit(t);
  pipeline = await k.pipelineOf(c.ana.token, c.acme);
  for (const field of OWN_FIELDS)
    await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/custom-fields`, { record: 'deal', ...field });
  // Beta holds the rare value too: never among Acme's answers.
  await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/custom-fields`, {
    record: 'deal',
    key: 'code',
    label: 'Code',
    type: 'text',
  });
  betaRare = (await k.createDeal(c.eva.token, c.beta, { title: 'Deal 03', custom: { code: 'rare' } })).id;
  const stages = pipeline.stages.filter((s) => s.kind === 'open').map((s) => s.id);
  for (let i = 0; i < DEALS; i++) {
    const own = ownValuesOf(i);
    const deal = {
      // Each title twice, out of creation order: the id breaks the tie.
      title: `Deal ${String((i * 7) % 30).padStart(2, '0')}`,
      amount: i % 4 === 0 ? null : ((i * 13) % 9) * 100,
      stage: stages[i % 2] as number,
    };
    const { id } = await k.createDeal(c.ana.token, c.acme, {
      title: deal.title,
      amount: deal.amount,
      pipeline_id: pipeline.id,
      stage_id: deal.stage,
      custom: own,
    });
    made.push({ id, ...deal, ...own });
  }
});
afterAll(() => t.close());

/** Every page of a list query, following `next_cursor`. */
const pages = (query: string) =>
  allPages((url) => k.ok(c.ana.token, 'GET', url), deals(`?limit=${LIMIT}&${query}`));

const byTitle = (a: Made, b: Made) =>
  a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id - b.id;
const byAmount = (a: Made, b: Made) => (a.amount ?? -1) - (b.amount ?? -1) || a.id - b.id;
const ids = (rows: Made[]) => rows.map((r) => r.id);

describe('a deal list filtered by own values, starting from the values or walking the order', () => {
  const cases: [string, string, (m: Made) => boolean][] = [
    ...ownValueCases<Made>(),
    [
      'a rare value beside a common one and a stage',
      'custom.code=rare&custom.tier=c&stage_id=SECOND',
      (m) => m.code === 'rare' && m.tier.includes('c') && m.stage === pipeline.stages[1]?.id,
    ],
  ];

  it.each(cases)('answers %s in every order, page by page, both ways', async (_label, raw, keep) => {
    const query = raw.replace('SECOND', String(pipeline.stages[1]?.id));
    const want = made.filter(keep);
    expect(want.length).toBeGreaterThan(0);
    expect(await pages(`sort=title&dir=asc&${query}`)).toEqual(ids([...want].sort(byTitle)));
    expect(await pages(`sort=title&dir=desc&${query}`)).toEqual(ids([...want].sort(byTitle).reverse()));
    expect(await pages(`sort=amount&dir=asc&${query}`)).toEqual(ids([...want].sort(byAmount)));
    expect(await pages(`sort=created_at&dir=desc&${query}`)).toEqual(
      ids([...want].sort((a, b) => b.id - a.id)),
    );
  });

  it('sorts the holders of a rare value by an own field, both ways', async () => {
    const want = made
      .filter((m) => m.code === 'rare')
      .sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
    expect(await pages('sort=custom.since&custom.code=rare')).toEqual(ids(want));
    expect(await pages('sort=-custom.since&custom.code=rare')).toEqual(ids([...want].reverse()));
  });

  it('answers each company its own holders of the same value', async () => {
    const beta = await k.ok(c.eva.token, 'GET', `/api/companies/${c.beta}/deals?custom.code=rare`);
    expect(beta.items.map((i: { id: number }) => i.id)).toEqual([betaRare]);
    expect(made.map((m) => m.id)).not.toContain(betaRare);
  });

  it('starts from the values only when few deals hold them', async () => {
    // As the list asks: its limit is the page's and one more, its size the company's deals.
    await expectStarts(async (query) => {
      const custom = await customListPlan(t.ctx.db, c.acme, 'deal', query, 'title');
      if (!custom) throw new Error('no plan');
      return rareDealsStart(t.ctx.db, c.acme, { ...toDealFilter({}), custom }, LIMIT + 1);
    }, dialectOf(t.ctx.db) === 'sqlite');
  });

  it.runIf(testDialect() === 'sqlite')(
    'reads the holders of a rare value on SQLite, not the title index',
    async () => {
      const plan = async (query: Record<string, unknown>) => {
        const page = await statementOf(
          t.ctx.db,
          (db) =>
            listDealPage({ db }, c.acme, { limit: LIMIT, dir: 'asc', sort: 'title', ...query } as never),
          /"pipeline_stages" as "s"/,
        );
        const rows = await t.ctx.db
          .withoutPlugins()
          .executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
          );
        return rows.rows.map((r) => r.detail).join('\n');
      };
      const rare = await plan({ 'custom.code': 'rare' });
      // The holders found in the value words, each read by its id, then sorted.
      expect(rare).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
      expect(rare).toMatch(/TEMP B-TREE FOR ORDER BY/);
      expect(rare).not.toMatch(/deals_title_idx/);
      expect(await plan({ 'custom.code': 'common' })).toMatch(/deals_title_idx/);
    },
  );
});
