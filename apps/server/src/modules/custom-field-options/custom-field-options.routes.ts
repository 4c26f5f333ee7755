import { CustomOptionMergeBody, CustomOptionMergeResult } from '@kontora/contract/custom-fields';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { mergeFieldOptions } from './custom-field-options.service.ts';

/**
 * What a change of a field's options does to the records holding them. A module of its own:
 * it writes customers and deals through their write doors, which the custom-fields module
 * (below both) cannot call (decision 033).
 */
export async function customFieldOptionsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/companies/:companyId/custom-fields/:id/merge-options', {
    config: { access: policies.company(MODULE_ID.crm, ['owner', 'admin']) },
    schema: {
      tags: ['custom-fields'],
      summary:
        'Merge a select option into another (owners and admins): records holding `from` hold `into`, `from` is removed',
      params: CompanyParams.extend({ id: Id }),
      body: CustomOptionMergeBody,
      response: { 200: dataOf(CustomOptionMergeResult), ...errors(400, 401, 403, 404, 409, 415) },
    },
    handler: async (request) => ({
      data: await mergeFieldOptions(ctx, actorOf(request), request.params.id, request.body),
    }),
  });
}
