import {
  Connector,
  ConnectorCreateBody,
  ConnectorList,
  ConnectorLogPage,
  ConnectorLogQuery,
  ConnectorSyncQueued,
} from '@kontora/contract/connectors';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import {
  createConnector,
  deleteConnector,
  getConnector,
  listConnectorLog,
  listConnectors,
  queueSync,
} from './connectors.service.ts';

const tags = ['connectors'];
// Module 1 (CRM integration); members read, owners and admins manage. API keys have no connector scope.
const readers = policies.company(MODULE_ID.crmIntegration);
const managers = policies.company(MODULE_ID.crmIntegration, ['owner', 'admin']);
const ConnectorParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/connectors';

export async function connectorsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: readers },
    schema: {
      tags,
      summary: 'The HubSpot and Pipedrive connections, with their sync state and counts',
      params: CompanyParams,
      response: { 200: dataOf(ConnectorList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listConnectors(ctx, companyOf(request).id) } }),
  });

  app.post(base, {
    config: { access: managers, idempotent: true },
    schema: {
      tags,
      summary: 'Connect (the token is tested with one call first) and queue the first import',
      params: CompanyParams,
      body: ConnectorCreateBody,
      response: { 201: dataOf(Connector), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createConnector(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/:id`, {
    config: { access: readers },
    schema: {
      tags,
      summary: 'One connection: state, counts of the latest run, last and next sync (never the token)',
      params: ConnectorParams,
      response: { 200: dataOf(Connector), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await getConnector(ctx, companyOf(request).id, request.params.id) }),
  });

  app.delete(`${base}/:id`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Disconnect: the connection, its links and its log go; imported customers stay',
      params: ConnectorParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteConnector(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/sync`, {
    config: { access: managers },
    schema: {
      tags,
      summary: "Sync now: queues a run; follow it through the connection's state and counts",
      params: ConnectorParams,
      response: { 202: dataOf(ConnectorSyncQueued), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(202).send({ data: await queueSync(ctx, actorOf(request), request.params.id) }),
  });

  app.get(`${base}/:id/log`, {
    config: { access: readers },
    schema: {
      tags,
      summary:
        'The sync log, newest first (runs, failed records and why, conflicts, deletions); keyset pages via `cursor`',
      params: ConnectorParams,
      querystring: ConnectorLogQuery,
      response: { 200: dataOf(ConnectorLogPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await listConnectorLog(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });
}
