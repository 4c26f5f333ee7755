import { MODULE_ID } from '@kontora/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { until } from '../../test-support/jobs-harness.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { CIRCUIT_THRESHOLD } from './webhook-circuit.ts';
import { dispatchWebhooks } from './webhook-dispatcher.ts';

/**
 * The circuit breaker per endpoint (docs/decisions/047-fair-background-work.md).
 * Delays at a twentieth of the real ones: retries 5 s → 250 ms, the first
 * cool-down 60 s → 3 s, the second 6 s; the probe's hold (15 s) is real time.
 */
let t: TestApp;
let ana: string;
let acme: number;
let receiver: WebhookReceiver;

beforeAll(async () => {
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.05 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  const anaId = await t.user('ana@example.com');
  acme = await t.company(
    'Acme',
    [0, MODULE_ID.crmIntegration, MODULE_ID.crm],
    [{ userId: anaId, role: 'owner' }],
  );
  ana = await t.login('ana@example.com');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const post = (url: string, payload: object) => t.call(ana, { method: 'POST', url, payload });
const circuit = (id: number) =>
  t.ctx.db
    .selectFrom('webhook_endpoints')
    .select(['failures_in_row', 'circuit_open_until'])
    .where('company_id', '=', acme)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
type Circuit = Awaited<ReturnType<typeof circuit>>;
/** The endpoint's circuit once `ok` holds for it (the machine is loaded: a minute at most). */
const circuitWhen = (id: number, ok: (c: Circuit) => boolean) =>
  until(async () => {
    const c = await circuit(id);
    return ok(c) && c;
  }, 60_000);

describe('circuit breaker', { timeout: 120_000 }, () => {
  it('opens after failures in a row, holds deliveries back, reopens on a failed probe and closes on an answer', async () => {
    const created = await post(`/api/companies/${acme}/webhooks`, {
      url: `${receiver.url}/down`,
      event_types: ['customer.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json().data as { id: number; secret: string };
    receiver.setSecrets([hook.secret]);
    receiver.respondWith(() => ({ status: 503, body: 'down' }));

    for (let i = 0; i < CIRCUIT_THRESHOLD; i++) {
      const res = await post(`/api/companies/${acme}/customers`, {
        first_name: 'Iva',
        last_name: `Kos ${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await dispatchWebhooks(t.ctx);
    const opened = await circuitWhen(hook.id, (c) => c.circuit_open_until !== null);
    expect(opened.failures_in_row).toBeGreaterThanOrEqual(CIRCUIT_THRESHOLD);

    // Attempts that passed the circuit before it opened land; then the retries fall due (250 ms) and wait.
    await new Promise((r) => setTimeout(r, 300));
    const settled = await circuit(hook.id);
    const triedBefore = receiver.received.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.length).toBe(triedBefore);

    // After the cool-down one probe goes; it fails, and the circuit opens for longer.
    await receiver.waitFor(triedBefore + 1);
    const reopened = await circuitWhen(
      hook.id,
      (c) =>
        c.failures_in_row > settled.failures_in_row && c.circuit_open_until !== settled.circuit_open_until,
    );
    expect(reopened.failures_in_row).toBe(settled.failures_in_row + 1);
    const triedAfterProbe = receiver.received.length;
    expect(triedAfterProbe).toBe(triedBefore + 1);

    // The receiver is back: the next probe closes the circuit and every message goes out.
    receiver.respondWith(() => ({ status: 200, body: '{"ok":true}' }));
    const closed = await circuitWhen(hook.id, (c) => c.failures_in_row === 0);
    expect(closed.circuit_open_until).toBeNull();
    const delivered = new Set<string>();
    await until(async () => {
      for (const d of receiver.received.slice(triedAfterProbe)) delivered.add(d.id);
      return delivered.size === CIRCUIT_THRESHOLD;
    }, 60_000);
  });

  it('pointing the endpoint elsewhere closes its circuit', async () => {
    const created = await post(`/api/companies/${acme}/webhooks`, {
      url: `${receiver.url}/old`,
      event_types: ['customer.created'],
    });
    const hook = created.json().data as { id: number };
    await t.ctx.db
      .updateTable('webhook_endpoints')
      .set({ failures_in_row: 9, circuit_open_until: new Date(Date.now() + 600_000).toISOString() })
      .where('company_id', '=', acme)
      .where('id', '=', hook.id)
      .execute();
    const moved = await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/webhooks/${hook.id}`,
      payload: { url: `${receiver.url}/new` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await circuit(hook.id)).toEqual({ failures_in_row: 0, circuit_open_until: null });
  });
});
