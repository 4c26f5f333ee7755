import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, countApiRequests, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
/** Company names are unique per run, so that a retried story starts from its own fresh company. */
const fresh = (name: string) => `${name} ${++companies}`;

type CustomerInput = { first_name?: string; last_name?: string; email?: string; tags?: string[] };

/** A fresh company (Ana owns it) holding these customers, created through the API. */
async function companyWith(name: string, customers: CustomerInput[]): Promise<{ id: number; ids: number[] }> {
  const company = await createCrmCompany(e2e.stack, name);
  const ana = await apiAs(e2e.stack, USERS.ana);
  const ids: number[] = [];
  for (const customer of customers) {
    const created = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, customer);
    ids.push(created.id);
  }
  return { id: company.id, ids };
}

/** Ana in the e2e.browser, inside the named company. */
async function anaIn(company: string): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl);
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company);
  await page.waitForURL(/#\/company\/dashboard$/);
  return page;
}

async function openList(page: Page): Promise<void> {
  await page.goto('/#/company/customer/list');
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
}

/** Waits for a toast (or other status message) with this text. */
async function status(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The customer names of the list, top to bottom. */
async function listedNames(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Customers' }).getByRole('row');
  await rows.nth(1).waitFor();
  const names = await rows.locator('td:nth-child(2) a').allTextContents();
  return names.map((name) => name.trim());
}

function row(page: Page, name: string) {
  return page.getByRole('table', { name: 'Customers' }).getByRole('row', { name: new RegExp(name) });
}

describe('CRM customers', () => {
  it('a first load of the list asks each of its questions once', async () => {
    const name = fresh('First load');
    const company = await companyWith(name, [{ first_name: 'Ema', last_name: 'Rano' }]);
    const page = await anaIn(name);
    await openList(page);
    const asked = countApiRequests(page);
    await page.reload();
    await row(page, 'Ema Rano').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.get(`/api/companies/${company.id}/customers`)).toBe(1);
    expect([...asked].filter(([, n]) => n !== 1)).toEqual([]);
    await page.context().close();
  });

  it("a first load of a customer's page asks each of its questions once (the customer asked by the entry)", async () => {
    const name = fresh('First record');
    const { id, ids } = await companyWith(name, [{ first_name: 'Iva', last_name: 'Early' }]);
    const page = await anaIn(name);
    await page.goto(`/#/company/customer/${ids[0]}`);
    await page.getByRole('heading', { level: 1, name: 'Iva Early' }).waitFor();
    const asked = countApiRequests(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Iva Early' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.get(`/api/companies/${id}/customers/${ids[0]}`)).toBe(1);
    expect([...asked].filter(([, n]) => n !== 1)).toEqual([]);
    await page.context().close();
  });

  it('Ana adds a customer (after fixing an invalid OIB) and finds it through the top-bar search and the list search', async () => {
    const company = fresh('Cedar Trade d.o.o.');
    await companyWith(company, [{ first_name: 'Ivan', last_name: 'Horvat' }]);
    const page = await anaIn(company);
    await openList(page);

    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    // The person adding a customer is its owner unless they choose otherwise.
    const owner = dialog.getByLabel('Owner');
    await expect.poll(() => owner.locator('option:checked').textContent()).toBe('Ana Horvat');
    await dialog.getByLabel('First name').fill('Petra');
    await dialog.getByLabel('Last name').fill('Kovačević');
    await dialog.getByLabel('Email').fill('petra.kovacevic@example.com');
    await dialog.getByLabel('OIB / VAT id').fill('12345678901');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    // The contract's OIB check answers next to the field, before anything is sent.
    await dialog.getByText('This OIB is not valid.').waitFor();
    expect(await dialog.getByLabel('OIB / VAT id').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('OIB / VAT id').fill('45678901239');
    await dialog.getByRole('button', { name: 'Add customer' }).click();

    await page.waitForURL(/#\/company\/customer\/\d+$/);
    const customerUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Petra Kovačević' }).waitFor();
    await status(page, 'Customer “Petra Kovačević” added.');
    const details = page.getByRole('region', { name: 'Details' });
    expect(
      await details.getByRole('link', { name: 'petra.kovacevic@example.com' }).getAttribute('href'),
    ).toBe('mailto:petra.kovacevic@example.com');
    await details.getByText('45678901239').waitFor();
    await details.getByText('Ana Horvat').waitFor();

    // Top bar: typing part of the name offers the customer; the keyboard opens it.
    await page.goto('/#/company/dashboard');
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await search.fill('kovač');
    const suggestions = page.getByRole('list', { name: 'Matching customers' });
    await suggestions.getByRole('link', { name: /Petra Kovačević/ }).waitFor();
    expect(await suggestions.getByRole('link', { name: /Ivan Horvat/ }).count()).toBe(0);
    await search.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(customerUrl);
    await page.getByRole('heading', { level: 1, name: 'Petra Kovačević' }).waitFor();

    // Escape closes the suggestions and leaves the text.
    await search.fill('petr');
    await suggestions.waitFor();
    await search.press('Escape');
    await suggestions.waitFor({ state: 'detached' });
    expect(await search.inputValue()).toBe('petr');

    // The list's own search narrows the list and keeps the text in the address.
    await openList(page);
    expect(await listedNames(page)).toEqual(['Ivan Horvat', 'Petra Kovačević']);
    await page.getByLabel('Search by name, email, phone or OIB').fill('petra');
    await page.waitForURL(/[?&]q=petra/);
    await row(page, 'Ivan Horvat').waitFor({ state: 'detached' });
    expect(await listedNames(page)).toEqual(['Petra Kovačević']);
    await page.reload();
    expect(await page.getByLabel('Search by name, email, phone or OIB').inputValue()).toBe('petra');
    expect(await listedNames(page)).toEqual(['Petra Kovačević']);
    await page.context().close();
  });

  it('the list sorts by name, and a bulk action sets the status of two customers and deletes one after confirmation', async () => {
    const company = fresh('Birch Logistics d.o.o.');
    await companyWith(company, [
      { first_name: 'Anna', last_name: 'Adams' },
      { first_name: 'Boris', last_name: 'Brown' },
      { first_name: 'Cecilia', last_name: 'Clark' },
    ]);
    const page = await anaIn(company);
    await openList(page);
    expect(await listedNames(page)).toEqual(['Anna Adams', 'Boris Brown', 'Cecilia Clark']);

    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL(/dir=desc/);
    await expect.poll(() => listedNames(page)).toEqual(['Cecilia Clark', 'Boris Brown', 'Anna Adams']);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

    await page.getByRole('checkbox', { name: 'Select Anna Adams' }).check();
    await page.getByRole('checkbox', { name: 'Select Boris Brown' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('Selected: 2').waitFor();
    await bulk.getByLabel('New status').selectOption({ label: 'Customer' });
    await bulk.getByRole('button', { name: 'Set status' }).click();
    await status(page, 'Customers set to “Customer”: 2.');
    await row(page, 'Anna Adams').getByText('Customer', { exact: true }).waitFor();
    await row(page, 'Boris Brown').getByText('Customer', { exact: true }).waitFor();
    expect(await row(page, 'Cecilia Clark').getByText('Lead', { exact: true }).count()).toBe(1);
    await bulk.waitFor({ state: 'detached' });

    await page.getByRole('checkbox', { name: 'Select Cecilia Clark' }).check();
    await bulk.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the selected customers (1)?' });
    await confirm.getByRole('button', { name: 'Delete (1)' }).click();
    await status(page, 'Customers deleted: 1.');
    await row(page, 'Cecilia Clark').waitFor({ state: 'detached' });
    expect(await listedNames(page)).toEqual(['Boris Brown', 'Anna Adams']);
    await page.context().close();
  });

  it('editing a customer adds a change entry to the timeline, merges a concurrent change of another field, refuses one of the same field, and a note can be added', async () => {
    const company = fresh('Aspen Foods d.o.o.');
    const { id: companyId, ids } = await companyWith(company, [
      { first_name: 'Dora', last_name: 'Dukić', email: 'dora@example.com' },
    ]);
    const customerId = ids[0];
    const page = await anaIn(company);
    await page.goto(`/#/company/customer/${customerId}`);
    await page.getByRole('heading', { level: 1, name: 'Dora Dukić' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Ana Horvat created the customer').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Dora Dukić”' });
    await dialog.getByLabel('Status').selectOption({ label: 'Prospect' });
    await dialog.getByLabel('Phone').fill('+385 91 234 5678');
    // Meanwhile someone else changes the source: another field, so both changes are kept.
    const ana = await apiAs(e2e.stack, USERS.ana);
    const path = `/companies/${companyId}/customers/${customerId}`;
    const { version } = await ana.call<{ version: number }>('GET', path);
    await ana.call('PATCH', path, { version, source: 'Trade fair' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await status(page, 'Changes to “Dora Dukić” saved.');
    await dialog.waitFor({ state: 'detached' });

    const details = page.getByRole('region', { name: 'Details' });
    await details.getByRole('link', { name: '+385 91 234 5678' }).waitFor();
    await details.getByText('Trade fair').waitFor();
    const entries = timeline.getByRole('list', { name: 'Timeline entries' }).locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(3);
    const latest = entries.first();
    await latest.getByText('Ana Horvat changed the customer').waitFor();
    const changes = (await latest.getByRole('listitem').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        'Phone: (empty) → changed to +385 91 234 5678',
        'Status: Lead → changed to Prospect',
      ]),
    );

    // A change of the same field meanwhile is refused as stale; loading the latest keeps what was typed.
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Phone').fill('+385 91 000 0000');
    const current = await ana.call<{ version: number }>('GET', path);
    await ana.call('PATCH', path, { version: current.version, phone: '+385 1 555 5555' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Someone else changed this meanwhile.' }).waitFor();
    await dialog.getByRole('button', { name: 'Load the latest version (keeps your changes)' }).click();
    expect(await dialog.getByLabel('Phone').inputValue()).toBe('+385 91 000 0000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await details.getByRole('link', { name: '+385 91 000 0000' }).waitFor();
    await expect.poll(() => entries.count()).toBe(5);

    // A note is required, then lands on top of the timeline.
    await timeline.getByRole('button', { name: 'Add note' }).click();
    await timeline.getByText('This field is required.').waitFor();
    await timeline.getByLabel('New note').fill('Called about the spring offer.');
    await timeline.getByRole('button', { name: 'Add note' }).click();
    await status(page, 'Note added.');
    await expect.poll(() => entries.count()).toBe(6);
    await entries.first().getByText('Called about the spring offer.').waitFor();
    await entries.first().getByText('Ana Horvat added a note').waitFor();
    expect(await timeline.getByLabel('New note').inputValue()).toBe('');
    await page.context().close();
  });

  it('export downloads a CSV of the filtered customers; another company’s customer is not found', async () => {
    const company = fresh('Maple Retail d.o.o.');
    await companyWith(company, [
      { first_name: 'Eva', last_name: 'Erceg', tags: ['vip'] },
      { first_name: 'Filip', last_name: 'Fabris' },
      { first_name: 'Greta', last_name: 'Galić', tags: ['VIP', 'wholesale'] },
    ]);
    const other = await companyWith(fresh('Oak Other d.o.o.'), [
      { first_name: 'Hidden', last_name: 'Person' },
    ]);
    const page = await anaIn(company);
    await openList(page);
    await page.getByLabel('Tag', { exact: true }).fill('vip');
    await page.waitForURL(/[?&]tag=vip/);
    await row(page, 'Filip Fabris').waitFor({ state: 'detached' });
    expect(await listedNames(page)).toEqual(['Eva Erceg', 'Greta Galić']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const csv = await readFile(path, 'utf8');
    expect(csv).toContain('Eva Erceg');
    expect(csv).toContain('Greta Galić');
    expect(csv).not.toContain('Filip Fabris');
    expect(csv).not.toContain('Hidden Person');

    // Another company's customer answers 404: the page says so and leads back to the list.
    await page.goto(`/#/company/customer/${other.ids[0]}`);
    await page.getByRole('heading', { level: 1, name: 'Customer not found' }).waitFor();
    expect(await page.getByText('Hidden Person').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to customers' }).click();
    await page.waitForURL(/#\/company\/customer\/list$/);
    await page.context().close();
  });
});
