import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import {
  chooseCompany,
  DEMO_PASSWORD,
  loginAs,
  logout,
  newPage,
  seriousViolations,
  signIn,
  USERS,
} from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

async function axeClean(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/**
 * What the authenticator app shows `offset` steps from now. Near the end of a
 * step it waits for the next one, so the server sees the step the code was made for.
 */
async function appCode(secret: string, offset = 0): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 28_000) await new Promise((r) => setTimeout(r, 30_000 - intoStep + 50));
  return new TOTP({ secret }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Both sign-in steps through the API, as another device would; answers its session token. */
async function signInElsewhere(email: string, recoveryCode: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${e2e.stack.baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
      },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: { token: string } }).data;
  };
  const challenge = await post('/login', { email, password: DEMO_PASSWORD });
  return (await post('/login/two-factor', { token: challenge.token, recovery_code: recoveryCode })).token;
}

describe('two-factor sign-in', () => {
  it('a member of a company that requires it enrols, then signs in with a code and with a recovery code', async () => {
    // Bistro Mare starts requiring two-factor sign-in (a superuser may set it, like an owner).
    const admin = await apiAs(e2e.stack, USERS.superuser);
    const companies = await admin.call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/admin/companies?q=Bistro',
    );
    const bistro = companies.items.find((c) => c.name.startsWith('Bistro'));
    await admin.call('PUT', `/companies/${bistro?.id}/security`, { require_two_factor: true });

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      bypassCSP: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto('/#/login');
    await signIn(page, USERS.marko);
    // Entering the company is refused until he has two-factor: he is led to set it up.
    await chooseCompany(page, 'Bistro Mare');
    await page.waitForURL(/#\/company\/profile$/);
    await page.getByText('Bistro Mare requires two-factor sign-in.', { exact: false }).waitFor();
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await axeClean(page, 'profile, two-factor off');

    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await axeClean(page, 'two-factor enrolment');

    const codeField = section.getByLabel('Authentication code');
    await codeField.fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('The code is not correct or has already been used.').waitFor();
    await codeField.fill(await appCode(secret));
    await codeField.press('Enter');

    const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole('button', { name: 'Copy codes' }).click();
    await section.getByRole('button', { name: 'Codes copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(recoveryCodes[0]);
    await axeClean(page, 'recovery codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('Recovery codes left: 10').waitFor();

    // Now the company opens.
    await page.getByRole('link', { name: 'Continue to Bistro Mare' }).click();
    await page.waitForURL((url) => !url.hash.includes('/profile'));
    await page.getByRole('navigation').first().waitFor();

    // Signing in again asks for the second step; a wrong code is refused.
    await logout(page);
    await signIn(page, USERS.marko);
    await page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    await axeClean(page, 'login second step');
    // Back to the password step: the email stays, the password is asked for again.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(USERS.marko);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await signIn(page, USERS.marko);
    await page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    const loginCode = page.getByLabel('Authentication code');
    await loginCode.fill('123456');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('The code is not correct or has already been used.').waitFor();
    await loginCode.fill(await appCode(secret, 1));
    await loginCode.press('Enter');
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));

    // A recovery code works once, and the profile counts what is left.
    await logout(page);
    await signIn(page, USERS.marko);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    // A code of the wrong shape is told at the field, not as a bare "some fields need attention".
    await page.getByLabel('Recovery code').fill('12-34');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('The code is not correct or has already been used.').waitFor();
    expect(await page.getByLabel('Recovery code').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Some fields need your attention.').count()).toBe(0);
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));

    // Another device signs in (with a second recovery code): the profile lists it, and it can be signed out.
    const otherDevice = await signInElsewhere(USERS.marko, recoveryCodes[1] ?? '');
    await page.goto('/#/company/profile');
    await page.getByText('Recovery codes left: 8').waitFor();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByText('This device').waitFor();
    await sessions.getByRole('listitem').nth(1).waitFor();
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await sessions.getByText('Other sessions signed out: 1').waitFor();
    const refused = await fetch(`${e2e.stack.baseUrl}/api/me`, {
      headers: { Authorization: `Bearer ${otherDevice}` },
    });
    expect(refused.status).toBe(401);
    await axeClean(page, 'profile, two-factor on, sessions');

    // Turning it off needs the password and a code (here a recovery code).
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await twoFactor.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await twoFactor.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await twoFactor.getByLabel('Recovery code').fill(recoveryCodes[2] ?? '');
    await twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await twoFactor.getByText('Two-factor sign-in is off.').waitFor();
    await page.context().close();
  });

  it('an owner finds the requirement in the company settings, and must have two-factor before requiring it', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme');
    await page.goto('/#/company/settings');
    const section = page.getByRole('region', { name: /^Sign-in rules for Acme/ });
    const required = section.getByRole('switch', { name: 'Require two-factor sign-in for all members' });
    expect(await required.isChecked()).toBe(false);
    await required.focus();
    await page.keyboard.press('Space');
    await section
      .getByText('Two-factor sign-in is required here. Turn it on in your profile first.')
      .waitFor();
    expect(await required.isChecked()).toBe(false);
    await axeClean(page, 'settings, company sign-in rules');
    await page.context().close();
  });

  it('a superuser signs a person out on every device, after confirming', async () => {
    const ana = await apiAs(e2e.stack, USERS.ana);
    const admin = await apiAs(e2e.stack, USERS.superuser);
    const people = await admin.call<{ items: { id: number; email: string }[] }>('GET', '/admin/users?q=ana');
    const anaId = people.items.find((p) => p.email === USERS.ana)?.id;

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.superuser);
    await page.goto(`/#/admin/users/${anaId}`);
    await page
      .getByRole('region', { name: 'Sessions' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere' });
    await axeClean(page, 'admin, sign a person out everywhere');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText(/Sessions ended: \d+/).waitFor();
    const refused = await fetch(`${e2e.stack.baseUrl}/api/me`, {
      headers: { Authorization: `Bearer ${ana.token}` },
    });
    expect(refused.status).toBe(401);
    await page.context().close();
  });
});
