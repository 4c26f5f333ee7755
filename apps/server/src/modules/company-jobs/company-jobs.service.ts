import type { JobSummary } from '@kontora/contract/jobs';
import type { AppContext } from '../../context.ts';
import { rowIdOfBullJob } from '../../jobs/job-relay.ts';
import { companyOfJob } from '../../jobs/jobs.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CompanyScope } from '../../plugins/access.ts';
import { moduleOfJob } from '../live/live.service.ts';

/** The job row behind a job id: the row id itself (embedded engine) or `row-<id>` (BullMQ). */
const rowIdOf = (jobId: string) => (/^\d+$/.test(jobId) ? Number(jobId) : rowIdOfBullJob(jobId));

/**
 * One job of the company, for a screen following its progress when the live
 * socket is down (decision 028). Another company's job, a deployment job, or
 * a job no screen follows is not found; a job of a module switched off for the company is refused
 * like the module's own routes.
 */
export async function companyJob(ctx: AppContext, company: CompanyScope, jobId: string): Promise<JobSummary> {
  const rowId = rowIdOf(jobId);
  if (rowId === null || !Number.isSafeInteger(rowId)) throw notFound('Job');
  if ((await companyOfJob(ctx.db, rowId)) !== company.id) throw notFound('Job');
  const job = await ctx.jobs.get(jobId);
  if (!job) throw notFound('Job');
  // Only the jobs people follow on screen are answered; the rest are the deployment's business.
  const module = moduleOfJob(job.name);
  if (module === undefined) throw notFound('Job');
  if (!company.modules.includes(module)) {
    throw new AppError(403, 'module_disabled', 'This module is not enabled for the company.');
  }
  return job;
}
