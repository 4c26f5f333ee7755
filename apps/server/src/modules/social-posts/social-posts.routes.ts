import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  PostCreateBody,
  PostListQuery,
  PostPage,
  PostUpdateBody,
  SocialPostDetail,
} from '@kontora/contract/social-posts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  retryTarget,
  updatePost,
} from './social-posts.service.ts';

const tags = ['social'];
const access = policies.company(MODULE_ID.social);
const base = '/companies/:companyId/social/posts';
const PostParams = CompanyParams.extend({ id: Id });

export async function socialPostsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access },
    schema: {
      tags,
      summary: 'Posts, newest first; filters status, account_id, network; keyset pages',
      params: CompanyParams,
      querystring: PostListQuery,
      response: { 200: dataOf(PostPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await listPosts(ctx, companyOf(request).id, request.query) }),
  });

  app.post(base, {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary:
        'Create a post: a draft, or queued for its accounts now (`scheduled_at` null) or at `scheduled_at`; every chosen network’s rules are checked first',
      params: CompanyParams,
      body: PostCreateBody,
      response: { 201: dataOf(SocialPostDetail), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createPost(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One post with its per-account results and history',
      params: PostParams,
      response: { 200: dataOf(SocialPostDetail), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getPost(ctx, companyOf(request).id, request.params.id) }),
  });

  app.patch(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Change a draft or a post waiting for its time (also reschedule); 409 once publishing began',
      params: PostParams,
      body: PostUpdateBody,
      response: { 200: dataOf(SocialPostDetail), ...errors(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request) => ({
      data: await updatePost(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a post from Kontora (not from the networks); 409 while a publish is in flight',
      params: PostParams,
      response: { 204: z.null(), ...errors(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await deletePost(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/targets/:targetId/retry`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Retry a failed account of a post (the network is asked first whether the post already exists)',
      params: PostParams.extend({ targetId: Id }),
      response: { 200: dataOf(SocialPostDetail), ...errors(401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await retryTarget(ctx, actorOf(request), request.params.id, request.params.targetId),
    }),
  });
}
