import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { dragTo } from './fixtures/calendar.ts';
import { holdRequests } from './fixtures/held-requests.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
/** Company names are unique per run, so that a retried story starts from its own fresh company. */
const fresh = (name: string) => `${name} ${++companies}`;

type TodoEvent = {
  id: number;
  title: string;
  start_at: string;
  end_at: string | null;
  all_day: boolean;
  customer_name: string | null;
  assignee_id: number | null;
};

/** A fresh company (Ana owns it, time zone Europe/Zagreb) with the customer Marin Kovač. */
async function companyWithCustomer(name: string): Promise<{ id: number; api: ApiClient }> {
  const company = await createCrmCompany(e2e.stack, name);
  const api = await apiAs(e2e.stack, USERS.ana);
  await api.call('POST', `/companies/${company.id}/customers`, { first_name: 'Marin', last_name: 'Kovač' });
  return { id: company.id, api };
}

/** Ana in the e2e.browser, inside the named company; the browser's zone differs from the company's. */
async function anaIn(company: string, options: Parameters<typeof newPage>[2] = {}): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { timezoneId: 'America/New_York', ...options });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company);
  await page.waitForURL(/#\/company\/dashboard$/);
  return page;
}

/** Waits for an error toast with this text. */
async function alert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** A day of the month grid (FullCalendar marks each cell with its date). */
function day(page: Page, date: string): Locator {
  return page.locator(`[role="cell"][data-date="${date}"]`);
}

function eventOn(page: Page, date: string, title: string): Locator {
  return day(page, date).getByRole('button', { name: title });
}

/** Presses and releases inside a day's empty area: FullCalendar selects that one day. */
async function selectDay(page: Page, date: string): Promise<void> {
  const box = await day(page, date).boundingBox();
  if (!box) throw new Error(`day ${date} not visible`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.75];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 2, y + 1);
  await page.mouse.up();
}

async function eventsOf(api: ApiClient, companyId: number): Promise<TodoEvent[]> {
  const page = await api.call<{ items: TodoEvent[] }>(
    'GET',
    `/companies/${companyId}/events?from=2030-05-01T00:00:00Z&to=2030-08-01T00:00:00Z`,
  );
  return page.items;
}

