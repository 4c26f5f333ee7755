import type { JobState } from '@kontora/contract/jobs';
import type { LiveChange, LiveJob } from '@kontora/contract/live';
import { useSyncExternalStore } from 'react';
import type { LiveStatus } from './live-socket.ts';

/**
 * What the screens read from the live connection: its status (the top-bar
 * indicator) and the last change seen per record (the edit form's "changed by").
 */
type LiveState = {
  status: LiveStatus | null;
  records: ReadonlyMap<string, LiveChange>;
  /** The last message per job, with when it arrived here (the browser's clock, to compare with fetches). */
  jobs: ReadonlyMap<string, ReceivedJob>;
};
export type ReceivedJob = LiveJob & { receivedAt: number };

let state: LiveState = { status: null, records: new Map(), jobs: new Map() };
const listeners = new Set<() => void>();

function emit(next: LiveState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const recordKey = (entity: string, id: number) => `${entity}:${id}`;

export function setLiveStatus(status: LiveStatus | null): void {
  if (status !== state.status) emit({ ...state, status });
}

export function rememberChange(change: LiveChange): void {
  if (change.entity_id === null) return;
  const records = new Map(state.records);
  // Only the latest per record matters; a long session must not grow without bound.
  if (records.size > 500) records.clear();
  records.set(recordKey(change.type.split('.')[0] ?? '', change.entity_id), change);
  emit({ ...state, records });
}

/** Keeps a job's message; answers the state its previous one had, if one arrived. */
export function rememberJob(job: LiveJob): JobState | undefined {
  const previous = state.jobs.get(job.job_id)?.state;
  const jobs = new Map(state.jobs);
  if (jobs.size > 200) jobs.clear();
  jobs.set(job.job_id, { ...job, receivedAt: Date.now() });
  emit({ ...state, jobs });
  return previous;
}

/** The last live message about a job, if one arrived since the page loaded. */
export function useLiveJob(jobId: string | null | undefined): ReceivedJob | undefined {
  const jobs = useSyncExternalStore(
    subscribe,
    () => state.jobs,
    () => state.jobs,
  );
  return jobId ? jobs.get(jobId) : undefined;
}

/** null while no connection is wanted (signed out; no company, for anyone but a superuser). */
export function useLiveStatus(): LiveStatus | null {
  return useSyncExternalStore(
    subscribe,
    () => state.status,
    () => state.status,
  );
}

/** The records that carry a version, which open edit forms compare against. */
export type VersionedRecord = 'customer' | 'event' | 'deal';

/** The last change pushed for a record (e.g. `customer`, 42), if any since the page loaded. */
export function useLastChange(entity: VersionedRecord, id: number): LiveChange | undefined {
  const records = useSyncExternalStore(
    subscribe,
    () => state.records,
    () => state.records,
  );
  return records.get(recordKey(entity, id));
}
