import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysOnLive } from './live-invalidation.ts';
import { companyJobKey, jobPollInterval } from './use-job-progress.ts';

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
});
