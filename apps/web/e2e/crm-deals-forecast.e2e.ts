import type { Forecast } from '@kontora/contract/deals';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { companyWithDeals } from './fixtures/deals.ts';
import { personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const thisMonth = () => new Date().toISOString().slice(0, 7);
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
const longMonth = (month: string) =>
  new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** One of the forecast's key figures, as shown ("Open pipeline€1,300.00"). */
const figure = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Sales figures' }).getByRole('listitem').filter({ hasText: label });

/** The cells of a month's row in one of the forecast charts' tables (for screen readers). */
const monthCells = async (page: Page, table: string, month: string) => {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: longMonth(month) }) });
  // The charts' tables render after the chart code has loaded, later than the key figures.
  await row.waitFor();
  return row.getByRole('cell').allTextContents();
};

/**
 * A company of Ana with deals of 100 and 200 EUR open, 300 won (Solar panels) and a 1,000 EUR
 * "Heat pump" expected to close this month.
 */
async function companyWithForecast(name: string) {
  const made = await companyWithDeals(e2e, name);
  const { company, ana, pipeline, deals } = made;
  const won = pipeline.stages.find((stage) => stage.kind === 'won');
  const solar = deals['Solar panels'];
  if (!won || !solar) throw new Error('no won stage or no Solar panels deal');
  await ana.call('POST', `/companies/${company.id}/deals/${solar.id}/move`, {
    stage_id: won.id,
    version: solar.version,
  });
  const heatPump = await ana.call<{ id: number }>('POST', `/companies/${company.id}/deals`, {
    title: 'Heat pump',
    amount: 1000,
    currency: 'EUR',
    stage_id: pipeline.stages[0]?.id,
    expected_close_date: `${thisMonth()}-15`,
  });
  return { ...made, heatPump };
}

