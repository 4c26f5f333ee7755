import { createBullmqJobs } from './bullmq-engine.ts';
import { createEmbeddedJobs } from './embedded-engine.ts';
import type { Jobs, JobsDeps } from './jobs.ts';

/** The engine follows from configuration alone: BullMQ when REDIS_URL is set (or JOBS_ENGINE says so), else embedded (decision 008). */
export function createJobs(deps: JobsDeps): Jobs {
  return deps.config.jobs.engine === 'bullmq' ? createBullmqJobs(deps) : createEmbeddedJobs(deps);
}
