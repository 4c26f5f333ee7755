import {
  EmailSendBody,
  EmailTemplate,
  EmailTemplateBody,
  EmailTemplateList,
  EmailTemplatePatchBody,
  OutgoingEmailList,
} from '@kontora/contract/email-sending';
import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { cancelEmail, queueEmails, scheduledEmails } from './email-sending.service.ts';
import { createTemplate, deleteTemplate, templates, updateTemplate } from './email-templates.service.ts';

const tags = ['mailboxes'];
const members = policies.company(MODULE_ID.crm);
const IdParams = CompanyParams.extend({ id: Id });
const templatesPath = '/companies/:companyId/email-templates';

/** Sending from the caller's own mailbox, and the company's templates (decision 065). */
export async function emailSendingRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/companies/:companyId/emails', {
    config: { access: members, idempotent: true },
    schema: {
      tags,
      summary:
        "Queue a message from one of the caller's mailboxes (one per customer with `customer_ids`); sent at `send_at`, by default after a 10 s undo window",
      params: CompanyParams,
      body: EmailSendBody,
      response: { 201: dataOf(OutgoingEmailList), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: { items: await queueEmails(ctx, actorOf(request), request.body) } }),
  });

  app.get('/companies/:companyId/emails/scheduled', {
    config: { access: members },
    schema: {
      tags,
      summary:
        "The caller's own messages not yet sent (scheduled, in the undo window or being sent), soonest first; never a colleague's",
      params: CompanyParams,
      response: { 200: dataOf(OutgoingEmailList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await scheduledEmails(ctx, actorOf(request)) } }),
  });

  app.delete('/companies/:companyId/emails/:id', {
    config: { access: members },
    schema: {
      tags,
      summary: 'Cancel a queued message (the id POST answered); 409 once it is on its way or sent',
      params: IdParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await cancelEmail(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get(templatesPath, {
    config: { access: members },
    schema: {
      tags,
      summary: "The company's email templates, by name",
      params: CompanyParams,
      response: { 200: dataOf(EmailTemplateList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await templates(ctx, actorOf(request)) } }),
  });

  app.post(templatesPath, {
    config: { access: members, idempotent: true },
    schema: {
      tags,
      summary: 'Add a template; `{{customer.first_name}}`-style merge fields, values escaped in HTML',
      params: CompanyParams,
      body: EmailTemplateBody,
      response: { 201: dataOf(EmailTemplate), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createTemplate(ctx, actorOf(request), request.body) }),
  });

  app.patch(`${templatesPath}/:id`, {
    config: { access: members },
    schema: {
      tags,
      summary: 'Change a template',
      params: IdParams,
      body: EmailTemplatePatchBody,
      response: { 200: dataOf(EmailTemplate), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateTemplate(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${templatesPath}/:id`, {
    config: { access: members },
    schema: {
      tags,
      summary: 'Remove a template',
      params: IdParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteTemplate(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
