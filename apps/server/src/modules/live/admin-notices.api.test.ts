import { LIVE_CLOSE, type LiveAdmin, type LiveServerMessage } from '@kontora/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { loadConfig } from '../../config.ts';
import { type LiveTestClient, liveClient, settled, subscribeLive } from '../../test-support/live-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Admin notices on /api/ws: superusers hear of every change of people and
 * companies, whoever made it and whatever company their socket follows;
 * nobody else ever does.
 */

let t: TestApp;
let root: string; // the superuser making the changes
let rootName: string;
let watcher: string; // another superuser, watching
let ana: string; // owner of Acme, no superuser
let anaId: number;
let olgaId: number; // member of Acme
let acme: number;
const open: LiveTestClient[] = [];

const adminOf = (messages: LiveServerMessage[]) => messages.filter((m): m is LiveAdmin => m.type === 'admin');

beforeAll(async () => {
  const defaults = loadConfig({}).live;
  t = await createTestApp({ live: { ...defaults, pollMs: 100 } });
  await t.user('root@example.com', { is_admin: true });
  await t.user('watcher@example.com', { is_admin: true });
  anaId = await t.user('ana@example.com');
  olgaId = await t.user('olga@example.com');
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: olgaId, role: 'member' },
    ],
  );
  root = await t.login('root@example.com');
  watcher = await t.login('watcher@example.com');
  ana = await t.login('ana@example.com');
  rootName = (await t.call(root, { method: 'GET', url: '/api/me' })).json().data.full_name;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

/** An authenticated socket; subscribed to a company when one is given. */
async function socket(token: string, companyId?: number): Promise<LiveTestClient> {
  const client = liveClient((await t.app.injectWS('/api/ws')) as unknown as WebSocket);
  open.push(client);
  if (companyId !== undefined) await subscribeLive(client, token, companyId);
  else {
    client.send({ type: 'auth', token });
    await client.next((m) => m.type === 'ready');
  }
  return client;
}

const notice = (client: LiveTestClient, kind: LiveAdmin['kind'], id: number) =>
  client.next((m) => m.type === 'admin' && m.kind === kind && m.id === id, 1_000);

async function invite(email: string): Promise<number> {
  const res = await t.call(root, {
    method: 'POST',
    url: '/api/admin/users',
    payload: { email, full_name: 'Invited Person', memberships: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('a superuser’s socket', () => {
  it('hears another superuser invite and disable a person and change a company’s modules, within 1 s', async () => {
    const idle = await socket(watcher);
    const following = await socket(watcher, acme);
    const id = await invite('new.person@example.com');
    for (const c of [idle, following]) {
      expect(await notice(c, 'user.created', id)).toEqual({
        type: 'admin',
        kind: 'user.created',
        id,
        actor_name: rootName,
        at: expect.any(String),
      });
    }
    const disabled = await t.call(root, { method: 'POST', url: `/api/admin/users/${id}/disable` });
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const c of [idle, following]) await notice(c, 'user.disabled', id);
    const modules = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${acme}/modules`,
      payload: { modules: [0] },
    });
    expect(modules.statusCode, modules.body).toBe(200);
    for (const c of [idle, following]) {
      expect(await notice(c, 'company.modules_changed', acme)).toMatchObject({ actor_name: rootName });
    }
  });

  it('hears a person renaming themselves, and a company’s owner changing a role there', async () => {
    const c = await socket(watcher);
    const renamed = await t.call(ana, {
      method: 'PATCH',
      url: '/api/me',
      payload: { full_name: 'Ana Anić' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await notice(c, 'user.updated', anaId)).toMatchObject({ actor_name: 'Ana Anić' });
    const role = await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/members/${olgaId}`,
      payload: { role: 'admin' },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(await notice(c, 'member.updated', acme)).toMatchObject({ actor_name: 'Ana Anić' });
  });

  it('hears nothing more once its person is no superuser, not even of that', async () => {
    const formerId = await t.user('former@example.com', { is_admin: true });
    const former = await socket(await t.login('former@example.com'));
    const still = await socket(watcher);
    const demoted = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${formerId}`,
      payload: { is_admin: false },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await notice(still, 'user.updated', formerId);
    const id = await invite('after.demotion@example.com');
    await notice(still, 'user.created', id);
    await settled(former);
    expect(adminOf(former.messages)).toEqual([]);
  });

  it('is closed when its person is disabled', async () => {
    const goneId = await t.user('gone@example.com', { is_admin: true });
    const gone = await socket(await t.login('gone@example.com'));
    const res = await t.call(root, { method: 'POST', url: `/api/admin/users/${goneId}/disable` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await gone.closed).code).toBe(LIVE_CLOSE.unauthenticated);
    expect(adminOf(gone.messages)).toEqual([]);
  });
});

describe('anyone else’s socket', () => {
  it('never hears an admin notice, subscribed to the changed company or not', async () => {
    const owner = await socket(ana, acme);
    const unsubscribed = await socket(ana);
    const still = await socket(watcher);
    const id = await invite('unheard@example.com');
    await notice(still, 'user.created', id);
    const disabled = await t.call(root, { method: 'POST', url: `/api/admin/users/${id}/disable` });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await notice(still, 'user.disabled', id);
    const modules = await t.call(root, {
      method: 'PUT',
      url: `/api/admin/companies/${acme}/modules`,
      payload: { modules: [0, 2] },
    });
    expect(modules.statusCode, modules.body).toBe(200);
    await notice(still, 'company.modules_changed', acme);
    // The owner follows Acme: its own change message, never the notice.
    await owner.next((m) => m.type === 'company.modules_changed', 1_000);
    for (const c of [owner, unsubscribed]) {
      await settled(c);
      expect(adminOf(c.messages)).toEqual([]);
    }
  });
});
