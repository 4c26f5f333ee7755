import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * CSP, nosniff and frame denial on every answer (docs/product.md §9). A fixed set,
 * computed once: per-request policy building (as helmet does per route) showed
 * up as several percent of CPU on the hottest authenticated reads.
 *
 * No inline styles or scripts at all (decision 003, addendum): React sets `style`
 * props and the calendar/chart widgets set element styles through the CSSOM
 * (`element.style.x = …`), which CSP does not govern; the app's and the docs'
 * stylesheets are files. `connect-src 'self'` also covers a WebSocket to this
 * same origin (CSP Level 3, in every current browser), and nothing else.
 */
const policy = (styleSrc: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src ${styleSrc}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const CSP = policy("'self'");
/**
 * The API documentation (Swagger UI, under /api/docs) applies one fixed inline style:
 * allowed there by its hash alone. If an update of @fastify/swagger-ui changes it,
 * the content-security-policy browser story fails and names the new hash.
 */
const DOCS_CSP = policy("'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='");

const HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
};

/** Two years, the preload lists' minimum; no `preload`: joining that list is the operator's choice. */
const HSTS = 'max-age=63072000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'appUrl'>): void {
  // HSTS when the app is served over HTTPS (APP_URL), whatever proxy terminates TLS in front.
  const common = config.appUrl.startsWith('https://')
    ? { ...HEADERS, 'strict-transport-security': HSTS }
    : HEADERS;
  const everywhere = { ...common, 'content-security-policy': CSP };
  const docs = { ...common, 'content-security-policy': DOCS_CSP };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith('/api/docs') ? docs : everywhere);
  });
}
