import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dealKit } from './deal-test-kit.ts';

/**
 * The board filtered by the company's own fields (counts and sums of the matching deals, not
 * the kept figures), and the deal list sorted by one across keyset pages.
 */

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;

type Made = {
  id: number;
  stage_id: number;
  amount: number;
  currency: string;
  owner_id: number;
  segment?: string;
  seats?: number;
};
const made: Made[] = [];
const SEGMENTS = ['smb', 'mid', 'ent'];

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
  const fields = `/api/companies/${c.acme}/custom-fields`;
  const options = SEGMENTS.map((value) => ({ value, label: value.toUpperCase() }));
  await k.ok(c.ana.token, 'POST', fields, {
    record: 'deal',
    key: 'segment',
    label: 'Segment',
    type: 'single_select',
    options,
  });
  await k.ok(c.ana.token, 'POST', fields, { record: 'deal', key: 'seats', label: 'Seats', type: 'number' });
  const gone = await k.ok(c.ana.token, 'POST', fields, {
    record: 'deal',
    key: 'gone',
    label: 'Gone',
    type: 'text',
  });
  await k.ok(c.ana.token, 'PATCH', `${fields}/${gone.id}`, { archived: true });
  await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/custom-fields`, {
    record: 'deal',
    key: 'secret',
    label: 'Secret',
    type: 'number',
  });
  for (let i = 0; i < 16; i++) {
    const custom: Record<string, unknown> = {};
    // Every fourth deal holds no segment, every fifth no seats; seats repeat (ties go by id).
    if (i % 4 !== 3) custom.segment = SEGMENTS[i % 3];
    if (i % 5 !== 4) custom.seats = (i * 7) % 60;
    const owner = i % 2 ? c.marko.id : c.ana.id;
    const currency = i % 6 === 5 ? 'USD' : 'EUR';
    const deal: Deal = await k.createDeal(c.ana.token, c.acme, {
      title: `Deal ${i}`,
      amount: 100 + i * 11.5,
      currency,
      owner_id: owner,
      stage_id: sales.stages[i % 4]?.id,
      custom,
    });
    let stageId = deal.stage_id;
    // Some are won or lost: their columns are counted too.
    if (i % 7 === 0 || i % 7 === 1) {
      const target = sales.stages[i % 7 === 0 ? 4 : 5] as Pipeline['stages'][number];
      const moved = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${deal.id}/move`), {
        stage_id: target.id,
        version: deal.version,
        ...(target.kind === 'lost' ? { lost_reason: 'Price' } : {}),
      });
      stageId = moved.stage_id;
    }
    made.push({
      id: deal.id,
      stage_id: stageId,
      amount: deal.amount as number,
      currency,
      owner_id: owner,
      ...(custom as { segment?: string; seats?: number }),
    });
  }
});
afterAll(() => t.close());

