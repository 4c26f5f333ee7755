import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp | undefined;

const mailJobs = async (app: TestApp) =>
  (await app.ctx.jobs.list({ limit: 50 })).items.filter((j) => j.name.startsWith('mail.'));
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithSmtp(smtpUrl: string) {
  const base = await createTestApp();
  await base.close();
  return createTestApp({
    smtpUrl,
    jobs: { ...base.ctx.config.jobs, pollMs: 20, backoffScale: 0.0001 },
  });
}

describe('mail on jobs', () => {
  it('SMTP refusing the first two attempts: the reset mail arrives on the third, once', async () => {
    const smtp = await startSmtpCapture({ refuseFirst: 2 });
    try {
      t = await appWithSmtp(smtp.url);
      await t.user('petra@example.com');
      const res = await t.app.inject({ method: 'GET', url: '/api/request-reset-password/petra@example.com' });
      expect(res.statusCode).toBe(200);
      const mail = await smtp.waitFor('petra@example.com');
      await t.ctx.jobs.drain();
      expect(smtp.received()).toBe(3);
      expect(smtp.mails).toHaveLength(1);
      const [job] = await mailJobs(t);
      expect(job).toMatchObject({ name: 'mail.account', state: 'completed', attempts: 3 });
      expect(job?.last_error).toMatch(/451/);
      expect(mail.raw).toMatch(new RegExp(`^Message-ID: <job-${job?.id}\\.`, 'im'));
    } finally {
      await smtp.close();
    }
  });

  it('SMTP down: the mail is retried until it is dead, with the error kept', async () => {
    t = await appWithSmtp('smtp://127.0.0.1:9?ignoreTLS=true');
    await t.user('ivo@example.com');
    await t.app.inject({ method: 'GET', url: '/api/request-reset-password/ivo@example.com' });
    const deadline = Date.now() + 20_000;
    let [job] = await mailJobs(t);
    while (job?.state !== 'dead' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      [job] = await mailJobs(t);
    }
    expect(job).toMatchObject({ state: 'dead', attempts: 8 });
    expect(job?.last_error).toMatch(/ECONNREFUSED/);
  });

  it('a rolled-back invitation leaves neither a job nor a mail', async () => {
    t = await createTestApp();
    const admin = await t.login(
      String((await t.user('root@example.com', { is_admin: true })) && 'root@example.com'),
    );
    // The membership names a company that does not exist: the invitation fails and rolls back.
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'x@example.com', full_name: 'X', memberships: [{ company_id: 999, role: 'member' }] },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await mailJobs(t)).toEqual([]);
  });
});
