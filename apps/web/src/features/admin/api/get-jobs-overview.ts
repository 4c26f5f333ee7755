import type { JobsOverview } from '@kontora/contract/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Job counts per queue and state, as the jobs screen reads them (same cache entry). */
export const jobsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'jobs', 'overview'],
    queryFn: () => api.get<JobsOverview>('/admin/jobs/overview'),
  });

export function useJobsOverview() {
  return useQuery(jobsOverviewQueryOptions());
}
