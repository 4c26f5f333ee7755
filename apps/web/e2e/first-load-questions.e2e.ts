import { describe, expect, it } from 'vitest';
import { chooseCompany, countApiRequests, loginAs, newPage, USERS } from './fixtures/browser.ts';
import type { Pipeline } from './fixtures/deals.ts';
import { companyOfAnaAndMarko } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/**
 * The document's inline script asks each signed-in screen's first questions before the app has
 * loaded (apps/web/src/app/first-screen-data.ts), with addresses written out by hand beside the
 * screens' own. One built differently from the screen's would be asked a second time: a first
 * load of every screen the script knows asks each path once (the dashboard's three post lists
 * share one path).
 */
describe('a first load of each screen asks each of its questions once', () => {
  it('on the dashboard, the customer list and page, the deals board and page, the CRM dashboard, to-dos, calendar and social posts', async () => {
    const name = `First questions ${Date.now()}`;
    const { company, ana } = await companyOfAnaAndMarko(e2e, name, [0, 1, 2, 3]);
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      first_name: 'Iva',
      last_name: 'Early',
    });
    const { items } = await ana.call<{ items: Pipeline[] }>('GET', `/companies/${company.id}/pipelines`);
    const deal = await ana.call<{ id: number }>('POST', `/companies/${company.id}/deals`, {
      title: 'Roof repair',
      amount: 100,
      currency: 'EUR',
      stage_id: items[0]?.stages[0]?.id,
      customer_ids: [customer.id],
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    const routes = [
      '/company/dashboard',
      '/company/customer/list',
      `/company/customer/${customer.id}`,
      '/company/deals',
      `/company/deal/${deal.id}`,
      '/company/crm',
      '/company/customer/events',
      '/company/calendar',
      '/company/social/posts',
    ];
    const twice: Record<string, [string, number][]> = {};
    for (const route of routes) {
      await page.goto(`/#${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const asked = countApiRequests(page);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // The questions the inline script asks were asked at all, so the check below is not empty.
      expect(asked.get(`/api/company-modules/${company.id}`), route).toBe(1);
      const dashboardPosts =
        route === '/company/dashboard' ? `/api/companies/${company.id}/social/posts` : '';
      const wrong = [...asked].filter(([path, n]) => n !== (path === dashboardPosts ? 3 : 1));
      if (wrong.length) twice[route] = wrong;
    }
    expect(twice).toEqual({});
    await page.context().close();
  });
});
