import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
type Operation = {
  security?: Record<string, string[]>[];
  'x-required-scope'?: string;
  responses?: Record<string, { headers?: Record<string, unknown> }>;
};
let paths: Record<string, Record<string, Operation>>;
let schemes: Record<string, { type: string; scheme: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  paths = doc.paths;
  schemes = doc.components.securitySchemes;
});
afterAll(() => t.close());

const op = (path: string, method: string) => paths[path]?.[method] ?? {};

describe('OpenAPI security', () => {
  it('declares the session and API key schemes', () => {
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names the scope a key needs on every operation that takes one', () => {
    const customers = '/api/companies/{companyId}/customers';
    expect(op(customers, 'get')).toMatchObject({
      security: [{ session: [] }, { apiKey: [] }],
      'x-required-scope': 'customers:read',
    });
    expect(op(customers, 'post')['x-required-scope']).toBe('customers:write');
    expect(op('/api/companies/{companyId}/events/{id}', 'patch')['x-required-scope']).toBe('events:write');
  });

  it('declares the rate-limit headers and the 429 with Retry-After where a key may call', () => {
    const list = op('/api/companies/{companyId}/customers', 'get');
    expect(Object.keys(list.responses?.['200']?.headers ?? {})).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    expect(Object.keys(list.responses?.['429']?.headers ?? {})).toContain('Retry-After');
    // Not where keys are refused.
    expect(op('/api/me', 'get').responses?.['429']).toBeUndefined();
    expect(op('/api/me', 'get').responses?.['200']?.headers).toBeUndefined();
  });

  it('offers only the session where keys are refused, and nothing on public operations', () => {
    for (const [path, method] of [
      ['/api/me', 'get'],
      ['/api/companies/{companyId}/api-keys', 'post'],
      ['/api/companies/{companyId}/members', 'get'],
    ] as const) {
      expect(op(path, method).security, path).toEqual([{ session: [] }]);
      expect(op(path, method)['x-required-scope'], path).toBeUndefined();
    }
    expect(op('/api/login', 'post').security).toEqual([]);
  });

  it('shows them on /api/docs', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().components.securitySchemes.apiKey).toBeDefined();
  });
});
