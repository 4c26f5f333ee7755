import type { SwaggerTransform } from '@fastify/swagger';
import { API_KEY_PREFIX } from '@kontora/contract/api-keys';
import type { Access } from './access.ts';

/**
 * The two ways to authenticate, as the OpenAPI document declares them: a
 * person's session token (from `POST /api/login`) and a company's API key
 * (decision 013). Both travel as `Authorization: Bearer …`.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token from `POST /api/login` (a person signed in).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}<30 base62><6 base62 CRC32>`,
    description:
      'A company API key (`kon_…`). Only operations with `x-required-scope` take one, with that scope ' +
      '(`read` for GET, `write` otherwise; write includes read). Answers carry `RateLimit-Limit`, ' +
      '`RateLimit-Remaining` and `RateLimit-Reset`; past the key’s limit 429 with `Retry-After`. ' +
      'Wrong scope: 403 `insufficient_scope`; unknown, expired or revoked key: 401 `invalid_api_key`.',
  },
} as const;

/** The key scope an operation needs (`customers:read`), or undefined when keys cannot call it. */
export function requiredScope(access: Access | undefined, method: string | string[]): string | undefined {
  if (access?.kind !== 'company' || !access.apiKey) return undefined;
  const methods = Array.isArray(method) ? method : [method];
  const reads = methods.every((m) => m === 'GET' || m === 'HEAD');
  return `${access.apiKey}:${reads ? 'read' : 'write'}`;
}

/**
 * Wraps the schema transform: each operation lists the schemes it accepts
 * (`security`) and, when a key may call it, the scope in `x-required-scope`.
 */
export function withSecurity(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const out = transform(input);
    const access = (input.route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) return out;
    const scope = requiredScope(access, input.route.method);
    const security: Record<string, string[]>[] =
      access.kind === 'public' ? [] : scope ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
    return { ...out, schema: { ...out.schema, security, ...(scope ? { 'x-required-scope': scope } : {}) } };
  };
}
