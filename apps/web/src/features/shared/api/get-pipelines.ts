import type { PipelineList } from '@kontora/contract/pipelines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dealKeys, pipelinesPath } from './deal-keys.ts';

export const pipelinesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: dealKeys.pipelines(companyId),
    queryFn: ({ signal }) => api.get<PipelineList>(pipelinesPath(companyId), { signal }),
    staleTime: 30_000,
  });

/** The company's pipelines in order, each with its ordered stages. */
export function usePipelines(companyId: number) {
  return useQuery(pipelinesQueryOptions(companyId));
}
