import type { Pipeline } from '@kontora/contract/pipelines';
import { describe, expect, it } from 'vitest';
import { moveTargets, rowProblems, rowsOf, stagesOf, targetsOf } from './stage-rows.ts';

const pipeline = {
  id: 1,
  stages: [
    { id: 5, name: 'Lead', kind: 'open', probability: 10, rotting_days: 14, position: 0 },
    { id: 6, name: 'Won', kind: 'won', probability: 100, rotting_days: null, position: 1 },
  ],
} as Pipeline;

describe('stage rows', () => {
  it('send kept stages by id, new ones without, numbers as numbers and empty as the default', () => {
    const rows = [
      ...rowsOf(pipeline),
      { key: 'n', name: 'Lost', kind: 'lost' as const, probability: '', rotting_days: '' },
    ];
    expect(stagesOf(rows)).toEqual([
      { id: 5, name: 'Lead', kind: 'open', probability: 10, rotting_days: 14 },
      { id: 6, name: 'Won', kind: 'won', probability: 100, rotting_days: null },
      { name: 'Lost', kind: 'lost', rotting_days: null },
    ]);
    expect(targetsOf(rows).map((t) => t.value)).toEqual(['5', '6', 'new:2']);
  });

  it('name a removed stage’s target as the API takes it', () => {
    expect(moveTargets({ '7': '5', '8': 'new:2' })).toEqual({ '7': 5, '8': 'new:2' });
  });

  it('put a 400’s per-stage problems on their rows', () => {
    expect(
      rowProblems({ 'stages.1.name': ['required'], 'stages.0.kind': ['stage_has_deals'], stages: ['x'] }),
    ).toEqual({
      0: { kind: 'stage_has_deals' },
      1: { name: 'required' },
    });
  });
});
