import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { holdRequests } from './fixtures/held-requests.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
const fresh = (name: string) => `${name} ${++companies}`;

/** A fresh company of Ana's with `leads` customers named "Lead n" and `others` named "Other n". */
async function companyWith(name: string, leads: number, others: number): Promise<number> {
  const company = await createCrmCompany(e2e.stack, name);
  const ana = await apiAs(e2e.stack, USERS.ana);
  const names = [
    ...Array.from({ length: leads }, (_, i) => `Lead ${String(i + 1).padStart(2, '0')}`),
    ...Array.from({ length: others }, (_, i) => `Other ${String(i + 1).padStart(2, '0')}`),
  ];
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names
        .slice(i, i + 10)
        .map((n) =>
          ana.call('POST', `/companies/${company.id}/customers`, { name: n, phone: '+385 1 234 5678' }),
        ),
    );
  }
  return company.id;
}

async function anaInList(company: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company);
  await page.waitForURL(/#\/company\/dashboard$/);
  await page.goto('/#/company/customer/list');
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Customers' });
const headers = async (page: Page) =>
  (await table(page).locator('thead th').allTextContents())
    .map((h) => h.replace(/[↑↓]/g, '').trim())
    .filter(Boolean);

describe('the customer list at scale (decision 020)', () => {
  it('counts the matches, offers all of them after the loaded page, and acts on the filter on the server', async () => {
    const company = fresh('Scale Co');
    const companyId = await companyWith(company, 55, 5);
    const page = await anaInList(company, { width: 1440, height: 900 });
    await page.getByText('Matching customers: 60').waitFor();

    await page.goto('/#/company/customer/list?q=lead');
    await page.getByText('Matching customers: 55').waitFor();
    // The search says it reaches own text fields too (decision 084).
    await page.getByText('Your own text fields are searched too.').waitFor();
    await table(page).getByRole('checkbox', { name: 'Select all customers shown' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('Selected: 50').waitFor();
    await bulk.getByRole('button', { name: 'Select all 55 customers matching this filter' }).click();
    await bulk.getByText('All customers matching this filter are selected: 55').waitFor();
    await bulk.getByLabel('New status').selectOption({ label: 'Customer' });
    await bulk.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('status').filter({ hasText: 'Customers set to “Customer”: 55.' }).first().waitFor();

    // All 55 changed, the 5 others not: the server applied the filter, not the 50 loaded rows.
    await page.goto('/#/company/customer/list?status=customer');
    await page.getByText('Matching customers: 55').waitFor();
    await page.goto('/#/company/customer/list?status=lead');
    await page.getByText('Matching customers: 5').waitFor();

    // An own field set on every customer of a filter with an own-field filter in it, by the server.
    const ana = await apiAs(e2e.stack, USERS.ana);
    await ana.call('POST', `/companies/${companyId}/custom-fields`, {
      record: 'customer',
      key: 'tier',
      label: 'Tier',
      type: 'single_select',
      options: [
        { value: 'gold', label: 'Gold' },
        { value: 'silver', label: 'Silver' },
      ],
    });
    await page.goto('/#/company/customer/list?q=lead&custom.tier.empty=true');
    await page.reload();
    await page.getByText('Matching customers: 55').waitFor();
    await table(page).getByRole('checkbox', { name: 'Select all customers shown' }).check();
    await bulk.getByRole('button', { name: 'Select all 55 customers matching this filter' }).click();
    await bulk.getByRole('button', { name: 'Set own field…' }).click();
    const own = page.getByRole('dialog', { name: 'Set an own field on 55 records' });
    await own.getByLabel('Field').selectOption({ label: 'Tier' });
    await own.getByLabel('Tier').selectOption({ label: 'Gold' });
    await own.getByRole('button', { name: 'Set' }).click();
    await own.waitFor({ state: 'detached' });
    await page.goto('/#/company/customer/list?custom.tier=gold');
    await page.getByText('Matching customers: 55').waitFor();
    await page.goto('/#/company/customer/list?custom.tier.empty=true');
    await page.getByText('Matching customers: 5').waitFor();

    // Deleting everything a search matches asks with the full count.
    await page.goto('/#/company/customer/list?q=other');
    await page.getByText('Matching customers: 5').waitFor();
    await table(page).getByRole('checkbox', { name: 'Select all customers shown' }).check();
    await bulk.getByRole('button', { name: 'Delete selected' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the selected customers (5)?' })
      .getByRole('button', { name: 'Delete (5)' })
      .click();
    await page.goto('/#/company/customer/list');
    await page.getByText('Matching customers: 55').waitFor();
    await page.context().close();
  });

  it('keeps the header in view while the rows scroll; old rows dim while a search reloads; a first load shows a skeleton', async () => {
    const company = fresh('Sticky Co');
    await companyWith(company, 40, 0);
    const page = await anaInList(company, { width: 1440, height: 900 });
    await table(page)
      .getByRole('row', { name: /Lead 01/ })
      .waitFor();
    const box = table(page).locator('xpath=..');
    await box.evaluate((el) => {
      el.scrollTop = 600;
    });
    const offset = await page.evaluate(() => {
      const th = document.querySelector('table thead th');
      const scroller = th?.closest('.kt-table-scroll');
      return th && scroller ? th.getBoundingClientRect().top - scroller.getBoundingClientRect().top : -1;
    });
    expect(Math.abs(offset)).toBeLessThan(2);

    // A slow answer: the previous rows stay, dimmed, with a progress bar, until the new ones arrive.
    const release = await holdRequests(page, /\/api\/companies\/\d+\/customers\?.*q=lead\+0/);
    await page.goto('/#/company/customer/list?q=lead 0');
    await page.getByRole('progressbar', { name: 'Loading the new results…' }).waitFor();
    const dimmed = (p: Page) => table(p).evaluate((el) => Boolean(el.closest('.kt-stale[aria-busy="true"]')));
    expect(await dimmed(page)).toBe(true);
    release();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await dimmed(page)).toBe(false);

    // A first load (nothing cached) shows the skeleton, not a lone spinner.
    const fresh2 = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 390, height: 844 } });
    await loginAs(fresh2, USERS.ana);
    await chooseCompany(fresh2, company);
    await fresh2.waitForURL(/#\/company\/dashboard$/);
    const releaseFirst = await holdRequests(fresh2, /\/api\/companies\/\d+\/customers\?/);
    await fresh2.goto('/#/company/customer/list');
    await fresh2.locator('[role="status"][aria-busy="true"] .placeholder').first().waitFor();
    releaseFirst();
    // A phone shows cards, not the table.
    await fresh2.getByRole('list', { name: 'Customers' }).getByRole('link', { name: 'Lead 01' }).waitFor();
    await fresh2.context().close();
    await page.context().close();
  });

  it('columns shown, hidden and reordered are kept for the person; a saved view brings back filter, sort and columns', async () => {
    const company = fresh('Views Co');
    await companyWith(company, 3, 2);
    const page = await anaInList(company, { width: 1440, height: 900 });
    await table(page)
      .getByRole('row', { name: /Lead 01/ })
      .waitFor();
    expect(await headers(page)).toEqual(['Name', 'Status', 'Owner', 'Phone', 'Tags', 'Created', 'Updated']);

    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Columns of the list' });
    await dialog.getByRole('checkbox', { name: 'Tags' }).uncheck();
    await dialog.getByRole('button', { name: 'Move Phone up' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() => headers(page))
      .toEqual(['Name', 'Status', 'Phone', 'Owner', 'Created', 'Updated']);
    await page.reload();
    await table(page)
      .getByRole('row', { name: /Lead 01/ })
      .waitFor();
    await expect
      .poll(() => headers(page))
      .toEqual(['Name', 'Status', 'Phone', 'Owner', 'Created', 'Updated']);

    await page.goto('/#/company/customer/list?q=other&sort=created_at&dir=desc');
    await page.getByText('Matching customers: 2').waitFor();
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('Name').fill('The others');
    await save.getByRole('checkbox', { name: 'Share with everyone in the company' }).check();
    await save.getByRole('button', { name: 'Save view' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The view “The others” has been saved.' })
      .first()
      .waitFor();

    await page.goto('/#/company/customer/list');
    await page.getByText('Matching customers: 5').waitFor();
    await page.getByLabel('Saved view').selectOption({ label: 'The others' });
    await page.waitForURL(/q=other/);
    expect(page.url()).toMatch(/sort=created_at/);
    await page.getByText('Matching customers: 2').waitFor();
    await page.getByRole('button', { name: 'Delete view' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the view “The others”?' })
      .getByRole('button', { name: 'Delete view' })
      .click();
    await expect.poll(() => page.getByLabel('Saved view').locator('option').count()).toBe(1);
    await page.context().close();
  });
});
