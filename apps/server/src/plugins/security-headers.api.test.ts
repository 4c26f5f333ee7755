import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let plain: TestApp;
let secure: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ appUrl: 'http://kontora.test' });
  secure = await createTestApp({ appUrl: 'https://kontora.test' });
});
afterAll(async () => {
  await plain.close();
  await secure.close();
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
