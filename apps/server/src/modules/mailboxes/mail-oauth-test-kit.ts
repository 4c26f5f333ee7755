import type { MailOauthProvider } from '@kontora/contract/mailboxes';
import { expect } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { type MailOauthStandin, startMailOauthStandin } from '../../test-support/mail-oauth-standin.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { browserCookie } from '../../test-support/social-standins/social-test-kit.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { startMailTestApp } from './mail-test-kit.ts';

/**
 * A browser going through a mailbox sign-in against the stand-in provider: start it in the
 * app, consent at the provider (which redirects back at once), open the callback with the
 * cookie the start gave. The app and the provider are started later, hence the getters.
 */
export function mailOauthBrowser(app: () => TestApp, provider: () => MailOauthStandin) {
  /** POST …/mailboxes/oauth as `token` in `company`: the answer and the cookie it gave the browser. */
  async function start(token: string, company: number, body: object = { provider: 'google' }) {
    const res = await app().call(token, {
      method: 'POST',
      url: `/api/companies/${company}/mailboxes/oauth`,
      payload: body,
    });
    return { res, cookie: res.statusCode === 200 ? browserCookie(res) : '' };
  }

  /** The provider's consent page allows at once and sends the browser back: the callback's path and query. */
  async function consent(authorizeUrl: string): Promise<URL> {
    const page = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    return new URL(String(page.headers.get('location')));
  }

  /** Opens the callback as a browser with `cookie`; answers where it redirected. */
  async function callback(back: URL, cookie: string): Promise<string> {
    const res = await app().app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(302);
    return String(res.headers.location);
  }

  /** The whole sign-in as `token`, as `account` at the provider; answers where the browser lands. */
  async function signIn(
    token: string,
    company: number,
    account: string,
    body: object = { provider: 'google' },
  ) {
    provider().signIn(account);
    const { res, cookie } = await start(token, company, body);
    expect(res.statusCode, res.body).toBe(200);
    return callback(await consent(res.json().data.authorize_url), cookie);
  }

  return { start, consent, callback, signIn };
}

export interface OauthMailStage {
  t: TestApp;
  provider: MailOauthStandin;
  dovecot: Dovecot;
  smtp: SmtpCapture;
  close(): Promise<void>;
}

/**
 * What a sign-in test runs against: the stand-in provider, Dovecot accepting XOAUTH2 for
 * `mailUsers` (checking tokens with the provider), the SMTP catcher accepting only XOAUTH2,
 * and an app where only `configured` is set up, at the stand-in.
 */
export async function startOauthMailStage(
  configured: MailOauthProvider,
  mailUsers: string[],
): Promise<OauthMailStage> {
  const provider = await startMailOauthStandin();
  const dovecot = await startDovecot(
    mailUsers.map((user, i) => ({ user, password: `unused-password-${i}` })),
    { oauth2IntrospectionUrl: `${provider.url}/introspect` },
  );
  const smtp = await startSmtpCapture({ xoauth2: (user, token) => provider.accepts(token, user) });
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  const t = await startMailTestApp({
    mailOauth: { ...defaults.mailOauth, [configured]: provider.settings(dovecot, smtp.port) },
  });
  return {
    t,
    provider,
    dovecot,
    smtp,
    async close() {
      await t.ctx.jobs.drain(30_000).catch(() => undefined);
      await t.close();
      await smtp.close();
      await dovecot.close();
      await provider.close();
    },
  };
}
