import { Id } from '@kontora/contract/fields';
import { ChangeRoleBody, Member, MembersData } from '@kontora/contract/members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { CompanyParams, companyOf, policies, principalOf } from '../../plugins/access.ts';
import { changeRole, listTeam, removeMember, type TeamActor } from './members.service.ts';

const tags = ['members'];
const MemberParams = CompanyParams.extend({ userId: Id });
/** Owners and admins change the team; the service keeps owners to owners and superusers. */
const managers = policies.company(undefined, ['owner', 'admin']);

function teamActorOf(request: FastifyRequest): TeamActor {
  const { user } = principalOf(request);
  return { id: user.id, isSuperuser: user.is_admin, role: companyOf(request).role, language: user.language };
}

export async function membersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/companies/:companyId/members', {
    config: { access: policies.company() },
    schema: {
      tags,
      summary: 'The company team (any member; superusers)',
      params: CompanyParams,
      response: { 200: dataOf(MembersData), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listTeam(ctx, companyOf(request).id) } }),
  });

  app.patch('/companies/:companyId/members/:userId', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Change a member’s role; the last owner cannot be demoted (owners, admins)',
      params: MemberParams,
      body: ChangeRoleBody,
      response: { 200: dataOf(Member), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await changeRole(
        ctx,
        teamActorOf(request),
        companyOf(request).id,
        request.params.userId,
        request.body.role,
      ),
    }),
  });

  app.delete('/companies/:companyId/members/:userId', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Remove a member; the last owner cannot be removed (owners, admins)',
      params: MemberParams,
      response: { 204: z.null(), ...errors(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeMember(ctx, teamActorOf(request), companyOf(request).id, request.params.userId);
      return reply.code(204).send(null);
    },
  });
}
