import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';
import { dealKit } from './deal-test-kit.ts';

let t: TestApp;
let c: TwoCompanies;
let k: ReturnType<typeof dealKit>;
let sales: Pipeline;
const stage = (i: number) => sales.stages[i]?.id as number;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  k = dealKit(t);
  sales = await k.pipelineOf(c.ana.token, c.acme);
});
afterAll(() => t.close());

describe('pipelines', () => {
  it('every company starts with the Sales pipeline: four open stages, won and lost', async () => {
    expect(sales.name).toBe('Sales');
    expect(sales.stages.map((s) => [s.name, s.kind, s.probability])).toEqual([
      ['Lead in', 'open', 10],
      ['Qualified', 'open', 25],
      ['Proposal', 'open', 50],
      ['Negotiation', 'open', 75],
      ['Won', 'won', 100],
      ['Lost', 'lost', 0],
    ]);
  });

  it('owners and admins change pipelines; members read them only', async () => {
    const res = await k.call(c.marko.token, 'POST', k.pipelines(c.acme), { name: 'Renewals' });
    expect(res.statusCode).toBe(403);
    expect((await k.call(c.marko.token, 'GET', k.pipelines(c.acme))).statusCode).toBe(200);
    const made = await k.ok(c.ana.token, 'POST', k.pipelines(c.acme), { name: 'Renewals' });
    expect(made.stages).toHaveLength(6);
    const renamed = await k.ok(c.ana.token, 'PATCH', k.pipelines(c.acme, `/${made.id}`), {
      name: 'Renewals 2',
      position: 0,
      version: made.version,
    });
    expect(renamed.name).toBe('Renewals 2');
    expect(renamed.position).toBe(0);
    const stale = await k.call(c.ana.token, 'PATCH', k.pipelines(c.acme, `/${made.id}`), {
      name: 'x',
      version: made.version,
    });
    expect(stale.json().code).toBe('stale_update');
    await k.ok(c.ana.token, 'DELETE', k.pipelines(c.acme, `/${made.id}`));
    const list = await k.ok(c.ana.token, 'GET', k.pipelines(c.acme));
    expect(list.items.map((p: Pipeline) => [p.name, p.position])).toEqual([['Sales', 0]]);
    const feed = await readChanges(t.ctx, c.acme, 0, 1000);
    expect(
      feed.filter((e) => e.entity.type === 'pipeline' && e.entity.id === made.id).map((e) => e.type),
    ).toEqual(['pipeline.created', 'pipeline.updated', 'pipeline.deleted']);
  });

  it('refuses a stage list without exactly one won and one lost stage', async () => {
    const res = await k.call(c.ana.token, 'PUT', k.pipelines(c.acme, `/${sales.id}/stages`), {
      stages: [{ name: 'Only', kind: 'open' }],
      version: sales.version,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('deals', () => {
  it('creates a deal with the company defaults and reads it back', async () => {
    const d: Deal = await k.createDeal(c.ana.token, c.acme, { title: 'Big deal', amount: 1234.56 });
    expect(d).toMatchObject({
      title: 'Big deal',
      amount: 1234.56,
      currency: 'EUR',
      pipeline_id: sales.id,
      stage_id: stage(0),
      status: 'open',
      probability: 10,
      probability_overridden: false,
      owner_id: c.ana.id,
      closed_at: null,
      version: 1,
    });
    expect(await k.ok(c.marko.token, 'GET', k.deals(c.acme, `/${d.id}`))).toEqual(d);
  });

  it('checks every reference against the company', async () => {
    const other = await k.pipelineOf(c.eva.token, c.beta);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await k.call(c.ana.token, 'POST', k.deals(c.acme), { title: 'x', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().details)).toEqual([field]);
    };
    await bad({ stage_id: other.stages[0]?.id }, 'stage_id');
    await bad({ pipeline_id: other.id }, 'pipeline_id');
    await bad({ owner_id: c.eva.id }, 'owner_id');
    const person = await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      type: 'person',
      first_name: 'Ida',
    });
    await bad({ organisation_id: person.id }, 'organisation_id');
    const theirs = await k.ok(c.eva.token, 'POST', `/api/companies/${c.beta}/customers`, {
      type: 'person',
      first_name: 'Eve',
    });
    await bad({ customer_ids: [theirs.id] }, 'customer_ids');
    await bad({ amount: 1.234 }, 'amount');
  });

  it('a stale version answers 409 stale_update', async () => {
    const d = await k.createDeal(c.ana.token, c.acme, { title: 'Versioned' });
    await k.ok(c.ana.token, 'PATCH', k.deals(c.acme, `/${d.id}`), { title: 'V2', version: 1 });
    const res = await k.call(c.marko.token, 'PATCH', k.deals(c.acme, `/${d.id}`), {
      title: 'V3',
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stale_update');
    const move = await k.call(c.marko.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(1),
      version: 1,
    });
    expect(move.statusCode).toBe(409);
  });

  it('moving to won or lost sets status and closed_at; back to open clears them', async () => {
    const d = await k.createDeal(c.ana.token, c.acme, { title: 'Closer' });
    const won: Deal = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(4),
      version: 1,
    });
    expect(won.status).toBe('won');
    expect(won.closed_at).not.toBeNull();
    expect(won.probability).toBe(100);
    const lost: Deal = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(5),
      version: won.version,
      lost_reason: 'Too expensive',
    });
    expect(lost).toMatchObject({ status: 'lost', lost_reason: 'Too expensive' });
    const open: Deal = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(2),
      version: lost.version,
    });
    expect(open).toMatchObject({ status: 'open', closed_at: null, lost_reason: null, probability: 50 });
    const feed = await readChanges(t.ctx, c.acme, 0, 1000);
    expect(feed.filter((e) => e.entity.type === 'deal' && e.entity.id === d.id).map((e) => e.type)).toEqual([
      'deal.created',
      'deal.won',
      'deal.lost',
      'deal.stage_changed',
    ]);
    const timeline = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${d.id}/timeline`));
    expect(timeline.items.map((e: { kind: string }) => e.kind)).toEqual([
      'reopened',
      'lost',
      'won',
      'created',
    ]);
    expect(timeline.items[0].changes.stage_id).toEqual([stage(5), stage(2)]);
    expect(timeline.items[0].actor_id).toBe(c.ana.id);
  });

  it('a move places the deal between its new neighbours, and the board shows that order', async () => {
    const col = stage(3);
    const a = await k.createDeal(c.ana.token, c.acme, { title: 'A', stage_id: col, amount: 10 });
    const b = await k.createDeal(c.ana.token, c.acme, { title: 'B', stage_id: col, amount: 20 });
    const x = await k.createDeal(c.ana.token, c.acme, { title: 'X', stage_id: stage(0) });
    // New deals go to the top: B, A. X goes between them.
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${x.id}/move`), {
      stage_id: col,
      after_id: b.id,
      version: x.version,
    });
    const board = await k.ok(c.marko.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board?per_column=2`));
    const column = board.columns.find((co: { stage_id: number }) => co.stage_id === col);
    expect(column.items.map((d: Deal) => d.title)).toEqual(['B', 'X']);
    expect(column.count).toBe(3);
    expect(column.amount_total).toBe(30);
    const rest = await k.ok(
      c.marko.token,
      'GET',
      k.deals(
        c.acme,
        `?pipeline_id=${sales.id}&stage_id=${col}&sort=position&dir=asc&limit=5&cursor=${column.next_cursor}`,
      ),
    );
    expect(rest.items.map((d: Deal) => d.title)).toEqual(['A']);
    const refused = await k.call(c.ana.token, 'POST', k.deals(c.acme, `/${a.id}/move`), {
      stage_id: stage(1),
      before_id: b.id,
      version: a.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ before_id: ['not_in_stage'] });
  });

  it('a move answers the deal as reading it afterwards does', async () => {
    const customers = `/api/companies/${c.acme}/customers`;
    const org = await k.ok(c.ana.token, 'POST', customers, { type: 'organisation', name: 'Mover Ltd' });
    const ida = await k.ok(c.ana.token, 'POST', customers, { type: 'person', first_name: 'Ida' });
    const ben = await k.ok(c.ana.token, 'POST', customers, { type: 'person', first_name: 'Ben' });
    const anchor = await k.createDeal(c.ana.token, c.acme, { title: 'Anchor', stage_id: stage(2) });
    const d = await k.createDeal(c.ana.token, c.acme, {
      title: 'Mover',
      amount: 12.5,
      owner_id: c.marko.id,
      organisation_id: org.id,
      customer_ids: [ben.id, ida.id],
      tags: ['t'],
    });
    const moved = await k.ok(c.marko.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(2),
      before_id: anchor.id,
      version: d.version,
    });
    expect(moved).toMatchObject({
      stage_id: stage(2),
      probability: 50,
      version: 2,
      owner_id: c.marko.id,
      organisation_name: 'Mover Ltd',
      customer_ids: [ida.id, ben.id],
    });
    expect(moved).toEqual(await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${d.id}`)));
    const lost = await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
      stage_id: stage(5),
      lost_reason: 'Price',
      version: moved.version,
    });
    expect(lost).toMatchObject({ status: 'lost', lost_reason: 'Price', probability: 0 });
    expect(lost).toEqual(await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${d.id}`)));
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, '/bulk'), { action: 'delete', ids: [d.id, anchor.id] });
  });

  it('many moves to the same place keep the order (the column is renumbered when needed)', async () => {
    const pipeline = await k.ok(c.ana.token, 'POST', k.pipelines(c.acme), { name: 'Dense' });
    const col = pipeline.stages[0].id;
    const first = await k.createDeal(c.ana.token, c.acme, { title: 'first', pipeline_id: pipeline.id });
    const last = await k.createDeal(c.ana.token, c.acme, { title: 'last', pipeline_id: pipeline.id });
    // Order: last, first. Each new deal goes right after `last`, so the gap halves every time.
    const titles = ['last'];
    for (let i = 0; i < 20; i++) {
      const d = await k.createDeal(c.ana.token, c.acme, {
        title: `n${i}`,
        pipeline_id: pipeline.id,
        stage_id: pipeline.stages[1].id,
      });
      await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${d.id}/move`), {
        stage_id: col,
        after_id: last.id,
        version: d.version,
      });
      titles.splice(1, 0, `n${i}`);
    }
    titles.push('first');
    const page = await k.ok(
      c.ana.token,
      'GET',
      k.deals(c.acme, `?pipeline_id=${pipeline.id}&stage_id=${col}&sort=position&dir=asc&limit=100`),
    );
    expect(page.items.map((d: Deal) => d.title)).toEqual(titles);
    expect(first.id).toBeLessThan(last.id);
  });

  it('removing a stage with deals asks where they go, then moves them', async () => {
    const pipeline: Pipeline = await k.ok(c.ana.token, 'POST', k.pipelines(c.acme), { name: 'Trim' });
    const [lead, qualified] = pipeline.stages;
    const d = await k.createDeal(c.ana.token, c.acme, { title: 'In lead', pipeline_id: pipeline.id });
    const without = pipeline.stages
      .filter((s) => s.id !== lead?.id)
      .map(({ id, name, kind }) => ({ id, name, kind }));
    const refused = await k.call(c.ana.token, 'PUT', k.pipelines(c.acme, `/${pipeline.id}/stages`), {
      stages: without,
      version: pipeline.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'stage_has_deals', details: { [String(lead?.id)]: ['1'] } });
    const after: Pipeline = await k.ok(c.ana.token, 'PUT', k.pipelines(c.acme, `/${pipeline.id}/stages`), {
      stages: without,
      move_deals_to: { [String(lead?.id)]: qualified?.id },
      version: pipeline.version,
    });
    expect(after.stages.map((s) => s.name)).toEqual(['Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost']);
    const moved: Deal = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${d.id}`));
    expect(moved).toMatchObject({ stage_id: qualified?.id, version: 2 });
    const del = await k.call(c.ana.token, 'DELETE', k.pipelines(c.acme, `/${pipeline.id}`));
    expect(del.json().code).toBe('pipeline_has_deals');
    await k.ok(
      c.ana.token,
      'DELETE',
      k.pipelines(c.acme, `/${pipeline.id}?move_deals_to_pipeline=${sales.id}`),
    );
    expect(await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${d.id}`))).toMatchObject({
      pipeline_id: sales.id,
      stage_id: stage(0),
    });
  });

  it('filters, searches and pages the list', async () => {
    const org = await k.ok(c.ana.token, 'POST', `/api/companies/${c.acme}/customers`, {
      type: 'organisation',
      name: 'Željezara Sisak',
    });
    const d = await k.createDeal(c.ana.token, c.acme, {
      title: 'Steel beams',
      organisation_id: org.id,
      tags: ['Metal'],
      owner_id: c.marko.id,
    });
    const q = async (query: string) =>
      (await k.ok(c.ana.token, 'GET', k.deals(c.acme, `?${query}`))).items.map((x: Deal) => x.id);
    expect(await q('q=zelj')).toEqual([d.id]);
    expect(await q('q=beam')).toEqual([d.id]);
    expect(await q('tag=metal')).toEqual([d.id]);
    expect(await q(`customer_id=${org.id}`)).toEqual([d.id]);
    expect(await q(`owner_id=${c.marko.id}`)).toEqual([d.id]);
    const all: number[] = [];
    let cursor = '';
    for (;;) {
      const page = await k.ok(c.ana.token, 'GET', k.deals(c.acme, `?sort=title&dir=asc&limit=3${cursor}`));
      all.push(...page.items.map((x: Deal) => x.id));
      if (!page.next_cursor) break;
      cursor = `&cursor=${page.next_cursor}`;
    }
    const full = await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?sort=title&dir=asc&limit=200'));
    expect(all).toEqual(full.items.map((x: Deal) => x.id));
    expect(new Set(all).size).toBe(all.length);
  });

  it('bulk actions and delete', async () => {
    const a = await k.createDeal(c.ana.token, c.acme, { title: 'bulk a' });
    const b = await k.createDeal(c.ana.token, c.acme, { title: 'bulk b' });
    const theirs = await k.createDeal(c.eva.token, c.beta, { title: 'theirs' });
    const res = await k.ok(c.ana.token, 'POST', k.deals(c.acme, '/bulk'), {
      action: 'set_stage',
      ids: [a.id, b.id, theirs.id],
      stage_id: stage(4),
    });
    expect(res).toEqual({ action: 'set_stage', affected: [a.id, b.id], not_found: [theirs.id] });
    expect((await k.ok(c.ana.token, 'GET', k.deals(c.acme, `/${a.id}`))).status).toBe('won');
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, '/bulk'), { action: 'delete', ids: [a.id] });
    expect((await k.call(c.ana.token, 'GET', k.deals(c.acme, `/${a.id}`))).statusCode).toBe(404);
    await k.ok(c.ana.token, 'DELETE', k.deals(c.acme, `/${b.id}`));
    expect((await k.call(c.ana.token, 'GET', k.deals(c.acme, `/${b.id}`))).statusCode).toBe(404);
    expect((await k.ok(c.eva.token, 'GET', k.deals(c.beta, `/${theirs.id}`))).status).toBe('open');
  });

  it('every column of the board counts what the list finds, with and without filters', async () => {
    const won = await k.createDeal(c.ana.token, c.acme, {
      title: 'Won one',
      amount: 5,
      tags: ['x'],
      owner_id: c.marko.id,
    });
    await k.ok(c.ana.token, 'POST', k.deals(c.acme, `/${won.id}/move`), {
      stage_id: stage(4),
      version: won.version,
    });
    for (const query of ['', `owner_id=${c.marko.id}`, 'tag=x', `owner_id=${c.ana.id}`]) {
      const board = await k.ok(c.ana.token, 'GET', k.pipelines(c.acme, `/${sales.id}/board?${query}`));
      for (const column of board.columns) {
        const list = await k.ok(
          c.ana.token,
          'GET',
          k.deals(c.acme, `?pipeline_id=${sales.id}&stage_id=${column.stage_id}&limit=200&${query}`),
        );
        const eur = list.items.filter((d: Deal) => d.currency === 'EUR');
        expect([query, column.count, column.amount_total]).toEqual([
          query,
          list.items.length,
          Math.round(eur.reduce((sum: number, d: Deal) => sum + (d.amount ?? 0), 0) * 100) / 100,
        ]);
      }
    }
  });

  it('lost reasons: members read, owners and admins replace', async () => {
    const url = `/api/companies/${c.acme}/deal-lost-reasons`;
    expect((await k.call(c.marko.token, 'PUT', url, { items: ['Price'] })).statusCode).toBe(403);
    await k.ok(c.ana.token, 'PUT', url, { items: ['Price', 'Timing', 'Price'] });
    expect(await k.ok(c.marko.token, 'GET', url)).toEqual({ items: ['Price', 'Timing'] });
    const feed = await readChanges(t.ctx, c.acme, 0, 1000);
    expect(feed.filter((e) => e.type === 'company.updated').at(-1)?.changes).toEqual([
      { field: 'deal_lost_reasons', before: [], after: ['Price', 'Timing'] },
    ]);
  });

  it('another company’s deals and pipelines are 404 on every route', async () => {
    const d = await k.createDeal(c.eva.token, c.beta, { title: 'Beta secret' });
    const theirs = await k.pipelineOf(c.eva.token, c.beta);
    const mine = `/api/companies/${c.acme}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `${mine}/deals/${d.id}`],
      ['PATCH', `${mine}/deals/${d.id}`, { title: 'x', version: 1 }],
      ['DELETE', `${mine}/deals/${d.id}`],
      ['POST', `${mine}/deals/${d.id}/move`, { stage_id: stage(1), version: 1 }],
      ['GET', `${mine}/deals/${d.id}/timeline`],
      ['GET', `${mine}/pipelines/${theirs.id}/board`],
      ['PATCH', `${mine}/pipelines/${theirs.id}`, { name: 'x', version: 1 }],
      ['DELETE', `${mine}/pipelines/${theirs.id}`],
      [
        'PUT',
        `${mine}/pipelines/${theirs.id}/stages`,
        { stages: sales.stages.map(({ name, kind }) => ({ name, kind })), version: 1 },
      ],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await k.call(c.ana.token, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // And through Beta's own path, Ana is no member.
    expect((await k.call(c.ana.token, 'GET', `/api/companies/${c.beta}/deals/${d.id}`)).statusCode).toBe(403);
    const list = await k.ok(c.ana.token, 'GET', k.deals(c.acme, '?limit=200'));
    expect(list.items.map((x: Deal) => x.id)).not.toContain(d.id);
    expect((await k.ok(c.eva.token, 'GET', k.deals(c.beta, `/${d.id}`))).title).toBe('Beta secret');
  });
});
