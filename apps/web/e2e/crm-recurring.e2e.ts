import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

let companies = 0;
const fresh = (name: string) => `${name} ${++companies}`;

type Occurrence = {
  id: number;
  title: string;
  start_at: string;
  done: boolean;
  reminders: number[];
  recurrence: string | null;
};

function eventOn(page: Page, date: string, title: string): Locator {
  return page.locator(`[role="cell"][data-date="${date}"]`).getByRole('button', { name: title });
}

describe('repeating to-dos', () => {
  it('Ana creates a weekly to-do with a reminder, sees its occurrences, completes one and renames this and the following', async () => {
    const company = await createCrmCompany(e2e.stack, fresh('Ponavljanje d.o.o.'));
    const api = await apiAs(e2e.stack, USERS.ana);
    const occurrences = async () =>
      (
        await api.call<{ items: Occurrence[] }>(
          'GET',
          `/companies/${company.id}/events?from=2030-06-01T00:00:00Z&to=2030-07-01T00:00:00Z`,
        )
      ).items;

    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);

    // Every Monday and Wednesday at 09:00, six times, reminded a day before.
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-03');
    await page.getByRole('heading', { level: 2, name: 'June 2030' }).waitFor();
    await page.getByRole('button', { name: 'New to-do' }).click();
    const dialog = page.getByRole('dialog', { name: 'New to-do' });
    await dialog.getByLabel('Title').fill('Team round');
    await dialog.getByLabel('Start').fill('2030-06-03T09:00');
    await dialog.getByLabel('1 day before').check();
    await dialog.getByLabel('Repeats').selectOption({ label: 'Every week' });
    await dialog.getByLabel('Mon', { exact: true }).check();
    await dialog.getByLabel('Wed', { exact: true }).check();
    await dialog.getByLabel('Ends').selectOption({ label: 'After a number of times' });
    await dialog.getByLabel('Number of times').fill('6');
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const days = ['2030-06-03', '2030-06-05', '2030-06-10', '2030-06-12', '2030-06-17', '2030-06-19'];
    for (const date of days) await eventOn(page, date, 'Team round').waitFor();
    expect(await eventOn(page, '2030-06-24', 'Team round').count()).toBe(0);
    const created = await occurrences();
    expect(created.map((o) => o.start_at.slice(0, 10))).toEqual(days);
    expect(created[0]).toMatchObject({ reminders: [1440], recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6' });

    // Completing the first occurrence in the to-do list leaves the next one open.
    await page.goto('/#/company/customer/events');
    await page.getByRole('heading', { level: 1, name: 'To-dos' }).waitFor();
    await page.getByRole('checkbox', { name: 'Mark "Team round" done' }).first().check();
    await expect
      .poll(async () => (await occurrences()).map((o) => o.done))
      .toEqual([true, false, false, false, false, false]);

    // Renaming from the third on: "this and following". Completing an occurrence moved the
    // series to a new version: the calendar first draws what it kept from before and asks again
    // at once; the edit starts from the answer, as a person's would a moment later (an edit of
    // the kept version is refused as stale, and the dialog offers to reload).
    const refreshed = page.waitForResponse(
      (res) => res.request().method() === 'GET' && /\/events\?from=2030-0[56]/.test(res.url()),
    );
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-10');
    await refreshed;
    await eventOn(page, '2030-06-10', 'Team round').click();
    const edit = page.getByRole('dialog', { name: 'Edit to-do' });
    await edit.getByLabel('Title').fill('Team round (new room)');
    await edit.getByRole('button', { name: 'Save' }).click();
    const scope = page.getByRole('dialog', { name: 'Change a repeating to-do' });
    await scope.getByRole('button', { name: 'This and following' }).click();
    await edit.waitFor({ state: 'hidden' });
    for (const date of days.slice(2)) await eventOn(page, date, 'Team round (new room)').waitFor();
    const after = await occurrences();
    expect(after.map((o) => `${o.start_at.slice(0, 10)} ${o.title} ${o.done}`)).toEqual([
      '2030-06-03 Team round true',
      '2030-06-05 Team round false',
      '2030-06-10 Team round (new room) false',
      '2030-06-12 Team round (new room) false',
      '2030-06-17 Team round (new room) false',
      '2030-06-19 Team round (new room) false',
    ]);
  });

  it('Ana turns on her calendar feed, the address answers iCalendar, and a new address kills the old one', async () => {
    const company = await createCrmCompany(e2e.stack, fresh('Feed d.o.o.'));
    const api = await apiAs(e2e.stack, USERS.ana);
    await api.call('POST', `/companies/${company.id}/events`, {
      title: 'Monthly report',
      start_at: '2030-06-03T07:00:00Z',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=3',
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-03');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByText('The feed is off.').waitFor();
    await card.getByLabel('Which to-dos').selectOption({ label: "All of the company's to-dos" });
    await card.getByRole('button', { name: 'Turn on' }).click();
    const address = card.getByLabel('Feed address');
    await address.waitFor();
    const first = await address.inputValue();
    const ics = await fetch(first);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=3');
    expect(text).toContain('BEGIN:VTIMEZONE');

    await card.getByRole('button', { name: 'New address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('The feed is off.').waitFor();
  });
});
