import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startHangingServer } from '../../test-support/hanging-server.ts';
import { appLinksIn } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { pruneWebhookLog } from './webhook-deliveries.repository.ts';
import { DISABLE_AFTER_MS } from './webhook-delivery.ts';
import { dispatchWebhooks } from './webhook-dispatcher.ts';

let t: TestApp;
let ana: string;
let acme: number;
let receiver: WebhookReceiver;

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    // Retries come at a thousandth of the real schedule (5 s → 5 ms); Retry-After is not shortened.
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  const anaId = await t.user('ana@example.com');
  const ivoId = await t.user('ivo@example.com', { language: 'de' });
  acme = await t.company(
    'Acme',
    [0, 1, 2],
    [
      { userId: anaId, role: 'owner' },
      { userId: ivoId, role: 'admin' },
    ],
  );
  ana = await t.login('ana@example.com');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(async () => {
  // Each test's endpoints go, so the next test's customer changes reach only its own.
  for (const w of (await get(url())).json().data.items as { id: number }[]) {
    await t.call(ana, { method: 'DELETE', url: url(`/${w.id}`) });
  }
  await t.ctx.jobs.drain();
  t.ctx.clock.now = () => Date.now();
  t.ctx.config.webhookAllowedHosts = ['127.0.0.1'];
  receiver.respondWith(() => ({ status: 200, body: '{"ok":true}' }));
});

