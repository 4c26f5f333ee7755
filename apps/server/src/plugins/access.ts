import { API_KEY_PREFIX, type ApiKeyResource } from '@kontora/contract/api-keys';
import type { CompanyRole } from '@kontora/contract/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import type { KeyPrincipal } from '../modules/api-keys/api-key-auth.service.ts';
import { authenticate } from '../modules/auth/session.service.ts';
import { companyAccess } from '../modules/companies/companies.service.ts';
import { authorizeApiKey } from './api-key-access.ts';

/**
 * Who may call a route. Every route under /api declares one; a route without a
 * declaration refuses to register (default-deny), and a test walks all routes.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'superuser' }
  /**
   * `:companyId` in the path; the caller must be a member (superusers: any company) with the module enabled and role.
   * `apiKey`: the public-API resource the route belongs to; a key of the company with that scope may call it too
   * (GET/HEAD need read, other methods write). Without it the route refuses keys (decision 013).
   */
  | { kind: 'company'; module?: number; roles?: readonly CompanyRole[]; apiKey?: ApiKeyResource }
  /** A WebSocket that authenticates by its first message (a session token), never by a header or the address. */
  | { kind: 'socket' };

export const policies = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  superuser: { kind: 'superuser' },
  company: (
    module?: number,
    roles?: readonly CompanyRole[],
    options: { apiKey?: ApiKeyResource } = {},
  ): Access => ({
    kind: 'company',
    module,
    roles,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  }),
  socket: { kind: 'socket' },
} as const satisfies Record<string, Access | ((...a: never[]) => Access)>;

export interface CompanyScope {
  id: number;
  /** null when a superuser works in a company they are not a member of. */
  role: CompanyRole | null;
  modules: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared policy, for the route-walk test and the docs. */
    accessTable: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    company: CompanyScope | null;
    /** The API key that authenticated the request (then `principal` is null). */
    apiKey: KeyPrincipal | null;
  }
}

/** Documentation routes registered by plugins; public by this explicit list. */
const PUBLIC_PREFIXES = ['/api/docs'];

export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('company', null);
  app.decorateRequest('apiKey', null);
  const table: FastifyInstance['accessTable'] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)) || route.url === '/api/openapi.json') {
      route.config = { ...(route.config ?? {}), access: policies.public };
      table.push({ method: String(route.method), url: route.url, access: policies.public });
      return;
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
    table.push({ method: String(route.method), url: route.url, access });
    if (access.kind === 'company' && !route.url.includes(':companyId')) {
      throw new Error(`Route ${route.method} ${route.url} is company-scoped but has no :companyId`);
    }
  });

  // onRequest: runs before the body is even read, so an anonymous caller learns nothing about validation.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    // A socket checks its first message itself (modules/live); everything else is checked here.
    if (!access || access.kind === 'public' || access.kind === 'socket') return;
    const token = bearerToken(request);
    if (token?.startsWith(API_KEY_PREFIX)) {
      await authorizeKeyRequest(ctx, request, reply, access, token);
      return;
    }
    const principal = await authenticate(ctx, token);
    request.principal = principal;
    if (access.kind === 'superuser' && !principal.user.is_admin) throw forbidden();
    if (access.kind === 'company') request.company = await authorizeCompany(ctx, request, principal, access);
  });
}

/** Not async: the key check's own Promise is the only one a cached key's request makes. */
function authorizeKeyRequest(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
  token: string,
): Promise<void> {
  if (access.kind !== 'company' || !access.apiKey) {
    throw new AppError(403, 'api_key_not_allowed', 'API keys cannot call this endpoint; sign in instead.');
  }
  const companyId = parseCompanyId((request.params as Record<string, string>).companyId);
  return authorizeApiKey(ctx, request, reply, access, access.apiKey, companyId, token);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // Node keeps the first of several Authorization headers, a proxy in front may act on the last: a
  // request that carries two credentials is refused rather than read one way here and another there.
  if (Array.isArray(header) || countAuthorizationHeaders(request.raw.rawHeaders) > 1) {
    throw new AppError(401, 'unauthenticated', 'Send one Authorization header.');
  }
  // The original client sends the bare token; standard clients send "Bearer <token>".
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/** rawHeaders alternates names and values, as received. */
function countAuthorizationHeaders(raw: string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count++;
  return count;
}

async function authorizeCompany(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
  access: Extract<Access, { kind: 'company' }>,
): Promise<CompanyScope> {
  const companyId = parseCompanyId((request.params as Record<string, string>).companyId);
  if (companyId === undefined) throw notFound('Company');
  return checkCompanyAccess(ctx, principal, companyId, access);
}

/** The company checks of a company-scoped route, also used by the live socket on subscribe and on every rights change. */
export async function checkCompanyAccess(
  ctx: AppContext,
  principal: Principal,
  companyId: number,
  access: Extract<Access, { kind: 'company' }>,
): Promise<CompanyScope> {
  const found = await companyAccess(ctx, companyId, principal.user.id);
  const isSuper = principal.user.is_admin;
  if (!found || (!found.role && !isSuper)) {
    // Members of other companies cannot tell an existing company from a missing one.
    if (!found && isSuper) throw notFound('Company');
    throw new AppError(403, 'not_member', 'You are not a member of this company.');
  }
  if (!found.is_active && !isSuper) throw new AppError(403, 'forbidden', 'This company is deactivated.');
  // The requirement binds the company's members; a superuser who is not a member is governed by the platform.
  if (found.require_two_factor && found.role && !principal.twoFactorEnabled) {
    throw new AppError(
      403,
      'two_factor_required',
      'This company requires two-factor sign-in. Turn it on first.',
    );
  }
  if (access.module !== undefined && !found.modules.includes(access.module)) {
    throw new AppError(403, 'module_disabled', 'This module is not enabled for the company.');
  }
  if (access.roles && !isSuper && !(found.role && access.roles.includes(found.role))) {
    throw new AppError(403, 'role_too_low', 'Your role in this company does not allow this.');
  }
  return { id: companyId, role: found.role, modules: found.modules };
}

/** `:companyId` as the path carries it: 1 to 2^31−1 in decimal digits; anything else names no company. */
export function parseCompanyId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * Path parameters of a company-scoped route. The access hook has parsed and
 * checked `:companyId` before validation runs; handlers use the parsed value,
 * `companyOf(request).id` (or `actorOf(request).companyId`), never the raw text.
 */
export const CompanyParams = z.object({
  companyId: z.string().describe('Company id; checked (membership, module, role) before anything else'),
});

/** The signed-in caller of a route whose policy requires one (the hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(401, 'unauthenticated', 'Please sign in.');
  return request.principal;
}

/** The company of a company-scoped route, already checked by the access hook. */
export function companyOf(request: FastifyRequest): CompanyScope {
  if (!request.company) throw notFound('Company');
  return request.company;
}

/** Who acts in the company of a company-scoped route: the signed-in person, or the API key. */
export function actorOf(request: FastifyRequest): Actor {
  const key = request.apiKey;
  if (key) return { companyId: companyOf(request).id, userId: null, apiKey: { id: key.id, name: key.name } };
  return { companyId: companyOf(request).id, userId: principalOf(request).user.id };
}
