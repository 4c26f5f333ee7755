import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * CSP, nosniff and frame denial on every answer (docs/product.md §9). A fixed set,
 * computed once: per-request policy building (as helmet does per route) showed
 * up as several percent of CPU on the hottest authenticated reads.
 *
 * No inline styles at all (decision 035): React sets `style`
 * props and the calendar/chart widgets set element styles through the CSSOM
 * (`element.style.x = …`), which CSP does not govern; the app's and the docs'
 * stylesheets are files. The one inline script is the build's own, in index.html
 * (apps/web/build/first-screen-hints.ts), allowed by its hash alone. `connect-src 'self'` also covers a WebSocket to this
 * same origin (CSP Level 3, in every current browser), and nothing else. `img-src` takes
 * `https:` for one reason: a mail's remote images, which a reader asks for, load inside the
 * mail's sandboxed frame, and that frame's document inherits this policy; the frame's own
 * policy keeps them off until asked (docs/decisions/066-reading-synced-mail.md).
 */
const policy = (styleSrc: string, scriptSrc = "'self'") =>
  [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "script-src-attr 'none'",
    `style-src ${styleSrc}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** `'sha256-…'` sources of the inline scripts (`<script>` without attributes) of a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The app's policy, with the hashes of the built index.html's inline scripts, read once at
 * start-up: a build made while the server runs needs a restart (its script is then refused and
 * the entry asks for everything itself, a little later).
 */
function appPolicy(webDist: string): string {
  const index = path.join(webDist, 'index.html');
  const hashes = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  return policy("'self'", ["'self'", ...hashes].join(' '));
}
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

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'appUrl' | 'webDist'>,
): void {
  // HSTS when the app is served over HTTPS (APP_URL), whatever proxy terminates TLS in front.
  const common = config.appUrl.startsWith('https://')
    ? { ...HEADERS, 'strict-transport-security': HSTS }
    : HEADERS;
  const everywhere = { ...common, 'content-security-policy': appPolicy(config.webDist) };
  const docs = { ...common, 'content-security-policy': DOCS_CSP };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith('/api/docs') ? docs : everywhere);
  });
}
