import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * `GET …/custom-fields/schema?record=`: the company's own fields as a JSON Schema of the
 * records' `custom` object, for sessions and for the company's API keys (customers:read).
 */
let t: TestApp;
let acme: number;
let beta: number;
let ana: string;
let eva: string;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@schema.test');
  const evaId = await t.user('eva@schema.test');
  acme = await t.company('Acme', [0, 1, 2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [0, 1, 2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@schema.test');
  eva = await t.login('eva@schema.test');
});
afterAll(() => t.close());

const schemaUrl = (company: number, record = 'customer') =>
  `/api/companies/${company}/custom-fields/schema?record=${record}`;

async function ok(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await t.call(token, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

describe('the own-field schema document', () => {
  it('describes each field in use by type, for a key with customers:read, and no other company’s', async () => {
    const fields = `/api/companies/${acme}/custom-fields`;
    await ok(ana, 'POST', fields, {
      record: 'customer',
      key: 'tier',
      label: 'Tier',
      type: 'single_select',
      required: true,
      options: [
        { value: 'gold', label: 'Gold' },
        { value: 'silver', label: 'Silver' },
      ],
    });
    await ok(ana, 'POST', fields, { record: 'customer', key: 'rooms', label: 'Rooms', type: 'number' });
    const old = await ok(ana, 'POST', fields, { record: 'customer', key: 'old', label: 'Old', type: 'text' });
    await ok(ana, 'PATCH', `${fields}/${old.id}`, { archived: true });
    await ok(ana, 'POST', fields, { record: 'deal', key: 'score', label: 'Score', type: 'percent' });
    const key = await ok(ana, 'POST', `/api/companies/${acme}/api-keys`, {
      name: 'Schema reader',
      scopes: { customers: 'read' },
    });

    const res = await t.call(key.key, { method: 'GET', url: schemaUrl(acme) });
    expect(res.statusCode, res.body).toBe(200);
    const schema = res.json().data;
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['tier'],
      properties: {
        tier: { enum: ['gold', 'silver', null], title: 'Tier', 'x-kontora-type': 'single_select' },
        rooms: { type: ['number', 'null'], title: 'Rooms' },
      },
    });
    expect(Object.keys(schema.properties)).toEqual(['tier', 'rooms']);
    const deal = await t.call(key.key, { method: 'GET', url: schemaUrl(acme, 'deal') });
    expect(Object.keys(deal.json().data.properties)).toEqual(['score']);

    expect((await t.call(key.key, { method: 'GET', url: schemaUrl(acme, 'lead') })).statusCode).toBe(400);
    // Another company's key, or its owner, never reads Acme's fields.
    const betaKey = await ok(eva, 'POST', `/api/companies/${beta}/api-keys`, {
      name: 'Beta reader',
      scopes: { customers: 'read' },
    });
    expect((await t.call(betaKey.key, { method: 'GET', url: schemaUrl(acme) })).statusCode).toBe(404);
    // A person of no membership there is refused by the company check, as on every company route.
    expect((await t.call(eva, { method: 'GET', url: schemaUrl(acme) })).statusCode).toBe(403);
    // Beta's own schema is empty.
    const empty = await ok(eva, 'GET', schemaUrl(beta));
    expect(empty.properties).toEqual({});
  });

  it('is in the OpenAPI document with the scope a key needs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = spec.paths['/api/companies/{companyId}/custom-fields/schema']?.get;
    expect(op?.['x-required-scope']).toBe('customers:read');
  });
});
