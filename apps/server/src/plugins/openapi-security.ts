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

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Requests the API key may make per window.' },
  'RateLimit-Remaining': { type: 'integer', description: 'Requests left in the current window.' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the window resets.' },
} as const;

/** The 429 a key past its limit gets (decision 013): the error body, and when to try again. */
const TOO_MANY_REQUESTS = {
  description: 'Too many requests with this API key: wait `Retry-After` seconds.',
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message', 'code'],
  headers: {
    ...RATE_LIMIT_HEADERS,
    'Retry-After': { type: 'integer', description: 'Seconds to wait before the next request.' },
  },
} as const;

/**
 * An operation keys may call answers with the rate-limit headers (only when a
 * key called it) and may answer 429. Copies: response schemas are shared
 * between routes.
 */
function withRateLimit(response: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [code, schema] of Object.entries(response ?? {})) {
    const entry = (schema ?? {}) as Record<string, unknown>;
    const headers = (entry.headers ?? {}) as Record<string, unknown>;
    out[code] = { ...entry, headers: { ...headers, ...RATE_LIMIT_HEADERS } };
  }
  out['429'] = TOO_MANY_REQUESTS;
  return out;
}

/**
 * Wraps the schema transform: each operation lists the schemes it accepts
 * (`security`) and, when a key may call it, the scope in `x-required-scope`,
 * the rate-limit headers and the 429.
 */
export function withSecurity(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const out = transform(input);
    const access = (input.route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) return out;
    const scope = requiredScope(access, input.route.method);
    const security: Record<string, string[]>[] =
      access.kind === 'public' ? [] : scope ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
    const schema = out.schema as Record<string, unknown>;
    return {
      ...out,
      schema: {
        ...schema,
        security,
        ...(scope
          ? {
              'x-required-scope': scope,
              response: withRateLimit(schema.response as Record<string, unknown> | undefined),
            }
          : {}),
      },
    };
  };
}
