import type { ApiKeyScopes } from '@kontora/contract/api-keys';

/** A valid key presented on a request. */
export interface KeyPrincipal {
  id: number;
  companyId: number;
  name: string;
  scopes: ApiKeyScopes;
  /** Requests a minute. */
  rateLimit: number;
}

/**
 * What the key cache (`ctx.caches.apiKeys`, app-caches.ts) holds for a key that
 * was valid when read: the principal ready for the request, and the two times
 * every request compares, as numbers, so that a cached request parses nothing.
 */
export interface VerifiedKey {
  principal: KeyPrincipal;
  /** The `RateLimit-Limit` header's value, made once. */
  rateLimitHeader: string;
  /** Epoch ms; checked on every request, the cached entry included. */
  expiresAt: number;
  /** Epoch ms of the last write of last_used_at (0: never), so that requests write it once a minute. */
  lastUsedAt: number;
}
