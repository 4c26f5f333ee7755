import { JobId, JobSummary, JobsOverview, JobsPage, JobsQuery } from '@kontora/contract/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import { discardJob, retryJob } from './jobs-admin.service.ts';

const tags = ['admin'];
const access = policies.superuser;
const IdParams = z.object({ id: JobId });

/** The "Background jobs" screen: counts, failed and dead jobs, Retry and Discard (superusers). */
export async function jobsAdminRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/jobs/overview', {
    config: { access },
    schema: {
      tags,
      summary: 'Jobs per queue, name and state, and the engine running them (superusers)',
      response: { 200: dataOf(JobsOverview), ...errors(401, 403) },
    },
    handler: async () => ({ data: { engine: ctx.jobs.engine, queues: await ctx.jobs.stats() } }),
  });

  app.get('/admin/jobs', {
    config: { access },
    schema: {
      tags,
      summary: 'Jobs, newest first, optionally of one state (superusers)',
      querystring: JobsQuery,
      response: { 200: dataOf(JobsPage), ...errors(400, 401, 403) },
    },
    handler: async (request) => ({ data: await ctx.jobs.list(request.query) }),
  });

  app.get('/admin/jobs/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One job, with its progress (superusers)',
      params: IdParams,
      response: { 200: dataOf(JobSummary), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const job = await ctx.jobs.get(request.params.id);
      if (!job) return reply.code(404).send({ message: 'Job not found.', code: 'not_found' });
      return { data: job };
    },
  });

  app.post('/admin/jobs/:id/retry', {
    config: { access },
    schema: {
      tags,
      summary: 'Runs a failed or dead job again now, with fresh attempts (superusers; audited)',
      params: IdParams,
      response: { 200: dataOf(JobSummary), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await retryJob(ctx, principalOf(request).user.id, request.params.id),
    }),
  });

  app.delete('/admin/jobs/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Discards a job that is not running (superusers; audited)',
      params: IdParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await discardJob(ctx, principalOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
