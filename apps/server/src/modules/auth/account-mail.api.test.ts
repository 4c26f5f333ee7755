import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.ts';
import { type CapturedMail, startSmtpCapture, tokenFromMail } from '../../test-support/smtp-capture.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';
import { insertUser } from '../users/users.repository.ts';
import { sendActivationMail } from './auth.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url });
  await t.user('petra@example.com', { language: 'de' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requestReset = async (email: string): Promise<CapturedMail> => {
  const since = smtp.mails.length;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/request-reset-password/${encodeURIComponent(email)}`,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { sent: true } });
  return smtp.waitFor(email, since);
};

describe('password reset through a real SMTP server', () => {
  it('mails a link in the person’s language; the token resets the password once and ends all sessions', async () => {
    const oldSession = await t.login('petra@example.com');
    const mail = await requestReset('petra@example.com');
    expect(mail.subject).toContain('Passwort');
    expect(mail.text).toContain('http://kontora.test/#/reset-password/');
    const token = tokenFromMail(mail, 'reset-password');

    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual({ password: ['common_password'] });

    const short = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'short' },
    });
    expect(short.json().details).toEqual({ password: ['password_too_short'] });

    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'a brand new passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { reset: true } });

    expect((await t.call(oldSession, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await t.login('petra@example.com', 'a brand new passphrase');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'yet another passphrase' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-reset-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    await t.ctx.jobs.drain();
    expect(smtp.mails.slice(before).some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    const odd = await t.app.inject({ method: 'GET', url: '/api/request-reset-password/not-an-email' });
    expect(odd.json()).toEqual({ data: { sent: true } });
  });

  it('refuses an expired reset token', async () => {
    const mail = await requestReset('petra@example.com');
    const token = tokenFromMail(mail, 'reset-password');
    await t.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'passphrase too late' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
  });

  it('throttles reset requests per account with Retry-After', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++) {
      last = (
        await t.app.inject({
          method: 'GET',
          url: '/api/request-reset-password/flood@example.com',
          remoteAddress: `10.9.0.${i}`,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('activation through a real SMTP server', () => {
  it('an invited person sets name and password from the mailed link and is signed in; the link works once', async () => {
    const id = await insertUser(t.ctx.db, {
      email: 'new@example.com',
      full_name: 'New',
      password_hash: null,
      is_admin: false,
      status: 'invited',
      language: 'it',
    });
    const since = smtp.mails.length;
    await sendActivationMail(t.ctx, t.ctx.db, { id });
    const mail = await smtp.waitFor('new@example.com', since);
    expect(mail.subject).toContain('invito');
    const token = tokenFromMail(mail, 'activate');

    // An invited person cannot sign in before activating.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'new@example.com', password: PASSWORD },
    });
    expect(early.statusCode).toBe(401);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${token}`,
      payload: { full_name: 'Nina Nova', password: 'my own passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      full_name: 'Nina Nova',
      email: 'new@example.com',
      language: 'it',
    });
    expect((await t.call(res.json().data.token, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${token}`,
      payload: { full_name: 'X', password: 'another passphrase' },
    });
    expect(reuse.json().code).toBe('invalid_token');
    await t.login('new@example.com', 'my own passphrase');
  });

  it('activation links expire after 7 days', async () => {
    const id = await insertUser(t.ctx.db, {
      email: 'late@example.com',
      full_name: 'Late',
      password_hash: null,
      is_admin: false,
      status: 'invited',
      language: 'en',
    });
    const token = await sendActivationMail(t.ctx, t.ctx.db, { id });
    const row = await t.ctx.db
      .selectFrom('one_time_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const days = (Date.parse(row.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await t.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/activate/${token}`,
      payload: { full_name: 'Late', password: 'my own passphrase' },
    });
    expect(res.json().code).toBe('invalid_token');
  });

  it('a malformed token is not found', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activate/%00%01',
      payload: { full_name: 'X', password: 'my own passphrase' },
    });
    expect(res.statusCode).toBe(404);
  });
});
