import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string; // owner of Acme (CRM integration on)
let ivo: string; // admin of Acme
let marko: string; // member of Acme
let eva: string; // owner of Beta
let acme: number;
let beta: number;
let noModule: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const ivoId = await t.user('ivo@example.com');
  const markoId = await t.user('marko@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company(
    'Acme',
    [0, 1, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: ivoId, role: 'admin' },
      { userId: markoId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [0, 1, 2], [{ userId: evaId, role: 'owner' }]);
  noModule = await t.company('No integration', [0, 2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  ivo = await t.login('ivo@example.com');
  marko = await t.login('marko@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const url = (company: number, rest = '') => `/api/companies/${company}/webhooks${rest}`;
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  t.call(token, { method, url: path, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(token: string, company: number, body: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', url(company), {
    url: 'https://hooks.example.com/kontora',
    event_types: ['customer.created', 'customer.updated'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string } & Record<string, unknown>;
}

describe('endpoints', () => {
  it('creates an endpoint and answers its secret once; only a sealed secret is stored', async () => {
    const hook = await create(ana, acme, { description: 'CRM sync' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(hook).toMatchObject({
      url: 'https://hooks.example.com/kontora',
      description: 'CRM sync',
      enabled: true,
      event_types: ['customer.created', 'customer.updated'],
      success_rate_24h: null,
      attempts_24h: 0,
    });
    const got = await call(ana, 'GET', url(acme, `/${hook.id}`));
    expect(got.statusCode).toBe(200);
    expect(got.json().data.secret).toBeUndefined();
    const list = await call(marko, 'GET', url(acme));
    expect(list.json().data.items.map((w: { id: number }) => w.id)).toContain(hook.id);
    expect(list.body).not.toContain('whsec_');
    const row = await t.ctx.db
      .selectFrom('webhook_endpoints')
      .select('secret_encrypted')
      .where('company_id', '=', acme)
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(hook.secret.slice(6, 20));
    expect(row.secret_encrypted).toMatch(/^v1\./);
  });

  it('edits, turns off and deletes; admins manage as owners do', async () => {
    const hook = await create(ivo, acme);
    const edited = await call(ivo, 'PATCH', url(acme, `/${hook.id}`), {
      url: 'https://other.example.com/hook',
      event_types: ['event.created'],
      description: '',
      enabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      url: 'https://other.example.com/hook',
      event_types: ['event.created'],
      description: null,
      enabled: false,
    });
    expect((await call(ana, 'DELETE', url(acme, `/${hook.id}`))).statusCode).toBe(204);
    expect((await call(ana, 'GET', url(acme, `/${hook.id}`))).statusCode).toBe(404);
    expect((await call(ana, 'DELETE', url(acme, `/${hook.id}`))).statusCode).toBe(404);
  });

  it('rotates the secret: a new one, the old one still signing for 24 h', async () => {
    const hook = await create(ana, acme);
    const res = await call(ana, 'POST', url(acme, `/${hook.id}/rotate-secret`));
    expect(res.statusCode, res.body).toBe(200);
    const { secret, previous_secret_expires_at } = res.json().data;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const hours = (Date.parse(previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('writes create, update, rotation and delete to the audit log, never a secret', async () => {
    const hook = await create(ana, acme, { description: 'Audited' });
    const patched = await call(ana, 'PATCH', url(acme, `/${hook.id}`), { description: 'Audited twice' });
    expect(patched.statusCode, patched.body).toBe(200);
    const rotated = await call(ana, 'POST', url(acme, `/${hook.id}/rotate-secret`));
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().data.secret as string;
    expect((await call(ana, 'DELETE', url(acme, `/${hook.id}`))).statusCode).toBe(204);
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'company_id', 'before', 'after'])
      .where('entity', '=', 'webhook')
      .where('entity_id', '=', String(hook.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.rotate_secret',
      'webhook.delete',
    ]);
    expect(audit.every((a) => a.company_id === acme)).toBe(true);
    expect(JSON.parse(String(audit[1]?.before))).toEqual({ description: 'Audited' });
    expect(JSON.parse(String(audit[1]?.after))).toEqual({ description: 'Audited twice' });
    expect(JSON.parse(String(audit[3]?.before))).toMatchObject({ url: 'https://hooks.example.com/kontora' });
    const text = JSON.stringify(audit);
    for (const secret of [hook.secret, newSecret]) expect(text).not.toContain(secret.slice(6));
  });

  it('refuses bad input with per-field details and saves nothing', async () => {
    const before = (await call(ana, 'GET', url(acme))).json().data.items.length;
    for (const [body, field] of [
      [{ url: 'ftp://example.com/x', event_types: ['customer.created'] }, 'url'],
      [{ url: 'not a url', event_types: ['customer.created'] }, 'url'],
      [{ url: 'https://example.com', event_types: [] }, 'event_types'],
      [{ url: 'https://example.com', event_types: ['customer.exploded'] }, 'event_types.0'],
      [{ event_types: ['customer.created'] }, 'url'],
    ] as const) {
      const res = await call(ana, 'POST', url(acme), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    }
    expect((await call(ana, 'GET', url(acme))).json().data.items.length).toBe(before);
  });
});

describe('access', () => {
  it('members read but do not manage', async () => {
    const hook = await create(ana, acme);
    expect((await call(marko, 'GET', url(acme, `/${hook.id}`))).statusCode).toBe(200);
    expect((await call(marko, 'GET', url(acme, `/${hook.id}/deliveries`))).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', url(acme), { url: 'https://example.com', event_types: ['customer.created'] }],
      ['PATCH', url(acme, `/${hook.id}`), { enabled: false }],
      ['DELETE', url(acme, `/${hook.id}`), undefined],
      ['POST', url(acme, `/${hook.id}/rotate-secret`), undefined],
      ['POST', url(acme, `/${hook.id}/test`), undefined],
      ['POST', url(acme, `/${hook.id}/deliveries/replay-failed`), { since: '2026-01-01T00:00:00Z' }],
    ] as const) {
      const res = await call(marko, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('role_too_low');
    }
  });

  it("another company's webhook answers 404 on every route", async () => {
    const theirs = await create(eva, beta);
    const path = url(acme, `/${theirs.id}`);
    for (const [method, p, body] of [
      ['GET', path, undefined],
      ['PATCH', path, { enabled: false }],
      ['DELETE', path, undefined],
      ['POST', `${path}/rotate-secret`, undefined],
      ['POST', `${path}/test`, undefined],
      ['GET', `${path}/deliveries`, undefined],
      ['POST', `${path}/deliveries/1/replay`, undefined],
      ['POST', `${path}/deliveries/replay-failed`, { since: '2026-01-01T00:00:00Z' }],
    ] as const) {
      expect((await call(ana, method, p, body)).statusCode, `${method} ${p}`).toBe(404);
    }
    expect(
      (await call(ana, 'GET', url(acme))).json().data.items.map((w: { id: number }) => w.id),
    ).not.toContain(theirs.id);
    expect((await call(eva, 'GET', url(beta, `/${theirs.id}`))).json().data.enabled).toBe(true);
  });

  it('answers 403 module_disabled when module 1 is off', async () => {
    const res = await call(ana, 'GET', url(noModule));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('module_disabled');
    const created = await call(ana, 'POST', url(noModule), {
      url: 'https://example.com',
      event_types: ['customer.created'],
    });
    expect(created.json().code).toBe('module_disabled');
  });

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(acme) })).statusCode).toBe(401);
  });
});

describe('an idempotent create carries a secret', () => {
  const createWithKey = (key: string) =>
    t.call(ana, {
      method: 'POST',
      url: url(acme),
      headers: { 'idempotency-key': key },
      payload: { url: 'https://hooks.example.com/replayed', event_types: ['customer.created'] },
    });
  const keptAnswers = () =>
    t.ctx.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', 'like', 'replay-%')
      .execute();

  it('repeats the first answer while its secret still signs, and keeps it sealed', async () => {
    const first = await createWithKey('replay-current');
    expect(first.statusCode).toBe(201);
    const again = await createWithKey('replay-current');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.secret).toBe(first.json().data.secret);
    const kept = (await keptAnswers()).map((r) => r.response_body ?? '');
    expect(kept.length).toBeGreaterThan(0);
    for (const body of kept) expect(body).not.toContain('whsec_');
  });

  it('refuses to repeat it after the secret was rotated', async () => {
    const first = await createWithKey('replay-rotated');
    const { id } = first.json().data as { id: number };
    expect((await call(ana, 'POST', url(acme, `/${id}/rotate-secret`))).statusCode).toBe(200);
    const again = await createWithKey('replay-rotated');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('idempotent_replay_stale');
    expect(again.body).not.toContain('whsec_');
  });

  it('refuses to repeat it after the endpoint was deleted', async () => {
    const first = await createWithKey('replay-deleted');
    const { id } = first.json().data as { id: number };
    expect((await call(ana, 'DELETE', url(acme, `/${id}`))).statusCode).toBe(204);
    const again = await createWithKey('replay-deleted');
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain('whsec_');
  });
});
