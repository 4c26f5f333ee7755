import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/** A built web app of its own (not apps/web/dist, which may or may not be built when this runs). */
function webDistWith(head: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head>${head}</head><body></body></html>`,
  );
  return dir;
}

const HINTS = "(function(){document.head.append(document.createElement('link'))})();";
const dists = {
  plain: webDistWith('<script type="module" src="./assets/index.js"></script>'),
  withScript: webDistWith(`<script>${HINTS}</script><script type="module" src="./assets/index.js"></script>`),
};

let plain: TestApp;
let secure: TestApp;
let withScript: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ appUrl: 'http://kontora.test', webDist: dists.plain });
  secure = await createTestApp({ appUrl: 'https://kontora.test', webDist: dists.plain });
  withScript = await createTestApp({ appUrl: 'http://kontora.test', webDist: dists.withScript });
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close(), withScript.close()]);
  for (const dir of Object.values(dists)) rmSync(dir, { recursive: true, force: true });
});

const directives = (policy: string | undefined) =>
  new Map((policy ?? '').split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('Content-Security-Policy', () => {
  it('allows connections to this origin only, WebSockets included, and no inline styles or scripts', async () => {
    for (const url of ['/api/health', '/', '/api/docs']) {
      const res = await plain.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.has('style-src-attr')).toBe(false);
      expect([...csp.values()].flat()).not.toContain("'unsafe-inline'");
      // The API documentation may apply its one fixed style element, by hash; the app none.
      const styles =
        url === '/api/docs' ? ["'self'", expect.stringMatching(/^'sha256-[\w+/]+=*'$/)] : ["'self'"];
      expect(csp.get('style-src')).toEqual(styles);
    }
  });

  it("allows the built page's own inline script by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(HINTS).digest('base64')}'`;
    for (const url of ['/', '/api/health']) {
      const res = await withScript.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toEqual(["'self'", hash]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    }
    // The documentation's policy stays as it was: its pages have no such script.
    const docs = await withScript.app.inject({ method: 'GET', url: '/api/docs' });
    expect(directives(docs.headers['content-security-policy'] as string).get('script-src')).toEqual([
      "'self'",
    ]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the app is served over HTTPS (APP_URL), on API answers and the app page', async () => {
    for (const url of ['/api/health', '/']) {
      const hsts = (await secure.app.inject({ method: 'GET', url })).headers['strict-transport-security'];
      expect(hsts).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/max-age=(\d+)/.exec(String(hsts))?.[1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('is not sent over plain HTTP, where a browser would ignore it anyway', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
