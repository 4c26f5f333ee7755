import type { ChangeType } from '@kontora/contract/change-types';
import type { DealStatus } from '@kontora/contract/deal-values';
import type { NewDealActivity } from './deals.repository.ts';

/**
 * How a change of a deal is named in the change feed and on its timeline: a move into a won
 * or lost stage is `deal.won` / `deal.lost`, another move `deal.stage_changed` (on the
 * timeline `reopened` when it leaves a closed stage for an open one), anything else an update.
 */
export function changeKindOf(
  before: DealStatus,
  after: DealStatus,
  stageChanged: boolean,
): { type: ChangeType; kind: NewDealActivity['kind'] } {
  if (!stageChanged) return { type: 'deal.updated', kind: 'updated' };
  if (after === 'won' && before !== 'won') return { type: 'deal.won', kind: 'won' };
  if (after === 'lost' && before !== 'lost') return { type: 'deal.lost', kind: 'lost' };
  return {
    type: 'deal.stage_changed',
    kind: after === 'open' && before !== 'open' ? 'reopened' : 'stage_changed',
  };
}
