import type { LiveJob } from '@kontora/contract/live';
import type { AppContext } from '../../context.ts';
import type { JobEvent } from '../../jobs/jobs.ts';
import { moduleOfJob } from './live-messages.ts';
import type { RelaySource } from './redis-relay.ts';

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
 * Company jobs' state and progress on the live sockets (decision 028): the
 * events of this instance's followed jobs, with the module needed to hear each.
 * The job runs on whichever instance took it, the people watching are
 * connected to any instance, so the events travel on a relay (redis-relay.ts).
 * Unlike changes (decision 017), the event itself travels: it is a passing
 * state with nothing to resume from, and a lost one is made good by the next
 * one or by the client reading the job.
 */
export const followedJobEvents =
  (ctx: AppContext): RelaySource<PublishedJobEvent> =>
  (publish) =>
    ctx.jobs.observe((event) => {
      const module = moduleOfJob(event.name);
      if (module !== undefined) publish({ event, module });
    });
