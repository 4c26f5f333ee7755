import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, loginThroughScreen, logout, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const htmlAttribute = (page: Page, name: string) =>
  page.evaluate((n) => document.documentElement.getAttribute(n), name);

describe('layout and menu', () => {
  it('a CRM-only company shows only the CRM entries', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.marko);
    await chooseCompany(page, 'Bistro Mare');
    // Without the dashboard module the company opens on its CRM dashboard.
    await page.waitForURL(/#\/company\/crm$/);

    const nav = menu(page);
    await nav.getByRole('button', { name: 'CRM' }).waitFor();
    for (const absent of ['Dashboard', 'CRM integration', 'Social']) {
      expect(await nav.getByRole('link', { name: absent, exact: true }).count(), absent).toBe(0);
    }
    // The CRM group holds the active entry, so it is open after the navigation.
    await expect
      .poll(() => nav.getByRole('button', { name: 'CRM' }).getAttribute('aria-expanded'))
      .toBe('true');
    await expect
      .poll(() => nav.getByRole('link', { name: 'CRM dashboard' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await nav.getByRole('link', { name: 'Calendar' }).isVisible()).toBe(true);

    // A module the company lacks is explained, not hidden behind an error.
    await page.goto('/#/company/social');
    await page.getByRole('heading', { level: 1, name: 'Module not enabled' }).waitFor();
    await page.context().close();
  });

  it('groups expand and collapse, and each navigation keeps only the active group open', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    const nav = menu(page);
    for (const present of ['Dashboard', 'CRM integration', 'Social']) {
      await nav.getByRole('link', { name: present, exact: true }).waitFor();
    }
    const crm = nav.getByRole('button', { name: 'CRM', exact: true });
    await expect.poll(() => crm.getAttribute('aria-expanded')).toBe('false');
    await crm.click();
    await expect.poll(() => crm.getAttribute('aria-expanded')).toBe('true');
    // To-dos sit beside Customers and Calendar, one level under CRM.
    await nav.getByRole('link', { name: 'Customers', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'To-dos' }).click();
    await page.waitForURL(/#\/company\/customer\/events$/);
    await expect
      .poll(() => nav.getByRole('link', { name: 'To-dos' }).getAttribute('aria-current'))
      .toBe('page');

    await nav.getByRole('link', { name: 'Social' }).click();
    await page.waitForURL(/#\/company\/social$/);
    await expect.poll(() => crm.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('heading', { level: 1, name: 'Social' }).waitFor();
    await page.context().close();
  });

  it('the top-bar search opens the customer list with the text', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await search.fill('Novak & Co');
    await search.press('Enter');
    await page.waitForURL(/#\/company\/customer\/list\?q=Novak/);
    const query = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(query.get('q')).toBe('Novak & Co');
    await page.getByText('Search for “Novak & Co”').waitFor();
    await page.context().close();
  });

  it("a member's visit to a superuser page is refused, and the admin entries are not offered", async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    expect(await menu(page).getByRole('link', { name: 'Companies' }).count()).toBe(0);
    await page.goto('/#/admin/users');
    await page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
    await page.context().close();

    const admin = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(admin, USERS.superuser);
    await menu(admin).getByRole('link', { name: 'Audit log' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search companies' }).fill('Bistro');
    await admin.getByRole('button', { name: /^Bistro Mare/ }).waitFor();
    await admin.getByRole('button', { name: /^Acme/ }).waitFor({ state: 'detached' });
    await admin.context().close();
  });

  it('the language switch survives a reload through the cookie and is saved to the profile', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.marko);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unternehmen wechseln' }).waitFor();
    await expect.poll(() => htmlAttribute(page, 'lang')).toBe('de');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Unternehmen wechseln' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('de');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}').token,
    );
    const me = await fetch(`${e2e.stack.baseUrl}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { data: { language: string } }).data.language).toBe('de');
    await page.context().close();

    // A e2e.browser with no choice of its own follows the person's saved language after sign-in.
    const other = await newPage(e2e.browser, e2e.stack.baseUrl, { lang: null });
    await other.goto('/#/login');
    await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    await loginThroughScreen(other, USERS.marko);
    await other.getByRole('heading', { level: 1, name: 'Unternehmen wechseln' }).waitFor();
    await other.context().close();
  });

  it('layout and theme survive logout and sign-in in another browser', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.getByRole('button', { name: 'Layout settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Layout settings' });
    const group = (name: string) => panel.getByRole('group', { name });
    // Icon sidebar and coloured top bar depend on the layout.
    expect(await group('Top bar').getByRole('radio', { name: 'Coloured' }).isDisabled()).toBe(true);
    await group('Layout').getByRole('radio', { name: 'Horizontal' }).check();
    expect(await group('Sidebar').getByRole('radio', { name: 'Icons only' }).isDisabled()).toBe(true);
    await group('Top bar').getByRole('radio', { name: 'Coloured' }).check();
    await group('Theme').getByRole('radio', { name: 'Dark' }).check();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH',
    );
    await group('Width').getByRole('radio', { name: 'Boxed' }).check();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => htmlAttribute(page, 'data-bs-theme')).toBe('dark');
    await expect.poll(() => htmlAttribute(page, 'data-layout')).toBe('horizontal');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'CRM' }).waitFor();
    await logout(page);
    // The sign-in page keeps the theme picked in this browser.
    await expect.poll(() => htmlAttribute(page, 'data-bs-theme')).toBe('dark');
    await page.context().close();

    const other = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginThroughScreen(other, USERS.ana);
    await expect.poll(() => htmlAttribute(other, 'data-bs-theme')).toBe('dark');
    await expect.poll(() => htmlAttribute(other, 'data-layout')).toBe('horizontal');
    await expect.poll(() => htmlAttribute(other, 'data-layout-width')).toBe('boxed');
    await expect.poll(() => htmlAttribute(other, 'data-topbar')).toBe('colored');
    await other.reload();
    await expect.poll(() => htmlAttribute(other, 'data-bs-theme')).toBe('dark');
    await other.context().close();
  });

  it('a 375 px wide screen gets the off-canvas menu', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 375, height: 740 } });
    await loginAs(page, USERS.marko);
    await chooseCompany(page, 'Bistro Mare');
    await page.waitForURL(/#\/company\/crm$/);
    expect(await page.evaluate(() => localStorage.getItem('initialScreenWidthInitial'))).toBe('375');
    // The sidebar is gone; the menu button opens the menu as a dialog.
    expect(await page.locator('.kt-sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(/#\/company\/calendar$/);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();

    // Escape closes it and gives the focus back to the button.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('button', { name: 'Open the menu' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.context().close();
  });

  it('the footer starts below the fold while the customer list loads, so nothing jumps when it arrives', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    // Hold the list's answer, to look at the page while it loads.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/companies\/\d+\/customers(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#/company/customer/list');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const footerTop = async () => (await page.locator('.kt-footer').boundingBox())?.y ?? 0;
    expect(await footerTop()).toBeGreaterThanOrEqual(900);
    release();
    await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).waitFor();
    expect(await footerTop()).toBeGreaterThanOrEqual(900);
    await page.context().close();
  });
});
