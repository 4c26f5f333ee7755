import type { ApiKeyResource } from '@kontora/contract/api-keys';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { authenticateApiKey, checkKeyUse, keyAllows } from '../modules/api-keys/api-key-auth.service.ts';
import { cachedCompanyAccess, companyAccess } from '../modules/companies/companies.service.ts';

/** A company has no member with id 0: asking for it gives the company, its modules and no role. */
const NO_PERSON = 0;

/**
 * The access check of a request that carries an API key (decision 013), for a
 * route that declared its key resource: the key must be valid, within its rate
 * limit, of the company in the path (else 404, as a session of another company
 * gets), the company active with module 1 and the route's module enabled, and
 * the key's scope must cover the method (GET/HEAD read, others write). Sets the
 * request's key and company.
 */
export async function authorizeApiKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: { module?: number | undefined },
  resource: ApiKeyResource,
  companyId: number | undefined,
  token: string,
): Promise<void> {
  // A cached key, its count in this process and the company's cached access answer without a
  // Promise: the common request awaits nothing (decision 105).
  const now = ctx.clock.now();
  const found = authenticateApiKey(ctx, token, now);
  const verified = found instanceof Promise ? await found : found;
  const touched = checkKeyUse(ctx, verified, now);
  if (touched) await touched;
  const key = verified.principal;
  // Every request of a valid key counts, refused ones too, and every answer carries the headers.
  const counted = ctx.keyLimiter.count(key.id, key.rateLimit, now);
  const rate = counted instanceof Promise ? await counted : counted;
  const reset = String(rate.reset);
  reply.header('ratelimit-limit', verified.rateLimitHeader);
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', reset);
  if (rate.over) {
    throw new AppError(429, 'too_many_requests', 'This API key made too many requests. Wait and try again.', {
      headers: { 'retry-after': reset },
    });
  }
  if (companyId === undefined || companyId !== key.companyId) throw notFound('Company');
  const cached = cachedCompanyAccess(ctx, companyId, NO_PERSON);
  const company = cached === undefined ? await companyAccess(ctx, companyId, NO_PERSON) : cached;
  if (!company) throw notFound('Company');
  if (!company.is_active) throw new AppError(403, 'forbidden', 'This company is deactivated.');
  const modules = company.modules;
  if (
    !modules.includes(MODULE_ID.crmIntegration) ||
    (access.module !== undefined && !modules.includes(access.module))
  ) {
    throw new AppError(403, 'module_disabled', 'This module is not enabled for the company.');
  }
  const need = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
  if (!keyAllows(key, resource, need)) {
    throw new AppError(403, 'insufficient_scope', `This API key needs the scope ${resource}:${need}.`, {
      details: { scope: [`${resource}:${need}`] },
    });
  }
  request.apiKey = key;
  request.company = { id: companyId, role: null, modules };
}
