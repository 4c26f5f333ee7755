import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The menu's section headings as shown (company name, "Administration"…). */
async function sectionTitles(page: Page): Promise<string[]> {
  return menu(page).locator('.kt-menu-title').allTextContents();
}

describe('navigation (decision 020)', () => {
  it('a member changes company from a neutral place, sees no "Administration" and no Team', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.marko);
    await chooseCompany(page, 'Bistro Mare');
    await page.getByRole('heading', { level: 1, name: 'CRM dashboard' }).waitFor();
    await menu(page).getByRole('link', { name: 'Change company' }).waitFor();
    expect(await sectionTitles(page)).toEqual(['Bistro Mare']);
    expect(await menu(page).getByRole('link', { name: 'Team' }).count()).toBe(0);

    // To-dos beside Customers and Calendar, directly under CRM.
    await menu(page).getByRole('link', { name: 'To-dos' }).click();
    await page.getByRole('heading', { level: 1, name: 'To-dos' }).waitFor();
    await menu(page).getByRole('link', { name: 'Customers', exact: true }).waitFor();

    await menu(page).getByRole('link', { name: 'Change company' }).click();
    await page.waitForURL(/#\/companies$/);
    await page.getByRole('heading', { level: 1, name: 'Change company' }).waitFor();
    // The old address keeps working.
    await page.goto('/#/admin/dashboard');
    await page.waitForURL(/#\/companies$/);
    // The admin screens stay closed.
    await page.goto('/#/admin/overview');
    await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
    await page.context().close();
  });

  it('an address or bookmark inside CRM opens the CRM group with its entry highlighted', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    for (const [address, entry] of [
      ['/#/company/crm', 'CRM dashboard'],
      ['/#/company/customer/list', 'Customers'],
      ['/#/company/customer/events', 'To-dos'],
      ['/#/company/calendar', 'Calendar'],
    ] as const) {
      const group = menu(page).getByRole('button', { name: 'CRM', exact: true });
      const link = menu(page).getByRole('link', { name: entry, exact: true });
      const opened = async (how: string) => {
        await expect
          .poll(() => group.getAttribute('aria-expanded'), { message: `${how} ${address}` })
          .toBe('true');
        await expect
          .poll(() => link.getAttribute('aria-current'), { message: `${how} ${address}` })
          .toBe('page');
        expect(await link.isVisible()).toBe(true);
      };
      // Typed into the address bar from the dashboard (the group closed there)…
      await page.goto('/#/company/dashboard');
      await expect.poll(() => group.getAttribute('aria-expanded')).toBe('false');
      await page.goto(address);
      await opened('typed');
      // …and a fresh load of the address, as a bookmark opens it.
      await page.reload();
      await opened('bookmark');
    }
    await page.context().close();
  });

  it('an owner opens Team from the menu; Settings no longer holds it', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 390, height: 844 } });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const phoneMenu = page.getByRole('dialog', { name: 'Main menu' });
    await phoneMenu.getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(/#\/company\/team$/);
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await page
      .getByRole('region', { name: 'Team of Acme d.o.o.' })
      .getByRole('row', { name: /Ana Horvat/ })
      .waitFor();
    await page.goto('/#/company/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('region', { name: 'Team of Acme d.o.o.' }).count()).toBe(0);
    await page.context().close();
  });

  it('a superuser finds "Administration" with an overview: counts, recent changes, troubled jobs', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.superuser);
    await menu(page).getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(/#\/admin\/overview$/);
    await page.getByRole('heading', { level: 1, name: 'Administration overview' }).waitFor();
    expect(await sectionTitles(page)).toContain('Administration');

    const figure = async (name: string) => {
      const tile = page.getByRole('region', { name });
      await tile.locator('.display-6').waitFor();
      return Number(((await tile.locator('.display-6').textContent()) ?? '').replace(/\D/g, ''));
    };
    // The demo has Acme and Bistro Mare, and three people.
    expect(await figure('Companies')).toBeGreaterThanOrEqual(2);
    expect(await figure('People')).toBeGreaterThanOrEqual(3);
    expect(await figure('Failed jobs')).toBeGreaterThanOrEqual(0);
    expect(await figure('Dead jobs')).toBeGreaterThanOrEqual(0);

    // A change made now is among the recent ones.
    await page.getByRole('region', { name: 'Companies' }).getByRole('link', { name: 'Companies' }).click();
    await page.waitForURL(/#\/admin\/companies$/);
    await page.getByRole('button', { name: 'New company' }).click();
    const dialog = page.getByRole('dialog', { name: 'New company' });
    await dialog.getByLabel('Name', { exact: true }).fill('Overview Test d.o.o.');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview Test d.o.o.' }).waitFor();
    await page.goto('/#/admin/overview');
    const recent = page.getByRole('list', { name: 'Recent changes' });
    await recent.getByRole('listitem').first().getByText('Company created').waitFor();
    await page.context().close();
  });
});
