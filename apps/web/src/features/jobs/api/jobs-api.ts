import type { JobState, JobSummary, JobsOverview, JobsPage } from '@kontora/contract/jobs';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Counts and running jobs change by themselves: the screen refreshes every few seconds while open. */
const REFRESH_MS = 3_000;
const PAGE_SIZE = 25;

export function useJobsOverview() {
  return useQuery({
    queryKey: ['admin', 'jobs', 'overview'],
    queryFn: () => api.get<JobsOverview>('/admin/jobs/overview'),
    refetchInterval: REFRESH_MS,
  });
}

export const jobsQueryOptions = (state: JobState | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'jobs', 'list', state ?? 'all'],
    queryFn: ({ pageParam }) =>
      api.get<JobsPage>('/admin/jobs', { query: { state, limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: REFRESH_MS,
  });

export function useJobs(state: JobState | undefined) {
  return useInfiniteQuery(jobsQueryOptions(state));
}

function useJobAction<T>(action: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

export const useRetryJob = () => useJobAction((id) => api.post<JobSummary>(`/admin/jobs/${id}/retry`));
export const useDiscardJob = () => useJobAction((id) => api.delete<null>(`/admin/jobs/${id}`));
