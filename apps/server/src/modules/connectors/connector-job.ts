import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * One sync run of one connection: resume or start a full pass (the first
 * import, or the nightly pass when `full`), else an incremental pull, then
 * push local changes. Every page is saved with its checkpoint, so a retry
 * after a crash continues where the run stopped.
 */
export const syncConnectorJob = defineJob(
  'connectors.sync',
  z.object({
    company_id: z.number().int(),
    connector_id: z.number().int(),
    mode: z.enum(['auto', 'full']),
    /** Fields newly mapped: their values already here are pushed after the pull (decision 088). */
    push_fields: z.array(z.number().int()).max(1000).optional(),
  }),
  {
    maxAttempts: 5,
    backoff: { baseMs: 30_000, maxMs: 900_000 },
    timeoutMs: 60 * 60_000,
    // A long run against one provider: two per company leave the other slots to everyone else.
    perCompanyConcurrency: 2,
  },
);

/** Every CONNECTOR_SYNC_MINUTES: a run for each connection that is due. */
export const scheduleConnectorsJob = defineJob('connectors.schedule', z.object({}), { maxAttempts: 1 });

/** Nightly: a full pass of every connection (the only way remote deletions are concluded). */
export const nightlyConnectorsJob = defineJob('connectors.nightly', z.object({}), { maxAttempts: 3 });
