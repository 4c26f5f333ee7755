import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebAppForTest } from '../test-support/built-web-app.ts';
import { createTestApp, PASSWORD, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildWebAppForTest>>;
let ana: string;
let company: number;

// A whole web build: 15 s on a quiet machine, past the 60 s hook limit beside the other suites.
const BUILD_LIMIT_MS = 240_000;

beforeAll(async () => {
  web = await buildWebAppForTest();
  t = await createTestApp({ webDist: web.dir });
  const anaId = await t.user('ana@example.com');
  company = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
}, BUILD_LIMIT_MS);
afterAll(async () => {
  await t?.close();
  await web?.remove();
});

const decode: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
}

/** Hashed JavaScript and CSS of the build, and the translations (copied as they are). */
function servedTextFiles(): { url: string; file: string; immutable: boolean }[] {
  const assets = path.join(web.dir, 'assets');
  return filesUnder(assets)
    .filter((f) => /\.(js|css|json)$/.test(f))
    .map((f) => ({
      url: `/assets/${f.split(path.sep).join('/')}`,
      file: path.join(assets, f),
      immutable: !f.startsWith(`i18n${path.sep}`),
    }));
}

describe('the built web app', () => {
  it('sends every hashed asset and translation compressed as asked, identical once decompressed', async () => {
    const files = servedTextFiles();
    expect(files.filter((f) => f.url.startsWith('/assets/i18n/'))).toHaveLength(6);
    expect(files.filter((f) => f.url.endsWith('.css')).length).toBeGreaterThan(0);
    for (const { url, file, immutable } of files) {
      const original = readFileSync(file);
      // Files under 1 KB gain (next to) nothing and go out as they are (apps/web/build/precompress.ts).
      const compressible = original.length >= 1024;
      for (const encoding of ['br', 'gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control'], url).toBe(
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (!compressible) {
          expect(res.headers['content-encoding'], url).toBeUndefined();
          expect(res.rawPayload.equals(original), url).toBe(true);
          continue;
        }
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(res.rawPayload.length, url).toBeLessThan(original.length);
        expect(decode[encoding]?.(res.rawPayload).equals(original), `${url} ${encoding}`).toBe(true);
      }
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(original), url).toBe(true);
    }
    // Nearly everything is large enough to be compressed: a build that stopped writing the
    // copies would not pass as "all small".
    expect(files.filter((f) => statSync(f.file).size >= 1024).length).toBeGreaterThan(files.length / 2);
  });

  it('prefers Brotli when both are accepted, and compresses the page itself', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).equals(readFileSync(path.join(web.dir, 'index.html')))).toBe(
      true,
    );
  });

  it('answers 304 to a conditional request for a cached asset, compressed or not', async () => {
    const url = servedTextFiles().find((f) => f.immutable)?.url ?? '';
    for (const headers of [{ 'accept-encoding': 'br' }, {}]) {
      const first = await t.app.inject({ method: 'GET', url, headers });
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // Each encoding is its own representation: a cache must not answer gzip with a Brotli body.
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
  });
});

describe('API answers', () => {
  it('compresses an answer over 1 KB when asked and only then', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode[encoding]?.(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('leaves a small answer alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the streamed CSV export, which decompresses to the plain export', async () => {
    const csv = ['name', ...Array.from({ length: 300 }, (_, i) => `Customer ${i}`)].join('\n');
    const imported = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${company}/customers/import`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.json().data.imported).toBe(300);
    const url = `/api/companies/${company}/customers/export.csv?sort=name`;
    const plain = await t.call(ana, { method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.call(ana, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('never compresses the sign-in answer, which carries the session token (BREACH)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ana@example.com', password: PASSWORD },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(typeof res.json().data.token).toBe('string');
  });
});
