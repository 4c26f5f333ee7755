import {
  AdminUser,
  AdminUsersData,
  AdminUsersQuery,
  InviteUserBody,
  UpdateUserBody,
} from '@kontora/contract/admin';
import { Id } from '@kontora/contract/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { adminActorOf } from './admin-actor.ts';
import {
  disableUser,
  enableUser,
  getAdminUser,
  inviteUser,
  listAdminUsers,
  resendInvitation,
  updateAdminUser,
} from './admin-users.service.ts';

const tags = ['admin'];
const access = policies.superuser;
const IdParams = z.object({ id: Id });

export async function adminUsersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/users', {
    config: { access },
    schema: {
      tags,
      summary: 'All people, searchable, filtered and paged (superusers)',
      querystring: AdminUsersQuery,
      response: { 200: dataOf(AdminUsersData), ...errors(400, 401, 403) },
    },
    handler: async (request) => ({ data: await listAdminUsers(ctx, request.query) }),
  });

  app.post('/admin/users', {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Invite a person: an invited account, its memberships and an activation mail (superusers)',
      body: InviteUserBody,
      response: { 201: dataOf(AdminUser), ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const user = await inviteUser(ctx, adminActorOf(request), request.body);
      return reply.code(201).send({ data: user });
    },
  });

  app.get('/admin/users/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One person with their memberships (superusers)',
      params: IdParams,
      response: { 200: dataOf(AdminUser), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getAdminUser(ctx, request.params.id) }),
  });

  app.patch('/admin/users/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Change name, language, superuser flag; `memberships` replaces all (superusers)',
      params: IdParams,
      body: UpdateUserBody,
      response: { 200: dataOf(AdminUser), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await updateAdminUser(ctx, adminActorOf(request), request.params.id, request.body),
    }),
  });

  app.post('/admin/users/:id/disable', {
    config: { access },
    schema: {
      tags,
      summary: 'Disable a person; all their sessions end at once (superusers)',
      params: IdParams,
      response: { 200: dataOf(AdminUser), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await disableUser(ctx, adminActorOf(request), request.params.id),
    }),
  });

  app.post('/admin/users/:id/enable', {
    config: { access },
    schema: {
      tags,
      summary: 'Enable a disabled person again (superusers)',
      params: IdParams,
      response: { 200: dataOf(AdminUser), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await enableUser(ctx, adminActorOf(request), request.params.id) }),
  });

  app.post('/admin/users/:id/resend-invitation', {
    config: { access },
    schema: {
      tags,
      summary: 'Mail a new activation link; earlier links stop working (superusers; invited people only)',
      params: IdParams,
      response: { 200: dataOf(z.object({ sent: z.literal(true) })), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => {
      await resendInvitation(ctx, adminActorOf(request), request.params.id);
      return { data: { sent: true as const } };
    },
  });
}
