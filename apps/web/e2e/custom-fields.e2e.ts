import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { companyWithDeals } from './fixtures/deals.ts';
import { personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

async function cleanInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    expect(await seriousViolations(page), `${where} ${theme}`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
}

describe('a company’s own fields', () => {
  it('an owner adds a single choice in settings, fills it on a customer and finds it after a reload', async () => {
    const company = await createCrmCompany(e2e.stack, `Polja ${Date.now()} d.o.o.`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      first_name: 'Iva',
      last_name: 'Ilić',
    });
    // axe's script needs the page without its Content-Security-Policy.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/settings');

    const fields = page.getByRole('region', { name: 'Customer fields' });
    await fields.getByText('No fields yet.').waitFor();
    await fields.getByRole('button', { name: 'Add field' }).click();
    const dialog = page.getByRole('dialog', { name: 'New field' });
    // The server's problem shows on the input it concerns.
    await dialog.getByLabel('Type').selectOption({ label: 'Single choice' });
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Label').and(page.locator('[aria-invalid="true"]')).waitFor();
    await dialog.getByLabel('Option 1').and(page.locator('.is-invalid')).waitFor();

    await dialog.getByLabel('Label').fill('Customer tier');
    expect(await dialog.getByLabel('Key').inputValue()).toBe('customer_tier');
    await dialog.getByLabel('Key').fill('tier');
    await dialog.getByLabel('Option 1').fill('Gold');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 2').fill('Silver');
    await cleanInBothThemes(page, 'field dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fields.getByText('tier', { exact: true }).waitFor();
    await cleanInBothThemes(page, 'settings');

    await page.goto(`/#/company/customer/${customer.id}`);
    await page.getByRole('heading', { level: 1, name: 'Iva Ilić' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Iva Ilić”' });
    await edit.getByLabel('Customer tier').selectOption({ label: 'Gold' });
    await cleanInBothThemes(page, 'customer form');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.reload();
    const details = page.getByRole('region', { name: 'Details' });
    const row = details.locator('div').filter({ has: page.getByText('Customer tier', { exact: true }) });
    await expect.poll(() => row.last().textContent()).toContain('Gold');
    const stored = await ana.call<{ custom: Record<string, unknown> }>(
      'GET',
      `/companies/${company.id}/customers/${customer.id}`,
    );
    expect(stored.custom).toEqual({ tier: 'gold' });
    await cleanInBothThemes(page, 'customer page');
    await page.context().close();
  }, 180_000);

  it('a deal’s number field is filled in its form; a bad value is refused on the field', async () => {
    const { company, ana, deals } = await companyWithDeals(e2e, `Polja poslova ${Date.now()} d.o.o.`);
    const deal = deals['Roof repair'];
    if (!deal) throw new Error('no deal');
    await ana.call('POST', `/companies/${company.id}/custom-fields`, {
      record: 'deal',
      key: 'discount',
      label: 'Discount',
      type: 'percent',
    });
    const page = await personIn(e2e, USERS.ana, company.name, `/company/deal/${deal.id}`);
    await page.getByRole('heading', { level: 1, name: 'Roof repair' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Roof repair”' });
    await dialog.getByLabel('Discount').fill('a lot');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a number.').waitFor();
    await dialog.getByLabel('Discount').fill('12,5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('12.5 %').waitFor();
    await page.context().close();
  }, 120_000);
});
