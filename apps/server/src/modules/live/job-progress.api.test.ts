import { randomBytes } from 'node:crypto';
import { MODULE_ID } from '@kontora/contract/limits';
import type { LiveJob, LiveServerMessage } from '@kontora/contract/live';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { type LiveTestClient, liveClient, subscribeLive } from '../../test-support/live-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { duplicateScanJob } from '../customers/duplicates/customer-duplicate-scan.service.ts';

/**
 * Company jobs on the live socket (decision 028): the duplicate scan's state and
 * progress reach the people of its company who may use the CRM, and nobody else;
 * the company job route answers the same job when the socket is down. Once with
 * the embedded engine, once with BullMQ (where events travel through Redis).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A company job no screen follows (like a webhook delivery): its company is taken from its payload. */
const choreJob = defineJob('test.company_chore', z.object({ company_id: z.number().int() }));
const jobMessages = (messages: LiveServerMessage[]) => messages.filter((m): m is LiveJob => m.type === 'job');

describe.each(['embedded', 'bullmq'] as const)('job progress on the live socket (%s engine)', (engine) => {
  let t: TestApp;
  const prefix = `kontora-test-${randomBytes(5).toString('hex')}`;
  let ana: string; // owner of Acme (CRM on) and of Plain (CRM off)
  let bob: string; // owner of Beta only
  let dora: string; // member of Plain only
  let acme: number;
  let beta: number;
  let plain: number;
  const open: LiveTestClient[] = [];

  beforeAll(async () => {
    const defaults = loadConfig({});
    t = await createTestApp(
      engine === 'bullmq'
        ? {
            redisUrl: REDIS_URL,
            redisPrefix: prefix,
            jobs: { ...defaults.jobs, engine: 'bullmq', queuePrefix: prefix },
          }
        : {},
    );
    const anaId = await t.user('ana@example.com');
    const bobId = await t.user('bob@example.com');
    const doraId = await t.user('dora@example.com');
    acme = await t.company('Acme', [0, MODULE_ID.crm], [{ userId: anaId, role: 'owner' }]);
    beta = await t.company('Beta', [0, MODULE_ID.crm], [{ userId: bobId, role: 'owner' }]);
    plain = await t.company(
      'Plain',
      [0],
      [
        { userId: anaId, role: 'owner' },
        { userId: doraId, role: 'member' },
      ],
    );
    ana = await t.login('ana@example.com');
    bob = await t.login('bob@example.com');
    dora = await t.login('dora@example.com');
    for (const name of ['Ivo Ivić', 'Ivo Ivić', 'Ana Anić']) {
      const res = await t.call(ana, {
        method: 'POST',
        url: `/api/companies/${acme}/customers`,
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
    if (engine === 'bullmq') {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  async function listen(token: string, companyId: number): Promise<LiveTestClient> {
    const client = liveClient((await t.app.injectWS('/api/ws')) as unknown as WebSocket);
    open.push(client);
    await subscribeLive(client, token, companyId);
    return client;
  }

  it("sends the scan's states and progress to its company only; the job route answers the same", async () => {
    const anaSocket = await listen(ana, acme);
    const bobSocket = await listen(bob, beta);
    const started = await t.call(ana, {
      method: 'POST',
      url: `/api/companies/${acme}/customers/duplicate-groups`,
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().data.job_id as string;
    expect(jobId).toBeTruthy();

    const done = (await anaSocket.next(
      (m) => m.type === 'job' && m.job_id === jobId && m.state === 'completed',
      20_000,
    )) as LiveJob;
    expect(done).toMatchObject({ name: 'customers.duplicate_scan', progress: 100, run_at: null });
    const seen = jobMessages(anaSocket.messages).filter((m) => m.job_id === jobId);
    expect(seen[0]?.state).toBe('active');
    // Progress after each rule, rising, before the completion.
    const percents = seen.filter((m) => m.state === 'active').map((m) => m.progress);
    expect(percents.length).toBeGreaterThan(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(seen.at(-1)?.state).toBe('completed');

    const read = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/jobs/${jobId}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ id: jobId, state: 'completed', progress: 100 });

    // Another company's member hears nothing of it and cannot read it, through either company.
    expect(jobMessages(bobSocket.messages)).toEqual([]);
    expect(
      (await t.call(bob, { method: 'GET', url: `/api/companies/${beta}/jobs/${jobId}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(bob, { method: 'GET', url: `/api/companies/${acme}/jobs/${jobId}` })).statusCode,
    ).toBe(403);
  });

  it('keeps a CRM job from people whose company has the CRM off, and refuses the job route', async () => {
    const doraSocket = await listen(dora, plain);
    // Enqueued as the scan service would, for a company without the module (the route itself would refuse).
    const jobId = await t.ctx.jobs.enqueue(
      t.ctx.db,
      duplicateScanJob,
      { company_id: plain, scan_id: 999_999 },
      { companyId: plain },
    );
    await t.ctx.jobs.drain(20_000);
    const res = await t.call(dora, { method: 'GET', url: `/api/companies/${plain}/jobs/${jobId}` });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('module_disabled');
    // The socket is still live (a ping is answered) and got no job message.
    doraSocket.send({ type: 'ping' });
    await doraSocket.next((m) => m.type === 'pong');
    expect(jobMessages(doraSocket.messages)).toEqual([]);
  });

  it('publishes nothing of a company job no screen follows, and does not answer it', async () => {
    // BullMQ starts its workers at start-up only, so this job runs on the embedded engine alone.
    const runs = engine === 'embedded';
    if (runs) {
      t.ctx.jobs.handle(choreJob, async (_payload, job) => {
        await job.progress(50);
      });
    }
    const anaSocket = await listen(ana, acme);
    const jobId = await t.ctx.jobs.enqueue(t.ctx.db, choreJob, { company_id: acme });
    const row = await t.ctx.db
      .selectFrom('jobs')
      .select('company_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(acme);
    if (runs) {
      await t.ctx.jobs.drain(20_000);
      expect((await t.ctx.jobs.get(jobId))?.state).toBe('completed');
    }
    const res = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/jobs/${jobId}` });
    expect(res.statusCode, res.body).toBe(404);
    anaSocket.send({ type: 'ping' });
    await anaSocket.next((m) => m.type === 'pong');
    expect(jobMessages(anaSocket.messages).filter((m) => m.job_id === jobId)).toEqual([]);
  });

  it('answers 404 for ids that are no job of the company', async () => {
    // A malformed id names no job either (the house answers a bad path segment with 404).
    for (const id of ['123456', 'row-123456', 'repeat-x', 'bad*id']) {
      const res = await t.call(ana, { method: 'GET', url: `/api/companies/${acme}/jobs/${id}` });
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});
