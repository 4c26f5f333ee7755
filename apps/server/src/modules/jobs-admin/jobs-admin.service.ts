import type { JobSummary } from '@kontora/contract/jobs';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

const auditOf = (actorId: number, job: JobSummary, action: string) => ({
  actorId,
  action,
  entity: 'job',
  entityId: job.id,
  companyId: null,
  before: { name: job.name, state: job.state, attempts: job.attempts, last_error: job.last_error },
});

async function existing(ctx: AppContext, id: string): Promise<JobSummary> {
  const job = await ctx.jobs.get(id);
  if (!job) throw notFound('Job');
  return job;
}

export async function retryJob(ctx: AppContext, actorId: number, id: string): Promise<JobSummary> {
  const job = await existing(ctx, id);
  if (!(await ctx.jobs.retry(id))) {
    throw new AppError(409, 'conflict', 'Only failed or dead jobs can be retried.', {
      details: { state: ['not_retryable'] },
    });
  }
  await recordAudit(ctx.db, { ...auditOf(actorId, job, 'job.retry'), after: { state: 'waiting' } });
  return (await ctx.jobs.get(id)) ?? job;
}

export async function discardJob(ctx: AppContext, actorId: number, id: string): Promise<void> {
  const job = await existing(ctx, id);
  if (!(await ctx.jobs.discard(id))) {
    throw new AppError(409, 'conflict', 'A running job cannot be discarded.', {
      details: { state: ['running'] },
    });
  }
  await recordAudit(ctx.db, { ...auditOf(actorId, job, 'job.discard'), after: null });
}
