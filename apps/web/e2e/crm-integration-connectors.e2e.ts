import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HubspotStandin,
  startHubspotStandin,
} from '../../server/src/test-support/connector-standins/hubspot.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// The stand-in listens on loopback, which connections refuse unless allowed (as webhooks do): the
// server this file starts inherits the environment (each test file runs in its own worker).
process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';

const e2e = stackAndBrowserForFile();
let hubspot: HubspotStandin;
// Its own surname, so a retry of the story finds only what this run imported.
const surname = `Story${Date.now().toString(36)}`;

beforeAll(async () => {
  hubspot = await startHubspotStandin();
  // Three pages of HubSpot's 100: the first import reports progress page by page.
  for (let i = 1; i <= 250; i++) {
    hubspot.put('contacts', { firstname: `Remote${i}`, lastname: surname, email: `remote${i}@example.com` });
  }
});
afterAll(async () => {
  await hubspot?.close();
});

describe('connectors', () => {
  it('an owner connects the HubSpot stand-in, syncs with live progress, finds the imported customers, and disconnects', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/crm-integration?tab=connectors');
    await page.getByRole('heading', { level: 2, name: 'Connectors' }).waitFor();

    // A refused token is told at its field, and nothing is saved.
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a CRM' });
    await dialog.getByLabel('Provider').selectOption('hubspot');
    await dialog.getByLabel('Private app access token').fill('pat-wrong');
    await dialog.getByLabel('Base URL (optional)').fill(hubspot.url);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText('The provider refused this token.').waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Private app access token').fill(hubspot.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

    // The first import runs as a job; the row follows its counts until it is done. Created counts
    // Acme's own customers too: they were here before the connection and are pushed after the import.
    const row = page.getByTestId('connector-row').filter({ hasText: hubspot.url });
    await row.getByText(/250 fetched, [\d.,\s]+ created/).waitFor({ timeout: 60_000 });
    await row.getByTestId('connector-state').getByText('Connected').waitFor({ timeout: 30_000 });

    // New remote contacts, then "Sync now": its progress arrives live and ends finished.
    for (let i = 251; i <= 260; i++) {
      hubspot.put('contacts', {
        firstname: `Remote${i}`,
        lastname: surname,
        email: `remote${i}@example.com`,
      });
    }
    await row.getByRole('button', { name: 'Sync now' }).click();
    const progress = page.getByTestId('connector-progress');
    await progress.getByRole('progressbar', { name: 'Sync progress' }).waitFor({ timeout: 20_000 });
    await progress.getByText('Sync finished.').waitFor({ timeout: 60_000 });
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // The row's counts are those of the latest run again (the ten new contacts, at least).
    await row.getByText(/250 fetched/).waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('connector-log-row').filter({ hasText: 'Run finished' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The imported customers are in the customer list: one of the first import, one of "Sync now".
    const table = page.getByRole('table', { name: 'Customers' });
    for (const name of ['Remote77', 'Remote260']) {
      await page.goto(`/#/company/customer/list?q=${name}`);
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      await table.getByRole('link', { name: `${name} ${surname}` }).waitFor({ timeout: 20_000 });
    }

    // The dashboard widget shows the connection's last sync.
    await page.goto('/#/company/dashboard');
    await page.getByTestId('widget-connectors').getByRole('link', { name: 'HubSpot' }).waitFor();

    // Disconnect asks first; the customers stay.
    await page.goto('/#/company/crm-integration?tab=connectors');
    await row.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect this connection?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await row.waitFor({ state: 'detached' });
    await page.goto('/#/company/customer/list?q=Remote260');
    await table.getByRole('link', { name: `Remote260 ${surname}` }).waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
