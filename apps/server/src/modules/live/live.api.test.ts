import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_CLOSE, LIVE_LIMITS } from '@kontora/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { loadConfig } from '../../config.ts';
import { changesOf, type LiveTestClient, liveClient, subscribeLive } from '../../test-support/live-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { byUser, recordChange } from '../change-feed/change-feed.service.ts';

/** /api/ws: who may listen, to what, for how long, and what a reconnect gets back. */

let t: TestApp;
let root: string;
let ana: string; // owner of Acme
let anaId: number;
let olgaId: number;
let acme: number;
let beta: number;
const open: LiveTestClient[] = [];

beforeAll(async () => {
  const defaults = loadConfig({}).live;
  // Shorter heartbeat and silence limits, so that their test takes seconds, not a minute.
  t = await createTestApp({ live: { ...defaults, pollMs: 100, heartbeatMs: 400, idleMs: 1_500 } });
  anaId = await t.user('ana@example.com');
  olgaId = await t.user('olga@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: olgaId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [0, 2], [{ userId: olgaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  root = await t.login('root@example.com');
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function socket(path = '/api/ws'): Promise<LiveTestClient> {
  const client = liveClient((await t.app.injectWS(path)) as unknown as WebSocket);
  open.push(client);
  return client;
}

const createCustomer = async (token: string, companyId: number, name: string) => {
  const res = await t.call(token, {
    method: 'POST',
    url: `/api/companies/${companyId}/customers`,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
};

/** A person who is a member of Acme only, with a session, for one test to take rights away from. */
async function newMember(email: string): Promise<{ id: number; token: string; company: number }> {
  const id = await t.user(email);
  const company = await t.company(
    `Team of ${email}`,
    [0, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: id, role: 'member' },
    ],
  );
  return { id, token: await t.login(email), company };
}

describe('authentication by the first message', () => {
  it('closes a socket that sends no token within 2 s, having sent nothing', async () => {
    const c = await socket();
    const started = Date.now();
    expect((await c.closed).code).toBe(LIVE_CLOSE.unauthenticated);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(c.messages).toEqual([]);
  });

  it('closes a socket whose token is wrong, or is an API key', async () => {
    for (const token of [randomBytes(32).toString('base64url'), `kon_${'a'.repeat(40)}`, 'x']) {
      const c = await socket();
      c.send({ type: 'auth', token });
      expect((await c.closed).code).toBe(LIVE_CLOSE.unauthenticated);
      expect(c.messages).toEqual([]);
    }
  });

  it('closes a socket whose token comes after 2 s', async () => {
    const c = await socket();
    await sleep(2_300);
    if (c.ws.readyState === c.ws.OPEN) c.send({ type: 'auth', token: ana });
    expect((await c.closed).code).toBe(LIVE_CLOSE.unauthenticated);
    expect(c.messages).toEqual([]);
  });

  it('closes a socket with a token in its address, even a valid one', async () => {
    const c = await socket(`/api/ws?token=${ana}`);
    expect(await c.closed).toEqual({ code: LIVE_CLOSE.unauthenticated, reason: 'token_in_address' });
    expect(c.messages).toEqual([]);
  });

  it('refuses a subscription to a company the person is not a member of', async () => {
    const c = await socket();
    c.send({ type: 'auth', token: ana });
    await c.next((m) => m.type === 'ready');
    c.send({ type: 'subscribe', company_id: beta });
    expect((await c.closed).code).toBe(LIVE_CLOSE.forbidden);
    expect(c.messages.map((m) => m.type)).toEqual(['ready']);
  });

  it('closes a socket that sends what the protocol does not know', async () => {
    const c = await socket();
    c.send({ type: 'hello' });
    expect((await c.closed).code).toBe(LIVE_CLOSE.badMessage);
  });

  it('closes a socket that floods pings, and the server keeps answering others meanwhile', async () => {
    const c = await socket();
    c.send({ type: 'auth', token: ana });
    await c.next((m) => m.type === 'ready');
    const health: number[] = [];
    const timing = (async () => {
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        health.push(performance.now() - started);
      }
    })();
    for (let i = 0; i < 5_000 && c.ws.readyState === c.ws.OPEN; i++) c.send({ type: 'ping' });
    expect(await c.closed).toEqual({ code: LIVE_CLOSE.tooManyMessages, reason: 'too_many_messages' });
    await timing;
    // The auth took one of the burst; no more pongs than the rest of it were answered.
    expect(c.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(LIVE_LIMITS.messageBurst);
    expect(health).toHaveLength(20);
  });

  it('lets a client that keeps to the pace go on', async () => {
    const c = await socket();
    c.send({ type: 'auth', token: ana });
    await c.next((m) => m.type === 'ready');
    for (let i = 0; i < LIVE_LIMITS.messageBurst - 1; i++) c.send({ type: 'ping' });
    await c.next(
      (m) =>
        m.type === 'pong' &&
        c.messages.filter((p) => p.type === 'pong').length === LIVE_LIMITS.messageBurst - 1,
    );
    await sleep(1_000 / LIVE_LIMITS.messagesPerSecond + 50);
    c.send({ type: 'ping' });
    await c.next(
      (m) =>
        m.type === 'pong' && c.messages.filter((p) => p.type === 'pong').length === LIVE_LIMITS.messageBurst,
    );
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });
});

describe('messages', () => {
  it('pushes a change made by someone else: what, which record, version, who, when; no field values', async () => {
    const c = await socket();
    await subscribeLive(c, ana, acme);
    const olga = await t.login('olga@example.com');
    const customer = await createCustomer(olga, acme, 'Ivana Secret');
    const message = await c.next((m) => m.type === 'customer.created');
    expect(message).toEqual({
      type: 'customer.created',
      id: expect.any(Number),
      entity_id: customer.id,
      version: 1,
      actor_name: 'olga',
      at: expect.any(String),
    });
    expect(JSON.stringify(c.messages)).not.toContain('Ivana');
  });

  it('sends heartbeats and closes a connection that stays silent', async () => {
    const c = await socket();
    await subscribeLive(c, ana, acme);
    await c.next((m) => m.type === 'ping');
    // This client never answers: the server gives up after its silence limit (1.5 s here, 60 s by default).
    expect((await c.closed).code).toBe(LIVE_CLOSE.silent);
  });
});

describe('rights taken away while the socket is open', () => {
  /** Subscribes the person, takes their right away, and checks CRM messages stop within 5 s. */
  async function expectCut(member: { token: string; company: number }, revoke: () => Promise<void>) {
    const c = await socket();
    await subscribeLive(c, member.token, member.company);
    await createCustomer(ana, member.company, 'Before');
    await c.next((m) => m.type === 'customer.created');
    await revoke();
    const started = Date.now();
    const ended = await Promise.race([
      c.closed,
      c.next((m) => m.type === 'access_changed', 5_000).then(() => 'access_changed' as const),
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const crm = () => changesOf(c.messages).filter((m) => m.type.startsWith('customer.')).length;
    const before = crm();
    // Written directly: with CRM off the API itself refuses customer changes.
    await recordChange(t.ctx.db, {
      companyId: member.company,
      type: 'customer.created',
      entity: { type: 'customer', id: 999 },
      actor: byUser(anaId),
    });
    await sleep(600);
    expect(crm()).toBe(before);
    return ended;
  }

  it('a member removed from the company', async () => {
    const m = await newMember('removed@example.com');
    const ended = await expectCut(m, async () => {
      const res = await t.call(ana, { method: 'DELETE', url: `/api/companies/${m.company}/members/${m.id}` });
      expect(res.statusCode, res.body).toBe(204);
    });
    expect(ended).toMatchObject({ code: LIVE_CLOSE.forbidden });
  });

  it('a person disabled', async () => {
    const m = await newMember('disabled@example.com');
    const ended = await expectCut(m, async () => {
      const res = await t.call(root, { method: 'POST', url: `/api/admin/users/${m.id}/disable` });
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
    expect(ended).toMatchObject({ code: LIVE_CLOSE.unauthenticated });
  });

  it('a person who signed out', async () => {
    const m = await newMember('signedout@example.com');
    const ended = await expectCut(m, async () => {
      const res = await t.call(m.token, { method: 'POST', url: '/api/logout' });
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
    expect(ended).toMatchObject({ code: LIVE_CLOSE.unauthenticated });
  });

  it('CRM switched off for the company', async () => {
    const m = await newMember('nocrm@example.com');
    const ended = await expectCut(m, async () => {
      const res = await t.call(root, {
        method: 'PUT',
        url: `/api/admin/companies/${m.company}/modules`,
        payload: { modules: [0] },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(ended).toBe('access_changed');
  });
});

describe('resume', () => {
  const change = (n: number) =>
    recordChange(t.ctx.db, {
      companyId: acme,
      type: 'customer.updated',
      entity: { type: 'customer', id: n },
      version: n,
      actor: byUser(anaId),
      changes: [{ field: 'notes', before: null, after: 'x' }],
    });

  it('replays exactly the changes missed while disconnected, in order', async () => {
    const first = await socket();
    const { last_id } = await subscribeLive(first, ana, acme);
    first.close();
    await first.closed;
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await change(n));

    const again = await socket();
    await subscribeLive(again, ana, acme, last_id);
    await again.next((m) => 'id' in m && m.id === ids[4]);
    await sleep(300);
    expect(changesOf(again.messages).map((m) => [m.id, m.entity_id])).toEqual(
      ids.map((id, i) => [id, i + 1]),
    );
  });

  it('answers resync when more than 1,000 changes were missed', async () => {
    const first = await socket();
    const { last_id } = await subscribeLive(first, ana, acme);
    first.close();
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 2_000; n++) {
        await recordChange(trx, {
          companyId: acme,
          type: 'customer.updated',
          entity: { type: 'customer', id: n },
          actor: byUser(anaId),
        });
      }
    });
    const again = await socket();
    const subscribed = await subscribeLive(again, ana, acme, last_id);
    expect(await again.next((m) => m.type === 'resync')).toEqual({
      type: 'resync',
      last_id: subscribed.last_id,
    });
    expect(changesOf(again.messages)).toEqual([]);
  });

  it('answers resync when the missed changes are older than 10 minutes', async () => {
    const first = await socket();
    const { last_id } = await subscribeLive(first, ana, acme);
    first.close();
    const id = await change(1);
    await t.ctx.db
      .updateTable('change_events')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('company_id', '=', acme)
      .where('id', '=', id)
      .execute();
    const again = await socket();
    await subscribeLive(again, ana, acme, last_id);
    await again.next((m) => m.type === 'resync');
  });
});
