import type { Deal, Forecast } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { monthsBetween } from './deal-forecast.service.ts';
import { dealKit } from './deal-test-kit.ts';

/**
 * The forecast (read from the figures the write door keeps) against a reference computed here
 * from the deals as the API answers them and the moves the test made.
 */

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
const random = seededRandom(51);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Stage entries as the forecast defines them: a forward move passes every stage between. */
const entered = new Map<number, number>();
const enter = (id: number) => entered.set(id, (entered.get(id) ?? 0) + 1);

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
});
afterAll(() => t.close());

const thisMonth = new Date().toISOString().slice(0, 7);
const months = monthsBetween(thisMonth, '9999-12').slice(0, 6);
const cents = (v: number) => Math.round(v * 100) / 100;

function reference(
  deals: Deal[],
  stages: Pipeline['stages'],
  ownerId?: number,
): Omit<Forecast, 'stage_conversion'> {
  const mine = deals.filter((d) => ownerId === undefined || d.owner_id === ownerId);
  const open = mine.filter((d) => d.status === 'open');
  const eur = (list: Deal[]) => list.filter((d) => d.currency === 'EUR');
  const sum = (list: Deal[], f: (d: Deal) => number) => list.reduce((s, d) => s + f(d), 0);
  const inMonth = (d: Deal, m: string) => d.expected_close_date?.slice(0, 7) === m;
  const prob = (d: Deal) => d.probability;
  const won = mine.filter((d) => d.status === 'won' && months.includes(d.closed_at?.slice(0, 7) ?? ''));
  const lost = mine.filter((d) => d.status === 'lost' && months.includes(d.closed_at?.slice(0, 7) ?? ''));
  const owners = new Map<number | null, Deal[]>();
  for (const d of open) owners.set(d.owner_id, [...(owners.get(d.owner_id) ?? []), d]);
  expect(stages.length).toBeGreaterThan(0);
  return {
    currency: 'EUR',
    open_amount: cents(sum(eur(open), (d) => d.amount ?? 0)),
    weighted_amount: cents(sum(eur(open), (d) => ((d.amount ?? 0) * prob(d)) / 100)),
    by_month: months.map((month) => ({
      month,
      open_amount: cents(
        sum(
          eur(open).filter((d) => inMonth(d, month)),
          (d) => d.amount ?? 0,
        ),
      ),
      weighted_amount: cents(
        sum(
          eur(open).filter((d) => inMonth(d, month)),
          (d) => ((d.amount ?? 0) * prob(d)) / 100,
        ),
      ),
      won_amount: cents(
        sum(
          eur(won).filter((d) => d.closed_at?.slice(0, 7) === month),
          (d) => d.amount ?? 0,
        ),
      ),
    })),
    win_rate: won.length + lost.length === 0 ? null : won.length / (won.length + lost.length),
    avg_days_to_win:
      won.length === 0
        ? null
        : Math.round(
            (sum(won, (d) => Math.floor((Date.parse(d.closed_at ?? '') - Date.parse(d.created_at)) / 1000)) /
              won.length /
              86_400) *
              10,
          ) / 10,
    by_owner: [...owners.entries()]
      .map(([owner_id, list]) => ({
        owner_id,
        owner_name: owner_id === null ? null : owner_id === c.ana.id ? 'ana' : 'marko',
        count: list.length,
        open_amount: cents(sum(eur(list), (d) => d.amount ?? 0)),
      }))
      .sort((a, b) => b.open_amount - a.open_amount || (a.owner_id ?? 0) - (b.owner_id ?? 0)),
  };
}

async function allDeals(): Promise<Deal[]> {
  return (await k.ok(c.ana.token, 'GET', k.deals(c.acme, `?pipeline_id=${sales.id}&limit=200`))).items;
}

