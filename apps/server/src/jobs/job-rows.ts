import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Dialect } from '../db/database.ts';
import type { JobDefinition } from './define-job.ts';
import { prepareEnqueue, storedPayload } from './enqueue.ts';
import { deleteWaitingJobs, insertJob, notifyJobs } from './jobs.repository.ts';
import type { EnqueueOptions } from './jobs.ts';

const NOTIFY_CHANNEL = 'kontora_jobs';

/**
 * Writing a job row, shared by both engines (for BullMQ the row is the outbox
 * the relay reads). Returns the row id. On PostgreSQL the transaction also
 * NOTIFYs, once, right after the commit (db/after-commit.ts), to every listening process.
 */
export function createJobWriter(dialect: Dialect) {
  const notified = new WeakSet<Database>();
  return async (db: Database, definition: JobDefinition, payload: unknown, options: EnqueueOptions) => {
    const row = prepareEnqueue(definition, payload, options);
    const id = await insertJob(db, row, new Date().toISOString());
    if (dialect === 'postgres' && !(db.isTransaction && notified.has(db))) {
      await notifyJobs(db, NOTIFY_CHANNEL);
      if (db.isTransaction) notified.add(db);
    }
    return id;
  };
}

/** `Jobs.cancelWaiting` on the job rows (both engines: for BullMQ the rows not yet relayed). */
export function cancelWaitingRows(
  db: Database,
  definition: JobDefinition,
  payload: unknown,
): Promise<number> {
  return deleteWaitingJobs(db, definition.name, storedPayload(definition, payload));
}

/** Calls `onJob` whenever another transaction commits a job (PostgreSQL); polling covers a lost connection. */
export async function listenForJobs(url: string, onJob: () => void, log: FastifyBaseLogger) {
  const client = new pg.Client({ connectionString: url });
  client.on('notification', onJob);
  client.on('error', (err) => log.warn({ err }, 'job notification listener failed; polling only'));
  try {
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    return client;
  } catch (err) {
    log.warn({ err }, 'LISTEN failed; polling only');
    await client.end().catch(() => {});
    return undefined;
  }
}
