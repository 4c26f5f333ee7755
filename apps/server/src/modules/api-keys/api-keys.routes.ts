import { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList } from '@kontora/contract/api-keys';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { createAnswerStillCurrent, createKey, listKeys, revokeKey } from './api-keys.service.ts';

const tags = ['api-keys'];
const base = '/companies/:companyId/api-keys';
// Keys are managed by people only: these routes declare no key resource, so a key cannot make or revoke keys.
const read = policies.company(MODULE_ID.crmIntegration);
const manage = policies.company(MODULE_ID.crmIntegration, ['owner', 'admin']);

export async function apiKeysRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: read },
    schema: {
      tags,
      summary:
        "The company's API keys (unrevoked; expired ones too): name, prefix and last four, scopes, use",
      params: CompanyParams,
      response: { 200: dataOf(ApiKeyList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await listKeys(ctx, companyOf(request).id) }),
  });

  app.post(base, {
    config: {
      access: manage,
      // A retry gets the first answer only while its key is still the company's (not revoked).
      idempotent: {
        stillCurrent: (request, answer) => createAnswerStillCurrent(ctx, companyOf(request).id, answer),
      },
    },
    schema: {
      tags,
      summary:
        'Create an API key (owners, admins): `data.key` is the secret, shown in this answer only. Expiry: default 90 days, at most 366',
      params: CompanyParams,
      body: ApiKeyCreateBody,
      response: { 201: dataOf(ApiKeyCreated), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request, reply) => {
      // The secret must not linger in any cache between here and the client.
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ data: await createKey(ctx, actorOf(request), request.body) });
    },
  });

  app.delete(`${base}/:id`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Revoke an API key (owners, admins); refused from the next request on',
      params: CompanyParams.extend({ id: Id }),
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeKey(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
