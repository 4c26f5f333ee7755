import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, USERS, violationsInBothThemes } from './fixtures/browser.ts';
import { companyWithDeals } from './fixtures/deals.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

describe('deal list: all deals matching the filter', () => {
  it('selects every matching deal, loaded or not, and the server changes exactly those', async () => {
    const { company, ana, pipeline, deals } = await companyWithDeals(e2e, `Svi ${Date.now()} d.o.o.`);
    const [first] = pipeline.stages;
    const won = pipeline.stages.find((stage) => stage.kind === 'won');
    if (!first || !won) throw new Error('no stages');
    // 52 leads: more than the list's first page of 50.
    const titles = Array.from({ length: 52 }, (_, i) => `Lead ${String(i + 1).padStart(2, '0')}`);
    for (let i = 0; i < titles.length; i += 10)
      await Promise.all(
        titles
          .slice(i, i + 10)
          .map((title) => ana.call('POST', `/companies/${company.id}/deals`, { title, stage_id: first.id })),
      );

    // axe's script needs the page without its Content-Security-Policy.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/deals/list?q=lead');
    await page.getByText('Matching deals: 52').waitFor();
    // The search says it reaches own text fields too.
    await expect.poll(() => page.getByLabel('Search deals').getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Your own text fields are searched too.').waitFor();
    // The first page: 50 rows and the header.
    await expect.poll(() => page.getByRole('row').count()).toBe(51);
    await page.getByLabel('Choose all shown').check();
    const bulk = page.getByRole('region', { name: 'Change chosen deals' });
    await bulk.getByText('Chosen: 50').waitFor();
    await bulk.getByRole('button', { name: 'Select all 52 deals matching this filter' }).click();
    await bulk.getByText('All deals matching this filter are selected: 52').waitFor();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });
    await bulk.getByLabel('Move to stage').selectOption(String(won.id));
    await page.getByText('Deals changed: 52').waitFor();

    // All 52 leads moved, the 2 not loaded included; the deals the search did not match did not.
    const leads = await ana.call<{ items: { title: string; stage_id: number }[] }>(
      'GET',
      `/companies/${company.id}/deals?q=lead&limit=100`,
    );
    expect(leads.items).toHaveLength(52);
    expect(leads.items.every((deal) => deal.stage_id === won.id)).toBe(true);
    const roof = deals['Roof repair'];
    const stillFirst = await ana.call<{ stage_id: number }>(
      'GET',
      `/companies/${company.id}/deals/${roof?.id}`,
    );
    expect(stillFirst.stage_id).toBe(first.id);

    // A new search clears the selection: nothing is chosen in the new list.
    await page.goto('/#/company/deals/list?q=roof');
    await page.getByText('Matching deals: 1').waitFor();
    expect(await bulk.count()).toBe(0);
    await page.context().close();
  });
});
