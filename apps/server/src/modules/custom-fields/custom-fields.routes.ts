import {
  CustomField,
  CustomFieldCreateBody,
  CustomFieldList,
  CustomFieldListQuery,
  CustomFieldUpdateBody,
  DeletedCustomFieldList,
  SectionRenameBody,
} from '@kontora/contract/custom-fields';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import { deletedFields, removeField, restoreField } from './custom-field-deletion.ts';
import { customFieldSchema } from './custom-field-schema.ts';
import { renameSection } from './custom-field-section-rename.ts';
import { changeField, createField, listFields } from './custom-fields.service.ts';

const tags = ['custom-fields'];
/** Every member reads the fields (forms and lists need them); owners and admins change them. */
const read = policies.company(MODULE_ID.crm, undefined, { apiKey: 'customers' });
const manage = policies.company(MODULE_ID.crm, ['owner', 'admin']);
const FieldParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/custom-fields';

export async function customFieldsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: read },
    schema: {
      tags,
      summary: 'The company’s own fields of customers or deals, archived ones too, in order',
      params: CompanyParams,
      querystring: CustomFieldListQuery,
      response: { 200: dataOf(CustomFieldList), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: { items: await listFields(ctx.db, companyOf(request).id, request.query.record) },
    }),
  });

  app.get(`${base}/schema`, {
    config: { access: read },
    schema: {
      tags,
      summary:
        'The company’s own fields of customers or deals as a JSON Schema of the records’ `custom` object (fields in use)',
      params: CompanyParams,
      querystring: CustomFieldListQuery,
      response: { 200: dataOf(z.record(z.string(), z.unknown())), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: customFieldSchema(
        request.query.record,
        await listFields(ctx.db, companyOf(request).id, request.query.record),
      ),
    }),
  });

  app.post(base, {
    config: { access: manage, idempotent: true },
    schema: {
      tags,
      summary: 'Add a field (owners and admins); at most 200 in use per record kind',
      params: CompanyParams,
      body: CustomFieldCreateBody,
      response: { 201: dataOf(CustomField), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createField(ctx, actorOf(request), request.body) }),
  });

  app.post(`${base}/sections/rename`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Rename a section: every field of the record kind under `from` gets `to` (owners and admins)',
      params: CompanyParams,
      body: SectionRenameBody,
      response: { 200: dataOf(CustomFieldList), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: { items: await renameSection(ctx, actorOf(request), request.body) },
    }),
  });

  app.patch(`${base}/:id`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Change, archive or restore a field (owners and admins); key and type stay',
      params: FieldParams,
      body: CustomFieldUpdateBody,
      response: { 200: dataOf(CustomField), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await changeField(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.get(`${base}/deleted`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Fields deleted in the last 30 days (owners and admins), restorable until `purge_at`',
      params: CompanyParams,
      querystring: CustomFieldListQuery,
      response: { 200: dataOf(DeletedCustomFieldList), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: { items: await deletedFields(ctx, companyOf(request).id, request.query.record) },
    }),
  });

  app.post(`${base}/:id/restore`, {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Bring a field deleted in the last 30 days back with its values (owners and admins)',
      params: FieldParams,
      response: { 200: dataOf(CustomField), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await restoreField(ctx, actorOf(request), request.params.id) }),
  });

  app.delete(`${base}/:id`, {
    config: { access: manage },
    schema: {
      tags,
      summary:
        'Delete a field with its values: gone from records, lists and exports at once, restorable for 30 days, then purged',
      params: FieldParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeField(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
