import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** A member links a person to an organisation with a role, finds them on its page and filters the list by it. */
const e2e = stackAndBrowserForFile();
let ana: ApiClient;
let company: { id: number; name: string };

beforeAll(async () => {
  company = await createCrmCompany(e2e.stack, `People Orgs ${Date.now().toString(36)} d.o.o.`);
  ana = await apiAs(e2e.stack, USERS.ana);
});

async function signedIn(): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl);
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company.name);
  return page;
}

const customers = () => `/companies/${company.id}/customers`;

describe('people at organisations', () => {
  it('links a person to an organisation as CFO, shows them on its page, and filters the list by it', async () => {
    // A retry runs against the same company: its customers get names of their own.
    const run = Date.now().toString(36);
    const orgName = `Lumen ${run} d.o.o.`;
    const org = await ana.call<{ id: number }>('POST', customers(), {
      type: 'organisation',
      organisation_name: orgName,
    });
    const vesna = await ana.call<{ id: number }>('POST', customers(), {
      first_name: 'Vesna',
      last_name: `Vidić ${run}`,
    });
    await ana.call('POST', customers(), { first_name: 'Other', last_name: `Person ${run}` });

    const page = await signedIn();
    await page.goto(`/#/company/customer/${vesna.id}`);
    await page.getByRole('heading', { level: 1, name: `Vesna Vidić ${run}` }).waitFor();
    const card = page.getByRole('region', { name: 'Organisations' });
    await card.getByText('Not linked to any organisation.').waitFor();
    await card.getByRole('button', { name: 'Manage organisations' }).click();
    await card.getByLabel('Find an organisation').fill(`Lumen ${run}`);
    await card.getByRole('button', { name: orgName }).click();
    await card.getByLabel(`Role at ${orgName}`).fill('CFO');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('link', { name: orgName }).waitFor();
    expect(await card.textContent()).toContain('· CFO');
    await page.getByText(`Joined ${orgName} as CFO`).waitFor();

    await card.getByRole('link', { name: orgName }).click();
    await page.getByRole('heading', { level: 1, name: orgName }).waitFor();
    const people = page.getByRole('region', { name: 'People' });
    const row = people.getByRole('listitem').filter({ hasText: `Vesna Vidić ${run}` });
    await row.getByText('CFO').waitFor();
    expect(await people.getByRole('listitem').count()).toBe(1);
    await row.getByRole('link', { name: `Vesna Vidić ${run}` }).waitFor();

    // The list, filtered by the organisation from the address, shows only its people and their organisation.
    await people.getByRole('link', { name: 'Show these people in the customer list' }).click();
    await page.waitForURL(new RegExp(`organisation_id=${org.id}`));
    const table = page.getByRole('table');
    await table.getByRole('link', { name: `Vesna Vidić ${run}` }).waitFor();
    // The Organisation column is one to choose.
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns of the list' });
    await columns.getByRole('checkbox', { name: 'Organisation' }).check();
    await columns.getByRole('button', { name: 'Done' }).click();
    await table.getByRole('columnheader', { name: 'Organisation' }).waitFor();
    expect(await table.getByRole('link', { name: `Other Person ${run}` }).count()).toBe(0);
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: `Vesna Vidić ${run}` })
        .textContent(),
    ).toContain(orgName);

    // Cleared, every customer is back; picked again in the filter, the address carries it.
    await page.getByRole('button', { name: `Stop filtering by ${orgName}` }).click();
    await table.getByRole('link', { name: `Other Person ${run}` }).waitFor();
    await page.getByLabel('Organisation', { exact: true }).fill(`Lumen ${run}`);
    await page.getByRole('button', { name: orgName }).click();
    await page.waitForURL(new RegExp(`organisation_id=${org.id}`));
    await table.getByRole('link', { name: `Other Person ${run}` }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: `Vesna Vidić ${run}` }).waitFor();
    await page.context().close();
  });

  it('picks an organisation and a role in the new customer form', async () => {
    const run = Date.now().toString(36);
    const orgName = `Form Org ${run}`;
    await ana.call('POST', customers(), { type: 'organisation', organisation_name: orgName });
    const page = await signedIn();
    await page.goto('/#/company/customer/list');
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel('First name').fill('Form');
    await dialog.getByLabel('Last name').fill(`Person ${run}`);
    await dialog.getByLabel('Find an organisation').fill(orgName);
    await dialog.getByRole('button', { name: orgName }).click();
    await dialog.getByLabel(`Role at ${orgName}`).fill('Buyer');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await page.getByRole('heading', { level: 1, name: `Form Person ${run}` }).waitFor();
    const card = page.getByRole('region', { name: 'Organisations' });
    await card.getByRole('link', { name: orgName }).waitFor();
    expect(await card.textContent()).toContain('· Buyer');
    await page.context().close();
  });
});
