import type { JobState, JobSummary } from '@kontora/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLiveJob, useLiveStatus } from './live-store.ts';

export interface JobProgress {
  state: JobState;
  /** 0–100. */
  progress: number;
  message: string | null;
}

/** States after which nothing changes unless someone retries the job. */
export const isJobSettled = (state: JobState | undefined) => state === 'completed' || state === 'dead';

/** While the socket is down the job is read this often. */
const POLL_MS = 2_000;

export const companyJobKey = (companyId: number, jobId: string) => ['company-job', companyId, jobId] as const;

/**
 * Follows one company job (an import, a scan, a connector sync) by its id
 * (decision 028): its state and progress arrive on the live socket; the job is
 * read once at the start and, whenever the socket is not live, every 2 s until
 * it settles. Whichever of the two is newer wins.
 */
export function useJobProgress(companyId: number, jobId: string | null | undefined): JobProgress | undefined {
  const live = useLiveJob(jobId);
  const liveUp = useLiveStatus() === 'live';
  const read = useQuery({
    queryKey: companyJobKey(companyId, jobId ?? ''),
    queryFn: ({ signal }) => api.get<JobSummary>(`/companies/${companyId}/jobs/${jobId}`, { signal }),
    enabled: !!jobId,
    refetchInterval: (query) =>
      liveUp || isJobSettled(live?.state ?? query.state.data?.state) ? false : POLL_MS,
  });
  const fetched = read.data;
  if (live && (!fetched || live.receivedAt >= read.dataUpdatedAt)) {
    return { state: live.state, progress: live.progress, message: live.message };
  }
  return fetched
    ? { state: fetched.state, progress: fetched.progress, message: fetched.progress_message }
    : undefined;
}
