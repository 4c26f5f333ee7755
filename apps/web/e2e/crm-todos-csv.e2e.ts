import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, USERS, violationsInBothThemes } from './fixtures/browser.ts';
import { holdImportAnswers } from './fixtures/import.ts';
import { companyOfAnaAndMarko } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const clean = { light: [], dark: [] };

describe('to-dos in and out of CSV', () => {
  it('imports to-dos from the integration screen through the wizard, sees them on the list, exports them', async () => {
    const { company, ana } = await companyOfAnaAndMarko(
      e2e,
      `Uvoz zadataka ${Date.now().toString(36)} d.o.o.`,
      // The integration screen (module 1) beside the CRM.
      [0, 1, 2],
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
    await page.goto('/#/company/crm-integration?tab=importExport');
    await page.getByRole('link', { name: 'Import to-dos' }).click();

    // The to-do list, with its wizard open.
    const wizard = page.getByRole('dialog', { name: 'Import to-dos' });
    await wizard.getByText('UTF-8, at most 1 GB.', { exact: false }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'To-dos' }).waitFor();
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await wizard.getByLabel('CSV file').setInputFiles({
      name: 'todos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Subject;Due date;Type;Assignee;Customer',
          `Call the joiner;${day} 10:00;call;marko@example.com;Drvo d.o.o.`,
          `Send the offer;${day};email;;`,
        ].join('\r\n'),
        'utf8',
      ),
    });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('heading', { name: 'Match the columns to to-do fields' }).waitFor();
    expect(await wizard.getByLabel('Field for column “Due date”').inputValue()).toBe('start_at');
    expect(await wizard.getByLabel('Field for column “Assignee”').inputValue()).toBe('assignee_email');
    expect(await violationsInBothThemes(page)).toEqual(clean);

    // While the check and the import run, the server's counts show under the upload bar.
    let release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Check file' }).click();
    const counts = wizard.getByTestId('import-live-counts');
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 2 · valid: 2 · refused: 0');
    await release();
    await wizard.getByText('Every row can be imported. Nothing has been saved yet.').waitFor();
    release = await holdImportAnswers(page);
    await wizard.getByRole('button', { name: 'Import to-dos (2)' }).click();
    await counts.filter({ hasText: 'Done.' }).waitFor();
    expect(await counts.textContent()).toBe('Done. Rows read: 2 · valid: 2 · refused: 0 · saved: 2');
    await release();
    await wizard.getByText('The import is finished.').waitFor();
    expect(await violationsInBothThemes(page)).toEqual(clean);
    await wizard.getByRole('button', { name: 'Done' }).click();
    await wizard.waitFor({ state: 'hidden' });

    const list = page.getByRole('region', { name: 'Open' });
    await list.getByText('Call the joiner').waitFor();
    await list.getByText('Send the offer').waitFor();
    expect(await violationsInBothThemes(page)).toEqual(clean);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^todos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toMatch(/Call the joiner,call,normal,.*,false,false,,marko@example.com,Drvo d\.o\.o\.,/);
    expect(csv).toMatch(/Send the offer,email,normal,.*,true,false,/);
    await page.context().close();
  });
});
