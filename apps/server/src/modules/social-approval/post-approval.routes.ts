import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  ApprovalLink,
  ApprovalMediaQuery,
  ApprovalOutcome,
  ApprovalPreview,
  ApprovalTokenParams,
  ChangeRequestBody,
} from '@kontora/contract/social-approval';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { openMedia, parseByteRange, sendMedia } from '../social-media/social-media.service.ts';
import { countApprovalCall } from './approval-rate-limit.ts';
import {
  approvalMedium,
  approvalPreview,
  approve,
  requestApproval,
  requestChanges,
} from './post-approval.service.ts';

const tags = ['social'];
const publicBase = '/social/approvals/:token';

/** Decision 023: the author asks for a link; the client answers through it without signing in. */
export async function postApprovalRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/companies/:companyId/social/posts/:id/request-approval', {
    config: { access: policies.company(MODULE_ID.social) },
    schema: {
      tags,
      summary:
        'Make an approval link for a draft (7 days, single use; an older pending link stops working); the draft must meet its networks’ rules',
      params: CompanyParams.extend({ id: Id }),
      response: { 201: dataOf(ApprovalLink), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await requestApproval(ctx, actorOf(request), request.params.id) }),
  });

  // Public by the reviewed list: the 256-bit token in the address is the credential; rate limited per address.
  const publicAccess = { access: policies.public };
  const tokenErrors = errors(403, 404, 409, 410, 429);

  app.get(publicBase, {
    config: publicAccess,
    schema: {
      tags,
      summary: 'What the approval page shows: the post as each chosen network will carry it',
      params: ApprovalTokenParams,
      response: { 200: dataOf(ApprovalPreview), ...errors(400), ...tokenErrors },
    },
    handler: async (request, reply) => {
      await countApprovalCall(ctx, request.ip);
      reply.header('cache-control', 'no-store');
      return { data: await approvalPreview(ctx, request.params.token) };
    },
  });

  app.get(`${publicBase}/media/:mediaId`, {
    config: publicAccess,
    schema: {
      tags,
      summary:
        'A medium of the post behind the link: its thumbnail (a video’s poster), or with variant=original the file, one byte range for players',
      params: ApprovalTokenParams.extend({ mediaId: Id }),
      querystring: ApprovalMediaQuery,
      response: { ...errors(400, 416), ...tokenErrors },
    },
    handler: async (request, reply) => {
      await countApprovalCall(ctx, request.ip);
      const { companyId, mediaId } = await approvalMedium(ctx, request.params.token, request.params.mediaId);
      const opened = await openMedia(ctx, companyId, mediaId, request.query.variant, (size) =>
        parseByteRange(request.headers.range, size),
      );
      // The link may be used up or replaced any moment: nothing of it is kept in a cache.
      return sendMedia(reply as FastifyReply, opened, { cacheControl: 'no-store' });
    },
  });

  app.post(`${publicBase}/approve`, {
    config: publicAccess,
    schema: {
      tags,
      summary: 'Approve: the post is scheduled for its time, or published now when it has none or it passed',
      params: ApprovalTokenParams,
      response: { 200: dataOf(ApprovalOutcome), ...errors(400), ...tokenErrors },
    },
    handler: async (request) => {
      await countApprovalCall(ctx, request.ip);
      return { data: await approve(ctx, request.params.token) };
    },
  });

  app.post(`${publicBase}/request-changes`, {
    config: publicAccess,
    schema: {
      tags,
      summary: 'Ask for changes with a comment: the post stays a draft and its author is told',
      params: ApprovalTokenParams,
      body: ChangeRequestBody,
      response: { 200: dataOf(ApprovalOutcome), ...errors(400, 413, 415), ...tokenErrors },
    },
    handler: async (request) => {
      await countApprovalCall(ctx, request.ip);
      return { data: await requestChanges(ctx, request.params.token, request.body.comment) };
    },
  });
}
