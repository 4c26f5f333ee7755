import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const NEW_RELEASE = 'A new version may have been released. Reloading usually helps.';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const content = (page: Page) => page.locator('#main-content');

/** Ana inside Acme, on the company dashboard. */
async function anaInAcme(): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { reducedMotion: 'reduce' });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, 'Acme d.o.o.');
  await page.waitForURL(/#\/company\/dashboard$/);
  return page;
}

/** The content area names the unreachable server and offers "Try again"; the menu and top bar stay. */
async function namesTheOutage(page: Page): Promise<void> {
  await content(page).getByRole('alert').filter({ hasText: UNREACHABLE }).waitFor();
  await content(page).getByRole('button', { name: 'Try again' }).first().waitFor();
  expect(await page.getByText(NEW_RELEASE).count()).toBe(0);
  expect(await menu(page).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /Account menu$/ }).isVisible()).toBe(true);
}

async function openFromMenu(page: Page, group: string | null, name: string): Promise<void> {
  const link = menu(page).getByRole('link', { name, exact: true });
  if (group && !(await link.isVisible())) await menu(page).getByRole('button', { name: group }).click();
  await link.click();
}

describe('the server goes down while the app is open', () => {
  afterEach(async () => {
    // A failed story must not leave the next one without a server; one that brought it
    // back (or never took it down) leaves it as it is, with no restart to wait for.
    if (!e2e.stack.serverRunning()) await e2e.stack.startServer();
  });

  it("a screen whose code cannot be fetched says the server is unreachable, and opens with 'Try again' once it is back", async () => {
    const page = await anaInAcme();
    await e2e.stack.stopServer();

    // The calendar's code was never loaded in this tab: it cannot arrive now.
    await openFromMenu(page, 'CRM', 'Calendar');
    await page.waitForURL(/#\/company\/calendar/);
    await namesTheOutage(page);
    // The app stays usable: the menu still leads elsewhere, and says the same there.
    await openFromMenu(page, 'CRM', 'Customers');
    await page.waitForURL(/#\/company\/customer\/list$/);
    await namesTheOutage(page);

    await e2e.stack.startServer();
    await content(page).getByRole('button', { name: 'Try again' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).waitFor();
    await openFromMenu(page, 'CRM', 'Calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.context().close();
  });

  it("each main screen's failed data load shows the screen's own error, and 'Try again' loads it once the server is back", async () => {
    const api = await apiAs(e2e.stack, USERS.ana);
    const companies = await api.call<{ items: { id: number; name: string }[] }>('GET', '/me/companies');
    const acme = companies.items.find((company) => company.name.startsWith('Acme'));
    if (!acme) throw new Error('demo company missing');
    const customers = await api.call<{ items: { id: number }[] }>(
      'GET',
      `/companies/${acme.id}/customers?limit=2`,
    );
    const [first, second] = customers.items;
    if (!first || !second) throw new Error('demo customers missing');

    const page = await anaInAcme();
    // Every screen's code is in the tab; only the data of what follows is new.
    const visits: [string, string][] = [
      ['/company/crm', 'CRM dashboard'],
      ['/company/customer/list', 'Customers'],
      [`/company/customer/${first.id}`, ''],
      ['/company/customer/events', 'To-dos'],
      ['/company/calendar?view=dayGridMonth', 'Calendar'],
      ['/company/settings', 'Settings'],
    ];
    for (const [hash, title] of visits) {
      await page.goto(`/#${hash}`);
      await (title ? page.getByRole('heading', { level: 1, name: title }) : page.locator('h1')).waitFor();
    }
    await e2e.stack.stopServer();

    const unseen = [
      '/company/customer/list?q=nobody-by-this-name',
      `/company/customer/${second.id}`,
      '/company/calendar?view=dayGridMonth&date=2031-03-01',
    ];
    for (const hash of unseen) {
      await page.goto(`/#${hash}`);
      await namesTheOutage(page);
    }

    await e2e.stack.startServer();
    await content(page).getByRole('button', { name: 'Try again' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await expect.poll(() => content(page).getByText(UNREACHABLE).count()).toBe(0);
    // Back on a screen whose load failed, it loads again by itself.
    await page.goto(`/#/company/customer/${second.id}`);
    await content(page).getByRole('button', { name: 'Add note' }).waitFor();
    await expect.poll(() => content(page).getByText(UNREACHABLE).count()).toBe(0);
    await page.context().close();
  });

  it('a chunk that is gone after a release asks for a reload, not to try again', async () => {
    const page = await anaInAcme();
    // As after a release: the server answers, but this file no longer exists.
    await page.route(/\/assets\/calendar-screen-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    await openFromMenu(page, 'CRM', 'Calendar');
    await content(page).getByRole('alert').filter({ hasText: NEW_RELEASE }).waitFor();
    await content(page).getByRole('button', { name: 'Reload' }).waitFor();
    expect(await menu(page).isVisible()).toBe(true);
    await page.context().close();
  });
});