const url = (rest = '') => `/api/companies/${acme}/webhooks${rest}`;
const post = (path: string, payload?: unknown) =>
  t.call(ana, {
    method: 'POST',
    url: path,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (path: string) => t.call(ana, { method: 'GET', url: path });

async function endpoint(target: string, eventTypes = ['customer.created', 'customer.updated']) {
  const res = await post(url(), { url: target, event_types: eventTypes });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { id: number; secret: string };
  receiver.setSecrets([data.secret]);
  return data;
}

type Delivery = {
  id: number;
  message_id: string;
  attempt: number;
  trigger: string;
  succeeded: boolean;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: string | null;
  event_type: string;
};

async function log(id: number): Promise<Delivery[]> {
  const res = await get(url(`/${id}/deliveries`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

/** Polls until the check passes (the machine is loaded: generous time, no timing assertions). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const fresh = () => receiver.received.length;

/** "Send test event", refused loudly: a delivery that never comes is then not a mystery. */
async function sendTest(id: number): Promise<void> {
  const res = await post(url(`/${id}/test`));
  expect(res.statusCode, res.body).toBe(202);
}

// Deliveries go through jobs on a loaded machine: generous time per test.
describe('delivery', { timeout: 150_000 }, () => {
  it('sends a verified test event and logs it', async () => {
    const hook = await endpoint(`${receiver.url}/test`);
    const start = fresh();
    await sendTest(hook.id);
    await receiver.waitFor(start + 1);
    const got = receiver.received[start];
    expect(got?.verifiedWith).toBe(0);
    expect(got?.payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: hook.id } });
    expect(got?.id).toMatch(/^msg_/);
    const [entry] = await until(
      () => log(hook.id),
      (l) => l.length === 1,
    );
    expect(entry).toMatchObject({
      attempt: 1,
      trigger: 'test',
      succeeded: true,
      status_code: 200,
      response_excerpt: '{"ok":true}',
      next_attempt_at: null,
      message_id: got?.id,
    });
    expect(entry?.latency_ms).toBeGreaterThanOrEqual(0);
    const listed = (await get(url())).json().data.items.find((w: { id: number }) => w.id === hook.id);
    expect(listed).toMatchObject({ success_rate_24h: 1, attempts_24h: 1 });
  });

  it('a customer change makes exactly one delivery with the customer as the API answers it', async () => {
    const hook = await endpoint(`${receiver.url}/changes`, ['customer.created']);
    const start = fresh();
    const created = await post(`/api/companies/${acme}/customers`, {
      first_name: 'Ivana',
      last_name: 'Horvat',
    });
    expect(created.statusCode).toBe(201);
    const customer = created.json().data;
    await dispatchWebhooks(t.ctx);
    await receiver.waitFor(start + 1);
    await dispatchWebhooks(t.ctx);
    await t.ctx.jobs.drain();
    await new Promise((r) => setTimeout(r, 300));
    const mine = receiver.received.slice(start).filter((d) => d.payload?.type === 'customer.created');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.verifiedWith).toBe(0);
    expect(mine[0]?.payload?.data).toEqual(customer);
    expect(Buffer.byteLength(mine[0]?.body ?? '')).toBeLessThan(20_000);
    expect(await log(hook.id)).toHaveLength(1);
    // Not subscribed, so no delivery: an update.
    await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/customers/${customer.id}`,
      payload: { phone: '+385 1 234 5678', version: customer.version },
    });
    await dispatchWebhooks(t.ctx);
    await t.ctx.jobs.drain();
    expect(await log(hook.id)).toHaveLength(1);
  });

  it('retries after 500s under the same webhook-id until it succeeds', async () => {
    const hook = await endpoint(`${receiver.url}/flaky`);
    const start = fresh();
    receiver.respondWith((_d, n) => (n - start <= 2 ? { status: 500, body: 'down' } : { status: 200 }));
    await post(`/api/companies/${acme}/customers`, { first_name: 'Retry', last_name: 'Me' });
    await dispatchWebhooks(t.ctx);
    await receiver.waitFor(start + 3);
    const attempts = receiver.received.slice(start, start + 3);
    expect(new Set(attempts.map((d) => d.id)).size).toBe(1);
    expect(attempts.every((d) => d.verifiedWith === 0)).toBe(true);
    const entries = await until(
      () => log(hook.id),
      (l) => l.length === 3,
    );
    expect(entries.map((e) => [e.attempt, e.status_code, e.succeeded])).toEqual([
      [3, 200, true],
      [2, 500, false],
      [1, 500, false],
    ]);
    expect(entries[1]?.next_attempt_at).not.toBeNull();
    expect(entries[2]?.response_excerpt).toBe('down');
  });

  it('honours Retry-After on 429', async () => {
    const hook = await endpoint(`${receiver.url}/busy`);
    const start = fresh();
    receiver.respondWith((_d, n) =>
      n - start === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 },
    );
    await post(`/api/companies/${acme}/customers`, { first_name: 'Slow', last_name: 'Down' });
    await dispatchWebhooks(t.ctx);
    await receiver.waitFor(start + 2);
    const [first, second] = receiver.received.slice(start, start + 2);
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1900);
    const entries = await log(hook.id);
    const failed = entries.find((e) => e.status_code === 429);
    expect(failed?.next_attempt_at).not.toBeNull();
  });

  it('a receiver that accepts and never answers is a failed attempt after 5 s, retried on schedule', async () => {
    const hanging = await startHangingServer();
    try {
      const hook = await endpoint(`${hanging.url}/silent`, ['customer.created']);
      await post(`/api/companies/${acme}/customers`, { first_name: 'Never', last_name: 'Answered' });
      await dispatchWebhooks(t.ctx);
      const [entry] = await until(
        () => log(hook.id),
        (l) => l.length >= 1,
      );
      expect(entry).toMatchObject({ attempt: 1, succeeded: false, status_code: null });
      expect(entry?.error).toBe('No answer within 5 s.');
      expect(entry?.latency_ms).toBeLessThan(10_000);
      expect(entry?.next_attempt_at).not.toBeNull();
    } finally {
      await hanging.close();
    }
  });

  it('410 turns the endpoint off at once', async () => {
    const hook = await endpoint(`${receiver.url}/gone`);
    const start = fresh();
    receiver.respondWith(() => ({ status: 410 }));
    await post(`/api/companies/${acme}/customers`, { first_name: 'Gone', last_name: 'Away' });
    await dispatchWebhooks(t.ctx);
    await receiver.waitFor(start + 1);
    const got = await until(
      () => get(url(`/${hook.id}`)).then((r) => r.json().data),
      (d) => d.enabled === false,
    );
    expect(got.disabled_reason).toBe('gone');
    await t.ctx.jobs.drain();
    // This endpoint's deliveries: those its secret verifies. A late repeat of an earlier test's
    // delivery (to an endpoint since deleted, signed with its own secret) can land in this window.
    const after = receiver.received
      .slice(start)
      .filter((d) => d.verifiedWith >= 0)
      .map((d) => `${d.payload?.type} ${d.id}`);
    // One message and nothing after the 410. Delivery is at least once: an attempt whose log
    // commit failed under load runs again under the same webhook-id, which receivers deduplicate.
    expect(new Set(after), `one message, then no more (${after.join(', ')})`).toHaveLength(1);
    const [entry] = await log(hook.id);
    expect(entry).toMatchObject({ status_code: 410, next_attempt_at: null });
  });

  it('turns an endpoint off after 5 days of failures and mails owners and admins in their language', async () => {
    const hook = await endpoint(`${receiver.url}/broken`);
    receiver.respondWith(() => ({ status: 500 }));
    const t0 = Date.now();
    t.ctx.clock.now = () => t0;
    await sendTest(hook.id);
    const first = await until(
      () => get(url(`/${hook.id}`)).then((r) => r.json().data),
      (d) => d.failing_since !== null,
    );
    expect(first.enabled).toBe(true);
    t.ctx.clock.now = () => t0 + DISABLE_AFTER_MS - 60_000;
    await sendTest(hook.id);
    await until(
      () => log(hook.id),
      (l) => l.length === 2,
    );
    expect((await get(url(`/${hook.id}`))).json().data.enabled).toBe(true);
    t.ctx.clock.now = () => t0 + DISABLE_AFTER_MS + 60_000;
    await sendTest(hook.id);
    const off = await until(
      () => get(url(`/${hook.id}`)).then((r) => r.json().data),
      (d) => d.enabled === false,
    );
    expect(off.disabled_reason).toBe('failing');
    const mails = await t.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'mail.send')
      .execute();
    const sent = mails.map((m) => JSON.parse(m.payload) as { to: string; subject: string; text: string });
    expect(sent.map((m) => m.to).sort()).toEqual(['ana@example.com', 'ivo@example.com']);
    for (const mail of sent)
      expect(appLinksIn(mail.text)).toEqual([`#/company/crm-integration?tab=webhooks&company=${acme}`]);
    expect(sent.find((m) => m.to === 'ivo@example.com')?.subject).toContain('abgeschaltet');
    // Turning it on again starts afresh.
    const on = await t.call(ana, { method: 'PATCH', url: url(`/${hook.id}`), payload: { enabled: true } });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('replays one delivery signed anew, and all failed since a time', async () => {
    const hook = await endpoint(`${receiver.url}/replay`);
    receiver.respondWith(() => ({ status: 500 }));
    const start = fresh();
    await sendTest(hook.id);
    await sendTest(hook.id);
    const failed = await until(
      () => log(hook.id),
      (l) => l.length === 2,
    );
    receiver.respondWith(() => ({ status: 200 }));
    const one = await post(url(`/${hook.id}/deliveries/${failed[0]?.id}/replay`));
    expect(one.statusCode, one.body).toBe(202);
    await receiver.waitFor(start + 3);
    const replayed = receiver.received[start + 2];
    expect(replayed?.verifiedWith).toBe(0);
    expect(replayed?.id).toBe(failed[0]?.message_id);
    const after = await until(
      () => log(hook.id),
      (l) => l.length === 3,
    );
    expect(after[0]).toMatchObject({ trigger: 'replay', succeeded: true, message_id: failed[0]?.message_id });
    const all = await post(url(`/${hook.id}/deliveries/replay-failed`), {
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(all.json().data.queued).toBe(1);
    await receiver.waitFor(start + 4);
    expect(receiver.received[start + 3]?.id).toBe(failed[1]?.message_id);
    const none = await post(url(`/${hook.id}/deliveries/replay-failed`), {
      since: new Date(0).toISOString(),
    });
    expect(none.json().data.queued).toBe(0);
    expect((await post(url(`/${hook.id}/deliveries/99999999/replay`))).statusCode).toBe(404);
  });

  it('refuses private, loopback, link-local and metadata addresses without sending anything', async () => {
    t.ctx.config.webhookAllowedHosts = [];
    const start = fresh();
    for (const target of [
      receiver.url,
      `http://localhost:${receiver.port}`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/hook',
      'http://192.168.1.10/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const hook = await endpoint(target);
      await sendTest(hook.id);
      const [entry] = await until(
        () => log(hook.id),
        (l) => l.length === 1,
      );
      expect(entry?.succeeded, target).toBe(false);
      expect(entry?.status_code).toBeNull();
      expect(entry?.error, target).toMatch(/not public/);
      await t.call(ana, { method: 'DELETE', url: url(`/${hook.id}`) });
    }
    expect(receiver.received.length).toBe(start);
  });

  it('during a rotation both secrets sign; after 24 h only the new one', async () => {
    const hook = await endpoint(`${receiver.url}/rotate`);
    const rotated = await post(url(`/${hook.id}/rotate-secret`));
    const newSecret = rotated.json().data.secret as string;
    const start = fresh();
    receiver.setSecrets([hook.secret]);
    await sendTest(hook.id);
    await receiver.waitFor(start + 1);
    expect(receiver.received[start]?.verifiedWith).toBe(0);
    expect(receiver.received[start]?.signature.split(' ')).toHaveLength(2);
    receiver.setSecrets([newSecret]);
    await sendTest(hook.id);
    await receiver.waitFor(start + 2);
    expect(receiver.received[start + 1]?.verifiedWith).toBe(0);
    t.ctx.clock.now = () => Date.now() + 86_400_000 + 60_000;
    receiver.setSecrets([hook.secret, newSecret]);
    await sendTest(hook.id);
    await receiver.waitFor(start + 3);
    expect(receiver.received[start + 2]?.verifiedWith).toBe(1);
    expect(receiver.received[start + 2]?.signature.split(' ')).toHaveLength(1);
  });

  it('pages the log with a cursor', async () => {
    const hook = await endpoint(`${receiver.url}/pages`);
    for (let i = 0; i < 3; i++) await sendTest(hook.id);
    await until(
      () => log(hook.id),
      (l) => l.length === 3,
    );
    const first = (await get(url(`/${hook.id}/deliveries?limit=2`))).json().data;
    expect(first.items).toHaveLength(2);
    const second = (await get(url(`/${hook.id}/deliveries?limit=2&cursor=${first.next_cursor}`))).json().data;
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect((await get(url(`/${hook.id}/deliveries?cursor=nonsense`))).statusCode).toBe(400);
  });

  it('the log is pruned after 30 days by the periodic job', async () => {
    const hook = await endpoint(`${receiver.url}/prune`);
    await sendTest(hook.id);
    await until(
      () => log(hook.id),
      (l) => l.length === 1,
    );
    await pruneWebhookLog(t.ctx.db, new Date(Date.now() - 30 * 86_400_000).toISOString());
    expect(await log(hook.id)).toHaveLength(1);
    await pruneWebhookLog(t.ctx.db, new Date(Date.now() + 60_000).toISOString());
    expect(await log(hook.id)).toHaveLength(0);
  });
});
