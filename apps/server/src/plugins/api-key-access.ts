import type { ApiKeyResource } from '@kontora/contract/api-keys';
import { MODULE_ID } from '@kontora/contract/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, notFound } from '../lib/errors.ts';
import {
  authenticateApiKey,
  countKeyRequest,
  type KeyPrincipal,
  keyAllows,
} from '../modules/api-keys/api-key-auth.service.ts';
import { companyAccess } from '../modules/companies/companies.service.ts';
import type { CompanyScope } from './access.ts';

/** A company has no member with id 0: asking for it gives the company, its modules and no role. */
const NO_PERSON = 0;

/**
 * The access check of a request that carries an API key (decision 013), for a
 * route that declared its key resource: the key must be valid, within its rate
 * limit, of the company in the path (else 404, as a session of another company
 * gets), the company active with module 1 and the route's module enabled, and
 * the key's scope must cover the method (GET/HEAD read, others write).
 */
export async function authorizeApiKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: { module?: number | undefined; apiKey: ApiKeyResource },
  companyId: number | undefined,
  token: string,
): Promise<{ key: KeyPrincipal; company: CompanyScope }> {
  const key = await authenticateApiKey(ctx, token);
  // Every request of a valid key counts, refused ones too, and every answer carries the headers.
  const rate = await countKeyRequest(ctx, key);
  reply.header('ratelimit-limit', String(rate.limit));
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', String(rate.reset));
  if (rate.over) {
    throw new AppError(429, 'too_many_requests', 'This API key made too many requests. Wait and try again.', {
      headers: { 'retry-after': String(rate.reset) },
    });
  }
  if (companyId === undefined || companyId !== key.companyId) throw notFound('Company');
  const found = await companyAccess(ctx, companyId, NO_PERSON);
  if (!found) throw notFound('Company');
  if (!found.is_active) throw new AppError(403, 'forbidden', 'This company is deactivated.');
  const modules = [MODULE_ID.crmIntegration, ...(access.module === undefined ? [] : [access.module])];
  if (modules.some((m) => !found.modules.includes(m))) {
    throw new AppError(403, 'module_disabled', 'This module is not enabled for the company.');
  }
  const need = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
  if (!keyAllows(key, access.apiKey, need)) {
    throw new AppError(403, 'insufficient_scope', `This API key needs the scope ${access.apiKey}:${need}.`, {
      details: { scope: [`${access.apiKey}:${need}`] },
    });
  }
  return { key, company: { id: companyId, role: null, modules: found.modules } };
}
