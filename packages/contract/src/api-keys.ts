import { z } from 'zod';
import { DateTimeInput, SingleLine } from './fields.ts';

/**
 * API keys of a company (module 1, CRM integration): `…/api-keys`. A key is
 * shown once, at creation; afterwards only its prefix and last four
 * characters. Decision record 013.
 */

/** The resources a key may reach; each route of the public API belongs to one. */
export const API_KEY_RESOURCES = ['customers', 'events', 'webhooks', 'deals'] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** Every key starts with this, so people and leak scanners recognise it. */
export const API_KEY_PREFIX = 'kon_';

export const API_KEY_LIMITS = {
  nameMax: 100,
  expiryDaysDefault: 90,
  expiryDaysMax: 366,
  /** Requests a minute. */
  rateLimitDefault: 600,
  rateLimitMin: 1,
  rateLimitMax: 10_000,
  /** Active (unrevoked) keys a company may hold. */
  activePerCompanyMax: 100,
} as const;

const Access = z.enum(API_KEY_ACCESS);

/** Per resource: none (left out), "read" or "write" (write includes read). */
export const ApiKeyScopes = z
  .object({
    customers: Access.optional(),
    events: Access.optional(),
    webhooks: Access.optional(),
    deals: Access.optional(),
  })
  .strict();
export type ApiKeyScopes = z.infer<typeof ApiKeyScopes>;

export const ApiKeyCreateBody = z
  .object({
    name: SingleLine(API_KEY_LIMITS.nameMax).min(1, { error: 'required' }),
    scopes: ApiKeyScopes.refine((s) => Object.values(s).some(Boolean), { error: 'no_scope' }),
    /** Default: 90 days from now; at most 366 days from now. */
    expires_at: DateTimeInput.optional(),
    /** Requests a minute this key may make (default 600). */
    rate_limit: z.number().int().min(API_KEY_LIMITS.rateLimitMin).max(API_KEY_LIMITS.rateLimitMax).optional(),
  })
  .strict();
export type ApiKeyCreateBody = z.infer<typeof ApiKeyCreateBody>;

export const ApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** Always `kon_`. */
  prefix: z.string(),
  last_four: z.string(),
  scopes: ApiKeyScopes,
  rate_limit: z.number(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Written at most once a minute. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to a create: `key` is the secret, shown this once and never again. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** Active keys, newest first; a company holds at most 100, so there is one page. */
export const ApiKeyList = z.object({ items: z.array(ApiKey), next_cursor: z.string().nullable() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
