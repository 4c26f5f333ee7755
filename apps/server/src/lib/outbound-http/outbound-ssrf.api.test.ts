import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorApp } from '../../test-support/connector-kit.ts';
import { until } from '../../test-support/jobs-harness.ts';
import { overrideHost } from '../../test-support/rebinding-resolver.ts';
import type { TestApp } from '../../test-support/test-app.ts';

/**
 * Outbound requests against DNS rebinding, URL tricks and read-back
 * (docs/decisions/031-one-guarded-outbound-client.md). A name resolves first
 * to 127.0.0.2 (allow-listed: the "public" provider) and then to 127.0.0.1,
 * where a listener that is not allow-listed counts every connection it gets.
 */
const HOST = 'rebind.kontora.test';
const SECRET = 'LEAKED-iam-security-credentials';

let t: TestApp;
let owner: string;
let company: number;
let provider: Server;
let loopback: Server;
let port: number;
/** What reached the loopback listener: connections, and requests (a kept-alive connection carries several). */
let loopbackConnections = 0;
let loopbackRequests = 0;
const providerPaths: string[] = [];
/** How the allowed provider answers a request (the default: an empty HubSpot list). */
let providerAnswer: (req: IncomingMessage) => { status: number; body: unknown } = () => ({
  status: 200,
  body: { results: [] },
});
let resolver: ReturnType<typeof overrideHost>;
const allowedThenLoopback = (allowed: number) => (n: number) => (n <= allowed ? '127.0.0.2' : '127.0.0.1');

function listen(server: Server, address: string, at: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, address, () => resolve((server.address() as AddressInfo).port));
  });
}

const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  t = await startConnectorApp(['127.0.0.2']);
  const ownerId = await t.user('owner@example.com');
  company = await t.company('Acme', [0, 1, 2], [{ userId: ownerId, role: 'owner' }]);
  owner = await t.login('owner@example.com');
  provider = createServer((req, res) => {
    providerPaths.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      const answer = providerAnswer(req);
      reply(res, answer.status, answer.body);
    });
  });
  // What a metadata service or an internal admin would answer, were it reached.
  loopback = createServer((req, res) => {
    loopbackRequests += 1;
    req.resume();
    req.on('end', () =>
      reply(res, 200, {
        results: [{ id: '1', properties: { firstname: 'Loopback', lastname: SECRET, email: 'x@loop.test' } }],
      }),
    );
  });
  loopback.on('connection', () => {
    loopbackConnections += 1;
  });
  port = await listen(provider, '127.0.0.2', 0);
  await listen(loopback, '127.0.0.1', port);
  resolver = overrideHost(HOST, allowedThenLoopback(Number.POSITIVE_INFINITY));
});

