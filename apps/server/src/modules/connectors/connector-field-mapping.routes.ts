import { FieldMappings, FieldMappingsBody } from '@kontora/contract/connector-field-mappings';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { getFieldMappings, putFieldMappings } from './connector-field-mapping.service.ts';

const tags = ['connectors'];
// As the connections' own routes: members read, owners and admins change; API keys have no connector scope.
const readers = policies.company(MODULE_ID.crmIntegration);
const managers = policies.company(MODULE_ID.crmIntegration, ['owner', 'admin']);
const ConnectorParams = CompanyParams.extend({ id: Id });
const path = '/companies/:companyId/connectors/:id/field-mappings';

export async function connectorFieldMappingRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(path, {
    config: { access: readers },
    schema: {
      tags,
      summary:
        "The company's own fields with the remote property each is mapped to, the provider's properties, and its custom properties no field is mapped to",
      params: ConnectorParams,
      response: { 200: dataOf(FieldMappings), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await getFieldMappings(ctx, companyOf(request).id, request.params.id),
    }),
  });

  app.put(path, {
    config: { access: managers },
    schema: {
      tags,
      summary:
        'Replace the field mapping (each remote property checked against the provider: it exists and its type fits); a full pass follows',
      params: ConnectorParams,
      body: FieldMappingsBody,
      response: { 200: dataOf(FieldMappings), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await putFieldMappings(ctx, actorOf(request), request.params.id, request.body),
    }),
  });
}
