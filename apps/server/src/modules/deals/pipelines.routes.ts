import { LostReasons, LostReasonsPutBody } from '@kontora/contract/deals';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  Pipeline,
  PipelineCreateBody,
  PipelineDeleteQuery,
  PipelineList,
  PipelineUpdateBody,
  StagesPutBody,
} from '@kontora/contract/pipelines';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import {
  createPipeline,
  deletePipeline,
  getLostReasons,
  listPipelines,
  putLostReasons,
  putStages,
  updatePipeline,
} from './pipelines.service.ts';

const tags = ['deals'];
/** Every member (and a key with `deals` read) reads the pipelines; owners and admins change them. */
const read = policies.company(MODULE_ID.crm, undefined, { apiKey: 'deals' });
const manage = policies.company(MODULE_ID.crm, ['owner', 'admin']);
const PipelineParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/pipelines';

export async function pipelinesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: read },
    schema: {
      tags,
      summary: 'The company’s pipelines with their stages, in order',
      params: CompanyParams,
      response: { 200: dataOf(PipelineList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listPipelines(ctx, companyOf(request).id) } }),
  });

  app.post(base, {
    config: { access: manage, idempotent: true },
    schema: {
      tags,
      summary: 'Add a pipeline (owners and admins); without stages it gets the default ones',
      params: CompanyParams,
      body: PipelineCreateBody,
      response: { 201: dataOf(Pipeline), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createPipeline(ctx, actorOf(request), request.body) }),
  });

  app.patch(`${base}/:id`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Rename or reorder a pipeline (owners and admins)',
      params: PipelineParams,
      body: PipelineUpdateBody,
      response: { 200: dataOf(Pipeline), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await updatePipeline(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Delete a pipeline (owners and admins); one with deals needs `move_deals_to_pipeline`',
      params: PipelineParams,
      querystring: PipelineDeleteQuery,
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await deletePipeline(ctx, actorOf(request), request.params.id, request.query.move_deals_to_pipeline);
      return reply.code(204).send(null);
    },
  });

  app.put(`${base}/:id/stages`, {
    config: { access: manage },
    schema: {
      tags,
      summary:
        'The whole ordered stage list (owners and admins); removing a stage with deals needs `move_deals_to` (409 stage_has_deals)',
      params: PipelineParams,
      body: StagesPutBody,
      response: { 200: dataOf(Pipeline), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await putStages(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.get('/companies/:companyId/deal-lost-reasons', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The company’s reasons a deal is lost, in order',
      params: CompanyParams,
      response: { 200: dataOf(LostReasons), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await getLostReasons(ctx, companyOf(request).id) } }),
  });

  app.put('/companies/:companyId/deal-lost-reasons', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Replace the list of lost reasons (owners and admins)',
      params: CompanyParams,
      body: LostReasonsPutBody,
      response: { 200: dataOf(LostReasons), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: { items: await putLostReasons(ctx, actorOf(request), request.body.items) },
    }),
  });
}
