import { randomBytes } from 'node:crypto';
import { MODULE_ID } from '@kontora/contract/limits';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startHangingServer } from '../../test-support/hanging-server.ts';
import { startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { dispatchWebhooks } from './webhook-dispatcher.ts';

/**
 * One company's endpoints that accept connections and never answer must not
 * delay another company's deliveries or anyone's mail by more than a few
 * seconds (docs/decisions/047-fair-background-work.md), on either engine.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HANGING_ENDPOINTS = 16;

describe.each(['embedded', 'bullmq'] as const)('fair background work (%s engine)', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let hanging: Awaited<ReturnType<typeof startHangingServer>>;
  let receiver: WebhookReceiver;
  let ana: string;
  let hog: number;
  let acme: number;
  const prefix = `kontora-test-${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    hanging = await startHangingServer();
    receiver = await startWebhookReceiver();
    const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
    t = await createTestApp({
      smtpUrl: smtp.url,
      webhookAllowedHosts: ['127.0.0.1'],
      jobs: {
        ...defaults.jobs,
        pollMs: 50,
        ...(engine === 'bullmq' ? { engine: 'bullmq', queuePrefix: prefix } : {}),
      },
      ...(engine === 'bullmq' ? { redisUrl: REDIS_URL, redisPrefix: prefix } : {}),
    });
    const anaId = await t.user('ana@example.com');
    await t.user('petra@example.com');
    hog = await t.company(
      'Hog',
      [0, MODULE_ID.crmIntegration, MODULE_ID.crm],
      [{ userId: anaId, role: 'owner' }],
    );
    acme = await t.company(
      'Acme',
      [0, MODULE_ID.crmIntegration, MODULE_ID.crm],
      [{ userId: anaId, role: 'owner' }],
    );
    ana = await t.login('ana@example.com');
  });
  afterAll(async () => {
    await hanging.close();
    await t.close();
    await receiver.close();
    await smtp.close();
    if (engine === 'bullmq') {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  const post = (url: string, payload: object) => t.call(ana, { method: 'POST', url, payload });
  async function endpoint(companyId: number, url: string) {
    const res = await post(`/api/companies/${companyId}/webhooks`, {
      url,
      event_types: ['customer.created'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; secret: string };
  }
  async function customer(companyId: number) {
    const res = await post(`/api/companies/${companyId}/customers`, { first_name: 'Iva', last_name: 'Kos' });
    expect(res.statusCode, res.body).toBe(201);
    await dispatchWebhooks(t.ctx);
  }

  it('another company’s delivery and a password-reset mail go out within 5 s', {
    timeout: 180_000,
  }, async () => {
    for (let i = 0; i < HANGING_ENDPOINTS; i++) await endpoint(hog, `${hanging.url}/hook-${i}`);
    receiver.setSecrets([(await endpoint(acme, `${receiver.url}/acme`)).secret]);
    await customer(hog);
    // Hog's deliveries are hanging before the others are asked for.
    for (let i = 0; hanging.stats.open === 0; i++) {
      if (i > 600) throw new Error('no delivery reached the hanging receiver');
      await new Promise((r) => setTimeout(r, 50));
    }

    const asked = Date.now();
    await customer(acme);
    const reset = await t.app.inject({ method: 'GET', url: '/api/request-reset-password/petra@example.com' });
    expect(reset.statusCode).toBe(200);
    const [webhookMs, mailMs] = await Promise.all([
      receiver.waitFor(1, 150_000).then(() => Date.now() - asked),
      smtp.waitFor('petra@example.com', 0, 150_000).then(() => Date.now() - asked),
    ]);
    console.info(
      `fair work (${engine}, ${t.ctx.dialect}): other company's webhook ${webhookMs} ms, ` +
        `reset mail ${mailMs} ms, hanging connections at most ${hanging.stats.mostOpen} at once`,
    );
    expect(receiver.received[0]?.verifiedWith).toBe(0);
    expect(webhookMs).toBeLessThan(5_000);
    expect(mailMs).toBeLessThan(5_000);
  });
});
