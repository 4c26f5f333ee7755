import {
  AddMemberBody,
  AdminCompaniesData,
  AdminCompaniesQuery,
  AdminCompany,
  CreateCompanyBody,
  ModulesData,
  SetModulesBody,
  UpdateCompanyBody,
} from '@kontora/contract/admin';
import { Id } from '@kontora/contract/fields';
import { ChangeRoleBody, Member } from '@kontora/contract/members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies } from '../../plugins/access.ts';
import { changeRole, removeMember } from '../members/members.service.ts';
import { adminActorOf } from './admin-actor.ts';
import {
  addCompanyMember,
  createCompany,
  getAdminCompany,
  listAdminCompanies,
  setCompanyModules,
  updateAdminCompany,
} from './admin-companies.service.ts';

const tags = ['admin'];
const access = policies.superuser;
const IdParams = z.object({ id: Id });
const MemberParams = z.object({ id: Id, userId: Id });

export async function adminCompaniesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/companies', {
    config: { access },
    schema: {
      tags,
      summary: 'All companies, searchable and paged (superusers)',
      querystring: AdminCompaniesQuery,
      response: { 200: dataOf(AdminCompaniesData), ...errors(400, 401, 403) },
    },
    handler: async (request) => ({ data: await listAdminCompanies(ctx, request.query) }),
  });

  app.post('/admin/companies', {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Create a company (superusers)',
      body: CreateCompanyBody,
      response: { 201: dataOf(AdminCompany), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const company = await createCompany(ctx, adminActorOf(request), request.body);
      return reply.code(201).send({ data: company });
    },
  });

  app.get('/admin/companies/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One company with its modules and members (superusers)',
      params: IdParams,
      response: { 200: dataOf(AdminCompany), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getAdminCompany(ctx, request.params.id) }),
  });

  app.patch('/admin/companies/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Change a company; `is_active: false` deactivates it, keeping its data (superusers)',
      params: IdParams,
      body: UpdateCompanyBody,
      response: { 200: dataOf(AdminCompany), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await updateAdminCompany(ctx, adminActorOf(request), request.params.id, request.body),
    }),
  });

  app.put('/admin/companies/:id/modules', {
    config: { access },
    schema: {
      tags,
      summary: 'Set the enabled modules (ids 0–3) of a company (superusers)',
      params: IdParams,
      body: SetModulesBody,
      response: { 200: dataOf(ModulesData), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await setCompanyModules(ctx, adminActorOf(request), request.params.id, request.body.modules),
    }),
  });

  app.post('/admin/companies/:id/members', {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Add an existing person to a company (superusers)',
      params: IdParams,
      body: AddMemberBody,
      response: { 201: dataOf(Member), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { user_id, role } = request.body;
      const member = await addCompanyMember(ctx, adminActorOf(request), request.params.id, user_id, role);
      return reply.code(201).send({ data: member });
    },
  });

  app.patch('/admin/companies/:id/members/:userId', {
    config: { access },
    schema: {
      tags,
      summary: 'Change a member’s role; the last owner cannot be demoted (superusers)',
      params: MemberParams,
      body: ChangeRoleBody,
      response: { 200: dataOf(Member), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await changeRole(
        ctx,
        adminActorOf(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  });

  app.delete('/admin/companies/:id/members/:userId', {
    config: { access },
    schema: {
      tags,
      summary: 'Remove a member; the last owner cannot be removed (superusers)',
      params: MemberParams,
      response: { 204: z.null(), ...errors(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeMember(ctx, adminActorOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  });
}