describe('the sales forecast on the CRM dashboard', () => {
  it('shows the figures the API answers, follows the pipeline picker and refreshes when a deal changes', async () => {
    const { company, pipeline } = await companyWithForecast(`Prognoza ${Date.now()} d.o.o.`);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    const answered = page.waitForResponse((r) => /\/deals\/forecast\?/.test(r.url()) && r.ok());
    await page.goto('/#/company/crm');
    const forecast = ((await (await answered).json()) as { data: Forecast }).data;

    // The API's answer is what the deals add up to…
    expect(forecast.currency).toBe('EUR');
    expect(forecast.open_amount).toBe(1300);
    expect(forecast.win_rate).toBe(1);
    expect(forecast.by_month.find((m) => m.month === thisMonth())).toMatchObject({
      open_amount: 1000,
      won_amount: 300,
    });
    // …and the dashboard shows that answer.
    const eur = (amount: number) => money(amount, forecast.currency);
    await figure(page, 'Open pipeline').getByText(eur(forecast.open_amount), { exact: true }).waitFor();
    await figure(page, 'Weighted value').getByText(eur(forecast.weighted_amount), { exact: true }).waitFor();
    await figure(page, 'Win rate').getByText('100%', { exact: true }).waitFor();
    const month = forecast.by_month.find((m) => m.month === thisMonth());
    if (!month) throw new Error('this month is not in the forecast');
    expect(await monthCells(page, 'Open and weighted value by expected close', month.month)).toEqual([
      eur(month.open_amount),
      eur(month.weighted_amount),
    ]);
    expect(await monthCells(page, 'Won value per month', month.month)).toEqual([eur(month.won_amount)]);
    expect(
      await page
        .getByRole('table', { name: 'Open and weighted value by expected close' })
        .getByRole('row')
        .count(),
    ).toBe(forecast.by_month.length + 1);
    const conversion = page.getByRole('region', { name: 'Conversion from stage to stage' });
    const [firstStage, secondStage] = pipeline.stages;
    await conversion.getByRole('rowheader', { name: `${firstStage?.name} → ${secondStage?.name}` }).waitFor();
    expect(await conversion.getByRole('row').count()).toBe(forecast.stage_conversion.length + 1);
    const owners = page.getByRole('region', { name: 'Open deals by owner' });
    const byOwner = forecast.by_owner[0];
    expect(forecast.by_owner).toHaveLength(1);
    await owners.getByRole('row').nth(1).waitFor();
    expect(await owners.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      String(byOwner?.count),
      eur(byOwner?.open_amount ?? 0),
    ]);

    // The pipeline and the period go into the address, and ask the API for them.
    const narrowed = page.waitForResponse(
      (r) => r.url().includes(`pipeline_id=${pipeline.id}`) && r.url().includes('/deals/forecast'),
    );
    await page.getByLabel('Pipeline', { exact: true }).selectOption(String(pipeline.id));
    await narrowed;
    await page.waitForURL((url) => url.hash.includes(`pipeline=${pipeline.id}`));
    // Twelve months back and twelve ahead: this one's answer, not a refetch of the six-month one.
    const twelveAhead = new Date(`${thisMonth()}-01T00:00:00Z`);
    twelveAhead.setUTCMonth(twelveAhead.getUTCMonth() + 12);
    const longer = page.waitForResponse(
      (r) =>
        r.url().includes('/deals/forecast') &&
        r.url().includes(`to=${twelveAhead.toISOString().slice(0, 7)}`),
    );
    await page.getByLabel('Forecast months').selectOption('12');
    const twelve = ((await (await longer).json()) as { data: Forecast }).data;
    expect(twelve.by_month).toHaveLength(24);
    await page.waitForURL((url) => url.hash.includes('months=12'));
    await page.reload();
    expect(await page.getByLabel('Forecast months').inputValue()).toBe('12');
    // The picker's options arrive with the pipelines, after the reload has drawn the select.
    await expect
      .poll(() => page.getByLabel('Pipeline', { exact: true }).inputValue())
      .toBe(String(pipeline.id));
    await page.context().close();

    // Live: Marko adds a deal; Ana's dashboard shows the new open value without a reload.
    const ana = await personIn(e2e, USERS.ana, company.name, '/company/crm');
    await figure(ana, 'Open pipeline').getByText(eur(1300), { exact: true }).waitFor();
    const marko = await apiAs(e2e.stack, USERS.marko);
    await marko.call('POST', `/companies/${company.id}/deals`, {
      title: 'Carport',
      amount: 50,
      currency: 'EUR',
    });
    await figure(ana, 'Open pipeline').getByText(eur(1350), { exact: true }).waitFor();
    await ana.context().close();
  });

  it('the top-bar search finds a deal by its title and opens it', async () => {
    const { company, heatPump } = await companyWithForecast(`Trazilica ${Date.now()} d.o.o.`);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.getByRole('searchbox', { name: 'Search customers and deals' }).fill('heat');
    const deals = page.getByRole('list', { name: 'Matching deals' });
    await deals.getByRole('link', { name: /Heat pump/ }).click();
    await page.waitForURL((url) => url.hash.startsWith(`#/company/deal/${heatPump.id}`));
    await page.getByRole('heading', { level: 1, name: 'Heat pump' }).waitFor();
    await page.context().close();
  });

  it('fits a phone without sideways scroll and has no serious accessibility problem, light and dark', async () => {
    const { company } = await companyWithForecast(`Pregled ${Date.now()} d.o.o.`);
    const phone = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 390, height: 844 } });
    await loginAs(phone, USERS.ana);
    await chooseCompany(phone, company.name);
    await phone.goto('/#/company/crm');
    await figure(phone, 'Open pipeline').waitFor();
    await phone.locator('.kt-chart canvas').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context().close();

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    for (const theme of ['Light', 'Dark'] as const) {
      await pickTheme(page, theme);
      await page.goto('/#/company/crm');
      await figure(page, 'Open pipeline').waitFor();
      // No customers: the customer charts give way to their empty state; the forecast's two remain.
      await page.locator('.kt-chart canvas').nth(1).waitFor();
      const dir = process.env.SCREENSHOT_DIR;
      if (dir)
        await page.screenshot({ path: `${dir}/deals-forecast-${theme.toLowerCase()}.png`, fullPage: true });
      expect(await seriousViolations(page), theme).toEqual([]);
    }
    await page.context().close();
  });
});
