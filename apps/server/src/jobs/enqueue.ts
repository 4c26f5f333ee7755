import { AppError } from '../lib/errors.ts';
import type { JobDefinition } from './define-job.ts';
import type { NewJob } from './jobs.repository.ts';
import type { EnqueueOptions } from './jobs.ts';

/** The row to write for an enqueue: payload checked against the job's schema, times and key resolved. */
export function prepareEnqueue(definition: JobDefinition, payload: unknown, options: EnqueueOptions): NewJob {
  const parsed = definition.schema.safeParse(payload);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || '_';
      details[key] = [...(details[key] ?? []), issue.message];
    }
    throw new AppError(400, 'validation_failed', `Invalid payload for job ${definition.name}.`, { details });
  }
  const runAtMs =
    options.runAt !== undefined ? new Date(options.runAt).getTime() : Date.now() + (options.delayMs ?? 0);
  if (Number.isNaN(runAtMs)) throw new Error(`job ${definition.name}: invalid runAt`);
  return {
    queue: definition.options.queue,
    name: definition.name,
    payload: JSON.stringify(parsed.data),
    max_attempts: options.maxAttempts ?? definition.options.maxAttempts,
    run_at: new Date(runAtMs).toISOString(),
    // Keys are per job name: two kinds of job may use the same natural key.
    idempotency_key:
      options.idempotencyKey === undefined ? null : `${definition.name}:${options.idempotencyKey}`,
    company_id: options.companyId ?? companyIdOf(parsed.data),
  };
}

/**
 * A payload that names its company (`company_id`, as every company job's does) belongs to it.
 * One that calls it `companyId` would be stored as nobody's job (no progress for its company,
 * not in its list): refused, so the mistake fails the first test that enqueues it.
 */
function companyIdOf(payload: unknown): number | null {
  const named = payload as { company_id?: unknown; companyId?: unknown } | null;
  if (named?.companyId !== undefined && named.company_id === undefined) {
    throw new Error('a job payload names its company `company_id` (the engine reads that), not `companyId`');
  }
  const id = named?.company_id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** The payload as `prepareEnqueue` stores it (parsed, then serialised): how a job's work is recognised. */
export function storedPayload(definition: JobDefinition, payload: unknown): string {
  return JSON.stringify(definition.schema.parse(payload));
}

/** What is kept of a failure: the message (and the SMTP answer for mail), never a stack of secrets. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 2000);
}
