import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { card, column, companyWithDeals, sumOf } from './fixtures/deals.ts';
import { personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

async function cleanInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    expect(await seriousViolations(page), `${where} ${theme}`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
}

/** Ana signed in to the company, on its settings; axe's script needs the page without its Content-Security-Policy. */
async function anaOnSettings(companyName: string): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, companyName);
  await page.waitForURL(/#\/company\/dashboard$/);
  await page.goto('/#/company/settings');
  return page;
}

describe('a company’s own fields', () => {
  it('an owner adds a single choice in settings, fills it on a customer and finds it after a reload', async () => {
    const company = await createCrmCompany(e2e.stack, `Polja ${Date.now()} d.o.o.`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      first_name: 'Iva',
      last_name: 'Ilić',
    });
    const page = await anaOnSettings(company.name);

    const fields = page.getByRole('region', { name: 'Customer fields' });
    await fields.getByText('No fields yet.').waitFor();
    await fields.getByRole('button', { name: 'Add field' }).click();
    const dialog = page.getByRole('dialog', { name: 'New field' });
    // The server's problem shows on the input it concerns.
    await dialog.getByLabel('Type').selectOption({ label: 'Single choice' });
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByLabel('Label', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
    await dialog.getByLabel('Option 1').and(page.locator('.is-invalid')).waitFor();

    await dialog.getByLabel('Label', { exact: true }).fill('Customer tier');
    expect(await dialog.getByLabel('Key').inputValue()).toBe('customer_tier');
    await dialog.getByLabel('Key').fill('tier');
    await dialog.getByLabel('Option 1').fill('Gold');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel('Option 2').fill('Silver');
    await cleanInBothThemes(page, 'field dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fields.getByText('tier', { exact: true }).waitFor();
    await cleanInBothThemes(page, 'settings');

    await page.goto(`/#/company/customer/${customer.id}`);
    await page.getByRole('heading', { level: 1, name: 'Iva Ilić' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Iva Ilić”' });
    await edit.getByLabel('Customer tier').selectOption({ label: 'Gold' });
    await cleanInBothThemes(page, 'customer form');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await page.reload();
    const details = page.getByRole('region', { name: 'Details' });
    const row = details.locator('div').filter({ has: page.getByText('Customer tier', { exact: true }) });
    await expect.poll(() => row.last().textContent()).toContain('Gold');
    const stored = await ana.call<{ custom: Record<string, unknown> }>(
      'GET',
      `/companies/${company.id}/customers/${customer.id}`,
    );
    expect(stored.custom).toEqual({ tier: 'gold' });
    // The timeline names the field and its option by their labels.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Customer tier:', { exact: true }).waitFor();
    expect(await timeline.locator('li', { hasText: 'Customer tier:' }).last().textContent()).toMatch(
      /Customer tier: \(empty\) →.*Gold/,
    );
    await cleanInBothThemes(page, 'customer page');

    // The list filters by the field and shows it as a column; a saved view keeps both.
    await ana.call('POST', `/companies/${company.id}/customers`, {
      first_name: 'Marko',
      last_name: 'Marić',
      custom: { tier: 'silver' },
    });
    await ana.call('POST', `/companies/${company.id}/customers`, { first_name: 'Nina', last_name: 'Novak' });
    await page.goto('/#/company/customer/list');
    const table = page.getByRole('table', { name: 'Customers' });
    await table.getByRole('link', { name: 'Nina Novak' }).waitFor();
    await page.getByLabel('Filter by your own field').selectOption({ label: 'Customer tier' });
    const filter = page.getByRole('group', { name: 'Customer tier' });
    await filter.getByRole('checkbox', { name: 'Gold' }).check();
    await page.waitForURL(/custom\.tier=gold/);
    await table.getByRole('link', { name: 'Nina Novak' }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: 'Iva Ilić' }).waitFor();
    expect(await table.getByRole('link', { name: 'Marko Marić' }).count()).toBe(0);
    // Any of: Silver too brings Marko back.
    await filter.getByRole('checkbox', { name: 'Silver' }).check();
    await table.getByRole('link', { name: 'Marko Marić' }).waitFor();

    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns of the list' });
    await columns.getByRole('checkbox', { name: 'Customer tier' }).check();
    await cleanInBothThemes(page, 'columns dialog');
    await columns.getByRole('button', { name: 'Done' }).click();
    await table.getByRole('columnheader', { name: 'Customer tier' }).waitFor();
    const ivaRow = table.getByRole('row').filter({ hasText: 'Iva Ilić' });
    expect(await ivaRow.textContent()).toContain('Gold');
    // Sorted by the field, descending: Silver before Gold.
    await table.getByRole('button', { name: 'Customer tier' }).click();
    await table.getByRole('button', { name: 'Customer tier' }).click();
    await page.waitForURL(/sort=custom\.tier&dir=desc|dir=desc.*sort=custom\.tier/);
    await expect
      .poll(async () =>
        (await table.getByRole('row').allTextContents()).slice(1).map((r) => r.includes('Marko')),
      )
      .toEqual([true, false]);
    await cleanInBothThemes(page, 'customer list with an own-field filter');

    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('Name').fill('Tiered');
    await save.getByRole('button', { name: 'Save' }).click();
    await save.waitFor({ state: 'detached' });
    const saved = await ana.call<{
      items: { name: string; filter: object; sort: string; columns: string[] }[];
    }>('GET', `/companies/${company.id}/customer-views`);
    expect(saved.items.find((v) => v.name === 'Tiered')).toMatchObject({
      filter: { 'custom.tier': ['gold', 'silver'] },
      sort: 'custom.tier',
      columns: expect.arrayContaining(['custom.tier']),
    });
    await page.context().close();
  }, 240_000);

  it('a deal’s number field is filled in its form; a bad value is refused on the field', async () => {
    const { company, ana, deals } = await companyWithDeals(e2e, `Polja poslova ${Date.now()} d.o.o.`);
    const deal = deals['Roof repair'];
    if (!deal) throw new Error('no deal');
    await ana.call('POST', `/companies/${company.id}/custom-fields`, {
      record: 'deal',
      key: 'discount',
      label: 'Discount',
      type: 'percent',
    });
    const page = await personIn(e2e, USERS.ana, company.name, `/company/deal/${deal.id}`);
    await page.getByRole('heading', { level: 1, name: 'Roof repair' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Roof repair”' });
    await dialog.getByLabel('Discount').fill('a lot');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a number.').waitFor();
    await dialog.getByLabel('Discount').fill('12,5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('12.5 %').waitFor();
    // The deal's timeline names the field with its values.
    const timeline = page.locator('section[aria-labelledby="kt-deal-timeline"]');
    await timeline.getByText('Discount:', { exact: true }).waitFor();

    // The deal list filters by the field: from 10 % up, only this deal.
    await page.goto('/#/company/deals/list');
    const list = page.getByRole('table');
    await list.getByRole('link', { name: 'Garden fence' }).waitFor();
    await page.getByLabel('Filter by your own field').selectOption({ label: 'Discount' });
    await page.getByRole('group', { name: 'Discount' }).getByLabel('From').fill('10');
    await page.waitForURL(/custom\.discount\.gte=10/);
    await list.getByRole('link', { name: 'Garden fence' }).waitFor({ state: 'detached' });
    await list.getByRole('link', { name: 'Roof repair' }).waitFor();
    await page.context().close();
  }, 120_000);
  it('the deal list shows and sorts by own fields; the board filters by one with its sums', async () => {
    const { company, ana, pipeline, first, second, deals } = await companyWithDeals(
      e2e,
      `Polja ploče ${Date.now()} d.o.o.`,
    );
    const fields = `/companies/${company.id}/custom-fields`;
    await ana.call('POST', fields, {
      record: 'deal',
      key: 'segment',
      label: 'Segment',
      type: 'single_select',
      options: [
        { value: 'retail', label: 'Retail' },
        { value: 'hotels', label: 'Hotels' },
      ],
    });
    await ana.call('POST', fields, { record: 'deal', key: 'seats', label: 'Seats', type: 'number' });
    const values: Record<string, Record<string, unknown>> = {
      'Roof repair': { segment: 'retail', seats: 5 },
      'Garden fence': { segment: 'hotels', seats: 20 },
      'Solar panels': { segment: 'retail', seats: 12 },
    };
    for (const [title, custom] of Object.entries(values)) {
      const deal = deals[title];
      if (!deal) throw new Error(`no deal ${title}`);
      const edited = await ana.call<{ version: number }>(
        'PATCH',
        `/companies/${company.id}/deals/${deal.id}`,
        {
          custom,
          version: deal.version,
        },
      );
      // Solar panels goes on to the second stage: each column then has a retail deal.
      if (title === 'Solar panels')
        await ana.call('POST', `/companies/${company.id}/deals/${deal.id}/move`, {
          stage_id: pipeline.stages[1]?.id,
          version: edited.version,
        });
    }
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/deals/list');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Garden fence' }).waitFor();

    // The columns chooser offers the fields beside the built-in columns.
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns of the list' });
    await chooser.getByRole('checkbox', { name: 'Segment' }).check();
    await chooser.getByRole('checkbox', { name: 'Seats' }).check();
    await chooser.getByRole('checkbox', { name: 'Owner' }).uncheck();
    await cleanInBothThemes(page, 'deal columns dialog');
    await chooser.getByRole('button', { name: 'Done' }).click();
    await chooser.waitFor({ state: 'detached' });
    await table.getByRole('columnheader', { name: 'Segment' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Owner' }).count()).toBe(0);
    expect(await table.getByRole('row').filter({ hasText: 'Garden fence' }).textContent()).toContain(
      'Hotels',
    );

    // Sorted by a field: ascending, then descending, in the address.
    const titles = async () =>
      (await table.getByRole('row').allTextContents())
        .slice(1)
        .map((row) => Object.keys(values).find((title) => row.includes(title)));
    await table.getByRole('button', { name: 'Seats' }).click();
    await page.waitForURL(/sort=custom\.seats/);
    await expect.poll(titles).toEqual(['Roof repair', 'Solar panels', 'Garden fence']);
    await table.getByRole('button', { name: 'Seats' }).click();
    await page.waitForURL(/dir=desc/);
    await expect.poll(titles).toEqual(['Garden fence', 'Solar panels', 'Roof repair']);
    await cleanInBothThemes(page, 'deal list with own-field columns');
    // The chosen columns stay after a reload: they are kept on the server, for this person.
    await page.reload();
    await table.getByRole('columnheader', { name: 'Seats' }).waitFor();
    await expect.poll(titles).toEqual(['Garden fence', 'Solar panels', 'Roof repair']);
    const dealViews = `/companies/${company.id}/deal-views`;
    type DealViews = {
      items: { name: string; sort: string; dir: string; filter: object; columns: string[] }[];
    };
    expect((await ana.call<DealViews & { columns: string[] }>('GET', dealViews)).columns).toEqual([
      'stage',
      'amount',
      'organisation',
      'expected_close_date',
      'custom.segment',
      'custom.seats',
    ]);

    // The list as it is, saved as a shared view, opens again from a bare list.
    await page.getByLabel('Filter by your own field').selectOption({ label: 'Segment' });
    await page.getByRole('group', { name: 'Segment' }).getByRole('checkbox', { name: 'Retail' }).check();
    await page.waitForURL(/custom\.segment=retail/);
    await expect.poll(titles).toEqual(['Solar panels', 'Roof repair']);
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('Name').fill('Retail by seats');
    await save.getByLabel('Share with everyone in the company').check();
    await save.getByRole('button', { name: 'Save view' }).click();
    await save.waitFor({ state: 'detached' });
    const saved = (await ana.call<DealViews>('GET', dealViews)).items;
    expect(saved).toMatchObject([
      {
        name: 'Retail by seats',
        shared: true,
        filter: { 'custom.segment': 'retail' },
        sort: 'custom.seats',
        dir: 'desc',
      },
    ]);
    await page.goto('/#/company/deals/list');
    await expect.poll(titles).toHaveLength(3);
    await page.getByLabel('Saved view').selectOption({ label: 'Retail by seats' });
    await page.waitForURL(/custom\.segment=retail/);
    expect(page.url()).toMatch(/sort=custom\.seats/);
    await expect.poll(titles).toEqual(['Solar panels', 'Roof repair']);
    await cleanInBothThemes(page, 'deal list with a saved view');
    await page.goto('/#/company/deals/list');
    await expect.poll(titles).toHaveLength(3);

    // The board filters by the field; each column counts and sums only what matches.
    await page.getByRole('navigation', { name: 'Deal views' }).getByRole('link', { name: 'Board' }).click();
    await card(page, first, 'Garden fence').waitFor();
    await expect.poll(() => sumOf(page, first).textContent()).toBe('€300.00');
    await page.getByLabel('Filter by your own field').selectOption({ label: 'Segment' });
    await page.getByRole('group', { name: 'Segment' }).getByRole('checkbox', { name: 'Retail' }).check();
    await page.waitForURL(/custom\.segment=retail/);
    await card(page, first, 'Garden fence').waitFor({ state: 'detached' });
    await card(page, first, 'Roof repair').waitFor();
    await card(page, second, 'Solar panels').waitFor();
    await expect.poll(() => sumOf(page, first).textContent()).toBe('€100.00');
    await expect.poll(() => sumOf(page, second).textContent()).toBe('€300.00');
    expect(await column(page, first).getByText('Deals: 1').count()).toBe(1);
    await cleanInBothThemes(page, 'board filtered by an own field');
    // A range on the number field narrows it again: only Solar panels has 10 seats or more.
    await page.getByLabel('Filter by your own field').selectOption({ label: 'Seats' });
    await page.getByRole('group', { name: 'Seats' }).getByLabel('From').fill('10');
    await page.waitForURL(/custom\.seats\.gte=10/);
    await card(page, first, 'Roof repair').waitFor({ state: 'detached' });
    await expect.poll(() => sumOf(page, first).textContent()).toBe('€0.00');
    await card(page, second, 'Solar panels').waitFor();
    await page.context().close();
  }, 240_000);
  it('an owner translates a label, merges an option, bulk-sets a field, deletes and restores it', async () => {
    const company = await createCrmCompany(e2e.stack, `Polja uredi ${Date.now()} d.o.o.`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const base = `/companies/${company.id}`;
    await ana.call('POST', `${base}/custom-fields`, {
      record: 'customer',
      key: 'sector',
      label: 'Sektor',
      type: 'single_select',
      options: [
        { value: 'retail', label: 'Retail' },
        { value: 'shops', label: 'Shops' },
        { value: 'hotels', label: 'Hotels' },
      ],
    });
    const make = (first_name: string, last_name: string, sector?: string) =>
      ana.call<{ id: number }>('POST', `${base}/customers`, {
        first_name,
        last_name,
        ...(sector ? { custom: { sector } } : {}),
      });
    const iva = await make('Iva', 'Ilić', 'shops');
    const marko = await make('Marko', 'Marić', 'retail');
    const nina = await make('Nina', 'Novak');
    const sectorOf = async (id: number) =>
      (await ana.call<{ custom: Record<string, unknown> }>('GET', `${base}/customers/${id}`)).custom.sector;

    for (const key of ['vat_id', 'iban'])
      await ana.call('POST', `${base}/custom-fields`, {
        record: 'customer',
        key,
        label: key.toUpperCase(),
        type: 'text',
        section: 'Invoicing',
      });
    const page = await anaOnSettings(company.name);
    const fields = page.getByRole('region', { name: 'Customer fields' });

    // A section renamed once renames it on all its fields.
    await fields.getByRole('button', { name: 'Rename section Invoicing' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename the section “Invoicing”' });
    await renaming.getByLabel('New name').fill('Billing');
    await cleanInBothThemes(page, 'rename section');
    await renaming.getByRole('button', { name: 'Rename' }).click();
    await renaming.waitFor({ state: 'detached' });
    await fields.getByRole('heading', { name: 'Billing' }).waitFor();
    const sectionsNow = await ana.call<{ items: { key: string; section: string | null }[] }>(
      'GET',
      `${base}/custom-fields?record=customer`,
    );
    expect(sectionsNow.items.filter((f) => f.section === 'Billing').map((f) => f.key)).toEqual([
      'vat_id',
      'iban',
    ]);

    // The label in English is what an English reader sees everywhere.
    await fields.getByRole('button', { name: 'Edit Sektor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit field' });
    await dialog.getByText('Label in other languages').click();
    await dialog.getByLabel('Label in English').fill('Industry');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fields.getByRole('button', { name: 'Edit Industry' }).waitFor();

    // Shops merged into Retail: Iva holds Retail, Shops is gone from the options.
    await fields.getByRole('button', { name: 'Edit Industry' }).click();
    await dialog.getByRole('button', { name: 'Merge “Shops” into…' }).click();
    await dialog.getByLabel('Merge “Shops” into').selectOption({ label: 'Retail' });
    await cleanInBothThemes(page, 'option merge');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await expect.poll(() => sectorOf(iva.id)).toBe('retail');
    // The merged option leaves the dialog's list too.
    await expect.poll(() => dialog.getByLabel('Option 2').inputValue()).toBe('Hotels');
    expect(await dialog.getByLabel('Option 3').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Bulk: Nina and Marko get Hotels from the list's bulk bar.
    await page.goto('/#/company/customer/list');
    const table = page.getByRole('table', { name: 'Customers' });
    await table.getByRole('link', { name: 'Nina Novak' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Nina Novak' }).check();
    await page.getByRole('checkbox', { name: 'Select Marko Marić' }).check();
    await page.getByRole('button', { name: 'Set own field…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Set an own field on 2 records' });
    await bulk.getByLabel('Field').selectOption({ label: 'Industry' });
    await bulk.getByLabel('Industry').selectOption({ label: 'Hotels' });
    await cleanInBothThemes(page, 'bulk own field');
    await bulk.getByRole('button', { name: 'Set' }).click();
    await bulk.waitFor({ state: 'detached' });
    await expect.poll(() => sectorOf(nina.id)).toBe('hotels');
    expect(await sectorOf(marko.id)).toBe('hotels');
    expect(await sectorOf(iva.id)).toBe('retail');

    // Delete asks first, then the field and its values are gone until restored.
    await page.goto('/#/company/settings');
    await fields.getByRole('button', { name: 'Delete Industry' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete the field “Industry”?' });
    await ask.getByText('restore the field with its values for 30 days').waitFor();
    await cleanInBothThemes(page, 'delete field');
    await ask.getByRole('button', { name: 'Delete field' }).click();
    await ask.waitFor({ state: 'detached' });
    const recent = page.getByRole('region', { name: 'Recently deleted: Customer fields' });
    await recent.getByText('Industry').waitFor();
    await cleanInBothThemes(page, 'recently deleted');
    await expect.poll(() => sectorOf(iva.id)).toBeUndefined();
    await recent.getByRole('button', { name: 'Restore Industry' }).click();
    await recent.waitFor({ state: 'detached' });
    await fields.getByRole('button', { name: 'Edit Industry' }).waitFor();
    await expect.poll(() => sectorOf(iva.id)).toBe('retail');
    await page.context().close();
  }, 240_000);

  it('the top-bar search suggests a customer and a deal by an own text value', async () => {
    const company = await createCrmCompany(e2e.stack, `Traženje ${Date.now()} d.o.o.`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    for (const record of ['customer', 'deal']) {
      await ana.call('POST', `/companies/${company.id}/custom-fields`, {
        record,
        key: 'motto',
        label: 'Motto',
        type: 'text',
      });
    }
    await ana.call('POST', `/companies/${company.id}/customers`, {
      name: 'Hotel Plain',
      custom: { motto: 'Seahorse promenade' },
    });
    await ana.call('POST', `/companies/${company.id}/deals`, {
      title: 'Summer rooms',
      custom: { motto: 'Seahorse season' },
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('seahorse');
    await page
      .getByRole('list', { name: 'Matching customers' })
      .getByRole('link', { name: /Hotel Plain/ })
      .waitFor();
    await page
      .getByRole('list', { name: 'Matching deals' })
      .getByRole('link', { name: /Summer rooms/ })
      .click();
    await page.waitForURL(/#\/company\/deal\/\d+/);
    await page.context().close();
  });
});
