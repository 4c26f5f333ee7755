import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, logout, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** Waits for a toast (or other status message) with this text. */
async function status(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The current person's companies as the API lists them (same token as the open app). */
async function myCompanyNames(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}').token);
  const response = await fetch(`${e2e.stack.baseUrl}/api/me/companies`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { items: { name: string }[] } };
  return body.data.items.map((item) => item.name);
}

describe('admin area', () => {
  it('a superuser creates a company, enables CRM and invites a person, who activates from the mail and sees only that company', async () => {
    const company = 'Lumen Studio d.o.o.';
    const invitee = 'nina.novak@example.com';
    const admin = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(admin, USERS.superuser);
    await admin.goto('/#/admin/companies');
    await admin.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();

    // Create: the form checks the contract's rules before anything is sent.
    await admin.getByRole('button', { name: 'New company' }).click();
    const create = admin.getByRole('dialog', { name: 'New company' });
    await create.getByRole('button', { name: 'Create company' }).click();
    await create.getByText('This field is required.').waitFor();
    await create.getByLabel('Name', { exact: true }).fill(company);
    await create.getByLabel('OIB / VAT ID').fill('12345678901');
    await create.getByRole('button', { name: 'Create company' }).click();
    await create.getByText('This OIB is not valid.').waitFor();
    await create.getByLabel('OIB / VAT ID').fill('');
    await create.getByRole('button', { name: 'Create company' }).click();
    await admin.waitForURL(/#\/admin\/companies\/\d+$/);
    await admin.getByRole('heading', { level: 1, name: company }).waitFor();

    // Enable CRM next to the dashboard the company started with.
    const modules = admin.getByRole('group', { name: 'Enabled modules' });
    expect(await modules.getByRole('checkbox', { name: 'Dashboard' }).isChecked()).toBe(true);
    await modules.getByRole('checkbox', { name: 'CRM', exact: true }).check();
    await admin.getByRole('button', { name: 'Save modules' }).click();
    await status(admin, 'The modules have been saved.');

    // Invite a new person as a member; the server mails the activation link, and activating joins.
    const before = e2e.stack.mailCount(invitee);
    await admin.getByRole('button', { name: 'Add a person' }).click();
    const add = admin.getByRole('dialog', { name: `Add a person to ${company}` });
    await add.getByLabel('Email').fill(invitee);
    await add.getByLabel('Full name (for a new account)').fill('Nina Novak');
    await add.getByLabel('Role').selectOption('member');
    await add.getByRole('button', { name: 'Send invitation' }).click();
    await status(admin, `Invitation sent to ${invitee}.`);
    // Not a member until she answers: the invitation waits under the team.
    const pending = admin.getByRole('region', { name: 'Pending invitations' });
    await pending.getByRole('row', { name: new RegExp(invitee) }).waitFor();
    await admin.context().close();

    const mail = await e2e.stack.readMail(invitee, { since: before });
    const token = /#\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();

    const person = await newPage(e2e.browser, e2e.stack.baseUrl);
    await person.goto(`/#/activate/${token}`);
    await person.getByRole('heading', { name: 'Activate your account' }).waitFor();
    const password = 'lumen studio passphrase 2026';
    await person.getByLabel('Full name').fill('Nina Novak');
    await person.getByLabel('New password', { exact: true }).fill(password);
    await person.getByLabel('Repeat the new password').fill(password);
    await person.getByRole('button', { name: 'Activate and sign in' }).click();
    await person.waitForURL((url) => !url.hash.startsWith('#/activate'));
    await logout(person);

    // A fresh sign-in with the chosen password: exactly the one company is open to her.
    await loginAs(person, invitee, password);
    await person.getByRole('heading', { level: 1, name: 'Change company' }).waitFor();
    const choices = person.getByRole('main').getByRole('listitem');
    await choices.first().waitFor();
    expect(await choices.allTextContents()).toEqual([expect.stringContaining(company)]);
    expect(await myCompanyNames(person)).toEqual([company]);
    await chooseCompany(person, company);
    await person.waitForURL(/#\/company\/dashboard$/);
    const menu = person.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('CRM', { exact: true }).waitFor();
    // No admin entries for a member.
    expect(await menu.getByRole('link', { name: 'Companies' }).count()).toBe(0);
    await person.context().close();
  });

  it('an owner invites an existing person, who accepts in the company chooser and enters; then the owner changes their role, the only owner is offered no demotion', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    // Team has its own menu entry for owners and admins.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(/#\/company\/team$/);
    const team = page.getByRole('region', { name: 'Team of Acme d.o.o.' });
    await team.getByRole('row', { name: /Ana Horvat/ }).waitFor();

    // Adding by email sends an invitation; Marko is not on the team until he accepts.
    await team.getByRole('button', { name: 'Add a person' }).click();
    const add = page.getByRole('dialog', { name: 'Add a person to Acme d.o.o.' });
    await add.getByLabel('Email').fill(USERS.marko);
    await add.getByRole('button', { name: 'Send invitation' }).click();
    await status(page, `Invitation sent to ${USERS.marko}.`);
    await team
      .getByRole('region', { name: 'Pending invitations' })
      .getByRole('row', { name: /marko@/ })
      .waitFor();
    expect(await team.getByRole('row', { name: /Marko Kovač/ }).count()).toBe(0);

    // Marko sees the invitation in his company chooser, accepts, and enters Acme.
    const marko = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(marko, USERS.marko);
    // The chooser's old address still leads there.
    await marko.goto('/#/admin/dashboard');
    await marko.waitForURL(/#\/companies$/);
    const invitations = marko.getByRole('region', { name: 'Invitations' });
    await invitations.getByText('Acme d.o.o.').waitFor();
    await invitations.getByRole('button', { name: 'Accept the invitation to Acme d.o.o.' }).click();
    await status(marko, 'You are now a member of Acme d.o.o..');
    await chooseCompany(marko, 'Acme d.o.o.');
    await marko.waitForURL(/#\/company\/dashboard$/);
    await marko.context().close();

    await page.reload();
    const teamNow = page.getByRole('region', { name: 'Team of Acme d.o.o.' });
    const markoRole = teamNow.getByRole('combobox', { name: 'Role of Marko Kovač' });
    expect(await markoRole.inputValue()).toBe('member');
    expect(await teamNow.getByRole('region', { name: 'Pending invitations' }).count()).toBe(0);
    await markoRole.selectOption('admin');
    await status(page, 'Marko Kovač is now: Administrator.');

    // The only owner is offered no way to step down or leave, and is told why.
    const ana = teamNow.getByRole('row', { name: /Ana Horvat/ });
    await ana.getByText('The only owner: make another member owner first.').waitFor();
    expect(await ana.getByRole('combobox').count()).toBe(0);
    expect(await ana.getByRole('button', { name: 'Remove Ana Horvat' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('region', { name: 'Team of Acme d.o.o.' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role of Marko Kovač' }).inputValue()).toBe('admin');
    await page.context().close();
  });

  it('turning a module off removes its menu entry for a member', async () => {
    const member = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(member, USERS.marko);
    await chooseCompany(member, 'Bistro Mare');
    await member.waitForURL(/#\/company\/crm$/);
    const menu = member.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('CRM', { exact: true }).waitFor();

    const admin = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(admin, USERS.superuser);
    await admin.goto('/#/admin/companies');
    await admin.getByLabel('Search by name, legal name or OIB').fill('Bistro');
    await admin.getByRole('link', { name: 'Bistro Mare' }).click();
    const modules = admin.getByRole('group', { name: 'Enabled modules' });
    await modules.getByRole('checkbox', { name: 'CRM', exact: true }).uncheck();
    await modules.getByRole('checkbox', { name: 'Social' }).check();
    await admin.getByRole('button', { name: 'Save modules' }).click();
    await status(admin, 'The modules have been saved.');
    await admin.context().close();

    await member.reload();
    await member.getByRole('heading', { level: 1, name: 'Module not enabled' }).waitFor();
    await menu.getByText('Social', { exact: true }).waitFor();
    expect(await menu.getByText('CRM', { exact: true }).count()).toBe(0);
    await member.context().close();
  });

  it('people: invite with a membership, re-send the invitation, disable after confirming; the audit log shows it', async () => {
    const email = 'petra.peric@example.com';
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.superuser);
    await page.goto('/#/admin/users');
    await page.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Full name').fill('Petra Perić');
    await dialog.getByLabel('Find a company…').fill('Bistro');
    await dialog.getByRole('combobox', { name: 'Add to company' }).selectOption({ label: 'Bistro Mare' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Role in Bistro Mare' }).selectOption('admin');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Petra Perić' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role in Bistro Mare' }).inputValue()).toBe('admin');
    await e2e.stack.readMail(email);

    await page.getByRole('button', { name: 'Send the invitation again' }).click();
    await status(page, `A new invitation has been sent to ${email}.`);
    await e2e.stack.readMail(email, { since: 1 });

    // Disabling asks first; Escape keeps everything as it was.
    await page.getByRole('button', { name: 'Disable account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable Petra Perić?' });
    expect(
      await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Disable account' }).click();
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await status(page, 'The account has been disabled.');
    await page.getByRole('button', { name: 'Enable account' }).waitFor();

    await page.goto('/#/admin/audit');
    await page.getByLabel('Record type').selectOption('user');
    const entries = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
    await entries.first().getByText('Account disabled').waitFor();
    expect(await entries.nth(1).getByText('Invitation sent again').count()).toBe(1);
    await page.context().close();
  });
});
