import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, tokenFromMail } from '../../test-support/smtp-capture.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';
import { enrol, firstStep, secondStep, totpCode } from '../../test-support/two-factor.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let seq = 0;
/** A fresh person per test: each test spends authenticator steps, which cannot be used twice. */
const person = async (language = 'en') => {
  const email = `tf-${++seq}@example.com`;
  await t.user(email, { language });
  return email;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('recovery codes', () => {
  it('sign in once each, are counted, mailed about, and regenerated only with the password', async () => {
    const email = await person('de');
    const { token, recoveryCodes } = await enrol(t, email);
    const [first, second] = recoveryCodes as [string, string];
    const since = smtp.mails.length;
    // Typed as people do: lower case, in groups.
    const typed = first.toLowerCase().replace(/(.{4})(?!$)/g, '$1-');
    const res = await secondStep(t, { token: (await firstStep(t, email)).token, recovery_code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next_step).toBeNull();
    const mail = await smtp.waitFor(email, since);
    expect(mail.subject).toContain('Wiederherstellungscode');
    expect(mail.text).toContain('9');

    const reuse = await secondStep(t, { token: (await firstStep(t, email)).token, recovery_code: first });
    expect(reuse.statusCode).toBe(401);
    const status = await t.call(token, { method: 'GET', url: '/api/me/two-factor' });
    expect(status.json().data.recovery_codes_left).toBe(9);

    const wrong = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/recovery-codes',
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    const fresh = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/recovery-codes',
      payload: { password: PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.recovery_codes).toHaveLength(10);
    expect((await t.call(token, { method: 'GET', url: '/api/me/two-factor' })).json().data).toMatchObject({
      recovery_codes_left: 10,
    });
    // The old, never used code no longer works.
    const old = await secondStep(t, { token: (await firstStep(t, email)).token, recovery_code: second });
    expect(old.statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('locks the second step after five wrong codes, even for the right code and a new challenge', async () => {
    const email = await person();
    const { secret } = await enrol(t, email);
    const { token } = await firstStep(t, email);
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(t, { token, code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await secondStep(t, { token, code: await totpCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const fresh = await secondStep(t, {
      token: (await firstStep(t, email)).token,
      code: await totpCode(secret),
    });
    expect(fresh.statusCode).toBe(429);
  });

  it('checks no more than five codes sent at once', async () => {
    const email = await person();
    await enrol(t, email);
    const { token } = await firstStep(t, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => secondStep(t, { token, code: String(100000 + i) })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('password reset and turning off', () => {
  it('a password reset does not skip the second step and ends a pending one', async () => {
    const email = await person();
    const { secret } = await enrol(t, email);
    const pending = await firstStep(t, email);
    const since = smtp.mails.length;
    await t.app.inject({ method: 'POST', url: '/api/request-reset-password', payload: { email } });
    const resetToken = tokenFromMail(await smtp.waitFor(email, since), 'reset-password');
    const newPassword = 'a brand new passphrase';
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${resetToken}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ reset: true });
    const old = await secondStep(t, { token: pending.token, code: await totpCode(secret) });
    expect(old.json().code).toBe('challenge_expired');
    expect((await firstStep(t, email, newPassword)).next_step).toBe('two_factor');
  });

  it('turns off with the password and a code, mails about it, and the password alone signs in again', async () => {
    const email = await person();
    const { token, secret } = await enrol(t, email);
    const wrongPassword = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: 'nope nope nope', code: await totpCode(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details).toEqual({ password: ['wrong_password'] });
    const wrongCode = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: PASSWORD, code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('invalid_code');
    const since = smtp.mails.length;
    const off = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: PASSWORD, code: await totpCode(secret) },
    });
    expect(off.statusCode).toBe(200);
    expect((await smtp.waitFor(email, since)).subject).toContain('two-factor sign-in is off');
    expect((await firstStep(t, email)).next_step).toBeNull();
    const me = (await t.call(token, { method: 'GET', url: '/api/me' })).json().data.id;
    const codesLeft = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', me)
      .execute();
    expect(codesLeft).toEqual([]);
    const left = await t.call(token, { method: 'GET', url: '/api/me/two-factor' });
    expect(left.json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
  });
});
