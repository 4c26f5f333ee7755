import { describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.ts';
import { PASSWORD } from '../../test-support/test-app.ts';
import {
  enrol,
  firstStep,
  loginWithCode,
  secondStep,
  totpCode,
  twoFactorSuite,
} from '../../test-support/two-factor.ts';

const s = twoFactorSuite();

describe('enrolment', () => {
  it('shows a secret that is not active until a valid code confirms it, stored encrypted', async () => {
    const email = await s.person();
    const token = await s.t.login(email);
    const setup = await s.t.call(token, { method: 'POST', url: '/api/me/two-factor/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await s.t.ctx.db.selectFrom('two_factor').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(secret);
    expect(row.enabled_at).toBeNull();

    // Not active yet: the password alone still signs in.
    expect((await firstStep(s.t, email)).next_step).toBeNull();
    const status = await s.t.call(token, { method: 'GET', url: '/api/me/two-factor' });
    expect(status.json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

    const wrong = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/enable',
      payload: { code: (Number(await totpCode(secret)) ^ 1).toString().padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', details: { code: ['invalid_code'] } });

    const since = s.smtp.mails.length;
    const enable = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/enable',
      payload: { code: await totpCode(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{16}$/);
    const stored = await s.t.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]);

    const on = (await s.t.call(token, { method: 'GET', url: '/api/me/two-factor' })).json().data;
    expect(on).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await s.smtp.waitFor(email, since)).subject).toContain('two-factor sign-in is on');
    // A second enrolment must go through "turn off" first.
    expect((await s.t.call(token, { method: 'POST', url: '/api/me/two-factor/setup' })).statusCode).toBe(409);
  });

  it('refuses enabling without a set-up, and bad codes with 400 details', async () => {
    const token = await s.t.login(await s.person());
    const none = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/enable',
      payload: { code: '123456' },
    });
    expect(none.statusCode).toBe(409);
    const bad = await s.t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/enable',
      payload: { code: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toHaveProperty('code');
  });
});

describe('signing in with a second step', () => {
  it('answers a challenge that is not a session, then the usual login answer', async () => {
    const email = await s.person();
    const { secret } = await enrol(s.t, email);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const challenge = res.json().data;
    expect(Object.keys(challenge).sort()).toEqual(['expires_at', 'next_step', 'token']);
    expect(challenge.next_step).toBe('two_factor');
    const minutes = (Date.parse(challenge.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5);
    // The half-session opens nothing but the second step.
    expect((await s.t.call(challenge.token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);

    const done = await secondStep(s.t, { token: challenge.token, code: await totpCode(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ email, next_step: null, token: expect.any(String) });
    const session = done.json().data.token;
    expect((await s.t.call(session, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    // The challenge is used up.
    const again = await secondStep(s.t, { token: challenge.token, code: await totpCode(secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('challenge_expired');
  });

  it('keeps the login answer of a person without two-factor exactly as before', async () => {
    const res = await firstStep(s.t, await s.person());
    expect(res.next_step).toBeNull();
    expect(Object.keys(res).sort()).toEqual(
      [
        'email',
        'expires_at',
        'full_name',
        'id',
        'isSuperuser',
        'is_admin',
        'language',
        'last_login_at',
        'next_step',
        'notification_preferences',
        'preferences',
        'token',
      ].sort(),
    );
  });

  it('refuses a code already used in its step, and an earlier step after a later one', async () => {
    const email = await s.person();
    const { secret } = await enrol(s.t, email); // used the step before now
    const now = await totpCode(secret);
    await loginWithCode(s.t, email, secret); // uses this step
    const reuse = await secondStep(s.t, { token: (await firstStep(s.t, email)).token, code: now });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('invalid_code');
  });

  it('accepts a code one step early or late, but not two', async () => {
    await awayFromStepBoundary();
    const email = await s.person();
    const { secret } = await enrol(s.t, email);
    const twoAhead = await secondStep(s.t, {
      token: (await firstStep(s.t, email)).token,
      code: await totpCode(secret, 2),
    });
    expect(twoAhead.statusCode).toBe(401);
    const twoBehind = await secondStep(s.t, {
      token: (await firstStep(s.t, email)).token,
      code: await totpCode(secret, -2),
    });
    expect(twoBehind.statusCode).toBe(401);
    expect(await loginWithCode(s.t, email, secret, 1)).toEqual(expect.any(String));

    // Which step "-1" means moves at each 30 s boundary: start the used-step check well inside one.
    await awayFromStepBoundary();
    const other = await s.person();
    const enrolled = await enrol(s.t, other); // step -1 used by enabling: -1 is then refused
    const early = await secondStep(s.t, {
      token: (await firstStep(s.t, other)).token,
      code: await totpCode(enrolled.secret, -1),
    });
    expect(early.statusCode).toBe(401);
    await s.t.ctx.db.updateTable('two_factor').set({ last_used_step: null }).execute();
    expect(await loginWithCode(s.t, other, enrolled.secret, -1)).toEqual(expect.any(String));
  }, 60_000); // up to two waits for a step boundary

  it('refuses an expired challenge', async () => {
    const email = await s.person();
    const { secret } = await enrol(s.t, email);
    const challenge = await firstStep(s.t, email);
    await s.t.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(challenge.token))
      .execute();
    const res = await secondStep(s.t, { token: challenge.token, code: await totpCode(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('challenge_expired');
  });

  it('asks for exactly one of code and recovery code', async () => {
    const email = await s.person();
    await enrol(s.t, email);
    const { token } = await firstStep(s.t, email);
    const neither = await secondStep(s.t, { token });
    expect(neither.statusCode).toBe(400);
    const both = await secondStep(s.t, { token, code: '123456', recovery_code: 'AAAAAAAAAAAAAAAA' });
    expect(both.statusCode).toBe(400);
  });
});

/** Waits until at least 12 s of the current 30 s TOTP step remain, so a short sequence stays in one step. */
async function awayFromStepBoundary(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 12_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
