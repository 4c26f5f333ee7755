import { Id } from '@kontora/contract/fields';
import { MODULE_ID } from '@kontora/contract/limits';
import {
  Webhook,
  WebhookCreateBody,
  WebhookDeliveriesQuery,
  WebhookDeliveryPage,
  WebhookList,
  WebhookQueued,
  WebhookReplayFailedBody,
  WebhookUpdateBody,
  WebhookWithSecret,
} from '@kontora/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, companyOf, policies } from '../../plugins/access.ts';
import {
  createAnswerStillCurrent,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayDelivery,
  replayFailedSince,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.ts';

const tags = ['webhooks'];
// Module 1 (CRM integration); members read, owners and admins manage.
const readers = policies.company(MODULE_ID.crmIntegration, undefined, { apiKey: 'webhooks' });
const managers = policies.company(MODULE_ID.crmIntegration, ['owner', 'admin'], { apiKey: 'webhooks' });
const WebhookParams = CompanyParams.extend({ id: Id });
const DeliveryParams = WebhookParams.extend({ deliveryId: Id });
const base = '/companies/:companyId/webhooks';

export async function webhooksRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(base, {
    config: { access: readers },
    schema: {
      tags,
      summary: 'Webhook endpoints, with their success rate over 24 hours',
      params: CompanyParams,
      response: { 200: dataOf(WebhookList), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: { items: await listWebhooks(ctx, companyOf(request).id) } }),
  });

  app.post(base, {
    config: {
      access: managers,
      // A retry gets the first answer only while its secret still signs (not rotated, not deleted).
      idempotent: {
        stillCurrent: (request, answer) => createAnswerStillCurrent(ctx, companyOf(request).id, answer),
      },
    },
    schema: {
      tags,
      summary: 'Add an endpoint; the answer carries its signing secret, this once',
      params: CompanyParams,
      body: WebhookCreateBody,
      response: { 201: dataOf(WebhookWithSecret), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ data: await createWebhook(ctx, actorOf(request), request.body) }),
  });

  app.get(`${base}/:id`, {
    config: { access: readers },
    schema: {
      tags,
      summary: 'One endpoint',
      params: WebhookParams,
      response: { 200: dataOf(Webhook), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await getWebhook(ctx, companyOf(request).id, request.params.id) }),
  });

  app.patch(`${base}/:id`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Change URL, description, event types or turn on/off (on again clears a failure)',
      params: WebhookParams,
      body: WebhookUpdateBody,
      response: { 200: dataOf(Webhook), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({
      data: await updateWebhook(ctx, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`${base}/:id`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Delete an endpoint and its delivery log',
      params: WebhookParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteWebhook(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post(`${base}/:id/rotate-secret`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'New signing secret (answered this once); the old one also signs for 24 hours',
      params: WebhookParams,
      response: { 200: dataOf(WebhookWithSecret), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await rotateWebhookSecret(ctx, actorOf(request), request.params.id),
    }),
  });

  app.post(`${base}/:id/test`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Send a `webhook.test` event to the endpoint (one attempt, in the log)',
      params: WebhookParams,
      response: { 202: dataOf(WebhookQueued), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(202).send({ data: await sendTestEvent(ctx, actorOf(request), request.params.id) }),
  });

  app.get(`${base}/:id/deliveries`, {
    config: { access: readers },
    schema: {
      tags,
      summary: 'The delivery log (one entry per attempt, newest first; keyset pages via `cursor`)',
      params: WebhookParams,
      querystring: WebhookDeliveriesQuery,
      response: { 200: dataOf(WebhookDeliveryPage), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await listWebhookDeliveries(ctx, companyOf(request).id, request.params.id, request.query),
    }),
  });

  app.post(`${base}/:id/deliveries/:deliveryId/replay`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Deliver the message of this log entry once more (same webhook-id, signed anew)',
      params: DeliveryParams,
      response: { 202: dataOf(WebhookQueued), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(202).send({
        data: await replayDelivery(ctx, actorOf(request), request.params.id, request.params.deliveryId),
      }),
  });

  app.post(`${base}/:id/deliveries/replay-failed`, {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Deliver once more every message that ran out of attempts since a time (at most 1000)',
      params: WebhookParams,
      body: WebhookReplayFailedBody,
      response: { 202: dataOf(WebhookQueued), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(202).send({
        data: await replayFailedSince(ctx, actorOf(request), request.params.id, request.body.since),
      }),
  });
}
