import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dovecot } from '../../test-support/dovecot.ts';
import type { MailOauthStandin } from '../../test-support/mail-oauth-standin.ts';
import type { SmtpCapture } from '../../test-support/smtp-capture.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { mailOauthBrowser, type OauthMailStage, startOauthMailStage } from './mail-oauth-test-kit.ts';
import { mailCalls } from './mail-test-kit.ts';

/**
 * Connecting a mailbox by signing in with a provider (decision 078): the whole OAuth flow
 * through a stand-in provider, then IMAP (real Dovecot, its oauth2 passdb asking the
 * stand-in) and SMTP (the test catcher) logging in with XOAUTH2.
 */

const ANA_GMAIL = 'ana@gmail.test';
const EVA_GMAIL = 'eva@gmail.test';
const PETRA = 'petra@client.test';
/** Tests that log in to the mail server several times; slow on a busy machine. */
const SLOW = 90_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let smtp: SmtpCapture;
let provider: MailOauthStandin;
let stage: OauthMailStage;
let petra: number;

const { url, ok, syncNow, mailboxRow } = mailCalls(() => t);
const mailboxes = (token: string, company: number) =>
  ok<{ items: Mailbox[] }>(token, 'GET', url(company, '/mailboxes')).then((d) => d.items);
const anaMailbox = async () => {
  const found = (await mailboxes(c.ana.token, c.acme)).find((m) => m.email === ANA_GMAIL);
  if (!found) throw new Error('no Google mailbox');
  return found;
};
const setExpiry = (id: number, at: string) =>
  t.ctx.db
    .updateTable('mailboxes')
    .set({ oauth_expires_at: at })
    .where('company_id', '=', c.acme)
    .where('id', '=', id)
    .execute();

const { start, consent, callback, signIn } = mailOauthBrowser(
  () => t,
  () => provider,
);

beforeAll(async () => {
  // Google at the stand-in; Microsoft left unconfigured, as a deployment without its client.
  stage = await startOauthMailStage('google', [ANA_GMAIL, EVA_GMAIL]);
  ({ t, provider, dovecot, smtp } = stage);
  c = await twoCompanies(t, [0, 1, 2]);
  petra = (
    await ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/customers'), {
      type: 'person',
      first_name: 'Petra',
      email: PETRA,
    })
  ).id;
  await dovecot.append(
    ANA_GMAIL,
    'INBOX',
    [
      `From: Petra <${PETRA}>`,
      `To: ${ANA_GMAIL}`,
      'Subject: Order by OAuth',
      `Date: ${new Date(Date.now() - 86_400_000).toUTCString()}`,
      'Message-ID: <oauth-order-1@client.test>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Two pallets, please.',
      '',
    ].join('\r\n'),
  );
}, 60_000);

afterAll(() => stage?.close());