describe('CRM calendar', () => {
  it('Ana creates a to-do for a customer from a day of the month, drags it to another day and finds it there after a reload', async () => {
    const company = fresh('Calendula d.o.o.');
    const { id, api } = await companyWithCustomer(company);
    const page = await anaIn(company);
    const title = 'Call Kovač about the offer';

    // A deep link opens June 2030 as a month; the company's zone is named as it differs from the browser's.
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-12');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'June 2030' }).waitFor();
    await page.getByText('Times in Europe/Zagreb').waitFor();

    await selectDay(page, '2030-06-12');
    const dialog = page.getByRole('dialog', { name: 'New to-do' });
    // The selected day is already filled in as an all-day to-do.
    expect(await dialog.getByLabel('All day').isChecked()).toBe(true);
    expect(await dialog.getByLabel('First day').inputValue()).toBe('2030-06-12');
    await dialog.getByLabel('Title').fill(title);
    // Assigned to the person who makes it, as from a customer's page.
    const assignee = dialog.getByLabel('Assignee');
    await expect.poll(() => assignee.locator('option:checked').textContent()).toBe('Ana Horvat');
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('kova');
    await dialog.getByRole('option', { name: /Marin Kovač/ }).click();
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventOn(page, '2030-06-12', title).waitFor();

    // Stored as an all-day to-do starting at midnight in Zagreb.
    const [created] = await eventsOf(api, id);
    const me = await api.call<{ id: number }>('GET', '/me');
    expect(created).toMatchObject({
      title,
      assignee_id: me.id,
      all_day: true,
      start_at: '2030-06-11T22:00:00.000Z',
      end_at: null,
      customer_name: 'Marin Kovač',
    });

    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && /\/events\/\d+$/.test(response.url()),
    );
    await dragTo(page, eventOn(page, '2030-06-12', title), day(page, '2030-06-19'));
    expect((await saved).status()).toBe(200);
    await eventOn(page, '2030-06-19', title).waitFor();

    await page.reload();
    await eventOn(page, '2030-06-19', title).waitFor();
    expect(await eventOn(page, '2030-06-12', title).count()).toBe(0);
    const [moved] = await eventsOf(api, id);
    expect(moved).toMatchObject({ title, all_day: true, start_at: '2030-06-18T22:00:00.000Z', end_at: null });

    // Its day (through the day's link) and the list of that week show it too.
    await page.getByRole('link', { name: 'Go to June 19, 2030' }).click();
    await page.waitForURL(/view=timeGridDay&date=2030-06-19/);
    await page.getByRole('button', { name: title }).waitFor();
    await page.getByRole('tab', { name: 'List' }).click();
    await page.waitForURL(/view=listWeek/);

    // Opening it there gives the to-do to edit, with its customer.
    await page.getByRole('button', { name: title }).click();
    const edit = page.getByRole('dialog', { name: 'Edit to-do' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await edit.getByText('Marin Kovač').waitFor();
  });

  it('a move the server refuses goes back to its day with the reason', async () => {
    const company = fresh('Refusal d.o.o.');
    const { id, api } = await companyWithCustomer(company);
    const title = 'Send the contract';
    await api.call('POST', `/companies/${id}/events`, {
      title,
      type: 'email',
      all_day: true,
      start_at: '2030-06-04T22:00:00Z',
    });
    const page = await anaIn(company);
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-05');
    await eventOn(page, '2030-06-05', title).waitFor();

    // Someone else changed the to-do meanwhile: the server answers 409 stale_update.
    let refused = 0;
    await page.route(/\/api\/companies\/\d+\/events\/\d+$/, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      refused++;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The event was changed meanwhile', code: 'stale_update' }),
      });
    });
    await dragTo(page, eventOn(page, '2030-06-05', title), day(page, '2030-06-10'));
    await alert(page, 'Someone else changed this meanwhile. Reload and try again.');
    expect(refused).toBe(1);
    await eventOn(page, '2030-06-05', title).waitFor();
    expect(await eventOn(page, '2030-06-10', title).count()).toBe(0);
    const [unchanged] = await eventsOf(api, id);
    expect(unchanged?.start_at).toBe('2030-06-04T22:00:00.000Z');
  });

  it("a busy day's link to its other to-dos is a 24 px target (WCAG 2.2, 2.5.8)", async () => {
    const company = fresh('Busy Day d.o.o.');
    const { id, api } = await companyWithCustomer(company);
    for (let n = 1; n <= 8; n++) {
      await api.call('POST', `/companies/${id}/events`, {
        title: `Call ${n}`,
        all_day: true,
        start_at: '2030-06-04T22:00:00Z',
      });
    }
    const page = await anaIn(company, { viewport: { width: 1440, height: 900 } });
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-05');
    const more = day(page, '2030-06-05').getByRole('button', { name: /more/ });
    await more.waitFor();
    expect((await more.boundingBox())?.height).toBeGreaterThanOrEqual(24);
  });

  it('the month shows its weeks in place with their to-dos: nothing moves when they arrive', async () => {
    const company = fresh('Steady Month d.o.o.');
    const { id, api } = await companyWithCustomer(company);
    // Timed to-dos with long titles on the days of one week, as a working week has them.
    for (const date of ['2030-06-04', '2030-06-05', '2030-06-06']) {
      for (const hour of [9, 12, 15]) {
        await api.call('POST', `/companies/${id}/events`, {
          title: `Visit ${hour}h: lunch with Kvarner Digital about the brochure`,
          start_at: `${date}T${String(hour - 2).padStart(2, '0')}:00:00Z`,
          end_at: `${date}T${String(hour - 1).padStart(2, '0')}:00:00Z`,
        });
      }
    }
    const page = await anaIn(company, { viewport: { width: 1350, height: 940 } });
    // The to-dos are held until the empty month is laid out, as on a slow network.
    const release = await holdRequests(page, /\/api\/companies\/\d+\/events\?/);
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-05');
    await day(page, '2030-06-05').waitFor({ state: 'attached' });
    release();
    await page.locator('section.kt-calendar[aria-busy="false"]').waitFor();
    await day(page, '2030-06-05').getByRole('button').first().waitFor();
    // What Lighthouse counts as layout shift: the browser's own entries, with what moved.
    const movedWeeks = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const moved: string[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node }[] })[]) {
              for (const source of entry.sources ?? []) {
                const label = source.node instanceof Element ? source.node.getAttribute('aria-label') : null;
                if (label?.startsWith('Week')) moved.push(label);
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(moved), 300);
        }),
    );
    expect(movedWeeks).toEqual([]);
  });

  it('in Croatian on a phone the calendar opens as a list, weeks start on Monday, and axe finds no serious problem', async () => {
    const company = fresh('Raspored d.o.o.');
    const { id, api } = await companyWithCustomer(company);
    await api.call('POST', `/companies/${id}/events`, {
      title: 'Sastanak s Marinom',
      type: 'meeting',
      start_at: '2030-06-05T08:00:00Z',
      end_at: '2030-06-05T09:00:00Z',
    });
    await api.call('POST', `/companies/${id}/events`, {
      title: 'Rok za ponudu',
      type: 'deadline',
      all_day: true,
      start_at: '2030-06-06T22:00:00Z',
    });
    const page = await anaIn(company, {
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    // Croatian, as if chosen earlier in this e2e.browser (the cookie wins on load).
    await page.context().addCookies([{ name: 'lang', value: 'hr', url: e2e.stack.baseUrl }]);
    await page.goto('/#/company/calendar?date=2030-06-05');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kalendar' }).waitFor();
    await page.waitForURL(/view=listWeek/);
    expect(await page.getByRole('tab', { name: 'Raspored', selected: true }).count()).toBe(1);
    // Listed in Zagreb time (10:00), whatever the phone's own zone.
    await page.getByRole('button', { name: /Sastanak s Marinom/ }).waitFor();
    await page.getByText('10:00').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Mjesec' }).click();
    await page.waitForURL(/view=dayGridMonth/);
    // The address moves first; the calendar follows it.
    await day(page, '2030-06-07').waitFor();
    const weekdays = await page.getByRole('columnheader').allTextContents();
    expect(weekdays[0]).toMatch(/^ponedjeljak/i);
    await eventOn(page, '2030-06-07', 'Rok za ponudu').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An address changed from outside (a link, Back) moves the calendar and stays put.
    await page.goto('/#/company/calendar?view=timeGridDay&date=2030-06-05');
    await page.getByRole('tab', { name: 'Dan', selected: true }).waitFor();
    await page.getByRole('button', { name: /Sastanak s Marinom/ }).waitFor();
    expect(page.url()).toMatch(/view=timeGridDay&date=2030-06-05$/);
  });
  it('the period and its controls show before the calendar’s code arrives, and page by month, week and today', async () => {
    const company = fresh('Periodika d.o.o.');
    await companyWithCustomer(company);
    const page = await anaIn(company, { bypassCSP: true });
    const release = await holdRequests(page, /\/assets\/event-calendar-[\w-]+\.js$/);
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-12');
    await page.getByRole('heading', { level: 2, name: 'June 2030' }).waitFor();
    await page.getByRole('tab', { name: 'Month', selected: true }).waitFor();
    expect(await day(page, '2030-06-12').count()).toBe(0);
    // A move before the calendar is there goes to the address, where the calendar then opens.
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.waitForURL(/view=dayGridMonth&date=2030-07-12$/);
    await page.getByRole('heading', { level: 2, name: 'July 2030' }).waitFor();
    release();
    await day(page, '2030-07-12').waitFor();
    expect(await day(page, '2030-06-12').count()).toBe(0);

    await page.getByRole('tab', { name: 'Week' }).click();
    await page.waitForURL(/view=timeGridWeek&date=2030-07-12$/);
    await page.getByRole('heading', { level: 2, name: /^July 7\s–\s13, 2030$/ }).waitFor();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.waitForURL(/view=timeGridWeek&date=2030-07-05$/);
    await page.getByRole('heading', { level: 2, name: /^June 30\s–\sJuly 6, 2030$/ }).waitFor();
    await page.locator('[role="columnheader"][data-date="2030-06-30"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Today is the company's (Zagreb), whatever the browser's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await page.waitForURL(new RegExp(`view=timeGridWeek&date=${today}$`));
    await page.getByRole('button', { name: 'Next week' }).waitFor();

    // The bare address (a link from the menu) is today in the month, the calendar with it.
    await page.goto('/#/company/calendar');
    await page.waitForURL(new RegExp(`view=dayGridMonth&date=${today}$`));
    await day(page, today).waitFor();
  });
});
