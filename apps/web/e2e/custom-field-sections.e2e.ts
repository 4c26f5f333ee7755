import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, USERS, violationsInBothThemes } from './fixtures/browser.ts';
import { companyWithDeals } from './fixtures/deals.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** Sections of a company's own fields (docs/decisions/081-custom-field-sections.md). */

const e2e = stackAndBrowserForFile();

async function cleanInBothThemes(page: Page, where: string): Promise<void> {
  expect(await violationsInBothThemes(page), where).toEqual({ light: [], dark: [] });
}

/** The section headings (legends, h3) among `selector`'s, in the order a reader meets them. */
const sectionHeadingsIn = async (scope: Locator, selector: string) =>
  (
    await scope.locator(selector).evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ''))
  ).filter((text) => text === 'Billing' || text === 'Other details');

describe('sections of a company’s own fields', () => {
  it('an owner names a section in settings, moves it first, and the form and the pages show fields under it', async () => {
    const { company, ana, deals } = await companyWithDeals(e2e, `Odjeljci ${Date.now()} d.o.o.`);
    const fieldsUrl = `/companies/${company.id}/custom-fields`;
    await ana.call('POST', fieldsUrl, {
      record: 'customer',
      key: 'tier',
      label: 'Customer tier',
      type: 'text',
    });
    await ana.call('POST', fieldsUrl, {
      record: 'customer',
      key: 'vat_id',
      label: 'VAT number',
      type: 'text',
    });
    await ana.call('POST', fieldsUrl, {
      record: 'deal',
      key: 'po',
      label: 'Purchase order',
      type: 'text',
      section: 'Paperwork',
    });
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      first_name: 'Iva',
      last_name: 'Ilić',
    });

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/settings');

    // Settings: the field gets a section; the list shows it under that heading.
    const fields = page.getByRole('region', { name: 'Customer fields' });
    await fields.getByRole('button', { name: 'Edit VAT number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit field' });
    await dialog.getByLabel('Section').fill('Billing');
    await cleanInBothThemes(page, 'field dialog with a section');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const billing = fields.getByRole('list', { name: 'Billing' });
    await billing.getByText('VAT number').waitFor();
    expect(await fields.getByRole('list', { name: 'Other details' }).textContent()).toContain(
      'Customer tier',
    );
    // The next field's dialog suggests the section already named.
    await fields.getByRole('button', { name: 'Edit Customer tier' }).click();
    const suggestions = await page
      .getByRole('dialog', { name: 'Edit field' })
      .locator('datalist option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(suggestions).toEqual(['Billing']);
    await page.getByRole('dialog', { name: 'Edit field' }).getByRole('button', { name: 'Cancel' }).click();

    // Billing comes second (its field is after the tier); moving the section up puts it first.
    await fields.getByRole('button', { name: 'Move section Billing up' }).click();
    await expect
      .poll(async () =>
        (
          await ana.call<{ items: { key: string; position: number }[] }>(
            'GET',
            `${fieldsUrl}?record=customer`,
          )
        ).items.map((f) => [f.key, f.position]),
      )
      .toEqual([
        ['vat_id', 0],
        ['tier', 1],
      ]);
    await fields.getByRole('button', { name: 'Move section Billing down' }).waitFor();
    expect(await fields.getByRole('button', { name: 'Move section Billing up' }).isDisabled()).toBe(true);
    await cleanInBothThemes(page, 'settings with sections');

    // The customer form: a group per section, Billing first.
    await page.goto(`/#/company/customer/${customer.id}`);
    await page.getByRole('heading', { level: 1, name: 'Iva Ilić' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Iva Ilić”' });
    await edit.getByRole('group', { name: 'Billing' }).getByLabel('VAT number').fill('HR12345678901');
    await edit.getByRole('group', { name: 'Other details' }).getByLabel('Customer tier').fill('Gold');
    expect(await sectionHeadingsIn(edit, 'fieldset > legend')).toEqual(['Billing', 'Other details']);
    await cleanInBothThemes(page, 'customer form with sections');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    // The customer's page: the values under their headings, in the same order.
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('HR12345678901').waitFor();
    expect(await sectionHeadingsIn(details, 'h3')).toEqual(['Billing', 'Other details']);
    const stored = await ana.call<{ custom: object }>(
      'GET',
      `/companies/${company.id}/customers/${customer.id}`,
    );
    expect(stored.custom).toEqual({ vat_id: 'HR12345678901', tier: 'Gold' });
    await cleanInBothThemes(page, 'customer page with sections');

    // A deal's page and form show the deal field under its section too.
    const deal = deals['Roof repair'];
    if (!deal) throw new Error('no deal');
    await page.goto(`/#/company/deal/${deal.id}`);
    await page.getByRole('heading', { level: 1, name: 'Roof repair' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Paperwork' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dealEdit = page.getByRole('dialog', { name: 'Edit “Roof repair”' });
    await dealEdit.getByRole('group', { name: 'Paperwork' }).getByLabel('Purchase order').waitFor();
    await cleanInBothThemes(page, 'deal form with a section');
    await page.context().close();
  }, 240_000);
});
