import { describe, expect, it } from 'vitest';
import type { RemoteDealFields, RemotePipeline } from './connector-deal.ts';
import { dealHash, type LocalPipelines, toLocal, toRemote } from './connector-deal-map.ts';

const local: LocalPipelines = {
  currency: 'EUR',
  pipelines: [
    {
      id: 1,
      name: 'Sales',
      stages: [
        { id: 11, name: 'Lead in', kind: 'open' },
        { id: 12, name: 'Qualified', kind: 'open' },
        { id: 15, name: 'Won', kind: 'won' },
        { id: 16, name: 'Lost', kind: 'lost' },
      ],
    },
    { id: 2, name: 'Renewals', stages: [{ id: 21, name: 'Qualified', kind: 'open' }] },
  ],
};
const remote: RemotePipeline[] = [
  {
    id: 'p1',
    label: 'Sales Pipeline',
    stages: [
      { id: 'a', label: ' qualified ' },
      { id: 'b', label: 'Appointment Scheduled' },
    ],
  },
  { id: 'p2', label: 'renewals', stages: [{ id: 'c', label: 'Qualified' }] },
];
const fields = (over: Partial<RemoteDealFields> = {}): RemoteDealFields => ({
  title: ' Big deal ',
  amount: 10.5,
  currency: null,
  pipelineId: 'p1',
  stageId: 'a',
  status: null,
  expectedCloseDate: null,
  lostReason: null,
  ownerId: null,
  organisationId: null,
  personIds: [],
  ...over,
});
const stageOnly = { statusBesideStage: false, lostReason: false };
const withStatus = { statusBesideStage: true, lostReason: true };

describe('deal mapping by name', () => {
  it('matches pipelines and stages by name without case or blanks, else the deal’s own or the first pipeline', () => {
    expect(toLocal(fields(), remote, local, stageOnly, null)).toMatchObject({
      ok: true,
      value: { title: 'Big deal', pipeline_id: 1, stage_id: 12, currency: 'EUR', amount_cents: 1050 },
    });
    expect(toLocal(fields({ pipelineId: 'p2', stageId: 'c' }), remote, local, stageOnly, null)).toMatchObject(
      {
        value: { pipeline_id: 2, stage_id: 21 },
      },
    );
    // No pipeline of the name: a linked deal stays in its own pipeline.
    expect(toLocal(fields(), remote, local, stageOnly, 2)).toMatchObject({
      value: { pipeline_id: 2, stage_id: 21 },
    });
  });

  it('skips a stage with no Kontora stage of its name, saying which', () => {
    const result = toLocal(fields({ stageId: 'b' }), remote, local, stageOnly, null);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain('“Appointment Scheduled”');
    expect(!result.ok && result.reason).toContain('“Sales”');
  });

  it('maps won and lost by status where the provider keeps them beside the stage', () => {
    expect(
      toLocal(
        fields({ status: 'lost', lostReason: ' Price ', stageId: 'b' }),
        remote,
        local,
        withStatus,
        null,
      ),
    ).toMatchObject({ value: { stage_id: 16, lost_reason: 'Price' } });
    const won = toRemote(
      {
        title: 'x',
        amount_cents: null,
        currency: 'EUR',
        pipeline_id: 1,
        stage_id: 15,
        expected_close_date: null,
        lost_reason: null,
      },
      remote,
      local,
      withStatus,
      'Pipedrive',
    );
    expect(won).toMatchObject({ ok: true, value: { status: 'won', stageId: null, pipelineId: 'p1' } });
  });

  it('refuses to push a stage the provider has no stage of that name for', () => {
    const deal = {
      title: 'x',
      amount_cents: 500,
      currency: 'EUR',
      pipeline_id: 1,
      stage_id: 11,
      expected_close_date: null,
      lost_reason: null,
    };
    const result = toRemote(deal, remote, local, stageOnly, 'HubSpot');
    expect(!result.ok && result.reason).toContain('“Lead in”');
    expect(toRemote({ ...deal, stage_id: 12 }, remote, local, stageOnly, 'HubSpot')).toMatchObject({
      value: { stageId: 'a', amount: 5 },
    });
  });

  it('hashes the synced values only, the lost reason where the provider keeps one', () => {
    const v = {
      title: 'A',
      amount_cents: 1,
      currency: 'eur',
      pipeline_id: 1,
      stage_id: 16,
      expected_close_date: null,
      lost_reason: 'x',
    };
    expect(dealHash({ ...v, title: ' A ', currency: 'EUR' }, stageOnly)).toBe(dealHash(v, stageOnly));
    expect(dealHash({ ...v, lost_reason: 'y' }, stageOnly)).toBe(dealHash(v, stageOnly));
    expect(dealHash({ ...v, lost_reason: 'y' }, withStatus)).not.toBe(dealHash(v, withStatus));
    expect(dealHash({ ...v, stage_id: 15 }, stageOnly)).not.toBe(dealHash(v, stageOnly));
  });
});
