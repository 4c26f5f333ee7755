import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Dialect } from '../db/database.ts';
import { createEmbeddedJobs } from './embedded-engine.ts';
import type { Jobs } from './jobs.ts';

/** The engine follows from configuration alone (decision 008). */
export function createJobs(deps: {
  db: Database;
  dialect: Dialect;
  config: Config;
  log: FastifyBaseLogger;
}): Jobs {
  return createEmbeddedJobs(deps);
}
