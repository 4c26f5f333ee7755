import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  browserCookie,
  eventually,
  type NetworkSuite,
  startNetworkSuite,
} from '../../test-support/social-standins/social-test-kit.ts';

// The networks are called through the guarded outbound client
// (docs/decisions/031-one-guarded-outbound-client.md): an API address that is not public
// and not in WEBHOOK_ALLOWED_HOSTS is refused before any connection, for a publish and
// for the OAuth token exchange alike.
let suite: NetworkSuite;
let listener: Server;
let connections = 0;
let listenerUrl: string;

beforeAll(async () => {
  suite = await startNetworkSuite('x');
  // A loopback listener that would answer anything: it must never see a connection.
  listener = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
  );
  listener.on('connection', () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await suite.kit.close();
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});

/** X's API at the loopback listener, with loopback no longer allow-listed, for the length of `run`. */
async function withPrivateXApi(run: () => Promise<void>) {
  const { config } = suite.kit.t.ctx;
  const x = config.social.networks.x;
  const { apiUrl } = x;
  x.apiUrl = listenerUrl;
  config.webhookAllowedHosts = [];
  try {
    await run();
  } finally {
    x.apiUrl = apiUrl;
    config.webhookAllowedHosts = ['127.0.0.1'];
  }
}

it('fails a publish to a private API address with private_address, and nothing connects there', async () => {
  const { account, posts } = suite;
  await withPrivateXApi(async () => {
    const id = await posts.create({ text: `Not to loopback ${Date.now()}`, account_ids: [account] });
    const post = await eventually(posts.read(id), (p) => p.targets[0]?.status === 'failed');
    // Our code, and no HTTP status: nothing was asked, nothing answered.
    expect(post.targets[0]).toMatchObject({
      status: 'failed',
      error_code: 'private_address',
      error_status: null,
    });
  });
  expect(connections).toBe(0);
});

it('ends an OAuth callback whose token exchange would go to a private address with that code', async () => {
  const { kit, ana, acme } = suite;
  await withPrivateXApi(async () => {
    const start = await kit.t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/social/accounts/connect`,
      payload: { type: 'x' },
    });
    const back = new URL(kit.x.consent(start.json().data.authorize_url));
    const callback = await kit.t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browserCookie(start) },
    });
    expect(String(callback.headers.location)).toContain('error=private_address');
  });
  expect(connections).toBe(0);
});
