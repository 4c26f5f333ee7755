import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../lib/throttle.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.user('maja@example.com', { language: 'en' });
  await t.user('guessed@example.com');
});
afterAll(() => t.close());

describe('/api/me', () => {
  it('answers the signed-in person without secrets', async () => {
    const token = await t.login('maja@example.com');
    const res = await t.call(token, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'maja@example.com', language: 'en', is_admin: false });
    expect(JSON.stringify(res.json())).not.toMatch(/password|token_hash|status/);
  });

  it('saves name, language and layout preferences, which follow the person to a new session', async () => {
    const token = await t.login('maja@example.com');
    const preferences = {
      layout: 'horizontal',
      width: 'boxed',
      sidebar: 'light',
      theme: 'dark',
      topbar: 'colored',
    };
    const res = await t.call(token, {
      method: 'PATCH',
      url: '/api/me',
      payload: { full_name: 'Maja M.', language: 'ru', preferences },
    });
    expect(res.statusCode).toBe(200);
    const other = await t.login('maja@example.com');
    const me = (await t.call(other, { method: 'GET', url: '/api/me' })).json().data;
    expect(me).toMatchObject({ full_name: 'Maja M.', language: 'ru', preferences });
  });

  it('rejects impossible layout combinations and unknown fields with details', async () => {
    const token = await t.login('maja@example.com');
    const bad = await t.call(token, {
      method: 'PATCH',
      url: '/api/me',
      payload: {
        preferences: {
          layout: 'horizontal',
          width: 'fluid',
          sidebar: 'icon',
          theme: 'light',
          topbar: 'dark',
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ 'preferences.sidebar': ['sidebar_vertical_only'] });
    const lang = await t.call(token, { method: 'PATCH', url: '/api/me', payload: { language: 'fr' } });
    expect(lang.statusCode).toBe(400);
    expect(Object.keys(lang.json().details)).toEqual(['language']);
    const extra = await t.call(token, { method: 'PATCH', url: '/api/me', payload: { is_admin: true } });
    expect(extra.statusCode).toBe(400);
    expect((await t.call(token, { method: 'GET', url: '/api/me' })).json().data.is_admin).toBe(false);
  });
});

describe('POST /api/me/password', () => {
  it('needs the current password, refuses common ones, and ends the other sessions only', async () => {
    const current = await t.login('maja@example.com');
    const other = await t.login('maja@example.com');
    const wrong = await t.call(current, {
      method: 'POST',
      url: '/api/me/password',
      payload: { current_password: 'nope', new_password: 'a fresh passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ current_password: ['wrong_password'] });
    const common = await t.call(current, {
      method: 'POST',
      url: '/api/me/password',
      payload: { current_password: PASSWORD, new_password: 'qwertyuiop' },
    });
    expect(common.json().details).toEqual({ new_password: ['common_password'] });
    // Built from the product's or the person's own name, or a unit said again (ASVS 6.2.11).
    for (const [new_password, code] of [
      ['Kontora-demo-2026', 'password_from_context'],
      ['maja-maja-2026!', 'password_from_context'],
      ['eveeveeve1', 'common_password'],
      ['pwrulespwrules', 'common_password'],
    ]) {
      const refused = await t.call(current, {
        method: 'POST',
        url: '/api/me/password',
        payload: { current_password: PASSWORD, new_password },
      });
      expect(refused.statusCode, new_password).toBe(400);
      expect(refused.json().details).toEqual({ new_password: [code] });
    }
    const ok = await t.call(current, {
      method: 'POST',
      url: '/api/me/password',
      payload: { current_password: PASSWORD, new_password: 'a fresh passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call(current, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.call(other, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await t.login('maja@example.com', 'a fresh passphrase');
  });

  it('limits current-password guesses like logins', async () => {
    // A stolen session must not become a way to guess the password: 15 wrong in a row.
    const token = await t.login('guessed@example.com');
    const guess = (current_password: string) =>
      t.call(token, {
        method: 'POST',
        url: '/api/me/password',
        payload: { current_password, new_password: 'a fresh passphrase' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await guess(`guess number ${i}`)).statusCode);
    const { limit } = THROTTLE.currentPasswordChecksPerPerson;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit)).toEqual(Array(15 - limit).fill(429));
    // Even the right password is not checked while locked; signing in stays a separate limit.
    const right = await guess(PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    await t.login('guessed@example.com');
  });
});
