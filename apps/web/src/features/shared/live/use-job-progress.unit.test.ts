import type { JobSummary } from '@kontora/contract/jobs';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysOnLive } from './live-invalidation.ts';
import type { ReceivedJob } from './live-store.ts';
import { companyJobKey, jobPollInterval, jobView } from './use-job-progress.ts';

describe('a followed job', () => {
  it('is read every 2 s while the socket is down, every 15 s while it is live, never once settled', () => {
    expect(jobPollInterval('active', false)).toBe(2_000);
    expect(jobPollInterval(undefined, false)).toBe(2_000);
    expect(jobPollInterval('active', true)).toBe(15_000);
    expect(jobPollInterval('completed', false)).toBe(false);
    expect(jobPollInterval('dead', true)).toBe(false);
  });

  it('is read again when the socket comes (back) up: its events missed meanwhile are not replayed', async () => {
    for (const resumed of [false, true]) {
      const client = new QueryClient();
      client.setQueryData(companyJobKey(7, 'job-1'), { state: 'active' });
      client.setQueryData(companyJobKey(8, 'job-2'), { state: 'active' });
      for (const queryKey of keysOnLive(7, false, resumed)) await client.invalidateQueries({ queryKey });
      expect(client.getQueryState(companyJobKey(7, 'job-1'))?.isInvalidated).toBe(true);
      // Another company's jobs are not this socket's.
      expect(client.getQueryState(companyJobKey(8, 'job-2'))?.isInvalidated).toBe(false);
    }
  });

  it('shows the later of its live message and its read, but never a running read after a settled message', () => {
    const message = (state: ReceivedJob['state'], progress: number, receivedAt: number): ReceivedJob => ({
      type: 'job',
      job_id: 'job-1',
      name: 'connectors.sync',
      state,
      progress,
      message: null,
      run_at: null,
      at: '2026-11-26T23:00:00Z',
      receivedAt,
    });
    const read = (state: JobSummary['state'], progress: number) =>
      ({ state, progress, progress_message: null }) as JobSummary;
    // The later one wins either way round.
    expect(jobView(message('active', 40, 2_000), read('active', 20), 1_000)?.progress).toBe(40);
    expect(jobView(message('active', 40, 1_000), read('active', 60), 2_000)?.progress).toBe(60);
    expect(jobView(message('active', 40, 1_000), read('completed', 100), 2_000)?.state).toBe('completed');
    // A read asked for at the start of a quick job, answered after its "completed" came live.
    expect(jobView(message('completed', 100, 1_000), read('active', 0), 2_000)).toEqual({
      state: 'completed',
      progress: 100,
      message: null,
    });
    expect(jobView(message('dead', 30, 1_000), read('waiting', 0), 2_000)?.state).toBe('dead');
    expect(jobView(undefined, read('active', 0), 2_000)?.state).toBe('active');
    expect(jobView(undefined, undefined, 0)).toBeUndefined();
  });
});
