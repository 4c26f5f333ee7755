import type { JobEvent } from './jobs.ts';

type Reported = Omit<JobEvent, 'at' | 'runAt' | 'message'> & {
  runAt?: string | null;
  message?: string | null;
};

/**
 * The listeners of one engine (decision 028). Progress is reported only when
 * it changes: handlers may call `progress()` in a tight loop, and every report
 * becomes a message to every socket of the company.
 */
export function createJobEvents() {
  const listeners = new Set<(event: JobEvent) => void>();
  const lastProgress = new Map<string, string>();
  return {
    observe(listener: (event: JobEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(reported: Reported) {
      if (listeners.size === 0) return;
      const event: JobEvent = {
        runAt: null,
        message: null,
        ...reported,
        at: new Date().toISOString(),
      };
      if (event.state === 'active') {
        const key = `${event.progress}\u0000${event.message ?? ''}`;
        if (lastProgress.get(event.jobId) === key) return;
        lastProgress.set(event.jobId, key);
      } else lastProgress.delete(event.jobId);
      for (const listener of listeners) listener(event);
    },
  };
}
export type JobEvents = ReturnType<typeof createJobEvents>;
