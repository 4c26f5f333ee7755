import {
  CustomerColumnsBody,
  CustomerView,
  CustomerViewBody,
  CustomerViewPatch,
  CustomerViews,
} from '@kontora/contract/customer-views';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { changeView, createView, listViews, removeView, setColumns } from './customer-views.service.ts';

const tags = ['customer views'];
const access = policies.company(MODULE_ID.crm);
const ViewParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/customer-views';

/** Saved views of the customer list and the person's columns (decision 020). */
export async function customerViewsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: "The person's own and the company's shared views of the customer list, and their columns",
      params: CompanyParams,
      response: { 200: dataOf(CustomerViews), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await listViews(ctx, actorOf(request)) }),
  });

  app.post(base, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Save a view: a name, the filter, sort and columns; `shared` lists it for the whole company',
      params: CompanyParams,
      body: CustomerViewBody,
      response: { 201: dataOf(CustomerView), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createView(ctx, actorOf(request), request.body) }),
  });

  app.put(`${base}/columns`, {
    config: { access },
    schema: {
      tags,
      summary: "The person's visible columns of the customer list in this company, in order",
      params: CompanyParams,
      body: CustomerColumnsBody,
      response: { 200: dataOf(CustomerColumnsBody), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: { columns: await setColumns(ctx, actorOf(request), request.body.columns) },
    }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change an own view (403 for a shared view of someone else, 404 for one not visible)',
      params: ViewParams,
      body: CustomerViewPatch,
      response: { 200: dataOf(CustomerView), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await changeView(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete an own view',
      params: ViewParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeView(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
