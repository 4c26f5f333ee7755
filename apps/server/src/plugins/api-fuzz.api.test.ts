import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/seeded-random.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

/**
 * Malformed requests to every operation the API documents (read from its own
 * /api/openapi.json) must answer a 4xx in the documented shape `{message, code}`, never a 5xx.
 * Sent as a signed-in superuser and as a plain member. The values come from a fixed seed, so a
 * failure reproduces: the message names the request.
 */

type Operation = {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: { type?: string } }[];
  bodyProperties: Record<string, { type?: string | string[] }>;
  hasBody: boolean;
};

// The seed is fixed so a failure reproduces.
const rand = seededRandom(20_261_123);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const BAD_IDS = ['-1', '0', '1e99', 'abc', '%00', '1.5', '99999999999999999999', '%E0%A4%A', ' 1', '0x10'];
const NASTY_STRINGS = [
  '',
  'a\u0000b',
  '\u001b[31m',
  'a\ud800',
  '"*:()|&!',
  "' OR 1=1 --",
  '%',
  '\\',
  '*',
  ':*',
  '!!!',
  '(((',
  '<script>alert(1)</script>',
  'x'.repeat(20_000),
  '\u202e\u200b',
  '0000-01-01T00:00:00Z',
  '-1',
  '1e99',
  'NaN',
  'null',
];
const BAD_CURSORS = ['%00', 'abc', '!!!!', 'eyJ2IjoiYSIsImlkIjoiYiJ9', 'e30', 'W10', '-1', 'x'.repeat(300)];
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e99,
  1.5,
  'abc',
  [],
  [null],
  {},
  { $gt: '' },
  'a\u0000b',
  'x'.repeat(20_000),
  '"*:()|&!',
];
const DEEP = 20_000;

let t: TestApp;
let operations: Operation[];
const tokens: Record<'superuser' | 'member', string> = { superuser: '', member: '' };
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.user('root@example.com', { is_admin: true });
  const memberId = await t.user('member@example.com');
  company = await t.company('Fuzz', [0, 1, 2, 3], [{ userId: memberId, role: 'member' }]);
  tokens.superuser = await t.login('root@example.com');
  tokens.member = await t.login('member@example.com');
  const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = readOperations(spec);
});
afterAll(() => t.close());

type Spec = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: { properties?: Operation['bodyProperties'] } }> };
      }
    >
  >;
};

// Ending the caller's own session would leave the rest of the run signed out.
const SKIPPED = new Set(['POST /api/logout']);

function readOperations(spec: Spec): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodyProperties: schema?.properties ?? {},
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return out;
}

/** The path with `companyId` filled in with the fuzz company and other ids with `id` (raw, not encoded). */
function fillPath(op: Operation, id: string, companyId = String(company)): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'companyId' ? companyId : id));
}

