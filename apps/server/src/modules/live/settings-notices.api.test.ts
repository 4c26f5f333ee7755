import type { LiveAdmin, LiveServerMessage, SettingsNoticeKind } from '@kontora/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorKit, startConnectorApp } from '../../test-support/connector-kit.ts';
import { type HubspotStandin, startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { injectSubscribed, type LiveTestClient, settled } from '../../test-support/live-client.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { announceSetting } from './settings-notices.ts';

/**
 * Settings notices on /api/ws: a company's webhook endpoints and connections
 * are in no feed, yet the members who may use CRM integration hear of every
 * change of them at once; nobody else does.
 */

let t: TestApp;
let hubspot: HubspotStandin;
let receiver: WebhookReceiver;
let ana: string; // owner of Acme, making the changes
let olga: string; // member of Acme, watching
let eva: string; // owner of Beta (CRM integration too)
let pero: string; // member of Plain (no CRM integration)
let root: string; // superuser
let acme: number;
let beta: number;
let plain: number;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  t = await startConnectorApp();
  await t.user('root@example.com', { is_admin: true });
  const anaId = await t.user('ana@example.com');
  const olgaId = await t.user('olga@example.com');
  const evaId = await t.user('eva@example.com');
  const peroId = await t.user('pero@example.com');
  acme = await t.company(
    'Acme',
    [0, 1, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: olgaId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [0, 1, 2], [{ userId: evaId, role: 'owner' }]);
  plain = await t.company('Plain', [0, 2], [{ userId: peroId, role: 'member' }]);
  ana = await t.login('ana@example.com');
  olga = await t.login('olga@example.com');
  eva = await t.login('eva@example.com');
  pero = await t.login('pero@example.com');
  root = await t.login('root@example.com');
  hubspot = await startHubspotStandin();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.ctx.jobs.drain(60_000);
  await hubspot.close();
  await receiver.close();
  await t.close();
});

const socket = (token: string, companyId: number) => injectSubscribed(t.app, open, token, companyId);

const noticesOf = (messages: LiveServerMessage[]) =>
  messages.filter((m): m is LiveAdmin => m.type === 'admin');

const notice = (client: LiveTestClient, kind: SettingsNoticeKind, id: number) =>
  client.next((m) => m.type === 'admin' && m.kind === kind && m.id === id, 1_000) as Promise<LiveAdmin>;

async function createWebhook(token: string, company: number, url = receiver.url): Promise<number> {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${company}/webhooks`,
    payload: { url, event_types: ['customer.created'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function deleteWebhook(token: string, company: number, id: number): Promise<void> {
  const res = await t.call(token, { method: 'DELETE', url: `/api/companies/${company}/webhooks/${id}` });
  expect(res.statusCode, res.body).toBe(204);
}

describe('a member who may use CRM integration', () => {
  it('hears another person add, change and remove a webhook endpoint, within 1 s', async () => {
    const watching = await socket(olga, acme);
    const id = await createWebhook(ana, acme);
    expect(await notice(watching, 'webhook.created', id)).toEqual({
      type: 'admin',
      kind: 'webhook.created',
      id,
      actor_name: 'ana',
      at: expect.any(String),
    });
    const paused = await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/webhooks/${id}`,
      payload: { enabled: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await notice(watching, 'webhook.updated', id);
    await deleteWebhook(ana, acme, id);
    await notice(watching, 'webhook.deleted', id);
  });

  it('hears an endpoint turned off by a failing delivery, by nobody', async () => {
    const id = await createWebhook(ana, acme);
    const watching = await socket(olga, acme);
    receiver.respondWith(() => ({ status: 410 }));
    const test = await t.call(ana, { method: 'POST', url: `/api/companies/${acme}/webhooks/${id}/test` });
    expect(test.statusCode, test.body).toBe(202);
    await t.ctx.jobs.drain(60_000);
    expect(await notice(watching, 'webhook.disabled', id)).toMatchObject({ actor_name: null });
    await deleteWebhook(ana, acme, id);
  });

  it('hears another person connect and disconnect HubSpot', async () => {
    const watching = await socket(olga, acme);
    const id = await connectorKit(t, ana).connect(acme, 'hubspot', hubspot, { drain: false });
    expect(await notice(watching, 'connector.connected', id)).toMatchObject({ actor_name: 'ana' });
    await t.ctx.jobs.drain(60_000);
    const res = await t.call(ana, { method: 'DELETE', url: `/api/companies/${acme}/connectors/${id}` });
    expect(res.statusCode, res.body).toBe(204);
    await notice(watching, 'connector.disconnected', id);
  });
});

describe('anyone else', () => {
  it('a member of another company hears nothing of Acme’s settings', async () => {
    const other = await socket(eva, beta);
    const watching = await socket(olga, acme);
    const id = await createWebhook(ana, acme);
    await notice(watching, 'webhook.created', id);
    await deleteWebhook(ana, acme, id);
    await notice(watching, 'webhook.deleted', id);
    await settled(other);
    expect(noticesOf(other.messages)).toEqual([]);
  });

  it('a member of a company without CRM integration hears nothing of its settings', async () => {
    const without = await socket(pero, plain);
    const watching = await socket(olga, acme);
    // Told directly: the API refuses webhooks in a company without the module (a connection's
    // notice can still come after its company lost it).
    await announceSetting(t.ctx, plain, null, 'connector.disconnected', 1);
    // Notices are delivered in the order they are told: once Acme's arrives, Plain's has gone by.
    await announceSetting(t.ctx, acme, null, 'connector.disconnected', 2);
    await notice(watching, 'connector.disconnected', 2);
    await settled(without);
    expect(noticesOf(without.messages)).toEqual([]);
  });

  it('a member whose company loses CRM integration hears no more, from the re-check on', async () => {
    const watching = await socket(eva, beta);
    await announceSetting(t.ctx, beta, null, 'webhook.disabled', 3);
    await notice(watching, 'webhook.disabled', 3);
    const res = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${beta}/modules`,
      payload: { modules: [0, 2] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await watching.next((m) => m.type === 'access_changed', 5_000);
    const from = watching.messages.length;
    await announceSetting(t.ctx, beta, null, 'webhook.disabled', 4);
    await settled(watching);
    expect(noticesOf(watching.messages.slice(from))).toEqual([]);
  });
});
