import type { LiveJob } from '@kontora/contract/live';
import type { AppContext } from '../../context.ts';
import type { JobEvent } from '../../jobs/jobs.ts';
import { moduleOfJob } from './live-messages.ts';
import { createRelay, type Relay, type RelayOptions } from './redis-relay.ts';

/** A job event as it travels between instances: with the module a person needs to receive it. */
export interface PublishedJobEvent {
  event: JobEvent;
  module: number;
}

export const toLiveJob = (event: JobEvent): LiveJob => ({
  type: 'job',
  job_id: event.jobId,
  name: event.name,
  state: event.state,
  progress: event.progress,
  message: event.message,
  run_at: event.runAt,
  at: event.at,
});

/**
 * Company jobs' state and progress on the live sockets (decision 028). The job
 * runs on whichever instance took it, the people watching are connected to any
 * instance: with Redis every event is published once and each instance hands
 * it to its own sockets of that company; without Redis there is one instance
 * and the event goes straight to its hub. Unlike changes (decision 017), the
 * event itself travels on Redis: it is a passing state with nothing to resume
 * from, and a lost one is made good by the next one or by the client reading
 * the job.
 */
export function createJobProgressRelay(
  ctx: AppContext,
  options: Omit<RelayOptions, 'what'>,
  deliver: (published: PublishedJobEvent) => void,
): Relay {
  return createRelay<PublishedJobEvent>(
    { ...options, what: 'job event' },
    (publish) =>
      ctx.jobs.observe((event) => {
        const module = moduleOfJob(event.name);
        if (module !== undefined) publish({ event, module });
      }),
    deliver,
  );
}
