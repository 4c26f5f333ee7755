import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const failingJob = defineJob('test.always_fails', z.object({ tries: z.number() }), {
  maxAttempts: 2,
  backoff: { baseMs: 1, maxMs: 1 },
});
let failing = true;
let runs = 0;

let t: TestApp;
let root: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.jobs.handle(failingJob, async () => {
    runs++;
    if (failing) throw new Error('the remote end said no');
  });
  await t.user('root@jobs.test', { is_admin: true });
  await t.user('member@jobs.test');
  root = await t.login('root@jobs.test');
  member = await t.login('member@jobs.test');
});
afterAll(() => t.close());

describe('Background jobs (admin API)', () => {
  it('shows a dead job with its error; Retry runs it again (audited); Discard removes one', async () => {
    const id = await t.ctx.jobs.enqueue(t.ctx.db, failingJob, { tries: 2 });
    await t.ctx.jobs.drain();
    const dead = await t.call(root, { method: 'GET', url: '/api/admin/jobs?state=dead' });
    expect(dead.statusCode).toBe(200);
    expect(dead.json().data.items).toEqual([
      expect.objectContaining({
        id,
        name: 'test.always_fails',
        state: 'dead',
        attempts: 2,
        last_error: 'the remote end said no',
      }),
    ]);
    const overview = await t.call(root, { method: 'GET', url: '/api/admin/jobs/overview' });
    expect(overview.json().data.engine).toBe('embedded');
    expect(overview.json().data.queues).toContainEqual({
      queue: 'test',
      name: 'test.always_fails',
      counts: { waiting: 0, active: 0, completed: 0, failed: 0, dead: 1 },
    });

    failing = false;
    const retried = await t.call(root, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
    expect(retried.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(runs).toBe(3);
    expect((await t.call(root, { method: 'GET', url: `/api/admin/jobs/${id}` })).json().data.state).toBe(
      'completed',
    );
    const again = await t.call(root, { method: 'POST', url: `/api/admin/jobs/${id}/retry` });
    expect(again.statusCode).toBe(409);

    const audit = await t.call(root, { method: 'GET', url: '/api/admin/audit?entity=job' });
    expect(audit.json().data.items.map((e: { action: string }) => e.action)).toContain('job.retry');

    expect((await t.call(root, { method: 'DELETE', url: `/api/admin/jobs/${id}` })).statusCode).toBe(204);
    expect((await t.call(root, { method: 'GET', url: `/api/admin/jobs/${id}` })).statusCode).toBe(404);
    expect((await t.call(root, { method: 'DELETE', url: `/api/admin/jobs/${id}` })).statusCode).toBe(404);
  });

  it('refuses bad input (400, a malformed id 404) and everyone but superusers with 403', async () => {
    expect((await t.call(root, { method: 'GET', url: '/api/admin/jobs?state=lost' })).statusCode).toBe(400);
    expect((await t.call(root, { method: 'GET', url: '/api/admin/jobs?cursor=abc' })).statusCode).toBe(400);
    expect((await t.call(root, { method: 'POST', url: '/api/admin/jobs/x1/retry' })).statusCode).toBe(404);
    expect((await t.call(member, { method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(403);
  });
});
