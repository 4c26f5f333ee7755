import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCount } from '../test-support/customer-count.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/**
 * NUL bytes, other control characters and the year 0000 answered 500 on
 * PostgreSQL (and were stored on SQLite). Each is now a 400 naming the field, on both databases.
 */

let t: TestApp;
let root: string;
let ana: string;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.user('root@example.com', { is_admin: true });
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  root = await t.login('root@example.com');
  ana = await t.login('ana@example.com');
});
afterAll(() => t.close());

const customers = (rest = '') => `/api/companies/${acme}/customers${rest}`;
const events = (rest = '') => `/api/companies/${acme}/events${rest}`;

const count = () => customerCount(t, acme);

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'validation_failed', details: { [field]: expect.any(Array) } });
}

describe('text with control characters', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['an escape', 'a\u001bb'],
    ['a line break in a one-line field', 'a\nb'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s in a customer name, saving nothing', async (_what, name) => {
    const before = await count();
    const res = await t.call(ana, { method: 'POST', url: customers(), payload: { name } });
    expectRefused(res, 'name');
    expect(res.json().details.name).toEqual(['control_characters']);
    expect(await count()).toBe(before);
  });

  it('keeps tabs and line breaks in notes, which may span lines', async () => {
    const res = await t.call(ana, {
      method: 'POST',
      url: customers(),
      payload: { name: 'Multi-line', notes: 'first\n\tsecond\r\nthird' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.notes).toBe('first\n\tsecond\r\nthird');
  });

  it('refuses NUL in notes, full_name on /api/me, an event and an admin form', async () => {
    expectRefused(
      await t.call(ana, { method: 'POST', url: customers(), payload: { name: 'N', notes: 'a\u0000' } }),
      'notes',
    );
    expectRefused(
      await t.call(ana, { method: 'PATCH', url: '/api/me', payload: { full_name: 'Ana\u0000' } }),
      'full_name',
    );
    expectRefused(
      await t.call(ana, {
        method: 'POST',
        url: events(),
        payload: { title: 'Call', description: 'x\u0000', start_at: '2026-01-05T10:00:00Z' },
      }),
      'description',
    );
    expectRefused(
      await t.call(root, { method: 'POST', url: '/api/admin/companies', payload: { name: 'Bad\u0000Co' } }),
      'name',
    );
  });

  it('refuses NUL in a field the contract does not type as text (a password), and in a JSON key', async () => {
    expectRefused(
      await t.call(undefined, {
        method: 'POST',
        url: '/api/login',
        payload: { email: 'ana@example.com', password: 'x\u0000y' },
      }),
      'password',
    );
    const res = await t.call(ana, { method: 'PATCH', url: '/api/me', payload: { 'a\u0000': 1 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('filters in the query string', () => {
  it.each([
    ['customer search', () => customers('?q=%00')],
    ['customer tag', () => customers('?tag=%00')],
    ['customer cursor', () => customers('?cursor=%00')],
    ['audit entity', () => '/api/admin/audit?entity=%00'],
    ['audit action', () => '/api/admin/audit?action=a%1Bb'],
    ['my companies', () => '/api/me/companies?q=%00'],
    ['admin people', () => '/api/admin/users?q=%00'],
  ])('refuses a control character in the %s', async (_what, url) => {
    const res = await t.call(root, { method: 'GET', url: url() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('answers the CSV export with ?tag=%00 with a 400 before streaming anything', async () => {
    const res = await t.call(ana, { method: 'GET', url: customers('/export.csv?tag=%00') });
    expectRefused(res, 'tag');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('dates out of range', () => {
  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '1899-12-31T23:59:59Z'])(
    'refuses the event start %s',
    async (start_at) => {
      const res = await t.call(ana, { method: 'POST', url: events(), payload: { title: 'Old', start_at } });
      expectRefused(res, 'start_at');
      expect(res.json().details.start_at).toEqual(['date_out_of_range']);
    },
  );

  it('refuses year 0000 in the events and audit filters, and keeps the ends of the range', async () => {
    expectRefused(await t.call(ana, { method: 'GET', url: events('?from=0000-01-01T00:00:00Z') }), 'from');
    expectRefused(await t.call(root, { method: 'GET', url: '/api/admin/audit?from=0000-01-01' }), 'from');
    const edges = await t.call(ana, {
      method: 'POST',
      url: events(),
      payload: { title: 'Edges', start_at: '1900-01-01T00:00:00Z', end_at: '9999-12-31T23:59:59Z' },
    });
    expect(edges.statusCode, edges.body).toBe(201);
  });
});

describe('an import row with a NUL', () => {
  it('is refused with its reason while the other rows are imported', async () => {
    const before = await count();
    const res = await t.call(ana, {
      method: 'POST',
      url: customers('/import'),
      // A stray NUL in a text file (not enough of them to make it look binary).
      payload: `name,notes\nGood row,fine\nBad\u0000row,x\nAlso good,"a\u0000"\n${'\n'.repeat(300)}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      imported: 1,
      rejected: 2,
      errors: [
        { line: 3, reasons: { name: ['control_characters'] } },
        { line: 4, reasons: { notes: ['control_characters'] } },
      ],
    });
    expect(await count()).toBe(before + 1);
  });
});
