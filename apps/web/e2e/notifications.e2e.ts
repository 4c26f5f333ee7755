import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { companyOfAnaAndMarko, liveDot, personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** A notification reaches the other browser by itself, with no reload (the live socket). */
const ARRIVES_MS = 5_000;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function cleanInBothThemes(page: Page, where: string, width: number): Promise<void> {
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

describe('notifications', () => {
  it('Ana assigns Marko a to-do and mentions him in a note; his bell counts both live, each opens its record, and marking read clears the count', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Zvonce ${Date.now()} d.o.o.`);
    const team = await ana.call<{ items: { user_id: number; full_name: string; email: string }[] }>(
      'GET',
      `/companies/${company.id}/members`,
    );
    const marko = team.items.find((m) => m.email === USERS.marko);
    if (!marko) throw new Error('Marko is a member');
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      first_name: 'Vesna',
      last_name: 'Perić',
    });

    // Marko's browser (axe needs the policy bypassed to inject itself).
    const markoPage = await newPage(e2e.browser, e2e.stack.baseUrl, {
      bypassCSP: true,
      reducedMotion: 'reduce',
    });
    await loginAs(markoPage, USERS.marko);
    await chooseCompany(markoPage, company.name);
    await markoPage.waitForURL(/#\/company\/dashboard$/);
    await liveDot(markoPage, 'live').waitFor();
    await expect(bell(markoPage).getAttribute('aria-label')).resolves.toBe('Notifications');

    // Ana, in her browser, makes a to-do for Marko.
    const anaPage = await personIn(e2e, USERS.ana, company.name, '/company/customer/events');
    await anaPage.getByRole('button', { name: 'New to-do' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'New to-do' });
    await dialog.getByLabel('Title').fill('Send Vesna the offer');
    await dialog.getByLabel('Assignee').selectOption({ label: marko.full_name });
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await markoPage
      .getByRole('button', { name: 'Notifications, unread: 1' })
      .waitFor({ timeout: ARRIVES_MS });

    // Then mentions him in a note on Vesna's page, picking him after an @.
    await anaPage.goto(`/#/company/customer/${customer.id}`);
    const note = anaPage.getByLabel('New note');
    await note.fill('Please call her back, ');
    await note.pressSequentially(`@${marko.full_name.slice(0, 3)}`);
    await anaPage.getByRole('option', { name: marko.full_name }).click();
    await expect(note.inputValue()).resolves.toBe(
      `Please call her back, @[${marko.full_name}](user:${marko.user_id}) `,
    );
    await anaPage.getByRole('button', { name: 'Add note' }).click();
    // The note shows the mention as a chip, not the token.
    await anaPage.locator('.kt-mention', { hasText: `@${marko.full_name}` }).waitFor();
    await markoPage
      .getByRole('button', { name: 'Notifications, unread: 2' })
      .waitFor({ timeout: ARRIVES_MS });

    // Marko opens the bell: both, newest first, each naming its company; clean in light and dark.
    await bell(markoPage).click();
    const list = panel(markoPage).getByRole('listitem');
    await expect.poll(() => list.count()).toBe(2);
    await list
      .first()
      .getByText(/mentioned you on Vesna Perić/)
      .waitFor();
    await list
      .nth(1)
      .getByText(/assigned you the to-do “Send Vesna the offer”/)
      .waitFor();
    await list.first().getByText(company.name).waitFor();
    await cleanInBothThemes(markoPage, 'bell panel', 1280);

    // The mention opens Vesna's page and is read.
    await list.first().getByRole('link').click();
    await markoPage.waitForURL(new RegExp(`#/company/customer/${customer.id}`));
    await markoPage.getByRole('heading', { level: 1, name: 'Vesna Perić' }).waitFor();
    await markoPage.getByRole('button', { name: 'Notifications, unread: 1' }).waitFor();

    // On a phone the panel fits the screen; "Mark all as read" clears the count.
    await markoPage.setViewportSize({ width: 390, height: 844 });
    await bell(markoPage).click();
    await panel(markoPage).waitFor();
    await cleanInBothThemes(markoPage, 'bell panel on a phone', 390);
    await panel(markoPage).getByRole('button', { name: 'Mark all as read' }).click();
    await markoPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expect(markoPage.getByTestId('unread-count').count()).resolves.toBe(0);
    // Escape closes the panel and gives the focus back to the bell.
    await markoPage.keyboard.press('Escape');
    await panel(markoPage).waitFor({ state: 'hidden' });
    await expect(bell(markoPage).evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The to-do's opens the calendar on its day, in the to-do's company.
    await bell(markoPage).click();
    await panel(markoPage)
      .getByRole('link', { name: /Send Vesna the offer/ })
      .click();
    await markoPage.waitForURL(/#\/company\/calendar\?date=\d{4}-\d\d-\d\d/);
    // Ana, who did both, was told of neither.
    const hers = await ana.call<{ items: { kind: string }[] }>('GET', '/me/notifications');
    expect(hers.items.filter((n) => n.kind === 'todo_assigned' || n.kind === 'mention')).toEqual([]);
    await markoPage.context().close();
    await anaPage.context().close();
  }, 120_000);
});
