import { describe, expect, it } from 'vitest';
import { addMember, apiAs, createCrmCompany } from './fixtures/api.ts';
import {
  chooseCompany,
  loginAs,
  logout,
  newPage,
  USERS,
  violationsInBothThemes,
} from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** Addresses and domains never synced (docs/decisions/083-mail-exclusions.md), kept on Settings. */

const e2e = stackAndBrowserForFile();

describe('addresses and domains never synced', () => {
  it("a person lists an address of their own, told inline what is not one; a member only reads the company's list", async () => {
    const company = await createCrmCompany(e2e.stack, `Exclusions ${Date.now()} d.o.o.`);
    await addMember(e2e.stack, company.id, USERS.marko, 'member');
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto('/#/company/settings');

    // Her own list stands with her mailboxes, before any is connected: the first sync obeys it.
    const mailboxes = page.getByRole('region', { name: 'Mailboxes' });
    const own = mailboxes.getByRole('textbox', { name: 'Addresses and domains, one a line' });
    await own.fill('not-an-address\nLawyer@Client.test');
    await mailboxes.getByRole('button', { name: 'Save' }).click();
    await mailboxes.getByText('“not-an-address” is neither an email address nor a domain.').waitFor();
    expect(await own.getAttribute('aria-invalid')).toBe('true');
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    await own.fill('Lawyer@Client.test\n@lawfirm.test');
    await mailboxes.getByRole('button', { name: 'Save' }).click();
    await mailboxes.getByText('Saved. Mail already kept with the new entries is being removed.').waitFor();
    // Written as the server keeps them: lower case, without the @ of a domain, sorted.
    expect(await own.inputValue()).toBe('lawfirm.test\nlawyer@client.test');
    expect(await own.getAttribute('aria-invalid')).toBeNull();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    const ana = await apiAs(e2e.stack, USERS.ana);
    expect(await ana.call('GET', `/companies/${company.id}/mailboxes/exclusions`)).toEqual({
      items: ['lawfirm.test', 'lawyer@client.test'],
    });
    // Her own list is not the company's.
    const companyList = page.getByRole('region', { name: 'Addresses and domains never synced', exact: true });
    expect(await companyList.getByRole('textbox').inputValue()).toBe('');

    // The owner lets mail count as an organisation's by its domain.
    const byDomain = companyList.getByRole('switch', {
      name: "Mail from anyone at an organisation's domain is that organisation's",
    });
    await byDomain.check();
    await expect
      .poll(() => ana.call('GET', `/companies/${company.id}/mail-settings`))
      .toEqual({ organisation_domains: true });

    // A member reads the company's list and setting but has nothing to change them with.
    await ana.call('PUT', `/companies/${company.id}/mail-exclusions`, { items: ['competitor.test'] });
    await logout(page);
    await loginAs(page, USERS.marko);
    await chooseCompany(page, company.name);
    await page.goto('/#/company/settings');
    await companyList.getByText('competitor.test').waitFor();
    await companyList.getByText('Owners and admins change this list.').waitFor();
    expect(await companyList.getByRole('textbox').count()).toBe(0);
    expect(await byDomain.isChecked()).toBe(true);
    expect(await byDomain.isDisabled()).toBe(true);
    expect(
      await mailboxes.getByRole('textbox', { name: 'Addresses and domains, one a line' }).inputValue(),
    ).toBe('');
    await page.context().close();
  });
});