afterAll(async () => {
  resolver.restore();
  await t.ctx.jobs.drain(60_000);
  provider.closeAllConnections();
  loopback.closeAllConnections();
  await new Promise((r) => provider.close(r));
  await new Promise((r) => loopback.close(r));
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.call(owner, { method, url: `/api/companies/${company}${path}`, ...(payload ? { payload } : {}) });
const connect = (base_url: string, token = 'pat-provider-token') =>
  call('POST', '/connectors', { provider: 'hubspot', token, base_url });

type Delivery = { succeeded: boolean; status_code: number | null; error: string | null };

/** The endpoint's delivery log (newest first) once it holds `count` attempts. */
const deliveries = (id: number, count: number) =>
  until(async () => {
    const items = (await call('GET', `/webhooks/${id}/deliveries`)).json().data.items as Delivery[];
    return items.length === count && items;
  }, 60_000);

async function customerNamed(lastName: string): Promise<boolean> {
  const rows = await t.ctx.db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', company)
    .where('last_name', '=', lastName)
    .execute();
  return rows.length > 0;
}

describe('DNS rebinding', { timeout: 120_000 }, () => {
  it('a connector whose name turns to loopback after the check never reaches loopback', async () => {
    const before = { connections: loopbackConnections, requests: loopbackRequests };
    // Connect: the save-time check sees 127.0.0.2, every later lookup 127.0.0.1.
    resolver.reset(allowedThenLoopback(1));
    const res = await connect(`http://${HOST}:${port}`);
    expect({ connections: loopbackConnections, requests: loopbackRequests }, 'reached loopback').toEqual(
      before,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.base_url).toEqual(['private_address']);
  });

  it('a connection made while the name was public does not sync from loopback once it rebinds', async () => {
    resolver.reset(allowedThenLoopback(Number.POSITIVE_INFINITY));
    const made = await connect(`http://${HOST}:${port}`);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    await t.ctx.jobs.drain(60_000);
    const before = { connections: loopbackConnections, requests: loopbackRequests };
    // The run's own check sees 127.0.0.2; the provider requests after it would see 127.0.0.1.
    resolver.reset(allowedThenLoopback(1));
    expect((await call('POST', `/connectors/${id}/sync`)).statusCode).toBe(202);
    await t.ctx.jobs.drain(60_000);
    expect({ connections: loopbackConnections, requests: loopbackRequests }, 'reached loopback').toEqual(
      before,
    );
    expect(await customerNamed(SECRET)).toBe(false);
    const connector = (await call('GET', `/connectors/${id}`)).json().data;
    expect(connector.state).toBe('failed');
    await call('DELETE', `/connectors/${id}`);
  });

  it('a webhook delivered while its name was public is not delivered to loopback once it rebinds', async () => {
    resolver.reset(allowedThenLoopback(Number.POSITIVE_INFINITY));
    const made = await call('POST', '/webhooks', {
      url: `http://${HOST}:${port}/hook`,
      event_types: ['customer.created'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    expect((await call('POST', `/webhooks/${id}/test`)).statusCode).toBe(202);
    expect(await deliveries(id, 1)).toMatchObject([{ succeeded: true, status_code: 200 }]);
    const before = { connections: loopbackConnections, requests: loopbackRequests };
    // The next delivery's lookup answers 127.0.0.1; the socket kept from the first must not carry it either.
    resolver.reset(allowedThenLoopback(0));
    expect((await call('POST', `/webhooks/${id}/test`)).statusCode).toBe(202);
    const [latest] = await deliveries(id, 2);
    expect({ connections: loopbackConnections, requests: loopbackRequests }, 'reached loopback').toEqual(
      before,
    );
    expect(latest).toMatchObject({ succeeded: false, status_code: null });
    expect(latest?.error).toMatch(/not public/);
    await call('DELETE', `/webhooks/${id}`);
  });
});

describe('addresses and URLs refused when saved', () => {
  it('refuses a connector base URL with a fragment, userinfo or a query, before any request', async () => {
    const seen = providerPaths.length;
    for (const [baseUrl, code] of [
      ['http://127.0.0.2:PORT/#', 'url_fragment'],
      ['http://127.0.0.2:PORT#/latest/meta-data/iam/security-credentials/', 'url_fragment'],
      ['http://user:pass@127.0.0.2:PORT', 'url_credentials'],
      ['http://user@127.0.0.2:PORT', 'url_credentials'],
      ['http://127.0.0.2:PORT/?', 'url_query'],
      ['http://127.0.0.2:PORT/api?x=1', 'url_query'],
    ] as const) {
      const res = await connect(baseUrl.replace('PORT', String(port)));
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().details.base_url, baseUrl).toEqual([code]);
    }
    expect(providerPaths.length).toBe(seen);
  });

  it('refuses a webhook URL with a fragment or userinfo, and keeps its query', async () => {
    for (const [hookUrl, code] of [
      ['http://127.0.0.2:PORT/hook#x', 'url_fragment'],
      ['http://127.0.0.2:PORT/hook#', 'url_fragment'],
      ['http://u:p@127.0.0.2:PORT/hook', 'url_credentials'],
    ] as const) {
      const res = await call('POST', '/webhooks', {
        url: hookUrl.replace('PORT', String(port)),
        event_types: ['customer.created'],
      });
      expect(res.statusCode, hookUrl).toBe(400);
      expect(res.json().details.url, hookUrl).toEqual([code]);
    }
    const withQuery = await call('POST', '/webhooks', {
      url: `http://127.0.0.2:${port}/hook?token=abc`,
      event_types: ['customer.created'],
    });
    expect(withQuery.statusCode, withQuery.body).toBe(201);
    await call('DELETE', `/webhooks/${withQuery.json().data.id}`);
  });

  it('refuses the IPv4-compatible spelling of loopback, [::127.0.0.1]', async () => {
    const res = await connect(`http://[::127.0.0.1]:${port}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.base_url).toEqual(['private_address']);
    const hook = await call('POST', '/webhooks', {
      url: `http://[::127.0.0.1]:${port}/hook`,
      event_types: ['customer.created'],
    });
    const id = hook.json().data.id as number;
    await call('POST', `/webhooks/${id}/test`);
    const [entry] = await deliveries(id, 1);
    expect(entry?.error).toMatch(/not public/);
    await call('DELETE', `/webhooks/${id}`);
  });
});

describe('remote error bodies', { timeout: 120_000 }, () => {
  it('never reach the connect answer: the status and a code of ours instead', async () => {
    providerAnswer = (req) =>
      req.headers.authorization === 'Bearer refused'
        ? { status: 401, body: { message: SECRET } }
        : { status: 404, body: { message: SECRET } };
    try {
      const rejected = await connect(`http://127.0.0.2:${port}`);
      expect(rejected.statusCode).toBe(400);
      expect(rejected.json().details.base_url).toEqual(['provider_rejected']);
      expect(rejected.json().message).toMatch(/404/);
      expect(rejected.body).not.toContain(SECRET);
      const refused = await connect(`http://127.0.0.2:${port}`, 'refused');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.token).toEqual(['token_refused']);
      expect(refused.body).not.toContain(SECRET);
    } finally {
      providerAnswer = () => ({ status: 200, body: { results: [] } });
    }
  });

  it('never reach the connection, its log or its job', async () => {
    const made = await connect(`http://127.0.0.2:${port}`);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    await t.ctx.jobs.drain(60_000);
    providerAnswer = () => ({ status: 422, body: { message: SECRET } });
    try {
      await call('POST', `/connectors/${id}/sync`);
      await t.ctx.jobs.drain(60_000);
      const connector = await call('GET', `/connectors/${id}`);
      expect(connector.json().data.state).toBe('failed');
      expect(connector.body).not.toContain(SECRET);
      const log = await call('GET', `/connectors/${id}/log`);
      expect(log.body).toMatch(/422/);
      expect(log.body).not.toContain(SECRET);
      const jobs = await call('GET', '/jobs');
      expect(jobs.body).not.toContain(SECRET);
    } finally {
      providerAnswer = () => ({ status: 200, body: { results: [] } });
      await call('DELETE', `/connectors/${id}`);
    }
  });
});
