import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
const fresh = (name: string) => `${name} ${++companies}`;

async function anaIn(company: string, options: Parameters<typeof newPage>[2] = {}): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, options);
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company);
  await page.waitForURL(/#\/company\/dashboard$/);
  return page;
}

const day = (page: Page, date: string): Locator => page.locator(`[role="cell"][data-date="${date}"]`);

/** A real pointer drag in small steps (FullCalendar follows pointer moves). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag: element not visible');
  const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
  const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 2];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
  await page.mouse.up();
}

describe('calendar (issue 12, item 9)', () => {
  it('a drag that saved says so with Undo, which puts the to-do back', async () => {
    const company = fresh('Undo Co');
    const created = await createCrmCompany(e2e.stack, company);
    const api = await apiAs(e2e.stack, USERS.ana);
    const title = 'Send the contract';
    const todo = await api.call<{ id: number }>('POST', `/companies/${created.id}/events`, {
      title,
      start_at: '2030-06-12T08:00:00.000Z',
      all_day: false,
    });
    const page = await anaIn(company, { viewport: { width: 1440, height: 900 } });
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-12');
    await day(page, '2030-06-12')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    // Days of May and July around June are dimmed.
    expect(await day(page, '2030-07-01').evaluate((el) => el.className)).toContain('kt-day-other');
    expect(await day(page, '2030-06-12').evaluate((el) => el.className)).not.toContain('kt-day-other');

    await drag(
      page,
      day(page, '2030-06-12').getByRole('button', { name: new RegExp(title) }),
      day(page, '2030-06-19'),
    );
    const toast = page.getByRole('status').filter({ hasText: `“${title}” moved.` });
    await toast.waitFor();
    await day(page, '2030-06-19')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await day(page, '2030-06-12')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    await expect
      .poll(
        async () =>
          (await api.call<{ start_at: string }>('GET', `/companies/${created.id}/events/${todo.id}`))
            .start_at,
      )
      .toBe('2030-06-12T08:00:00.000Z');
    await page.context().close();
  });

  it('the week reads 24-hour and starts on Monday in Croatian', async () => {
    const company = fresh('Morning Co');
    await createCrmCompany(e2e.stack, company);
    const page = await anaIn(company, { viewport: { width: 1440, height: 900 } });
    // Croatian from now on, as if picked in this browser.
    await page.context().addCookies([{ name: 'lang', value: 'hr', url: e2e.stack.baseUrl }]);
    await page.goto('/#/company/calendar?view=timeGridWeek&date=2030-06-12');
    await page.reload();
    await page.locator('[data-time="08:00:00"]').first().waitFor();
    // Times read 24-hour; the week starts on Monday (10 June 2030).
    await page.getByText('13:00').first().waitFor();
    const firstDay = await page.locator('[data-date]').first().getAttribute('data-date');
    expect(firstDay).toBe('2030-06-10');
    await page.context().close();
  });
});
