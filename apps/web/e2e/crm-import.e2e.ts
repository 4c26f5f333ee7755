import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { holdImportAnswers } from './fixtures/import.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** The server's configured limit (IMPORT_MAX_BYTES): the wizard shows it, not a constant of its own. */
const e2e = stackAndBrowserForFile({ IMPORT_MAX_BYTES: String(5 * 1024 * 1024) });

/** Ana in a new, empty CRM company, on its customer list, with the import wizard open. */
async function openImportWizard(
  name: string,
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; wizard: Locator; companyId: number }> {
  // A retried story must not meet the company its first attempt created.
  const companyName = `${name} ${Date.now().toString(36)}`;
  const company = await createCrmCompany(e2e.stack, companyName);
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, options);
  await loginAs(page, USERS.ana);
  await chooseCompany(page, companyName);
  await page.waitForURL(/#\/company\/dashboard/);
  await page.goto('/#/company/customer/list');
  await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Import customers' });
  await wizard.waitFor();
  return { page, wizard, companyId: company.id };
}

async function chooseCsv(wizard: Locator, name: string, lines: string[]): Promise<void> {
  await wizard.getByLabel('CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  });
  await wizard.getByText(`Chosen file: ${name}`).waitFor();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('heading', { name: 'Match the columns to customer fields' }).waitFor();
}

/** The figures of the check or the report, e.g. "Rows in the file 4 Imported 3 Rejected 1". */
async function figures(wizard: Locator): Promise<string> {
  return (await wizard.locator('dl').locator('dt, dd').allTextContents()).join(' ');
}

/** The cells of a table row, header cell included. */
const cells = (row: Locator) => row.locator('th, td').allTextContents();

const fieldFor = (wizard: Locator, column: string) => wizard.getByLabel(`Field for column “${column}”`);

describe('CRM customer import', () => {
  it('imports a CSV with one bad row: the valid customers are saved, the bad row is reported by line with its reason', async () => {
    const { page, wizard } = await openImportWizard('Import Story d.o.o.');
    await chooseCsv(wizard, 'customers.csv', [
      'Name;E-mail;Phone;OIB',
      'Ivana Horvat;ivana@example.com;091 234 5678;69435151530',
      'Marko Marić;marko.maric@example.com;;',
      'Bad Email;not-an-email;;',
      'Petra Kovač;petra@example.com;+385 1 555 0000;',
    ]);

    // The separator and every column were recognised from the header.
    expect(await wizard.getByLabel('Column separator').inputValue()).toBe(';');
    expect(await fieldFor(wizard, 'Name').inputValue()).toBe('name');
    expect(await fieldFor(wizard, 'E-mail').inputValue()).toBe('email');
    expect(await fieldFor(wizard, 'Phone').inputValue()).toBe('phone');
    expect(await fieldFor(wizard, 'OIB').inputValue()).toBe('oib');
    await wizard.getByRole('cell', { name: 'ivana@example.com' }).waitFor();

    // The check validates every row and saves nothing; while it runs the server's counts show.
    let release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Check file' }).click();
    const counts = wizard.getByTestId('import-live-counts');
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 4 · valid: 3 · refused: 1');
    await release();
    await wizard.getByRole('heading', { name: 'Result of the check' }).waitFor();
    expect(await figures(wizard)).toBe('Rows in the file 4 Can be imported 3 Rejected 1');
    const checked = wizard.getByRole('table', { name: /^Rejected rows by line/ });
    expect(await cells(checked.getByRole('row').nth(1))).toEqual([
      '4',
      'Email',
      'Enter a valid email address.',
    ]);

    release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Import valid rows (3)' }).click();
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 4 · valid: 3 · refused: 1 · saved: 3');
    await release();
    await wizard.getByRole('heading', { name: 'Import report' }).waitFor();
    await wizard.getByText('The import is finished.').waitFor();
    // Finished is good news even with a refused row: a success, not a warning.
    expect(
      await wizard.getByRole('status').filter({ hasText: 'The import is finished.' }).getAttribute('class'),
    ).toContain('alert-success');
    expect(await figures(wizard)).toBe('Rows in the file 4 Imported 3 Rejected 1');
    const rejected = wizard.getByRole('table', { name: /^Rejected rows by line/ }).getByRole('row');
    expect(await rejected.count()).toBe(2);
    expect(await cells(rejected.nth(1))).toEqual(['4', 'Email', 'Enter a valid email address.']);

    // The report link shows a download arrow.
    const reportButton = wizard.getByRole('button', { name: 'Download error report' });
    expect(await reportButton.locator('svg polyline[points="7 10 12 15 17 10"]').count()).toBe(1);

    // The error report is built in the e2e.browser from what the server reported.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      wizard.getByRole('button', { name: 'Download error report' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('customers-errors.csv');
    const report = await readFile(await download.path(), 'utf8');
    expect(report).toBe('\uFEFFLine,Field,Reason\r\n4,Email,Enter a valid email address.\r\n');

    await wizard.getByRole('button', { name: 'Done' }).click();
    await wizard.waitFor({ state: 'hidden' });
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Ivana Horvat' }).waitFor();
    const names = await table.getByRole('link').allInnerTexts();
    expect(names.sort()).toEqual(['Ivana Horvat', 'Marko Marić', 'Petra Kovač']);
    await page.context().close();
  });

  it('a blank row is skipped, and the check says how many rows match customers it would add again', async () => {
    const { page, wizard, companyId } = await openImportWizard('Import Matches d.o.o.');
    const ana = await apiAs(e2e.stack, USERS.ana);
    await ana.call('POST', `/companies/${companyId}/customers`, {
      name: 'Ivana Horvat',
      email: 'ivana@example.com',
    });
    await chooseCsv(wizard, 'again.csv', [
      'Name;E-mail',
      'Ivana Horvat;ivana@example.com',
      ';',
      'Nova Osoba;nova@example.com',
    ]);
    await wizard.getByRole('button', { name: 'Check file' }).click();
    await wizard.getByRole('heading', { name: 'Result of the check' }).waitFor();
    // The row of empty cells is a blank line: not read, not rejected.
    expect(await figures(wizard)).toBe('Rows in the file 2 Can be imported 2 Rejected 0');
    await wizard
      .getByRole('note')
      .filter({ hasText: 'Rows that match an existing customer: 1. They will be added as new customers' })
      .waitFor();
    await page.context().close();
  });

  it('lists every reason a rejected row failed, one table row per field', async () => {
    const { page, wizard } = await openImportWizard('Import Reasons d.o.o.');
    await chooseCsv(wizard, 'reasons.csv', [
      'Name;E-mail;Status',
      ';not-an-email;weird',
      'Fine Obrt;fine@example.com;lead',
    ]);
    await wizard.getByRole('button', { name: 'Check file' }).click();
    await wizard.getByRole('heading', { name: 'Result of the check' }).waitFor();
    const rows = wizard.getByRole('table', { name: /^Rejected rows by line/ }).getByRole('row');
    // Header plus one row for each failed field of line 2: name, email and status.
    expect(await rows.count()).toBe(4);
    const fields = [];
    for (let i = 1; i < 4; i++) {
      const [line, field, reason] = await cells(rows.nth(i));
      expect(line).toBe('2');
      expect(reason?.length).toBeGreaterThan(0);
      fields.push(field);
    }
    expect(fields.sort()).toEqual(['Display name', 'Email', 'Status']);
    await page.context().close();
  });

  it('a file over the limit is refused before upload; a column with an unknown header can be mapped by hand, and a field cannot be chosen twice', async () => {
    // axe runs in the page, which the app's CSP would forbid.
    const { page, wizard } = await openImportWizard('Import Mapping d.o.o.', { bypassCSP: true });

    const dir = await mkdtemp(path.join(tmpdir(), 'kontora-import-'));
    try {
      const big = path.join(dir, 'huge.csv');
      await writeFile(big, 'name\n');
      await truncate(big, 1024 * 1024 * 1024 + 1); // sparse: nothing of it is ever sent
      await wizard
        .getByText('Comma, semicolon or tab separated, UTF-8, at most 5 MB.', { exact: false })
        .waitFor();
      await wizard.getByLabel('CSV file').setInputFiles(big);
      await wizard.getByText(/^This file is 1 GB; the largest file an import takes is 5 MB\./).waitFor();
      expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    await chooseCsv(wizard, 'leads.csv', [
      'Company,Kontakt adresa,Boja',
      'Drvo d.o.o.,drvo@example.com,plava',
    ]);
    expect(await wizard.getByLabel('Column separator').inputValue()).toBe(',');
    expect(await fieldFor(wizard, 'Company').inputValue()).toBe('organisation_name');
    expect(await fieldFor(wizard, 'Kontakt adresa').inputValue()).toBe('');
    expect(await fieldFor(wizard, 'Boja').inputValue()).toBe('');

    await fieldFor(wizard, 'Kontakt adresa').selectOption({ label: 'Email' });
    await fieldFor(wizard, 'Boja').selectOption({ label: 'Email' });
    await wizard
      .getByText(
        '“Email” is already filled from column “Kontakt adresa”. Choose another field or skip this column.',
      )
      .waitFor();
    expect(await wizard.getByRole('button', { name: 'Check file' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await fieldFor(wizard, 'Boja').selectOption({ label: 'Skip this column' });

    await wizard.getByRole('button', { name: 'Check file' }).click();
    await wizard.getByText('Every row can be imported. Nothing has been saved yet.').waitFor();
    expect(await figures(wizard)).toBe('Rows in the file 1 Can be imported 1 Rejected 0');
    await wizard.getByRole('button', { name: 'Import valid rows (1)' }).click();
    await wizard.getByText('The import is finished.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row', { name: /Drvo d\.o\.o\./ });
    await row.getByText('drvo@example.com').waitFor();
    await page.context().close();
  });
});
