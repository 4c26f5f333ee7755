import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { dragTo } from './fixtures/calendar.ts';
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

describe('calendar options', () => {
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

    await dragTo(
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

  it("week and day open scrolled to the company's working day, set in Settings, on desktop and phone, light and dark", async () => {
    const company = fresh('Early Co');
    await createCrmCompany(e2e.stack, company);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await anaIn(company, { viewport, bypassCSP: true, reducedMotion: 'reduce' });
      if (viewport.width === 1440) {
        // The owner moves the working day to 07:00 (the default is 08:00).
        await page.goto('/#/company/settings');
        // One Language control in the app, on the Profile (item 12): Settings has none.
        await page.getByRole('heading', { level: 2, name: 'Layout and theme' }).waitFor();
        expect(await page.getByRole('main').getByLabel('Language', { exact: true }).count()).toBe(0);
        const start = page.getByLabel('Working day starts at');
        expect(await start.inputValue()).toBe('08:00');
        await start.fill('07:00');
        await page.getByRole('region', { name: 'Calendar' }).getByRole('button', { name: 'Save' }).click();
        await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      }
      for (const view of ['timeGridWeek', 'timeGridDay']) {
        await page.goto(`/#/company/calendar?view=${view}&date=2030-06-12`);
        await page.locator('[data-time="07:00:00"]').first().waitFor();
        // The grid scrolls inside itself, and 07:00 is its first visible row (not midnight).
        await expect.poll(() => openedAt(page)).toMatchObject({ scrolled: true, nearTop: true });
        // The grid takes the keyboard focus (so the arrow keys scroll it) without jumping away.
        await page.locator('[role="row"][tabindex="0"]').focus();
        expect(await openedAt(page)).toMatchObject({ scrolled: true, nearTop: true });
        for (const theme of ['light', 'dark']) {
          await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
          const where = `${view} ${viewport.width}px ${theme}`;
          expect(await seriousViolations(page), where).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
            viewport.width,
          );
        }
      }
      // From the month, the toolbar's Week opens at the working day too.
      await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
      await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-12');
      await page.locator('[role="cell"][data-date="2030-06-12"]').waitFor();
      await page.getByRole('tab', { name: 'Week' }).click();
      await page.locator('[data-time="07:00:00"]').first().waitFor();
      await expect.poll(() => openedAt(page)).toMatchObject({ scrolled: true, nearTop: true });
      await page.context().close();
    }
  });
});

/** Whether the week/day grid is scrolled and its 07:00 row sits at the top of what shows. */
function openedAt(page: Page): Promise<{ scrolled: boolean; nearTop: boolean; offset?: number }> {
  return page.evaluate(() => {
    const row = document.querySelector('[data-time="07:00:00"]');
    let scroller = row?.parentElement ?? null;
    while (
      scroller &&
      !(
        scroller.scrollHeight > scroller.clientHeight + 1 &&
        getComputedStyle(scroller).overflowY !== 'visible'
      )
    )
      scroller = scroller.parentElement;
    if (!row || !scroller || scroller === document.documentElement || scroller === document.body)
      return { scrolled: false, nearTop: false };
    const offset = row.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    return {
      scrolled: scroller.scrollTop > 0,
      nearTop: offset > -8 && offset < 40,
      offset: Math.round(offset),
    };
  });
}
