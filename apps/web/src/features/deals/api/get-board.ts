import type { Board } from '@kontora/contract/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, pipelinesPath } from '../../shared/api/deal-keys.ts';
import type { DealFilterParams } from '../../shared/api/get-deals.ts';

/**
 * The board's filters: the list's (own-field ones included), without pipeline, stage and
 * status (the columns are those).
 */
export type BoardFilter = Omit<DealFilterParams, 'pipeline_id' | 'stage_id' | 'status' | 'customer_id'>;

/** Cards a column shows first; more come as it scrolls (docs/decisions/052-deal-board-drag-and-drop.md). */
export const PER_COLUMN = 25;

export function getBoard(
  companyId: number,
  pipelineId: number,
  filter: BoardFilter,
  signal?: AbortSignal,
): Promise<Board> {
  return api.get<Board>(`${pipelinesPath(companyId)}/${pipelineId}/board`, {
    query: { ...filter, per_column: PER_COLUMN },
    signal,
  });
}

export const boardQueryOptions = (companyId: number, pipelineId: number, filter: BoardFilter) =>
  queryOptions({
    queryKey: dealKeys.board(companyId, pipelineId, filter),
    queryFn: ({ signal }) => getBoard(companyId, pipelineId, filter, signal),
  });

export function useBoard(companyId: number, pipelineId: number | undefined, filter: BoardFilter) {
  return useQuery({
    ...boardQueryOptions(companyId, pipelineId ?? 0, filter),
    enabled: pipelineId !== undefined,
  });
}
