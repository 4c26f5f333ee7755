import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  EmailMessage,
  EmailReadQuery,
  EmailThreadList,
  Mailbox,
  MailboxCreateBody,
  MailboxDeleteQuery,
  MailboxList,
  MailboxPatchBody,
} from '@kontora/contract/mailboxes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { contentDisposition } from '../social-media/media-blobs.service.ts';
import { mailExclusionsRoutes } from './mail-exclusions.routes.ts';
import { mailOauthRoutes } from './mail-oauth.routes.ts';
import {
  createMailbox,
  customerEmails,
  dealEmails,
  deleteMailbox,
  getEmail,
  listMailboxes,
  openAttachment,
  updateMailbox,
} from './mailboxes.service.ts';

const tags = ['mailboxes'];
// Part of the CRM (module 2); every member connects their own. API keys have no mail scope.
const members = policies.company(MODULE_ID.crm);
const IdParams = CompanyParams.extend({ id: Id });
const AttachmentParams = IdParams.extend({ attachmentId: Id });
const base = '/companies/:companyId/mailboxes';

export async function mailboxesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(mailOauthRoutes, { ctx });
  await app.register(mailExclusionsRoutes, { ctx });

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
      summary:
        'Disconnect. `delete_emails=true` (the default): the mail kept from it goes too; `false`: it stays beside the customers, under the visibility it had',
      params: IdParams,
      querystring: MailboxDeleteQuery,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteMailbox(ctx, actorOf(request), request.params.id, request.query.delete_emails);
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
      summary:
        'One message; `text` and `html` are null where the mailbox shares only who wrote what when. Remote images load only with `images=true`',
      params: IdParams,
      querystring: EmailReadQuery,
      response: { 200: dataOf(EmailMessage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await getEmail(ctx, actorOf(request), request.params.id, request.query),
    }),
  });

  app.get('/companies/:companyId/emails/:id/attachments/:attachmentId', {
    config: { access: members },
    schema: {
      tags,
      summary:
        "An attachment's bytes, always as a download; 404 where the reader may not read the message's body",
      params: AttachmentParams,
      response: errors(400, 401, 403, 404),
    },
    handler: async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await openAttachment(ctx, actorOf(request), id, attachmentId);
      // Never rendered by the browser: a download of opaque bytes, in a sandbox if opened anyway.
      // The typed reply knows only the JSON error answers; a stream is sent as it is.
      return (reply as FastifyReply)
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
}
