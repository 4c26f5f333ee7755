import { JobId, JobSummary } from '@kontora/contract/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { companyJob } from './company-jobs.service.ts';

/** A company's own background jobs (imports, scans, syncs), read by the screen that started them. */
export async function companyJobsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/companies/:companyId/jobs/:jobId', {
    // Any member: the job's module is checked against the job itself (company-jobs.service.ts).
    config: { access: policies.company() },
    schema: {
      tags: ['jobs'],
      summary: "One of the company's background jobs: state and progress",
      params: CompanyParams.extend({ jobId: JobId }),
      response: { 200: dataOf(JobSummary), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      data: await companyJob(ctx, companyOf(request), request.params.jobId),
    }),
  });
}
