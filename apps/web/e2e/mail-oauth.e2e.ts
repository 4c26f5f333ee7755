import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../server/src/test-support/dovecot.ts';
import {
  MAIL_CLIENT,
  type MailOauthStandin,
  startMailOauthStandin,
} from '../../server/src/test-support/mail-oauth-standin.ts';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** Signing a Gmail mailbox in (decision 078), with the provider a stand-in on loopback and Dovecot checking XOAUTH2. */

const MAIL = 'ana@gmail.test';
let provider: MailOauthStandin;
let dovecot: Dovecot;

// Registered before the suite's own hook, so the server it starts inherits the provider's settings.
beforeAll(async () => {
  provider = await startMailOauthStandin();
  dovecot = await startDovecot([{ user: MAIL, password: 'unused-story-1' }], {
    oauth2IntrospectionUrl: `${provider.url}/introspect`,
  });
  await dovecot.append(
    MAIL,
    'INBOX',
    [
      'From: Petra Kos <petra@client.test>',
      `To: ${MAIL}`,
      'Subject: Spring order',
      `Date: ${new Date(Date.now() - 86_400_000).toUTCString()}`,
      'Message-ID: <story-oauth-1@client.test>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Ten boxes, please.',
      '',
    ].join('\r\n'),
  );
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // The IDLE watch takes the new mailbox up within a second, not 30: the withdrawn grant
    // shows at the run its new mail starts, as in production, without the story waiting a scan.
    MAIL_IDLE_SCAN_SECONDS: '1',
    MAIL_OAUTH_GOOGLE_CLIENT_ID: MAIL_CLIENT.id,
    MAIL_OAUTH_GOOGLE_CLIENT_SECRET: MAIL_CLIENT.secret,
    MAIL_OAUTH_GOOGLE_AUTH_URL: `${provider.url}/authorize`,
    MAIL_OAUTH_GOOGLE_TOKEN_URL: `${provider.url}/token`,
    MAIL_OAUTH_GOOGLE_IMAP: `imap://${dovecot.host}:${dovecot.port}?security=none`,
    MAIL_OAUTH_GOOGLE_SMTP: 'smtp://127.0.0.1:2525?security=none',
  });
  provider.signIn(MAIL);
  // Tokens live half a minute: every use refreshes first, so a withdrawn grant shows at the next run.
  provider.controls.expiresIn = 30;
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await dovecot?.close();
  await provider?.close();
});

describe('mailbox sign-in with Google', () => {
  it('offers Google only, signs in, and the mailbox syncs its customer mail', async () => {
    // A retry finds the first try's messages still in the inbox: each is kept again here.
    const inInbox = (await dovecot.messages(MAIL, 'INBOX')).length;
    const company = await createCrmCompany(e2e.stack, `OAuth story ${Date.now()}`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    await ana.call('POST', `/companies/${company.id}/customers`, {
      type: 'person',
      first_name: 'Petra',
      last_name: 'Kos',
      email: 'petra@client.test',
    });
    // axe is injected as a script: the app's CSP is bypassed for it, as in the other mail stories.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);

    await page.goto('/#/company/settings');
    const section = page.getByRole('region', { name: 'Mailboxes' });
    await section.getByRole('button', { name: 'Sign in with Google' }).click();
    // Microsoft has no client in this deployment: no button for it.
    expect(await section.getByRole('button', { name: 'Sign in with Microsoft' }).count()).toBe(0);
    const dialog = page.getByRole('dialog', { name: 'Connect a Gmail mailbox' });
    await dialog.getByRole('radio', { name: 'Everyone in the company' }).check();
    // No server, address or password to give: the provider says them.
    expect(await dialog.getByLabel('Password or app password').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SCREENSHOT_DIR)
      await dialog.screenshot({ path: `${process.env.SCREENSHOT_DIR}/mail-oauth-dialog.png` });
    await dialog.getByRole('button', { name: 'Continue to sign-in' }).click();

    // The provider's page consents at once and sends the browser back to Settings of the company.
    await section
      .getByText('The mailbox is connected. Its first sync has started.')
      .waitFor({ timeout: 30_000 });
    const item = section.getByRole('listitem').filter({ hasText: MAIL });
    await item.getByText('Up to date').waitFor({ timeout: 60_000 });
    await item.getByText(`Messages kept: ${inInbox}`).waitFor();
    expect(await item.getByRole('combobox').inputValue()).toBe('shared');
    expect(provider.calls.introspections).toBeGreaterThan(0);

    for (const theme of ['Light', 'Dark'] as const) {
      await pickTheme(page, theme);
      const dir = process.env.SCREENSHOT_DIR;
      if (dir) await section.screenshot({ path: `${dir}/mail-oauth-${theme.toLowerCase()}.png` });
      expect(await seriousViolations(page), theme).toEqual([]);
    }

    // Ana withdraws the app's access at Google; the next run (new mail, told by IDLE or the
    // poll) finds the grant refused, and the mailbox offers to sign in again.
    provider.revoke(MAIL);
    await dovecot.append(
      MAIL,
      'INBOX',
      `From: Petra Kos <petra@client.test>\r\nTo: ${MAIL}\r\nSubject: One more\r\nMessage-ID: <story-oauth-2@client.test>\r\n\r\nAnd two more boxes.\r\n`,
    );
    const again = item.getByRole('button', { name: 'Sign in with Google again' });
    await expect
      .poll(
        async () => {
          await page.reload();
          // The list arrives after the page: count the button once the mailbox is shown.
          await item.getByRole('heading', { name: MAIL }).waitFor();
          return again.count();
        },
        { timeout: 120_000, interval: 3_000 },
      )
      .toBe(1);
    await item.getByText('The sign-in to this mailbox is no longer accepted', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await again.click();
    await item.getByText('Up to date').waitFor({ timeout: 60_000 });
    await item.getByText(`Messages kept: ${inInbox + 1}`).waitFor({ timeout: 30_000 });
    // The same mailbox came back: no second one beside it.
    expect(await section.getByRole('heading', { name: MAIL }).count()).toBe(1);
    await page.context().close();
  });
});
