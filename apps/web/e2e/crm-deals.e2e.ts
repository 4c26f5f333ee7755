import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { dragTo } from './fixtures/calendar.ts';
import { card, column, companyWithDeals, sumOf } from './fixtures/deals.ts';
import { personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** What dnd-kit's live region last told a screen reader. */
const spoken = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();

/** No serious axe violation; with SCREENSHOT_DIR set, a picture of the screen is kept (as accessibility.e2e.ts does). */
async function check(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  expect(await seriousViolations(page), name).toEqual([]);
}

describe('the deal board', () => {
  it('Ana drags one deal with the mouse and one with the keyboard; the sums follow, a reload keeps them, and Marko sees the moves arrive', async () => {
    const { company, first, second } = await companyWithDeals(e2e, `Prodaja ${Date.now()} d.o.o.`);
    const marko = await personIn(e2e, USERS.marko, company.name, '/company/deals');
    const ana = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    await expect.poll(() => sumOf(ana, first).textContent()).toBe('€600.00');
    await expect.poll(() => sumOf(ana, second).textContent()).toBe('€0.00');

    // The mouse: by the card's handle into the next column.
    await dragTo(
      ana,
      card(ana, first, 'Roof repair').getByRole('button', { name: 'Move Roof repair' }),
      column(ana, second).getByRole('list'),
    );
    await card(ana, second, 'Roof repair').waitFor();
    await expect.poll(() => sumOf(ana, first).textContent()).toBe('€500.00');
    await expect.poll(() => sumOf(ana, second).textContent()).toBe('€100.00');

    // The keyboard: space picks it up, an arrow moves it over, space drops it; each step is spoken.
    const handle = card(ana, first, 'Garden fence').getByRole('button', { name: 'Move Garden fence' });
    await handle.focus();
    await ana.keyboard.press('Space');
    await expect.poll(() => spoken(ana)).toBe('Picked up Garden fence.');
    await ana.keyboard.press('ArrowRight');
    await expect
      .poll(() => spoken(ana))
      .toMatch(new RegExp(`^Garden fence is over ${second}, position \\d of \\d\\.$`));
    await ana.keyboard.press('Space');
    await expect.poll(() => spoken(ana)).toMatch(new RegExp(`^Garden fence dropped in ${second}`));
    await card(ana, second, 'Garden fence').waitFor();
    await expect.poll(() => sumOf(ana, first).textContent()).toBe('€300.00');
    await expect.poll(() => sumOf(ana, second).textContent()).toBe('€300.00');

    // Kept on the server.
    await ana.reload();
    await card(ana, second, 'Garden fence').waitFor();
    await card(ana, second, 'Roof repair').waitFor();
    expect(await sumOf(ana, second).textContent()).toBe('€300.00');
    expect(await column(ana, first).getByRole('listitem').count()).toBe(1);

    // Marko's open board followed without a reload.
    await card(marko, second, 'Garden fence').waitFor({ timeout: 5_000 });
    await expect.poll(() => sumOf(marko, second).textContent()).toBe('€300.00');
    await marko.context().close();
    await ana.context().close();
  });

  it('a move the server refuses goes back; a 409 says someone changed the deal and reloads the board', async () => {
    const { company, first, second } = await companyWithDeals(e2e, `Odbijeno ${Date.now()} d.o.o.`);
    const ana = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    const answers = [
      { status: 409, code: 'stale_update', message: 'Someone else changed this deal meanwhile.' },
      { status: 400, code: 'move_refused', message: 'This move is not allowed.' },
    ];
    // A stand-in for the refusals: the move request answers as the server would.
    await ana.route('**/api/companies/*/deals/*/move', async (route) => {
      const answer = answers.shift();
      if (!answer) return route.continue();
      await route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify({ code: answer.code, message: answer.message }),
      });
    });
    const drag = () =>
      dragTo(
        ana,
        card(ana, first, 'Roof repair').getByRole('button', { name: 'Move Roof repair' }),
        column(ana, second).getByRole('list'),
      );

    const reloaded = ana.waitForResponse((r) => r.url().includes('/board') && r.request().method() === 'GET');
    await drag();
    await ana
      .getByText('“Roof repair” was changed by someone else meanwhile; the board now shows the latest.')
      .waitFor();
    await card(ana, first, 'Roof repair').waitFor();
    await expect.poll(() => sumOf(ana, first).textContent()).toBe('€600.00');
    await reloaded;

    // The reloaded board may still be redrawing its cards when the second drag starts, and a
    // card redrawn mid-drag drops nothing: drag again until the move reaches the server.
    await expect
      .poll(
        async () => {
          const sent = ana
            .waitForRequest((r) => r.url().includes('/move'), { timeout: 3_000 })
            .then(
              () => true,
              () => false,
            );
          await drag();
          return sent;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    await ana.getByText('This move is not allowed.').waitFor();
    await card(ana, first, 'Roof repair').waitFor();
    expect(await card(ana, second, 'Roof repair').count()).toBe(0);
    await expect.poll(() => sumOf(ana, second).textContent()).toBe('€0.00');
    await ana.context().close();
  });

  it('a drop into the lost stage asks why, and the deal page shows the move on its timeline', async () => {
    const { company, pipeline, first } = await companyWithDeals(e2e, `Gubitak ${Date.now()} d.o.o.`);
    const lost = pipeline.stages.find((stage) => stage.kind === 'lost')?.name ?? 'Lost';
    const ana = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    // Wide enough for all six columns, so that the drag needs no scrolling.
    await ana.setViewportSize({ width: 2200, height: 900 });
    const handle = card(ana, first, 'Solar panels').getByRole('button', { name: 'Move Solar panels' });
    await dragTo(ana, handle, column(ana, lost).getByRole('list'));
    const dialog = ana.getByRole('dialog', { name: 'Why was “Solar panels” lost?' });
    await dialog.getByLabel('Reason in your words').fill('Went with a cheaper offer');
    await dialog.getByRole('button', { name: 'Mark as lost' }).click();
    await card(ana, lost, 'Solar panels').waitFor();

    await card(ana, lost, 'Solar panels').getByRole('link', { name: 'Solar panels' }).click();
    await ana.getByRole('heading', { level: 1, name: 'Solar panels' }).waitFor();
    await ana.getByText('Went with a cheaper offer').waitFor();
    await ana.getByText(new RegExp(`moved it from ${first} to ${lost}`)).waitFor();
    await ana.context().close();
  });

  it('has no serious accessibility problem on the board and a deal page, light and dark', async () => {
    const { company } = await companyWithDeals(e2e, `Pristup ${Date.now()} d.o.o.`);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    for (const theme of ['Light', 'Dark'] as const) {
      await pickTheme(page, theme);
      await page.goto('/#/company/deals');
      await page.getByRole('listitem').filter({ hasText: 'Roof repair' }).waitFor();
      await check(page, `deal-board-${theme.toLowerCase()}`);
      await page.getByRole('link', { name: 'Roof repair' }).click();
      await page.getByRole('heading', { level: 1, name: 'Roof repair' }).waitFor();
      await page.getByRole('heading', { name: 'Timeline' }).waitFor();
      await check(page, `deal-page-${theme.toLowerCase()}`);
    }
    await page.context().close();
  });

  it('a long column shows its first cards and loads the rest as it scrolls', async () => {
    const { company, ana, pipeline, first } = await companyWithDeals(e2e, `Stupac ${Date.now()} d.o.o.`);
    const stageId = pipeline.stages[0]?.id;
    for (let i = 1; i <= 30; i++)
      await ana.call('POST', `/companies/${company.id}/deals`, {
        title: `Lead ${i}`,
        amount: 10,
        stage_id: stageId,
      });
    const page = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    const cards = column(page, first).getByRole('listitem');
    // The board draws in a deferred render after its answer: wait for it, then count.
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(25);
    expect(await column(page, first).getByText('Deals: 33').count()).toBe(1);
    await column(page, first)
      .locator('.kt-board-column-body')
      .evaluate((box) => {
        box.scrollTop = box.scrollHeight;
      });
    await expect.poll(() => cards.count()).toBe(33);
    expect(await column(page, first).getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.context().close();
  });

  it('on a phone the columns scroll sideways inside the board, one column wide, and the page does not', async () => {
    const { company, first, second } = await companyWithDeals(e2e, `Mobitel ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    await page.setViewportSize({ width: 390, height: 844 });
    await card(page, first, 'Roof repair').waitFor();
    const board = page.getByTestId('deal-board');
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    expect(await board.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    const [boardBox, columnBox] = await Promise.all([board.boundingBox(), column(page, first).boundingBox()]);
    expect(columnBox?.width).toBeCloseTo(boardBox?.width ?? 0, -1);
    await column(page, second).scrollIntoViewIfNeeded();
    expect(await sideways()).toBe(0);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/deal-board-phone.png` });
    await page.context().close();
  });
});
