import { Id } from '@kontora/contract/fields';
import {
  InvitationData,
  InvitationPreview,
  InvitationsData,
  MyInvitation,
  MyInvitationsData,
} from '@kontora/contract/invitations';
import { InviteMemberBody } from '@kontora/contract/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies, principalOf } from '../../plugins/access.ts';
import type { TeamActor } from '../members/members.service.ts';
import {
  answerByToken,
  answerMyInvitation,
  inviteByEmail,
  listCompanyInvitations,
  listMyInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service.ts';

const tags = ['invitations'];
const InvitationParams = CompanyParams.extend({ invitationId: Id });
const MyInvitationParams = z.object({ invitationId: Id });
const TokenParams = z.object({ token: z.string().min(16).max(200) });
const Answer = z.enum(['accept', 'decline']);
/** Owners and admins invite; only owners and superusers invite (or revoke) owners. */
const managers = policies.company(undefined, ['owner', 'admin']);

function teamActorOf(request: FastifyRequest): TeamActor {
  const { user } = principalOf(request);
  return { id: user.id, isSuperuser: user.is_admin, role: companyOf(request).role, language: user.language };
}

const invitee = (request: FastifyRequest) => {
  const { user } = principalOf(request);
  return { id: user.id, email: user.email };
};

export async function invitationsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ---- The inviting company
  app.get('/companies/:companyId/invitations', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Pending invitations of the company, expired ones included (owners, admins)',
      params: CompanyParams,
      response: { 200: dataOf(InvitationsData), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      data: { items: await listCompanyInvitations(ctx, companyOf(request).id) },
    }),
  });

  app.post('/companies/:companyId/invitations', {
    config: { access: managers, idempotent: true },
    schema: {
      tags,
      summary:
        'Invite a person by email; the answer is the same whether the email has an account or not (owners, admins)',
      params: CompanyParams,
      body: InviteMemberBody,
      response: { 201: dataOf(InvitationData), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const invitation = await inviteByEmail(ctx, teamActorOf(request), companyOf(request).id, request.body);
      return reply.code(201).send({ data: { invitation } });
    },
  });

  app.post('/companies/:companyId/invitations/:invitationId/resend', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Send the invitation again with a new link, valid 14 days from now (owners, admins)',
      params: InvitationParams,
      response: { 200: dataOf(InvitationData), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({
      data: {
        invitation: await resendInvitation(
          ctx,
          teamActorOf(request),
          companyOf(request).id,
          request.params.invitationId,
        ),
      },
    }),
  });

  app.delete('/companies/:companyId/invitations/:invitationId', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Revoke a pending invitation; its link stops working (owners, admins)',
      params: InvitationParams,
      response: { 204: z.null(), ...errors(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeInvitation(ctx, teamActorOf(request), companyOf(request).id, request.params.invitationId);
      return reply.code(204).send(null);
    },
  });

  // ---- The invited person
  app.get('/me/invitations', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Invitations waiting for the signed-in person’s answer',
      response: { 200: dataOf(MyInvitationsData), ...errors(401) },
    },
    handler: async (request) => ({ data: { items: await listMyInvitations(ctx, invitee(request)) } }),
  });

  app.post('/me/invitations/:invitationId/:answer', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Accept (become a member) or decline one of the signed-in person’s invitations',
      params: MyInvitationParams.extend({ answer: Answer }),
      response: { 200: dataOf(MyInvitation), ...errors(401, 404, 409) },
    },
    handler: async (request) => ({
      data: await answerMyInvitation(
        ctx,
        invitee(request),
        request.params.invitationId,
        request.params.answer,
      ),
    }),
  });

  // ---- A mail link
  app.get('/invitations/:token', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'The company and role a mailed invitation link offers (anyone holding the link)',
      params: TokenParams,
      response: { 200: dataOf(InvitationPreview), ...errors(400) },
    },
    handler: async (request) => ({ data: await previewInvitation(ctx, request.params.token) }),
  });

  app.post('/invitations/:token/:answer', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Accept or decline a mailed invitation, signed in as the person it was sent to; works once',
      params: TokenParams.extend({ answer: Answer }),
      response: { 200: dataOf(MyInvitation), ...errors(400, 401, 409) },
    },
    handler: async (request) => ({
      data: await answerByToken(ctx, invitee(request), request.params.token, request.params.answer),
    }),
  });
}
