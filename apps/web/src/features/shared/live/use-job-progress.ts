import type { JobState, JobSummary } from '@kontora/contract/jobs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ReceivedJob, useLiveJob, useLiveStatus } from './live-store.ts';

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
/** While it is live, this often all the same: a job event lost on the way must not leave a screen waiting for good. */
const LIVE_POLL_MS = 15_000;

/** How often a followed job is read: never once settled, rarely while the socket carries its events. */
export function jobPollInterval(state: JobState | undefined, liveUp: boolean): number | false {
  if (isJobSettled(state)) return false;
  return liveUp ? LIVE_POLL_MS : POLL_MS;
}

export const companyJobKey = (companyId: number, jobId: string) => ['company-job', companyId, jobId] as const;

/**
 * What a screen shows of a job: its last live message or its last read, whichever arrived
 * later, except that a read still unsettled never replaces a settled message. A read asked
 * for when the job started can be answered after a quick job's "completed" has come by the
 * socket; taken as the newer, it showed the job running at 0 % for good (polling stops once
 * the live state is settled).
 */
export function jobView(
  live: ReceivedJob | undefined,
  fetched: JobSummary | undefined,
  fetchedAt: number,
): JobProgress | undefined {
  const readIsBehind = live && fetched && isJobSettled(live.state) && !isJobSettled(fetched.state);
  if (live && (!fetched || readIsBehind || live.receivedAt >= fetchedAt)) {
    return { state: live.state, progress: live.progress, message: live.message };
  }
  return fetched
    ? { state: fetched.state, progress: fetched.progress, message: fetched.progress_message }
    : undefined;
}

/**
 * Follows one company job (an import, a scan, a connector sync) by its id
 * (decision 028): its state and progress arrive on the live socket; the job is
 * read at the start, again whenever the socket comes (back) up, and until it
 * settles every 2 s while the socket is not live (every 15 s while it is).
 * Whichever of the two is newer wins (jobView).
 */
export function useJobProgress(companyId: number, jobId: string | null | undefined): JobProgress | undefined {
  const live = useLiveJob(jobId);
  const liveUp = useLiveStatus() === 'live';
  const read = useQuery({
    queryKey: companyJobKey(companyId, jobId ?? ''),
    queryFn: ({ signal }) => api.get<JobSummary>(`/companies/${companyId}/jobs/${jobId}`, { signal }),
    enabled: !!jobId,
    refetchInterval: (query) => jobPollInterval(live?.state ?? query.state.data?.state, liveUp),
  });
  return jobView(live, read.data, read.dataUpdatedAt);
}
