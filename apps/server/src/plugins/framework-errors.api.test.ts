import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/**
 * Refusals made by the framework (router, body parsers, Node's HTTP parser,
 * static files) answered in Fastify's own shape or with a wrong code. Each now answers
 * `{message, code}` with a code that fits.
 */

let t: TestApp;
let root: string;

beforeAll(async () => {
  // A small built web app, with a secret one level above its root that must stay out of reach.
  const dir = mkdtempSync(path.join(tmpdir(), 'kontora-web-'));
  const webDist = path.join(dir, 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kontora</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  t = await createTestApp({ webDist });
  await t.user('root@example.com', { is_admin: true });
  root = await t.login('root@example.com');
});
afterAll(() => t.close());

function expectShape(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toEqual({ message: expect.any(String), code });
  expect(body.message).not.toBe('');
}

describe('framework refusals answer {message, code}', () => {
  it('answers a path with bad percent-encoding with 400 bad_request', async () => {
    expectShape(await t.call(root, { method: 'GET', url: '/api/admin/users/%zz' }), 400, 'bad_request');
    expectShape(
      await t.call(root, { method: 'GET', url: '/api/companies/%E0%A4%A/customers' }),
      400,
      'bad_request',
    );
  });

  it('answers an over-long path parameter with 404 not_found, like any impossible id', async () => {
    expectShape(
      await t.call(root, { method: 'GET', url: `/api/admin/users/${'1'.repeat(400)}` }),
      404,
      'not_found',
    );
  });

  it('answers an unknown route under /api with 404 not_found', async () => {
    expectShape(await t.call(root, { method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found');
    expectShape(await t.call(root, { method: 'DELETE', url: '/api/me/password' }), 404, 'not_found');
  });

  it('answers a body that is not JSON with 415 unsupported_media_type', async () => {
    const res = await t.call(root, {
      method: 'POST',
      url: '/api/me/password',
      payload: 'current_password=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectShape(res, 415, 'unsupported_media_type');
    const form = await t.call(root, {
      method: 'PATCH',
      url: '/api/me',
      payload: 'full_name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectShape(form, 415, 'unsupported_media_type');
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%5c..%5csecret.txt',
  ])('never serves a file outside the web root: %s', async (url) => {
    const res = await t.call(undefined, { method: 'GET', url });
    expect(res.body).not.toContain('TOP SECRET');
    if (res.statusCode >= 400)
      expect(JSON.parse(res.body)).toEqual({ message: expect.any(String), code: expect.any(String) });
  });
});

describe("refusals of Node's HTTP parser, over a real socket", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection after these refusals). */
  function raw(request: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('utf8');
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), body });
      });
      socket.end(request);
    });
  }

  it('answers a request line over 16 KB (a 20,000-character mapping in the URL) with 431 in the API shape', async () => {
    const res = await raw(`GET /api/me?mapping=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: expect.any(String), code: 'headers_too_large' });
  });

  it('answers headers over 16 KB with 431 in the API shape', async () => {
    const res = await raw(`GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'headers_too_large' });
  });

  it('answers malformed HTTP with 400 in the API shape', async () => {
    const res = await raw('GET /api/me HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'bad_request' });
  });
});
