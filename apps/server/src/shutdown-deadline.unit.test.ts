import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the shutdown deadline', () => {
  it('is 10 s unless set, with jobs handed back 2 s before it', () => {
    const config = loadConfig({});
    expect(config.shutdownDeadlineMs).toBe(10_000);
    expect(config.jobs.shutdownGraceMs).toBe(8_000);
    expect(loadConfig({ SHUTDOWN_DEADLINE_SECONDS: '45', JOBS_SHUTDOWN_GRACE_SECONDS: '30' })).toMatchObject({
      shutdownDeadlineMs: 45_000,
      jobs: { shutdownGraceMs: 30_000 },
    });
  });

  it('refuses a jobs grace that would outlast the deadline, naming the variable', () => {
    expect(() => loadConfig({ JOBS_SHUTDOWN_GRACE_SECONDS: '10' })).toThrow(/JOBS_SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_DEADLINE_SECONDS: '0' })).toThrow(/SHUTDOWN_DEADLINE_SECONDS/);
  });
});
