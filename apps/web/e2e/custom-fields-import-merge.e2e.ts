import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/**
 * A company's own fields in the CSV import's mapping and in a merge's choices
 * (docs/decisions/075-own-fields-in-import-and-merge.md).
 */
const e2e = stackAndBrowserForFile();

async function cleanInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    expect(await seriousViolations(page), `${where} ${theme}`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
}

/** A new CRM company with a single-choice own field "Industry" on customers, and Ana on its customer list. */
async function companyWithIndustry(name: string, customers: object[] = []) {
  const companyName = `${name} ${Date.now().toString(36)}`;
  const company = await createCrmCompany(e2e.stack, companyName);
  const ana = await apiAs(e2e.stack, USERS.ana);
  await ana.call('POST', `/companies/${company.id}/custom-fields`, {
    record: 'customer',
    key: 'industry',
    label: 'Industry',
    type: 'single_select',
    options: [
      { value: 'retail', label: 'Retail' },
      { value: 'hospitality', label: 'Hospitality' },
    ],
  });
  const ids: number[] = [];
  for (const customer of customers)
    ids.push((await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, customer)).id);
  // axe's script needs the page without its Content-Security-Policy.
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, companyName);
  await page.waitForURL(/#\/company\/dashboard/);
  await page.goto('/#/company/customer/list');
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  return { page, ana, companyId: company.id, ids };
}

describe('own fields in import and merge', () => {
  it('Ana maps a column to an own field in the import wizard; a value that is no option refuses its row', async () => {
    const { page, ana, companyId } = await companyWithIndustry('Own Import d.o.o.');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Import customers' });
    await wizard.getByLabel('CSV file').setInputFiles({
      name: 'own.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Branche\r\nIvana Horvat,hospitality\r\nBad Row,Mining\r\n', 'utf8'),
    });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Match the columns to customer fields' }).waitFor();

    // The header names no field: Ana picks the own field by its label, listed apart.
    const column = wizard.getByLabel('Field for column “Branche”');
    expect(await column.inputValue()).toBe('');
    expect(await column.locator('optgroup[label="Your own fields"] option').allTextContents()).toEqual([
      'Industry',
    ]);
    await column.selectOption({ label: 'Industry' });
    await cleanInBothThemes(page, 'mapping step');

    await wizard.getByRole('button', { name: 'Check file' }).click();
    await wizard.getByRole('heading', { name: 'Result of the check' }).waitFor();
    const rejected = wizard.getByRole('table', { name: /^Rejected rows by line/ }).getByRole('row');
    expect(await rejected.nth(1).locator('th, td').allTextContents()).toEqual([
      '3',
      'Industry',
      "Choose one of the field's options.",
    ]);
    await wizard.getByRole('button', { name: 'Import valid rows (1)' }).click();
    await wizard.getByRole('heading', { name: 'Import report' }).waitFor();

    const list = await ana.call<{ items: { id: number; name: string }[] }>(
      'GET',
      `/companies/${companyId}/customers?q=Ivana`,
    );
    const ivana = await ana.call<{ custom: Record<string, unknown> }>(
      'GET',
      `/companies/${companyId}/customers/${list.items[0]?.id}`,
    );
    expect(ivana.custom).toEqual({ industry: 'hospitality' });
    await page.context().close();
  });

  it('Ana merges two customers choosing which Industry survives, and undoes it', async () => {
    const { page, ana, companyId, ids } = await companyWithIndustry('Own Merge d.o.o.', [
      { name: 'Marko Marić', custom: { industry: 'retail' } },
      { name: 'Marko Maric', custom: { industry: 'hospitality' } },
    ]);
    await page.getByRole('checkbox', { name: 'Select Marko Marić' }).check();
    await page.getByRole('checkbox', { name: 'Select Marko Maric' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge customers (2)' });
    await dialog
      .getByRole('group', { name: 'Keep this customer' })
      .getByRole('radio', { name: /^Marko Marić/ })
      .check();
    const industry = dialog.getByRole('group', { name: 'Industry' });
    // By default the survivor's value stays; Ana keeps the other one's.
    await expect.poll(() => industry.getByRole('radio', { name: 'Retail' }).isChecked()).toBe(true);
    await industry.getByRole('radio', { name: 'Hospitality' }).check();
    await cleanInBothThemes(page, 'merge dialog');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.getByText(/^Merged into /).waitFor();
    const survivorId = ids[0] as number;
    const merged = await ana.call<{ custom: Record<string, unknown> }>(
      'GET',
      `/companies/${companyId}/customers/${survivorId}`,
    );
    expect(merged.custom).toEqual({ industry: 'hospitality' });

    await dialog.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'The merge was undone.' }).first().waitFor();
    for (const [id, value] of [
      [ids[0], 'retail'],
      [ids[1], 'hospitality'],
    ] as const) {
      const back = await ana.call<{ custom: Record<string, unknown> }>(
        'GET',
        `/companies/${companyId}/customers/${id}`,
      );
      expect(back.custom).toEqual({ industry: value });
    }
    await page.context().close();
  });
});
