import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let hubspot: HubspotStandin;
let ana: string; // owner of Acme
let ivo: string; // admin of Acme
let marko: string; // member of Acme
let eva: string; // owner of Beta
let acme: number;
let beta: number;
let noModule: number;

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
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
  hubspot = await startHubspotStandin();
  hubspot.seedContacts(3);
  hubspot.put('companies', { name: 'Remote Org d.o.o.', country: 'HR' });
});
afterAll(async () => {
  await t.ctx.jobs.drain(60_000);
  await hubspot.close();
  await t.close();
});

const url = (company: number, rest = '') => `/api/companies/${company}/connectors${rest}`;
const call = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown) =>
  t.call(token, { method, url: path, ...(payload === undefined ? {} : { payload: payload as object }) });

async function connect(token: string, company: number) {
  const res = await call(token, 'POST', url(company), {
    provider: 'hubspot',
    token: hubspot.token,
    base_url: hubspot.url,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

describe('connect', () => {
  it('connects with a good token, imports, and never answers the token', async () => {
    const { id } = await connect(ana, acme);
    await t.ctx.jobs.drain(60_000);
    const got = await call(marko, 'GET', url(acme, `/${id}`));
    expect(got.statusCode).toBe(200);
    const data = got.json().data;
    expect(data).toMatchObject({
      id,
      provider: 'hubspot',
      base_url: hubspot.url,
      state: 'idle',
      import_done: true,
      counts: { fetched: 4, created: 4, updated: 0, failed: 0 },
      linked: 4,
    });
    expect(data.last_sync_at).not.toBeNull();
    expect(Date.parse(data.next_sync_at)).toBeGreaterThan(Date.parse(data.last_sync_at));
    expect(got.body).not.toContain(hubspot.token);
    const list = await call(marko, 'GET', url(acme));
    expect(list.json().data.items.map((c: { id: number }) => c.id)).toContain(id);
    expect(list.body).not.toContain(hubspot.token);
    const row = await t.ctx.db
      .selectFrom('connectors')
      .select('token_encrypted')
      .where('company_id', '=', acme)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_encrypted).toMatch(/^v1\./);
    expect(row.token_encrypted).not.toContain(hubspot.token);
    const customers = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/customers?limit=50` });
    const names = customers.json().data.items.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Contact 1', 'Contact 2', 'Contact 3', 'Remote Org d.o.o.']),
    );
    const log = await call(marko, 'GET', url(acme, `/${id}/log`));
    expect(log.statusCode).toBe(200);
    expect(log.json().data.items.map((e: { kind: string }) => e.kind)).toEqual([
      'run_finished',
      'run_started',
    ]);
    // Connect is in the audit log, without the token.
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('company_id', '=', acme)
      .where('action', '=', 'connector.connect')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(hubspot.token);
  });

  it('refuses a bad token with 400 naming `token`, checked by a call to the provider, and saves nothing', async () => {
    const before = hubspot.calls.length;
    const res = await call(ana, 'POST', url(acme), {
      provider: 'hubspot',
      token: 'wrong',
      base_url: hubspot.url,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.token).toBeDefined();
    expect(hubspot.calls.length).toBe(before + 1);
    const count = await t.ctx.db
      .selectFrom('connectors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', acme)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers 400 per field for a bad body, a private base URL and an unreachable one', async () => {
    const bad = await call(ana, 'POST', url(acme), { provider: 'salesforce', token: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(expect.arrayContaining(['provider', 'token']));
    const badUrl = await call(ana, 'POST', url(acme), {
      provider: 'hubspot',
      token: 'x',
      base_url: 'ftp://x',
    });
    expect(badUrl.json().details.base_url).toBeDefined();
    t.ctx.config.webhookAllowedHosts = [];
    try {
      const priv = await call(ana, 'POST', url(acme), {
        provider: 'hubspot',
        token: 'x',
        base_url: hubspot.url,
      });
      expect(priv.statusCode).toBe(400);
      expect(priv.json().details.base_url).toBeDefined();
    } finally {
      t.ctx.config.webhookAllowedHosts = ['127.0.0.1'];
    }
    const closed = await call(ana, 'POST', url(acme), {
      provider: 'pipedrive',
      token: 'x',
      base_url: 'http://127.0.0.1:9',
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().details.base_url).toBeDefined();
  }, 120_000);
});

describe('sync now, roles, isolation, module off', () => {
  it('Sync now answers 202 with the job id; admins manage, members only read', async () => {
    const { items } = (await call(ana, 'GET', url(acme))).json().data as { items: { id: number }[] };
    const id = items[0]?.id as number;
    const res = await call(ivo, 'POST', url(acme, `/${id}/sync`));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ connector_id: id, job_id: expect.any(String) });
    await t.ctx.jobs.drain(60_000);
    expect((await call(marko, 'POST', url(acme, `/${id}/sync`))).statusCode).toBe(403);
    expect((await call(marko, 'DELETE', url(acme, `/${id}`))).statusCode).toBe(403);
    expect(
      (
        await call(marko, 'POST', url(acme), {
          provider: 'hubspot',
          token: hubspot.token,
          base_url: hubspot.url,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('another company sees 404 on every route; module 1 off is 403 module_disabled', async () => {
    const { items } = (await call(ana, 'GET', url(acme))).json().data as { items: { id: number }[] };
    const id = items[0]?.id as number;
    for (const [method, path] of [
      ['GET', url(beta, `/${id}`)],
      ['GET', url(beta, `/${id}/log`)],
      ['POST', url(beta, `/${id}/sync`)],
      ['DELETE', url(beta, `/${id}`)],
    ] as const) {
      expect((await call(eva, method, path)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(eva, 'GET', url(beta))).json().data.items).toEqual([]);
    for (const [method, path] of [
      ['GET', url(noModule)],
      ['POST', url(noModule)],
      ['GET', url(noModule, `/${id}`)],
      ['POST', url(noModule, `/${id}/sync`)],
    ] as const) {
      const res = await call(ana, method, path, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('module_disabled');
    }
  });

  it('pages the log with a keyset cursor and refuses a bad one', async () => {
    const { items } = (await call(ana, 'GET', url(acme))).json().data as { items: { id: number }[] };
    const id = items[0]?.id as number;
    const first = (await call(marko, 'GET', url(acme, `/${id}/log?limit=1`))).json().data;
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await call(marko, 'GET', url(acme, `/${id}/log?limit=1&cursor=${first.next_cursor}`))
    ).json().data;
    expect(second.items[0].id).toBeLessThan(first.items[0].id);
    expect((await call(marko, 'GET', url(acme, `/${id}/log?cursor=nonsense`))).statusCode).toBe(400);
  });

  it('disconnects with 204, in the audit log; the imported customers stay', async () => {
    const { items } = (await call(ana, 'GET', url(acme))).json().data as { items: { id: number }[] };
    const id = items[0]?.id as number;
    expect((await call(ivo, 'DELETE', url(acme, `/${id}`))).statusCode).toBe(204);
    expect((await call(ana, 'GET', url(acme, `/${id}`))).statusCode).toBe(404);
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select('action')
      .where('company_id', '=', acme)
      .where('action', '=', 'connector.disconnect')
      .execute();
    expect(audit).toHaveLength(1);
    const customers = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/customers?limit=50` });
    expect(customers.json().data.items.length).toBeGreaterThanOrEqual(4);
  });
});
