import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const figure = async (page: Page, label: string) =>
  (await page.getByRole('link', { name: new RegExp(`^${label} `) }).textContent())?.replace(label, '').trim();

describe('CRM dashboard date range', () => {
  it('every tile follows the chosen period, on desktop and phone, light and dark', async () => {
    const company = await createCrmCompany(e2e.stack, 'Range Dashboard Co');
    const api = await apiAs(e2e.stack, USERS.ana);
    for (const [name, status] of [
      ['Lead One', 'lead'],
      ['Won One', 'customer'],
    ])
      await api.call('POST', `/companies/${company.id}/customers`, { name, status });

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
        viewport,
        bypassCSP: true,
        reducedMotion: 'reduce',
      });
      await loginAs(page, USERS.ana);
      await chooseCompany(page, company.name);
      await page.waitForURL(/#\/company\/dashboard$/);
      await page.goto('/#/company/crm');
      await page.getByLabel('Period').waitFor();
      await expect.poll(() => figure(page, 'All contacts')).toBe('2');

      // A custom period long before these customers: nothing was created in it.
      await page.getByLabel('Period').selectOption({ label: 'Custom…' });
      await page.getByLabel('From', { exact: true }).fill('2020-01-01');
      await page.getByLabel('To', { exact: true }).fill('2020-03-31');
      await expect.poll(() => figure(page, 'All contacts')).toBe('0');
      expect(await figure(page, 'Won customers')).toBe('0');
      await page.getByRole('link', { name: /^Events in this period / }).waitFor();

      // This month: both again.
      await page.getByLabel('Period').selectOption({ label: 'This month' });
      await expect.poll(() => figure(page, 'All contacts')).toBe('2');
      expect(await figure(page, 'Leads')).toBe('1');
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
        const where = `${viewport.width}px ${theme}`;
        expect(await seriousViolations(page), where).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await page.context().close();
    }
  });
});