describe('mailbox sign-in with a provider', () => {
  it('offers only the providers the deployment configured', async () => {
    expect(await ok(c.ana.token, 'GET', url(c.acme, '/mailboxes/oauth/providers'))).toEqual({
      items: ['google'],
    });
    const microsoft = await start(c.ana.token, c.acme, { provider: 'microsoft' });
    expect(microsoft.res.statusCode).toBe(400);
    expect(microsoft.res.json().details).toEqual({ provider: ['not_configured'] });
    const bad = await start(c.ana.token, c.acme, { provider: 'yahoo', sync_days: 0 });
    expect(bad.res.statusCode).toBe(400);
    expect(Object.keys(bad.res.json().details).sort()).toEqual(['provider', 'sync_days']);
  });

  it('someone outside the company cannot start a sign-in in it', async () => {
    const providers = await t.call(c.eva.token, {
      method: 'GET',
      url: url(c.acme, '/mailboxes/oauth/providers'),
    });
    expect(providers.statusCode).toBe(403);
    const started = await start(c.eva.token, c.acme);
    expect(started.res.statusCode).toBe(403);
    expect(started.res.headers['set-cookie']).toBeUndefined();
  });

  it(
    'connects by signing in, then syncs a customer message from Dovecot through XOAUTH2',
    async () => {
      const introspectionsBefore = provider.calls.introspections;
      const landed = await signIn(c.ana.token, c.acme, ANA_GMAIL, {
        provider: 'google',
        visibility: 'shared',
        sync_days: 30,
      });
      expect(landed).toBe(
        `${t.ctx.config.appUrl}/#/company/settings?mailbox_connected=google&company=${c.acme}`,
      );
      // The provider was asked for mail access, the address and a refresh token, with PKCE.
      expect(provider.controls.scopes.at(-1)).toBe('openid email https://mail.google.com/');
      const box = await anaMailbox();
      expect(box).toMatchObject({ auth: 'google', visibility: 'shared', sync_days: 30, can_send: true });
      expect(JSON.stringify(box)).not.toMatch(/ya29\.|1\/\//);
      const row = await mailboxRow(c.acme, box.id);
      // Tokens are sealed at rest, never kept in the clear.
      expect(row.secrets).not.toMatch(/ya29\.|1\/\//);
      expect(row.imap_username).toBe(ANA_GMAIL);

      await t.ctx.jobs.drain(30_000);
      expect((await anaMailbox()).status).toBe('ok');
      // Dovecot asked the provider about the bearer token: the login was XOAUTH2, not a password.
      expect(provider.calls.introspections).toBeGreaterThan(introspectionsBefore);
      const threads = await ok<{ items: EmailThread[] }>(
        c.ana.token,
        'GET',
        url(c.acme, `/customers/${petra}/emails`),
      );
      expect(threads.items.map((th) => th.subject)).toEqual(['Order by OAuth']);
      // Marko (same company) reads it: the visibility chosen before signing in applies.
      const asMarko = await ok<{ items: EmailThread[] }>(
        c.marko.token,
        'GET',
        url(c.acme, `/customers/${petra}/emails`),
      );
      expect(asMarko.items).toHaveLength(1);
      // Server settings of a signed-in mailbox are the provider's: no password to change.
      const patch = await t.call(c.ana.token, {
        method: 'PATCH',
        url: url(c.acme, `/mailboxes/${box.id}`),
        payload: {
          imap: { host: 'imap.example.com', port: 993, security: 'tls', username: 'x', password: 'y' },
        },
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().details).toEqual({ imap: ['oauth_mailbox'] });
    },
    SLOW,
  );

  it(
    'sends through SMTP with XOAUTH2',
    async () => {
      const box = await anaMailbox();
      const loginsBefore = smtp.logins.length;
      const { items } = await ok<{ items: OutgoingEmail[] }>(c.ana.token, 'POST', url(c.acme, '/emails'), {
        mailbox_id: box.id,
        to: [PETRA],
        subject: 'Pallets confirmed',
        text: 'They leave on Monday.',
        send_at: new Date().toISOString(),
      });
      await t.ctx.jobs.drain(30_000);
      expect(smtp.logins.slice(loginsBefore)).toEqual([ANA_GMAIL]);
      const sent = smtp.mails.filter((m) => m.to.includes(PETRA));
      const parsed = await simpleParser(sent.at(-1)?.raw ?? '');
      expect(parsed.subject).toBe('Pallets confirmed');
      expect(parsed.from?.value[0]?.address).toBe(ANA_GMAIL);
      const outbox = await t.ctx.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('company_id', '=', c.acme)
        .where('id', '=', items[0]?.id ?? 0)
        .executeTakeFirstOrThrow();
      expect(outbox).toMatchObject({ status: 'sent', last_error: null });
      // Gmail files SMTP mail in Sent itself: no second copy is appended.
      expect(await dovecot.messages(ANA_GMAIL, 'Sent')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'refreshes an access token about to end before the sync uses it',
    async () => {
      const box = await anaMailbox();
      const before = await mailboxRow(c.acme, box.id);
      const refreshes = provider.calls.refreshes;
      await setExpiry(box.id, new Date(Date.now() + 30_000).toISOString());
      await syncNow(c.acme, box.id);
      expect(provider.calls.refreshes).toBe(refreshes + 1);
      const after = await mailboxRow(c.acme, box.id);
      expect(after.status).toBe('ok');
      expect(after.secrets).not.toBe(before.secrets);
      expect(Date.parse(after.oauth_expires_at ?? '')).toBeGreaterThan(Date.now() + 3_000_000);
      // A token far from its end is used as it is.
      await syncNow(c.acme, box.id);
      expect(provider.calls.refreshes).toBe(refreshes + 1);
    },
    SLOW,
  );

  it(
    'a revoked grant marks the mailbox failing with oauth_revoked; signing in again reconnects it',
    async () => {
      const box = await anaMailbox();
      provider.revoke(ANA_GMAIL);
      await setExpiry(box.id, new Date(Date.now() - 1000).toISOString());
      await syncNow(c.acme, box.id);
      expect(await anaMailbox()).toMatchObject({ status: 'failing', last_error: 'oauth_revoked' });
      // A send fails at once with the same reason, rather than retrying a grant that is gone.
      const { items } = await ok<{ items: OutgoingEmail[] }>(c.ana.token, 'POST', url(c.acme, '/emails'), {
        mailbox_id: box.id,
        to: [PETRA],
        subject: 'Not going',
        text: '-',
        send_at: new Date().toISOString(),
      });
      await t.ctx.jobs.drain(30_000);
      const failed = await t.ctx.db
        .selectFrom('email_outbox')
        .select(['status', 'last_error'])
        .where('company_id', '=', c.acme)
        .where('id', '=', items[0]?.id ?? 0)
        .executeTakeFirstOrThrow();
      expect(failed).toEqual({ status: 'failed', last_error: 'oauth_revoked' });

      const landed = await signIn(c.ana.token, c.acme, ANA_GMAIL);
      expect(landed).toContain('mailbox_connected=google');
      const again = await mailboxes(c.ana.token, c.acme);
      expect(again.map((m) => m.id)).toEqual([box.id]);
      await t.ctx.jobs.drain(30_000);
      expect(await anaMailbox()).toMatchObject({ status: 'ok', last_error: null, failing_since: null });
    },
    SLOW,
  );

  it('refuses a tampered state, another browser and a reused state, and leaves the real one usable', async () => {
    provider.signIn(ANA_GMAIL);
    const { res, cookie } = await start(c.ana.token, c.acme);
    const back = await consent(res.json().data.authorize_url);
    const state = String(back.searchParams.get('state'));
    const app = t.ctx.config.appUrl;

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${state.slice(0, -2)}xx`);
    expect(await callback(tampered, cookie)).toBe(`${app}/#/company/settings?mailbox_error=other_browser`);
    // The right cookie's name with another browser's binder finds no state.
    const [name] = cookie.split('=');
    expect(await callback(back, `${name}=someone-elses-binder`)).toBe(
      `${app}/#/company/settings?mailbox_error=invalid_state`,
    );
    // Another browser (a link sent to someone who then consented) has no cookie at all.
    expect(await callback(back, '')).toBe(`${app}/#/company/settings?mailbox_error=other_browser`);
    // The state was named at Google: the Microsoft callback does not take it, and uses it up.
    const otherProvider = new URL(back);
    otherProvider.pathname = otherProvider.pathname.replace('/google/', '/microsoft/');
    const before = await mailboxes(c.ana.token, c.acme);
    expect(await callback(otherProvider, cookie)).toBe(
      `${app}/#/company/settings?mailbox_error=invalid_state`,
    );
    expect(await callback(back, cookie)).toBe(`${app}/#/company/settings?mailbox_error=invalid_state`);
    expect(await mailboxes(c.ana.token, c.acme)).toHaveLength(before.length);

    // None of the refusals above used up a fresh state of the real browser.
    const fresh = await start(c.ana.token, c.acme);
    const freshBack = await consent(fresh.res.json().data.authorize_url);
    expect(await callback(freshBack, '')).toContain('mailbox_error=other_browser');
    expect(await callback(freshBack, fresh.cookie)).toContain('mailbox_connected=google');
    // Signing in as the same address reconnected the mailbox rather than adding one.
    expect(await mailboxes(c.ana.token, c.acme)).toHaveLength(before.length);
  });

  it(
    'an account the mail server refuses is not kept: the XOAUTH2 login is tried first',
    async () => {
      const ids = async () => (await mailboxes(c.ana.token, c.acme)).map((m) => m.id);
      const before = await ids();
      // The provider signs in someone Dovecot has no mailbox for: it answers a temporary
      // failure ([UNAVAILABLE]), which is said as "could not be reached".
      const landed = await signIn(c.ana.token, c.acme, 'stranger@gmail.test');
      expect(landed).toBe(
        `${t.ctx.config.appUrl}/#/company/settings?mailbox_error=unreachable&company=${c.acme}`,
      );
      expect(await ids()).toEqual(before);
    },
    SLOW,
  );

  it('consent refused at the provider lands on Settings of the company with the reason', async () => {
    const { res, cookie } = await start(c.ana.token, c.acme);
    const back = await consent(res.json().data.authorize_url);
    back.searchParams.delete('code');
    back.searchParams.set('error', 'access_denied');
    expect(await callback(back, cookie)).toBe(
      `${t.ctx.config.appUrl}/#/company/settings?mailbox_error=denied&company=${c.acme}`,
    );
  });

  it(
    "each company's sign-in lands in its own company: Eva's Beta mailbox is not Acme's",
    async () => {
      const landed = await signIn(c.eva.token, c.beta, EVA_GMAIL);
      expect(landed).toContain(`mailbox_connected=google&company=${c.beta}`);
      const evas = await mailboxes(c.eva.token, c.beta);
      expect(evas.map((m) => m.email)).toEqual([EVA_GMAIL]);
      expect((await mailboxes(c.ana.token, c.acme)).map((m) => m.email)).toEqual([ANA_GMAIL]);
      // Each other's signed-in mailbox is a 404 through their own company.
      const ana = await anaMailbox();
      const calls: [string, number, number][] = [
        [c.ana.token, c.acme, evas[0]?.id ?? 0],
        [c.eva.token, c.beta, ana.id],
        [c.marko.token, c.acme, ana.id],
      ];
      for (const [token, company, id] of calls) {
        for (const method of ['PATCH', 'DELETE'] as const) {
          const res = await t.call(token, {
            method,
            url: url(company, `/mailboxes/${id}`),
            ...(method === 'PATCH' ? { payload: { sync_days: 5 } } : {}),
          });
          expect(res.statusCode, `${method} ${company}/${id}`).toBe(404);
        }
      }
      await t.ctx.jobs.drain(30_000);
    },
    SLOW,
  );
});
