import type { Kysely } from 'kysely';
import { types } from './column-types.ts';

/**
 * Background jobs of the embedded engine (and the outbox the BullMQ relay reads):
 * one row per job, written in the same transaction as the change that causes it.
 * `state` is waiting | active | completed | failed (will retry at run_at) | dead.
 * `locked_by`/`locked_until` are the lease of the process running an active job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', t.id)
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('last_error', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_message', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .execute();
  // Claiming reads due jobs by state and time; NULL keys never collide, so keyless jobs are unconstrained.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema
    .createIndex('jobs_idempotency_key_idx')
    .on('jobs')
    .column('idempotency_key')
    .unique()
    .execute();
  await db.schema.createIndex('jobs_finished_idx').on('jobs').columns(['state', 'finished_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}
