import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { holdImportAnswers } from './fixtures/import.ts';
import { companyOfAnaAndMarko } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

describe('deals in and out of CSV', () => {
  it('imports deals through the wizard, sees them on the list, exports them and notes one', async () => {
    const { company, ana } = await companyOfAnaAndMarko(
      e2e,
      `Uvoz poslova ${Date.now().toString(36)} d.o.o.`,
    );
    await ana.call('POST', `/companies/${company.id}/customers`, {
      type: 'organisation',
      name: 'Drvo d.o.o.',
    });
    // axe is injected as a script: the page lets it past the Content-Security-Policy.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard/);
    await page.goto('/#/company/deals/list');
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Import deals' });
    // The server's limit (IMPORT_MAX_BYTES, 1 GB by default), no longer a cap of the deals' own.
    await wizard.getByText('UTF-8, at most 1 GB.', { exact: false }).waitFor();
    await wizard.getByLabel('CSV file').setInputFiles({
      name: 'deals.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Title;Amount;Stage;Organisation;Owner',
          // A Croatian company's pipeline is named in Croatian: "Ponuda" is its proposal stage.
          'Oak floors;1.250,00;Ponuda;Drvo d.o.o.;marko@example.com',
          'Pine doors;800;;;',
        ].join('\r\n'),
        'utf8',
      ),
    });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Match the columns to deal fields' }).waitFor();
    expect(await wizard.getByLabel('Field for column “Owner”').inputValue()).toBe('owner_email');
    expect(await seriousViolations(page)).toEqual([]);

    // While the check and the import run, the server's counts show under the upload bar.
    let release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Check file' }).click();
    const counts = wizard.getByTestId('import-live-counts');
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 2 · valid: 2 · refused: 0');
    await release();
    await wizard.getByText('Every row can be imported. Nothing has been saved yet.').waitFor();
    release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Import deals (2)' }).click();
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 2 · valid: 2 · refused: 0 · saved: 2');
    await release();
    await wizard.getByText('The import is finished.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Done' }).click();
    await wizard.waitFor({ state: 'hidden' });

    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Oak floors' }).waitFor();
    await table.getByRole('link', { name: 'Pine doors' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^deals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Oak floors,1250,EUR,Prodaja,Ponuda,open,50,,marko@example.com,Drvo d.o.o.');
    expect(csv).toContain('Pine doors,800,EUR');

    await table.getByRole('link', { name: 'Oak floors' }).click();
    await page.getByRole('heading', { level: 1, name: 'Oak floors' }).waitFor();
    await page.getByLabel('New note').fill('Measure the hall first.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Measure the hall first.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
