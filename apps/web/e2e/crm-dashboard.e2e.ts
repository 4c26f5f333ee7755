import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();
let ana: ApiClient;
let company: { id: number; name: string };

const DAY = 86_400_000;
/** The lazily loaded chunk with chart.js (crm-charts.tsx). */
const CHART_CHUNK = /\/assets\/crm-charts-[^/]*\.js$/;

beforeAll(async () => {
  // A fresh company, so that the counts are exactly what this story creates.
  company = await createCrmCompany(e2e.stack, 'Dashboard Counts d.o.o.');
  ana = await apiAs(e2e.stack, USERS.ana);

  const customers = `/companies/${company.id}/customers`;
  const statuses = ['lead', 'lead', 'lead', 'prospect', 'prospect', 'customer'];
  for (const [i, status] of statuses.entries()) {
    await ana.call('POST', customers, { first_name: 'Counted', last_name: `${status} ${i}`, status });
  }
  const events = `/companies/${company.id}/events`;
  await ana.call('POST', events, {
    title: 'Late reply',
    start_at: new Date(Date.now() - 3 * DAY).toISOString(),
  });
  await ana.call('POST', events, {
    title: 'Future meeting',
    type: 'meeting',
    start_at: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  const done = await ana.call<{ id: number }>('POST', events, {
    title: 'Already done',
    start_at: new Date(Date.now() - DAY).toISOString(),
  });
  await ana.call('POST', `${events}/${done.id}/done`);
});

/** Every JavaScript file the page asks for, to tell which screens load the chart library. */
function recordScripts(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

const kpi = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Key figures' }).getByRole('link', { name, exact: true });

describe('CRM dashboard', () => {
  it('the CRM dashboard counts match what was created, and only it loads the chart code', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    const scripts = recordScripts(page);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);

    // The company dashboard's CRM widget shows the same total, without the charts.
    const widget = page.getByRole('region', { name: 'CRM', exact: true });
    await widget.getByRole('link', { name: 'Customers 6', exact: true }).waitFor();
    await widget.getByRole('link', { name: 'Overdue 1', exact: true }).waitFor();
    await widget.getByText('Future meeting').waitFor();
    expect(scripts.filter((path) => CHART_CHUNK.test(path))).toEqual([]);

    await widget.getByRole('link', { name: 'CRM dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'CRM dashboard' }).waitFor();
    for (const name of [
      'All contacts 6',
      'Leads 3',
      'Prospects 2',
      'Won customers 1',
      'Open to-dos 2',
      'Overdue to-dos 1',
    ]) {
      await kpi(page, name).waitFor();
    }

    // The chart's table for screen readers: this month's six new customers.
    const thisMonth = new Intl.DateTimeFormat('en', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const months = page.getByRole('table', { name: 'New customers per month' });
    const row = months.getByRole('row').filter({ has: page.getByRole('rowheader', { name: thisMonth }) });
    expect(await row.getByRole('cell').textContent()).toBe('6');
    expect(await months.getByRole('row').count()).toBe(13);

    const funnel = page.getByRole('table', { name: 'Status funnel' });
    const prospects = funnel
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Prospect' }) });
    // Three of six got past the lead step (two prospects, one customer): the bar draws the three.
    expect(await prospects.getByRole('cell').allTextContents()).toEqual(['3', '2', '50%']);

    await page.locator('.kt-chart canvas').first().waitFor();
    expect(scripts.filter((path) => CHART_CHUNK.test(path))).toHaveLength(1);

    await page.getByRole('region', { name: 'Upcoming to-dos' }).getByText('Future meeting').waitFor();
    await page.context().close();
  });

  it('a figure leads to the list it counts', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto('/#/company/crm');

    await kpi(page, 'Leads 3').click();
    await page.waitForURL((url) => url.hash.includes('status=lead'));
    await page.getByRole('link', { name: 'Counted lead 0' }).waitFor();
    expect(await page.getByRole('link', { name: /^Counted prospect/ }).count()).toBe(0);

    await page.goto('/#/company/crm');
    await kpi(page, 'Overdue to-dos 1').click();
    await page.waitForURL((url) => url.hash.includes('view=overdue'));
    await page.getByText('Late reply').waitFor();
    await page.context().close();
  });
});
