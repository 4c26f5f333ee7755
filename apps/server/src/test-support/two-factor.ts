import { TOTP } from 'otpauth';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpCapture } from './smtp-capture.ts';
import { createTestApp, PASSWORD, type TestApp } from './test-app.ts';

const STEP_MS = 30_000;

/**
 * The code an authenticator app shows `offset` steps from now, computed with
 * the library from the base32 secret the setup answered. When a step is about
 * to end it first waits for the next one, so the server (a few milliseconds
 * later) sees the same step and an offset of ±1 stays inside its window.
 */
export async function totpCode(secret: string, offset = 0): Promise<string> {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 2_000) await new Promise((r) => setTimeout(r, STEP_MS - intoStep + 50));
  return new TOTP({ secret }).generate({ timestamp: Date.now() + offset * STEP_MS });
}

/** Signs in, sets up and enables two-factor sign-in; the enabling code uses the step before now. */
export async function enrol(t: TestApp, email: string) {
  const token = await t.login(email);
  const setup = await t.call(token, { method: 'POST', url: '/api/me/two-factor/setup' });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const enable = await t.call(token, {
    method: 'POST',
    url: '/api/me/two-factor/enable',
    payload: { code: await totpCode(secret, -1) },
  });
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.body}`);
  // The "two-factor is on" mail is sent by now, so tests can wait for the mails that follow.
  await t.ctx.jobs.drain();
  return { token, secret, recoveryCodes: enable.json().data.recovery_codes as string[] };
}

/** POST /api/login; for a person with two-factor the answer is the challenge. */
export async function firstStep(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  return res.json().data as { next_step: string | null; token: string };
}

export function secondStep(t: TestApp, payload: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/login/two-factor', payload });
}

/** Both steps with the authenticator code `offset` steps from now; answers the session token. */
export async function loginWithCode(t: TestApp, email: string, secret: string, offset = 0) {
  const challenge = await firstStep(t, email);
  const res = await secondStep(t, { token: challenge.token, code: await totpCode(secret, offset) });
  if (res.statusCode !== 200) throw new Error(`second step failed: ${res.body}`);
  return res.json().data.token as string;
}

/**
 * The app for a two-factor suite, mailing through a real SMTP capture (the
 * suites read the notices); started before the file's tests, stopped after.
 */
export function twoFactorSuite() {
  let seq = 0;
  const suite = {
    t: undefined as unknown as TestApp,
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpCapture>>,
    /** A fresh person per test: each test spends authenticator steps, which cannot be used twice. */
    async person(language = 'en') {
      const email = `tf-${++seq}@example.com`;
      await suite.t.user(email, { language });
      return email;
    },
  };
  beforeAll(async () => {
    suite.smtp = await startSmtpCapture();
    suite.t = await createTestApp({ smtpUrl: suite.smtp.url });
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.smtp.close();
  });
  return suite;
}
