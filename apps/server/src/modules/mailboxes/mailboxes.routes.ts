import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  EmailMessage,
  EmailThreadList,
  Mailbox,
  MailboxCreateBody,
  MailboxList,
  MailboxPatchBody,
} from '@kontora/contract/mailboxes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import {
  createMailbox,
  customerEmails,
  dealEmails,
  deleteMailbox,
  getEmail,
  listMailboxes,
  updateMailbox,
} from './mailboxes.service.ts';

const tags = ['mailboxes'];
// Part of the CRM (module 2); every member connects their own. API keys have no mail scope.
const members = policies.company(MODULE_ID.crm);
const IdParams = CompanyParams.extend({ id: Id });
const base = '/companies/:companyId/mailboxes';

export async function mailboxesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: members },
    schema: {
      tags,
      summary: "The caller's own mailboxes, with their sync state (never the passwords)",
      params: CompanyParams,
      response: { 200: dataOf(MailboxList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listMailboxes(ctx, actorOf(request)) } }),
  });

  app.post(base, {
    config: { access: members, idempotent: true },
    schema: {
      tags,
      summary:
        'Connect a mailbox: the IMAP login is tested first (400 with the reason under `imap`), then the first sync is queued',
      params: CompanyParams,
      body: MailboxCreateBody,
      response: { 201: dataOf(Mailbox), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createMailbox(ctx, actorOf(request), request.body) }),
  });

  app.patch(`${base}/:id`, {
    config: { access: members },
    schema: {
      tags,
      summary: 'Change visibility, sync window or server settings (new IMAP settings are tested first)',
      params: IdParams,
      body: MailboxPatchBody,
      response: { 200: dataOf(Mailbox), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateMailbox(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access: members },
    schema: {
      tags,
      summary: 'Disconnect: the mailbox and the mail kept from it go',
      params: IdParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteMailbox(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/companies/:companyId/customers/:id/emails', {
    config: { access: members },
    schema: {
      tags,
      summary: "The customer's mail threads the caller may see, newest first",
      params: IdParams,
      response: { 200: dataOf(EmailThreadList), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: { items: await customerEmails(ctx, actorOf(request), request.params.id) },
    }),
  });

  app.get('/companies/:companyId/deals/:id/emails', {
    config: { access: members },
    schema: {
      tags,
      summary: "The mail threads of the deal's people and organisation the caller may see, newest first",
      params: IdParams,
      response: { 200: dataOf(EmailThreadList), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: { items: await dealEmails(ctx, actorOf(request), request.params.id) },
    }),
  });

  app.get('/companies/:companyId/emails/:id', {
    config: { access: members },
    schema: {
      tags,
      summary: 'One message; `text` and `html` are null where the mailbox shares only who wrote what when',
      params: IdParams,
      response: { 200: dataOf(EmailMessage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await getEmail(ctx, actorOf(request), request.params.id) }),
  });
}
