import { describe, expect, it } from 'vitest';
import { tokenFromMail } from '../../test-support/smtp-capture.ts';
import { PASSWORD } from '../../test-support/test-app.ts';
import { enrol, firstStep, secondStep, totpCode, twoFactorSuite } from '../../test-support/two-factor.ts';

const s = twoFactorSuite();

describe('recovery codes', () => {
  it('sign in once each, are counted, mailed about, and regenerated only with the password', async () => {
    const email = await s.person('de');
    const { token, recoveryCodes } = await enrol(s.t, email);
    const [first, second] = recoveryCodes as [string, string];
    const since = s.smtp.mails.length;
    // Typed as people do: lower case, in groups.
    const typed = first.toLowerCase().replace(/(.{4})(?!$)/g, '$1-');
    const res = await secondStep(s.t, { token: (await firstStep(s.t, email)).token, recovery_code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next_step).toBeNull();
    const mail = await s.smtp.waitFor(email, since);
    expect(mail.subject).toContain('Wiederherstellungscode');
    expect(mail.text).toContain('9');

    const reuse = await secondStep(s.t, { token: (await firstStep(s.t, email)).token, recovery_code: first });
    expect(reuse.statusCode).toBe(401);
    const status = await s.t.call(token, { method: 'GET', url: '/api/me/two-factor' });
    expect(status.json().data.recovery_codes_left).toBe(9);

    const wrong = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/recovery-codes',
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    const fresh = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/recovery-codes',
      payload: { password: PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.recovery_codes).toHaveLength(10);
    expect((await s.t.call(token, { method: 'GET', url: '/api/me/two-factor' })).json().data).toMatchObject({
      recovery_codes_left: 10,
    });
    // The old, never used code no longer works.
    const old = await secondStep(s.t, { token: (await firstStep(s.t, email)).token, recovery_code: second });
    expect(old.statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('locks the second step after five wrong codes, even for the right code and a new challenge', async () => {
    const email = await s.person();
    const { secret } = await enrol(s.t, email);
    const { token } = await firstStep(s.t, email);
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(s.t, { token, code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await secondStep(s.t, { token, code: await totpCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const fresh = await secondStep(s.t, {
      token: (await firstStep(s.t, email)).token,
      code: await totpCode(secret),
    });
    expect(fresh.statusCode).toBe(429);
  });

  it('checks no more than five codes sent at once', async () => {
    const email = await s.person();
    await enrol(s.t, email);
    const { token } = await firstStep(s.t, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => secondStep(s.t, { token, code: String(100000 + i) })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('password reset and turning off', () => {
  it('a password reset does not skip the second step and ends a pending one', async () => {
    const email = await s.person();
    const { secret } = await enrol(s.t, email);
    const pending = await firstStep(s.t, email);
    const since = s.smtp.mails.length;
    await s.t.app.inject({ method: 'POST', url: '/api/request-reset-password', payload: { email } });
    const resetToken = tokenFromMail(await s.smtp.waitFor(email, since), 'reset-password');
    const newPassword = 'a brand new passphrase';
    const reset = await s.t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${resetToken}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ reset: true });
    const old = await secondStep(s.t, { token: pending.token, code: await totpCode(secret) });
    expect(old.json().code).toBe('challenge_expired');
    expect((await firstStep(s.t, email, newPassword)).next_step).toBe('two_factor');
  });

  it('turns off with the password and a code, mails about it, and the password alone signs in again', async () => {
    const email = await s.person();
    const { token, secret } = await enrol(s.t, email);
    const wrongPassword = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: 'nope nope nope', code: await totpCode(secret) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details).toEqual({ password: ['wrong_password'] });
    const wrongCode = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: PASSWORD, code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('invalid_code');
    const since = s.smtp.mails.length;
    const off = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: PASSWORD, code: await totpCode(secret) },
    });
    expect(off.statusCode).toBe(200);
    expect((await s.smtp.waitFor(email, since)).subject).toContain('two-factor sign-in is off');
    expect((await firstStep(s.t, email)).next_step).toBeNull();
    const me = (await s.t.call(token, { method: 'GET', url: '/api/me' })).json().data.id;
    const codesLeft = await s.t.ctx.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', me)
      .execute();
    expect(codesLeft).toEqual([]);
    const left = await s.t.call(token, { method: 'GET', url: '/api/me/two-factor' });
    expect(left.json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
  });
});
