import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
const fresh = (name: string) => `${name} ${++companies}`;

async function companyWith(name: string, customers: object[]): Promise<number[]> {
  const company = await createCrmCompany(e2e.stack, name);
  const ana = await apiAs(e2e.stack, USERS.ana);
  const ids: number[] = [];
  for (const customer of customers) {
    ids.push((await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, customer)).id);
  }
  return ids;
}

async function anaOnList(company: string): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl);
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company);
  await page.waitForURL(/#\/company\/dashboard$/);
  await page.goto('/#/company/customer/list');
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  return page;
}

const rows = (page: Page, name: RegExp) =>
  page.getByRole('table', { name: 'Customers' }).getByRole('row', { name });

describe('CRM duplicates and merge', () => {
  it('the new-customer dialog warns about a customer with the same email, with a link, and still saves', async () => {
    const company = fresh('Linden Trade');
    const [ivana] = await companyWith(company, [
      { first_name: 'Ivana', last_name: 'Horvat', email: 'ivana@example.com' },
    ]);
    const page = await anaOnList(company);

    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel('First name').fill('Ivana');
    await dialog.getByLabel('Last name').fill('Horvat');
    await dialog.getByLabel('Email').fill('IVANA@example.com');
    const warning = dialog.getByRole('status').filter({ hasText: 'This may already be a customer:' });
    await warning.waitFor();
    await warning.getByText('(same email, similar name)').waitFor();
    expect(await warning.getByRole('link', { name: 'Ivana Horvat' }).getAttribute('href')).toBe(
      `#/company/customer/${ivana}`,
    );
    await dialog.getByLabel('Last name').fill('Kos');
    await warning.getByText('(same email)').waitFor();
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await page.waitForURL(/#\/company\/customer\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Ivana Kos' }).waitFor();
    await page.context().close();
  });

  it('Ana merges two customers from the list, keeping one name, and undoes it', async () => {
    const company = fresh('Birch Trade');
    await companyWith(company, [
      { name: 'Marko Marić', email: 'marko@example.com' },
      { name: 'Marko Maric', phone: '091 111 2222' },
      { name: 'Someone Else' },
    ]);
    const page = await anaOnList(company);
    await page.getByRole('checkbox', { name: 'Select Marko Marić' }).check();
    await page.getByRole('checkbox', { name: 'Select Marko Maric' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Merge…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Merge customers (2)' });
    await dialog
      .getByRole('group', { name: 'Keep this customer' })
      .getByRole('radio', { name: /^Marko Marić/ })
      .check();
    const name = dialog.getByRole('group', { name: 'Display name' });
    await name.getByRole('radio', { name: 'Marko Maric', exact: true }).check();
    // Both values differ; by default the newest non-empty one survives.
    await dialog.getByRole('group', { name: 'Phone' }).getByRole('radio', { name: '091 111 2222' }).waitFor();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.getByText('Merged into Marko Maric.').waitFor();
    await expect.poll(() => rows(page, /Marko/).count()).toBe(1);
    await rows(page, /Marko Maric/)
      .getByText('marko@example.com')
      .waitFor();

    await dialog.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'The merge was undone.' }).first().waitFor();
    await expect.poll(() => rows(page, /Marko/).count()).toBe(2);
    await rows(page, /Marko Marić/).waitFor();
    await page.context().close();
  });

  it('a pair matched by email, phone and name is one group with every reason; merged, the page says none are left', async () => {
    const company = fresh('Maple Trade');
    const same = { email: 'marta@example.com', phone: '+385 91 222 3333', address: 'Ilica 1, Zagreb' };
    await companyWith(company, [
      { name: 'Marta Babić', country: 'HR', ...same },
      { name: 'Marta Babic', country: 'SI', ...same },
    ]);
    const page = await anaOnList(company);
    await page.goto('/#/company/customer/duplicates');
    await page.getByRole('button', { name: 'Scan for duplicates' }).click();
    const list = page.getByRole('list', { name: 'Groups of possible duplicates' });
    await list.getByRole('heading', { name: 'Group: same email, same phone, similar name (2)' }).waitFor();
    expect(await list.locator(':scope > li').count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Groups found: 1.' }).waitFor();

    await list.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge customers (2)' });
    // The country by its name, not its code.
    const country = dialog.getByRole('group', { name: 'Country' });
    await country.getByRole('radio', { name: 'Croatia' }).waitFor();
    await country.getByRole('radio', { name: 'Slovenia' }).waitFor();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.getByText(/^Merged into /).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Every group it found has been merged or changed since' })
      .waitFor();
    expect(await page.getByText('Groups found:').count()).toBe(0);
    await page.context().close();
  });
});