const board = (query: string) =>
  k.ok(c.ana.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board?per_column=50&${query}`));

/** What every column should say for the deals passing `keep`: computed here from what was written. */
function expected(keep: (d: Made) => boolean) {
  return sales.stages.map((s) => {
    const inStage = made.filter((d) => d.stage_id === s.id && keep(d));
    const eur = inStage
      .filter((d) => d.currency === 'EUR')
      .reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
    return {
      stage_id: s.id,
      count: inStage.length,
      amount_total: eur / 100,
      ids: inStage.map((d) => d.id).sort((a, b) => a - b),
    };
  });
}

function shown(answer: {
  columns: { stage_id: number; count: number; amount_total: number; items: Deal[] }[];
}) {
  return answer.columns.map((col) => ({
    stage_id: col.stage_id,
    count: col.count,
    amount_total: col.amount_total,
    ids: col.items.map((d) => d.id).sort((a, b) => a - b),
  }));
}

describe('the board filtered by own fields', () => {
  it('by a select (one option, any of), with each column counted and summed', async () => {
    expect(shown(await board('custom.segment=mid'))).toEqual(expected((d) => d.segment === 'mid'));
    expect(shown(await board('custom.segment=mid&custom.segment=ent'))).toEqual(
      expected((d) => d.segment === 'mid' || d.segment === 'ent'),
    );
    expect(shown(await board('custom.segment.empty=true'))).toEqual(expected((d) => d.segment === undefined));
  });

  it('by a number range, and with the owner filter the kept figures would otherwise answer', async () => {
    const inRange = (d: Made) => d.seats !== undefined && d.seats >= 10 && d.seats <= 40;
    expect(shown(await board('custom.seats.gte=10&custom.seats.lte=40'))).toEqual(expected(inRange));
    expect(shown(await board(`custom.seats.gte=10&custom.seats.lte=40&owner_id=${c.marko.id}`))).toEqual(
      expected((d) => inRange(d) && d.owner_id === c.marko.id),
    );
    expect(shown(await board('custom.seats.empty=false&custom.segment=smb'))).toEqual(
      expected((d) => d.seats !== undefined && d.segment === 'smb'),
    );
    // Unfiltered, the kept figures answer the same as counting every deal.
    expect(shown(await board(''))).toEqual(expected(() => true));
  });

  it('an unknown, archived or other company’s key, or a bad value, is a 400 naming it', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['custom.nope=1', { 'custom.nope': ['unknown_field'] }],
      ['custom.gone=x', { 'custom.gone': ['unknown_field'] }],
      ['custom.secret.gte=1', { 'custom.secret': ['unknown_field'] }],
      ['custom.segment.gte=a', { 'custom.segment.gte': ['not_comparable'] }],
      ['custom.seats=many', { 'custom.seats': ['invalid_value'] }],
      ['custom.seats.empty=maybe', { 'custom.seats.empty': ['invalid_value'] }],
    ];
    for (const [query, details] of cases) {
      const res = await k.call(c.ana.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board?${query}`));
      expect([query, res.statusCode, res.json().details]).toEqual([query, 400, details]);
    }
    // Another company's pipeline stays a 404, filters or not.
    const theirs = await k.pipelineOf(c.eva.token, c.beta);
    const res = await k.call(
      c.ana.token,
      'GET',
      k.pipelines(c.acme, `/${theirs.id}/board?custom.segment=mid`),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('the deal list sorted by an own field', () => {
  /** Every page of the list at `limit` a page, following `next_cursor`. */
  async function allPages(query: string, limit: number): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `?limit=${limit}&pipeline_id=${sales.id}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await k.ok(c.ana.token, 'GET', k.deals(c.acme, q));
      ids.push(...page.items.map((d: Deal) => d.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    return ids;
  }

  /** Ordered by the value (ties by id the same way), deals without one last either way. */
  function order<V extends string | number>(
    value: (d: Made) => V | undefined,
    dir: 1 | -1,
    keep = (_: Made) => true,
  ) {
    const cmp = (a: V, b: V) => (a < b ? -1 : a > b ? 1 : 0);
    return made
      .filter(keep)
      .sort((a, b) => {
        const [va, vb] = [value(a), value(b)];
        if (va === undefined || vb === undefined)
          return va === undefined && vb === undefined ? dir * (a.id - b.id) : va === undefined ? 1 : -1;
        return dir * (cmp(va, vb) || a.id - b.id);
      })
      .map((d) => d.id);
  }

  it('by a number, ascending and descending, across pages of three', async () => {
    expect(await allPages('sort=custom.seats', 3)).toEqual(order((d) => d.seats, 1));
    expect(await allPages('sort=-custom.seats', 3)).toEqual(order((d) => d.seats, -1));
  });

  it('by a select with a filter on another field, across pages of two', async () => {
    const keep = (d: Made) => d.seats !== undefined && d.seats >= 20;
    expect(await allPages('sort=custom.segment&custom.seats.gte=20', 2)).toEqual(
      order((d) => d.segment, 1, keep),
    );
    expect(await allPages('sort=-custom.segment&custom.seats.gte=20', 2)).toEqual(
      order((d) => d.segment, -1, keep),
    );
  });

  it('refuses a sort by an unknown, archived or other company’s field, and a cursor of another sort', async () => {
    for (const key of ['nope', 'gone', 'secret']) {
      const res = await k.call(c.ana.token, 'GET', k.deals(c.acme, `?sort=custom.${key}`));
      expect([key, res.statusCode, res.json().details]).toEqual([key, 400, { sort: ['unknown_field'] }]);
    }
    const first = await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?sort=custom.seats&limit=2'));
    const other = await k.call(
      c.ana.token,
      'GET',
      k.deals(c.acme, `?sort=-custom.seats&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual({ cursor: ['invalid_cursor'] });
  });
});
