import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, loginThroughScreen, newPage, signIn, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

describe('account screens', () => {
  it('a wrong password shows the message and keeps the person on the login screen', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await page.goto('/');
    await page.waitForURL(/#\/login$/);
    await signIn(page, USERS.ana, 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The email or password is not correct.');
    expect(page.url()).toMatch(/#\/login$/);
    await page.context().close();
  });

  it('an empty form shows field errors and focuses the first one', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    expect(await page.getByText('This field is required.').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('signing in leads through the company chooser to the company dashboard', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginThroughScreen(page, USERS.ana);
    await page.waitForURL(/#\/companies$/);
    await page.getByRole('heading', { level: 1, name: 'Change company' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('currentLeadUser') ?? 'null'));
    expect(stored).toMatchObject({ email: USERS.ana, full_name: 'Ana Horvat', isSuperuser: false });
    expect(typeof stored.token).toBe('string');

    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
    const company = await page.evaluate(() => JSON.parse(localStorage.getItem('currentCompany') ?? 'null'));
    expect(company).toMatchObject({ name: 'Acme d.o.o.' });
    expect(typeof company.id).toBe('number');
    // The logo leads to the current company's start page.
    await page.goto('/#/');
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.context().close();
  });

  it('a signed-out visit to a company screen leads to login, and back there after signing in', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await page.goto('/#/company/profile');
    await page.waitForURL(/#\/login$/);
    await signIn(page, USERS.marko);
    await page.waitForURL(/#\/company\/profile$/);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.context().close();
  });

  it('the reset flow goes from the mail to a new sign-in', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    const before = e2e.stack.mailCount(USERS.marko);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // Screens load on demand: the login form stays until the new one is in.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(USERS.marko);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`If an account exists for ${USERS.marko}`).waitFor();

    const mail = await e2e.stack.readMail(USERS.marko, { since: before });
    const link = mail.links.find((href) => href.includes('#/reset-password/'));
    expect(link, mail.text).toBeDefined();
    expect(link?.startsWith(e2e.stack.baseUrl)).toBe(true);

    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the new password').fill('short');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('The password must have at least 10 characters.').waitFor();

    const newPassword = 'a brand new passphrase 2026';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByText('Your password has been changed. Sign in with the new password.').waitFor();

    await signIn(page, USERS.marko, newPassword);
    await page.waitForURL(/#\/companies$/);

    // The link is single-use.
    await page.goto(link as string);
    await page.getByLabel('New password', { exact: true }).fill('another passphrase 2026');
    await page.getByLabel('Repeat the new password').fill('another passphrase 2026');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('This link is invalid, has expired or has already been used.').waitFor();
    await page.context().close();
  });

  it('a token revoked on the server sends the open app back to login with a message', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    // Let the dashboard's own calls finish first, so that the theme save below is the call that meets the 401.
    await page
      .getByRole('region', { name: 'CRM', exact: true })
      .getByRole('link', { name: /^Customers/ })
      .waitFor();

    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}').token,
    );
    const revoke = await fetch(`${e2e.stack.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(204);

    // The person keeps working: the next call the app makes (saving a theme) answers 401.
    await page.getByRole('button', { name: 'Layout settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Layout settings' });
    await panel.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
    await page.waitForURL(/#\/login$/);
    const notice = page.getByRole('status').filter({ hasText: 'session' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Your session has ended. Please sign in again.');
    expect(await page.evaluate(() => localStorage.getItem('currentLeadUser'))).toBeNull();
    await page.context().close();
  });

  it('logout revokes the token on the server and clears the e2e.browser storage', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}').token,
    );
    await page.getByRole('button', { name: /Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('currentLeadUser'))).toBeNull();
    const me = await fetch(`${e2e.stack.baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.context().close();
  });
});
