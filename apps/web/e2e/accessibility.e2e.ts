import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** Set SCREENSHOT_DIR to keep a picture of each checked screen (for reviewing the looks). */
async function check(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function choose(page: Page, group: string, option: string): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Layout settings' })
    .getByRole('group', { name: group })
    .getByRole('radio', { name: option })
    .check();
}

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it('account screens', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await check(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    await check(page, 'login-errors');
    await page.goto('/#/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await check(page, 'forgot-password');
    await page.goto('/#/reset-password/not-a-real-token-but-long-enough');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await check(page, 'reset-password');
    await page.context().close();
  });

  it('company chooser and the vertical layout in light theme', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await page.getByRole('button', { name: /^Acme/ }).waitFor();
    await check(page, 'company-chooser');
    await chooseCompany(page, 'Acme d.o.o.');
    await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'CRM' }).click();
    await check(page, 'vertical-light');
    await page.getByRole('button', { name: /Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await check(page, 'user-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Layout settings' }).click();
    await page.getByRole('dialog', { name: 'Layout settings' }).waitFor();
    await check(page, 'settings-panel');
    await page.context().close();
  });

  it('the horizontal layout in dark theme, and the other sidebar styles', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
    await page.getByRole('button', { name: 'Layout settings' }).click();
    for (const sidebar of ['Light', 'Compact', 'Icons only', 'Coloured']) {
      await choose(page, 'Sidebar', sidebar);
      await page.getByRole('button', { name: 'Close' }).click();
      await check(page, `vertical-sidebar-${sidebar.toLowerCase().replace(' ', '-')}`);
      await page.getByRole('button', { name: 'Layout settings' }).click();
    }
    await choose(page, 'Theme', 'Dark');
    await page.getByRole('button', { name: 'Close' }).click();
    await check(page, 'vertical-dark');
    await page.getByRole('button', { name: 'Layout settings' }).click();
    await choose(page, 'Layout', 'Horizontal');
    await choose(page, 'Top bar', 'Coloured');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'CRM' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'CRM dashboard' })
      .waitFor();
    await check(page, 'horizontal-dark');
    await page.goto('/#/company/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await check(page, 'settings-page-dark');
    await page.goto('/#/company/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await check(page, 'profile-dark');
    await page.context().close();
  });

  it('the off-canvas menu on a phone', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      bypassCSP: true,
      reducedMotion: 'reduce',
      viewport: { width: 375, height: 740 },
    });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
    await check(page, 'phone-dashboard');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).waitFor();
    await check(page, 'phone-menu');
    await page.context().close();
  });

  it('invitations: the team’s pending list, the chooser’s invitation, the mail link signed out and in', async () => {
    const owner = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(owner, USERS.ana);
    const since = e2e.stack.mailCount(USERS.marko);
    await owner.evaluate(async (email) => {
      const { token } = JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}');
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const companies = await (await fetch('/api/me/companies', { headers })).json();
      const acme = companies.data.items.find((c: { name: string }) => c.name === 'Acme d.o.o.');
      await fetch(`/api/companies/${acme.id}/invitations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, role: 'member' }),
      });
    }, USERS.marko);
    await chooseCompany(owner, 'Acme d.o.o.');
    await owner.goto('/#/company/team');
    await owner.getByRole('region', { name: 'Pending invitations' }).waitFor();
    await check(owner, 'team-pending-invitations');
    await owner.context().close();

    const token = /#\/invitation\/([A-Za-z0-9_-]+)/.exec(
      (await e2e.stack.readMail(USERS.marko, { since })).text,
    )?.[1];
    expect(token).toBeDefined();
    const guest = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await guest.goto(`/#/invitation/${token}`);
    await guest.getByRole('link', { name: 'Sign in' }).waitFor();
    await check(guest, 'invitation-link-signed-out');
    await guest.context().close();

    const invited = await newPage(e2e.browser, e2e.stack.baseUrl, {
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    await loginAs(invited, USERS.marko);
    await invited.goto('/#/companies');
    await invited.getByRole('region', { name: 'Invitations' }).waitFor();
    await check(invited, 'chooser-invitations');
    await invited.goto(`/#/invitation/${token}?answer=decline`);
    const decline = invited.getByRole('button', { name: 'Decline' });
    await decline.waitFor();
    await check(invited, 'invitation-link');
    // The mail's decline link puts the focus on Decline: Enter answers.
    await expect.poll(() => decline.evaluate((button) => button === document.activeElement)).toBe(true);
    await invited.keyboard.press('Enter');
    await invited.waitForURL(/#\/companies$/);
    // The chooser may first show its cached list; the answered invitation leaves once it refetches.
    await expect.poll(() => invited.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    await invited.context().close();
  });

  it('navigation screens: admin overview, invite confirmation, team, in light and dark', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.superuser);
    for (const theme of ['Light', 'Dark']) {
      await page.getByRole('button', { name: 'Layout settings' }).click();
      await choose(page, 'Theme', theme);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.goto('/#/admin/overview');
      await page.getByRole('heading', { name: 'Recent changes' }).waitFor();
      await expect.poll(() => page.locator('.display-6').count()).toBe(4);
      await check(page, `admin-overview-${theme.toLowerCase()}`);
      await page.goto('/#/admin/users');
      await page.getByRole('button', { name: 'Invite a person' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a person' });
      await dialog.getByLabel('Email').fill('nobody.yet@example.com');
      await dialog.getByLabel('Full name').fill('Nobody Yet');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByRole('alertdialog', { name: 'Invite without a company?' }).waitFor();
      await check(page, `invite-no-company-${theme.toLowerCase()}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await chooseCompany(page, 'Acme d.o.o.');
      await page.goto('/#/company/team');
      await page.getByRole('region', { name: 'Team of Acme d.o.o.' }).getByRole('table').waitFor();
      await check(page, `team-${theme.toLowerCase()}`);
    }
    await page.context().close();
  });

  it('the customer list with its count, bulk bar, columns and save-view dialogs, light and dark', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    for (const theme of ['Light', 'Dark']) {
      await page.getByRole('button', { name: 'Layout settings' }).click();
      await choose(page, 'Theme', theme);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.goto('/#/company/customer/list');
      await page.getByText(/^Matching customers:/).waitFor();
      await page.getByRole('checkbox', { name: 'Select all customers shown' }).check();
      await page.getByRole('region', { name: 'Bulk actions' }).waitFor();
      await check(page, `customer-list-selected-${theme.toLowerCase()}`);
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('dialog', { name: 'Columns of the list' }).waitFor();
      await check(page, `customer-columns-${theme.toLowerCase()}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save view' }).click();
      await page.getByRole('dialog', { name: 'Save this view' }).waitFor();
      await check(page, `customer-save-view-${theme.toLowerCase()}`);
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
