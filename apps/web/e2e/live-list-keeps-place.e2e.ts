import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS } from './fixtures/browser.ts';
import { companyOfAnaAndMarko, customerRow, personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

type Created = { id: number; name: string; version: number };

/** Where a scrolling box and the page stand. */
const scrollOf = (box: Locator) =>
  box.evaluate((element) => ({ box: element.scrollTop, page: window.scrollY }));

describe('a live change refetches the customer list', () => {
  it('and Marko’s scroll position and his two selected rows stay as they were', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Popis ${Date.now()} d.o.o.`);
    const names = Array.from({ length: 60 }, (_, i) => `Kupac ${String(i + 1).padStart(2, '0')}`);
    const created = new Map<string, Created>();
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10);
      const answers = await Promise.all(
        batch.map((name) => ana.call<Created>('POST', `/companies/${company.id}/customers`, { name })),
      );
      for (const customer of answers) created.set(customer.name, customer);
    }
    const marko = await personIn(e2e, USERS.marko, company.name, '/company/customer/list');
    await marko.getByText('Matching customers: 60').waitFor();

    // Halfway down the first page (50 rows), far from its end: no next page loads meanwhile.
    await customerRow(marko, 'Kupac 30').scrollIntoViewIfNeeded();
    await marko.getByRole('checkbox', { name: 'Select Kupac 29' }).check();
    await marko.getByRole('checkbox', { name: 'Select Kupac 31' }).check();
    await marko.getByRole('region', { name: 'Bulk actions' }).getByText('Selected: 2').waitFor();
    // The table scrolls inside its own box on a wide screen (customer-table.css).
    const box = marko.getByRole('table', { name: 'Customers' }).locator('xpath=..');
    const before = await scrollOf(box);
    expect(before.box).toBeGreaterThan(500);

    const kupac30 = created.get('Kupac 30');
    await ana.call('PATCH', `/companies/${company.id}/customers/${kupac30?.id}`, {
      email: 'kupac30@primjer.hr',
      version: kupac30?.version,
    });
    await customerRow(marko, 'Kupac 30').getByText('kupac30@primjer.hr').waitFor();

    const after = await scrollOf(box);
    expect(Math.abs(after.box - before.box)).toBeLessThanOrEqual(2);
    expect(Math.abs(after.page - before.page)).toBeLessThanOrEqual(2);
    const ticked = marko.getByRole('table', { name: 'Customers' }).getByRole('checkbox', { checked: true });
    expect(await ticked.evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Select Kupac 29',
      'Select Kupac 31',
    ]);
    await marko.getByRole('region', { name: 'Bulk actions' }).getByText('Selected: 2').waitFor();
    await marko.context().close();
  });
});