/** Percent-encoded; a lone surrogate, which has no UTF-8 form, is sent as the invalid bytes it would be. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

type Probe = { what: string; url: string; payload?: string | Buffer; headers?: Record<string, string> };

function probesFor(op: Operation): Probe[] {
  const probes: Probe[] = [];
  const base = fillPath(op, '999999');
  // Path ids of every wrong shape, in each id position.
  if (op.path.includes('{')) {
    for (const bad of BAD_IDS) probes.push({ what: `path id ${bad}`, url: fillPath(op, bad) });
    if (op.path.includes('{companyId}')) {
      probes.push({ what: 'company id', url: fillPath(op, '999999', pick(BAD_IDS)) });
    }
  }
  // Every query parameter with nasty strings, wrong types and bad cursors.
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    const values =
      param.name === 'cursor' ? BAD_CURSORS : [pick(NASTY_STRINGS), pick(NASTY_STRINGS), pick(BAD_IDS)];
    for (const value of values) {
      probes.push({
        what: `query ${param.name}=${value.slice(0, 20)}`,
        url: `${base}?${param.name}=${encode(value)}`,
      });
    }
    probes.push({ what: `query ${param.name} repeated`, url: `${base}?${param.name}=a&${param.name}=b` });
    probes.push({ what: `query ${param.name} raw %00`, url: `${base}?${param.name}=%00` });
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    probes.push({
      what: 'query of junk',
      url: `${base}?${encode('"*:()|&!')}=${encode(pick(NASTY_STRINGS))}`,
    });
  }
  if (!op.hasBody && op.method !== 'POST' && op.method !== 'PATCH' && op.method !== 'PUT') return probes;
  // Bodies: each property with wrong values, then broken JSON, deep nesting and wrong content types.
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });
  for (const name of Object.keys(op.bodyProperties)) {
    for (let i = 0; i < 3; i++) {
      const value = pick(WRONG_VALUES);
      probes.push({
        what: `body ${name}=${JSON.stringify(value)?.slice(0, 20)}`,
        url: base,
        ...json({ [name]: value }),
      });
    }
    probes.push({ what: `body ${name} nasty`, url: base, ...json({ [name]: pick(NASTY_STRINGS) }) });
  }
  const JSON_TYPE = 'application/json';
  const raw: [what: string, payload: string | Buffer, contentType: string][] = [
    ['array', '[1,2]', JSON_TYPE],
    ['string', '"x"', JSON_TYPE],
    ['null', 'null', JSON_TYPE],
    ['__proto__', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', JSON_TYPE],
    ['broken JSON', '{"a":', JSON_TYPE],
    ['deep arrays', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, JSON_TYPE],
    ['deep objects', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, JSON_TYPE],
    ['deep with __proto__', `${'{"a":'.repeat(DEEP)}{"__proto__":1}${'}'.repeat(DEEP)}`, JSON_TYPE],
    ['text/plain', 'hello', 'text/plain'],
    ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['xml', '<a/>', 'application/xml'],
    ['bad multipart', '--x\r\nbroken', 'multipart/form-data; boundary=x'],
    ['csv of junk', Buffer.from([0, 1, 2, 255, 254, 10, 0]), 'text/csv'],
    ['no content type', '{}', ''],
  ];
  for (const [what, payload, contentType] of raw) {
    probes.push({ what: `body: ${what}`, url: base, payload, headers: { 'content-type': contentType } });
  }
  return probes;
}

function problemWith(res: { statusCode: number; body: string }): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const shape = body as { message?: unknown; code?: unknown };
  if (typeof shape?.message !== 'string' || typeof shape?.code !== 'string' || shape.code === '') {
    return `answered ${res.statusCode} without {message, code}: ${res.body.slice(0, 200)}`;
  }
  return null;
}

describe('malformed requests to every documented operation', () => {
  it('reads the operations from /api/openapi.json', () => {
    expect(operations.length).toBeGreaterThan(40);
    // The body probes need the documented properties: a spec without them would fuzz nothing.
    expect(operations.filter((op) => Object.keys(op.bodyProperties).length > 0).length).toBeGreaterThan(15);
    expect(operations.reduce((n, op) => n + probesFor(op).length, 0)).toBeGreaterThan(1500);
  });

  for (const who of ['superuser', 'member'] as const) {
    it(`never answer 5xx or an undocumented error shape (as ${who})`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      for (const op of operations) {
        for (const probe of probesFor(op)) {
          const res = await t
            .call(tokens[who], {
              method: op.method as 'GET',
              url: probe.url,
              ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
              ...(probe.headers ? { headers: probe.headers } : {}),
            })
            // An answer that breaks off mid-stream (an export failing after its first rows) is a failure too.
            .catch((err: Error) => ({ statusCode: 599, body: `broke off: ${err.message}` }));
          const problem = problemWith(res);
          if (problem) problems.push(`${op.method} ${op.path} [${probe.what}] ${problem}`);
          if (!('headers' in res)) continue;
          if (res.statusCode === 401 && /session|token/i.test(res.body)) {
            // A probe that ended the session (none should): sign in again so the rest still runs.
            tokens[who] = await t.login(`${who === 'superuser' ? 'root' : 'member'}@example.com`);
          }
        }
      }
      expect(problems.slice(0, 40)).toEqual([]);
    });
  }
});
