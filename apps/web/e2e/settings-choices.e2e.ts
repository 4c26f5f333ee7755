import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** Decision 030: time zone, currency and appearance settings that no longer confuse. */
const e2e = stackAndBrowserForFile();

/** Each story runs axe four times and signs in once per viewport: on the shared 2-core machine that takes ~60 s. */
const STORY_TIMEOUT = 180_000;

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function expectCleanInBothThemes(page: Page, where: string, width: number): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    expect(await seriousViolations(page), `${where} ${theme}`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${where} ${theme}`,
    ).toBeLessThanOrEqual(width);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
}

/** A company kept in kuna since before the euro: set in the database, as no screen or API allows it any more. */
function storeRetiredCurrency(companyId: number): void {
  const db = new DatabaseSync(e2e.stack.databaseFile);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare("UPDATE companies SET currency = 'HRK' WHERE id = ?").run(companyId);
  } finally {
    db.close();
  }
}

describe('company time zone and currency', () => {
  it.each(VIEWPORTS)(
    'a zone is found by typing, grouped by region with its offset, picked by keyboard; the currency list is current ($width px)',
    async (viewport) => {
      const admin = await apiAs(e2e.stack, USERS.superuser);
      const company = await admin.call<{ id: number; name: string }>('POST', '/admin/companies', {
        name: `Zoned ${viewport.width} d.o.o.`,
        time_zone: 'America/New_York',
      });
      storeRetiredCurrency(company.id);
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
        viewport,
        bypassCSP: true,
        reducedMotion: 'reduce',
      });
      await loginAs(page, USERS.superuser);
      await page.goto(`/#/admin/companies/${company.id}`);
      await page.getByRole('heading', { level: 1, name: company.name }).waitFor();
      const where = `${viewport.width}px`;

      // The currency list: current codes named in the reader's language; the stored kuna still shows.
      const currency = page.getByLabel('Currency', { exact: true });
      expect(await currency.inputValue()).toBe('HRK');
      const codes = await currency
        .locator('option')
        .evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
      expect(codes).toContainEqual(['HRK', 'HRK · Croatian Kuna (no longer in use)']);
      expect(codes).toContainEqual(['EUR', 'EUR · Euro']);
      const values = codes.map(([value]) => value);
      expect(new Set(values).size).toBe(values.length);
      for (const gone of ['BOV', 'CHE', 'CHW', 'USN', 'XBA', 'XTS', 'XXX', 'XDR', 'CUC'])
        expect(values, gone).not.toContain(gone);

      // The zone: typing "zag" leaves Zagreb alone, under Europe, with its offset.
      const zone = page.getByRole('combobox', { name: 'Time zone' });
      expect(await zone.inputValue()).toMatch(/^America\/New York \(UTC-0[45]:00\)$/);
      await zone.fill('zag');
      const list = page.getByRole('listbox', { name: 'Time zone' });
      await list
        .getByRole('group', { name: 'Europe' })
        .getByRole('option', { name: /^Zagreb UTC\+0[12]:00$/ })
        .waitFor();
      expect(await list.getByRole('option').count()).toBe(1);
      await page.getByRole('status').filter({ hasText: 'Time zones found: 1' }).waitFor();
      await expectCleanInBothThemes(page, `${where} zone search`, viewport.width);
      await zone.press('Enter');
      expect(await zone.inputValue()).toMatch(/^Europe\/Zagreb \(UTC\+0[12]:00\)$/);
      expect(await zone.getAttribute('aria-expanded')).toBe('false');

      // The whole list from the keyboard: every region, the chosen zone highlighted first.
      await zone.press('ArrowDown');
      const groups = await list
        .getByRole('group')
        .evaluateAll((nodes) =>
          nodes.map((n) => document.getElementById(n.getAttribute('aria-labelledby') ?? '')?.textContent),
        );
      expect(groups.slice(0, 2)).toEqual(['Europe', 'America']);
      expect(groups).toEqual(expect.arrayContaining(['Asia', 'Africa', 'Pacific', 'Other']));
      expect(await list.getByRole('option').count()).toBeGreaterThan(400);
      const activeName = () =>
        zone.evaluate(
          (input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent,
        );
      expect(await activeName()).toMatch(/^ZagrebUTC/);
      await zone.press('ArrowDown');
      expect(await activeName()).not.toMatch(/^ZagrebUTC/);
      await zone.press('Escape');
      expect(await zone.inputValue()).toMatch(/^Europe\/Zagreb/);

      // Nothing found is said, and leaves the choice as it was.
      await zone.fill('zzqq');
      await page.getByText('No time zone matches “zzqq”.').waitFor();
      await zone.press('Escape');
      expect(await zone.inputValue()).toMatch(/^Europe\/Zagreb/);

      // Saving keeps the kuna (not changed) and stores the zone.
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/admin/companies/${company.id}`) && r.request().method() === 'PATCH',
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await saved).status()).toBe(200);
      const stored = await admin.call<{ time_zone: string; currency: string }>(
        'GET',
        `/admin/companies/${company.id}`,
      );
      expect(stored).toMatchObject({ time_zone: 'Europe/Zagreb', currency: 'HRK' });
      await page.context().close();
    },
    STORY_TIMEOUT,
  );
});

describe('appearance settings', () => {
  it.each(VIEWPORTS)(
    'shows a miniature of each layout and sidebar style, and Reset to defaults restores them and says so ($width px)',
    async (viewport) => {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
        viewport,
        bypassCSP: true,
        reducedMotion: 'reduce',
      });
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(request.url());
      });
      await loginAs(page, USERS.ana);
      await chooseCompany(page, 'Acme d.o.o.');
      await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
      await page.getByRole('button', { name: 'Layout settings' }).click();
      const panel = page.getByRole('dialog', { name: 'Layout settings' });
      const group = (name: string) => panel.getByRole('group', { name });
      const where = `${viewport.width}px`;

      // One decorative miniature per layout and sidebar style, drawn without images or inline styles.
      expect(await group('Layout').locator('.kt-mini[aria-hidden="true"]').count()).toBe(2);
      expect(await group('Sidebar').locator('.kt-mini[aria-hidden="true"]').count()).toBe(5);
      expect(await panel.locator('[style], img, svg image').count()).toBe(0);
      expect(images).toEqual([]);
      const sideWidth = (style: string) =>
        group('Sidebar')
          .locator(`.kt-mini-sidebar-${style} .kt-mini-side`)
          .evaluate((el) => el.getBoundingClientRect().width);
      expect(await sideWidth('icon')).toBeLessThan(await sideWidth('compact'));
      expect(await sideWidth('compact')).toBeLessThan(await sideWidth('dark'));
      const horizontal = group('Layout').locator('.kt-mini-horizontal');
      const [top, menu] = await Promise.all(
        ['.kt-mini-top', '.kt-mini-side'].map((part) =>
          horizontal.locator(part).evaluate((el) => el.getBoundingClientRect()),
        ),
      );
      expect(menu?.top).toBeGreaterThanOrEqual((top?.bottom ?? 0) - 1);
      // The radios keep their plain names.
      await group('Sidebar').getByRole('radio', { name: 'Icons only' }).waitFor();
      await expectCleanInBothThemes(page, `${where} panel`, viewport.width);

      // Away from the defaults, then back with one button.
      await group('Sidebar').getByRole('radio', { name: 'Light' }).check();
      await group('Width').getByRole('radio', { name: 'Boxed' }).check();
      await group('Theme').getByRole('radio', { name: 'Dark' }).check();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.bsTheme)).toBe('dark');
      expect(await seriousViolations(page), `${where} panel dark, light sidebar`).toEqual([]);
      const reset = page.waitForResponse(
        (r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH',
      );
      await panel.getByRole('button', { name: 'Reset to defaults' }).click();
      const body = (await reset).request().postDataJSON() as { preferences: Record<string, string> };
      expect(body.preferences).toEqual({
        layout: 'vertical',
        width: 'fluid',
        sidebar: 'dark',
        theme: 'light',
        topbar: 'dark',
      });
      await panel
        .getByRole('status')
        .filter({ hasText: 'Layout and theme are back to the defaults.' })
        .waitFor();
      const attributes = () =>
        page.evaluate(() => {
          const html = document.documentElement;
          return [html.dataset.bsTheme, html.dataset.sidebar, html.dataset.layoutWidth];
        });
      await expect.poll(attributes).toEqual(['light', 'dark', 'fluid']);
      expect(await group('Sidebar').getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

      // The next choice replaces the message; the defaults survive a reload.
      await group('Sidebar').getByRole('radio', { name: 'Compact' }).check();
      expect(await panel.getByRole('status').textContent()).toBe('');
      const again = page.waitForResponse(
        (r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH',
      );
      await panel.getByRole('button', { name: 'Reset to defaults' }).click();
      expect((await again).status()).toBe(200);
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Ana Horvat!' }).waitFor();
      await expect.poll(attributes).toEqual(['light', 'dark', 'fluid']);
      await page.context().close();
    },
    STORY_TIMEOUT,
  );
});
