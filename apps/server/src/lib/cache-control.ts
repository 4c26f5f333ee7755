import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether the request asks for an answer computed now rather than a stored
 * one: `Cache-Control: no-cache` (RFC 9111 §5.2.1.4, the client does not want
 * a stored response used without the origin), or `Pragma: no-cache` when no
 * `Cache-Control` is sent (§5.4). Routes that keep answers in memory
 * (customer list, to-do list, CRM dashboard) skip their lookup for such a
 * request and still store what they compute (decision 038).
 */
export function wantsFreshAnswer(headers: IncomingHttpHeaders): boolean {
  const cacheControl = headers['cache-control'];
  if (cacheControl !== undefined) return hasNoCache(cacheControl);
  const pragma = headers.pragma;
  return pragma !== undefined && hasNoCache(pragma);
}

function hasNoCache(value: string | string[]): boolean {
  const directives = (Array.isArray(value) ? value.join(',') : value).split(',');
  return directives.some((d) => d.split('=')[0]?.trim().toLowerCase() === 'no-cache');
}