describe('forecast', () => {
  it('matches a reference computed from random deals and moves', async () => {
    const stages = sales.stages;
    const flow = stages.filter((s) => s.kind !== 'lost');
    for (let i = 0; i < 60; i++) {
      const stage = pick(stages);
      const month = pick([...months, '2020-01', null]);
      const d: Deal = await k.createDeal(c.ana.token, c.acme, {
        title: `Deal ${i}`,
        amount: random() < 0.1 ? null : Math.round(random() * 1_000_000) / 100,
        currency: random() < 0.15 ? 'USD' : 'EUR',
        stage_id: stage.id,
        probability: random() < 0.3 ? Math.floor(random() * 101) : null,
        expected_close_date: month
          ? `${month}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
          : null,
        owner_id: pick([c.ana.id, c.marko.id, null]),
      });
      enter(stage.id);
      if (random() < 0.5) {
        const to = pick(stages);
        if (to.id !== stage.id) {
          await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
            stage_id: to.id,
            version: d.version,
          });
          const from = flow.findIndex((s) => s.id === stage.id);
          const at = flow.findIndex((s) => s.id === to.id);
          if (from >= 0 && at > from) for (const s of flow.slice(from + 1, at + 1)) enter(s.id);
          else enter(to.id);
        }
      }
    }
    const deals = await allDeals();
    const forecast: Forecast = await k.ok(
      c.marko.token,
      'GET',
      k.deals(c.acme, `/forecast?pipeline_id=${sales.id}`),
    );
    expect(forecast).toMatchObject(reference(deals, stages));
    expect(forecast.open_amount).toBeGreaterThan(0);
    expect(forecast.win_rate).not.toBeNull();
    const open = stages.filter((s) => s.kind === 'open');
    expect(forecast.stage_conversion).toEqual(
      [...open.map((s, i) => [s, open[i + 1] ?? stages.find((x) => x.kind === 'won')] as const)].map(
        ([a, b]) => ({
          from_stage_id: a.id,
          to_stage_id: b?.id,
          rate:
            (entered.get(a.id) ?? 0) === 0
              ? null
              : Math.min(1, (entered.get(b?.id ?? 0) ?? 0) / (entered.get(a.id) ?? 1)),
        }),
      ),
    );
    const ana: Forecast = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/forecast?owner_id=${c.ana.id}`));
    expect(ana).toMatchObject(reference(deals, stages, c.ana.id));
  });

  it('follows edits, deletions and a stage’s new probability', async () => {
    const deals = await allDeals();
    const open = deals.filter((d) => d.status === 'open');
    const [a, b] = open;
    if (!a || !b) throw new Error('no open deals');
    await k.ok(c.ana.token, 'PATCH', k.deals(c.acme, `/${a.id}`), {
      amount: 1234.5,
      probability: 40,
      expected_close_date: `${months[2]}-10`,
      version: a.version,
    });
    await k.ok(c.ana.token, 'DELETE', k.deals(c.acme, `/${b.id}`));
    const pipeline: Pipeline = await k.ok(c.ana.token, 'GET', k.pipelines(c.acme)).then((l) => l.items[0]);
    await k.ok(c.ana.token, 'PUT', k.pipelines(c.acme, `/${pipeline.id}/stages`), {
      stages: pipeline.stages.map(({ id, name, kind, probability }, i) => ({
        id,
        name,
        kind,
        probability: i === 0 ? 33 : probability,
      })),
      version: pipeline.version,
    });
    const after = await allDeals();
    const forecast: Forecast = await k.ok(
      c.ana.token,
      'GET',
      k.deals(c.acme, `/forecast?pipeline_id=${sales.id}`),
    );
    expect(forecast).toMatchObject(reference(after, sales.stages));
    expect(after.some((d) => d.stage_id === pipeline.stages[0]?.id && d.probability === 33)).toBe(true);
  });

  it('refuses a period that ends before it starts, and another company’s figures stay apart', async () => {
    const res = await k.call(c.ana.token, 'GET', k.deals(c.acme, '/forecast?from=2026-05&to=2026-01'));
    expect(res.statusCode).toBe(400);
    const beta: Forecast = await k.ok(c.eva.token, 'GET', k.deals(c.beta, '/forecast'));
    expect(beta).toMatchObject({ open_amount: 0, weighted_amount: 0, win_rate: null, by_owner: [] });
  });
});
