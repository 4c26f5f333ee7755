import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const DESKTOP = { width: 1440, height: 900 };
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
type Viewport = typeof DESKTOP;

/** The superuser inside Acme: every list is open to them (CRM, social, administration). */
async function superuserInAcme(viewport: Viewport): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
    viewport,
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  await loginAs(page, USERS.superuser);
  await chooseCompany(page, 'Acme d.o.o.');
  await page.waitForURL(/#\/company\/dashboard$/);
  return page;
}

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);

/** No serious axe finding and no sideways scrolling, in light and in dark. */
async function cleanInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    const violations = await seriousViolations(page);
    expect(violations, `${where} ${theme}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    const wider = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(wider, `${where} ${theme}: px wider than the window`).toBe(0);
  }
  await setTheme(page, 'light');
}

/** Holds the answers to requests matching `url` until `release()` is called. */
async function hold(page: Page, url: RegExp): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const passing: Promise<void>[] = [];
  await page.route(url, (route) => {
    const passed = gate.then(() => route.continue());
    passing.push(passed);
    return passed;
  });
  return {
    release: async () => {
      open();
      // The held requests go on before the route is removed (removing it first would answer them twice).
      await Promise.all(passing);
      await page.unroute(url);
    },
  };
}

const reloadBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading the new results…' });

describe('the top bar and the customer list on a phone', () => {
  for (const viewport of PHONES) {
    it(`at ${viewport.width} px the search is an icon that opens a full-width field; Escape and Close give the focus back`, async () => {
      const page = await superuserInAcme(viewport);
      const icon = page.getByRole('button', { name: 'Search customers' });
      const field = page.getByRole('searchbox', { name: 'Search customers' });
      await icon.waitFor();
      expect(await field.isVisible()).toBe(false);
      expect(await icon.getAttribute('aria-expanded')).toBe('false');

      await icon.click();
      await field.waitFor();
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = await field.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      // Full width: the field takes the top bar but for the close button beside it.
      expect(box?.width ?? 0).toBeGreaterThan(viewport.width * 0.7);
      await field.fill('Novak');
      await page.getByRole('list', { name: 'Matching customers' }).waitFor();
      await cleanInBothThemes(page, `search open ${viewport.width}`);

      await page.keyboard.press('Escape');
      await field.waitFor({ state: 'hidden' });
      await expect.poll(() => icon.evaluate((el) => el === document.activeElement)).toBe(true);

      await icon.click();
      await page.getByRole('button', { name: 'Close the search' }).click();
      await field.waitFor({ state: 'hidden' });
      await expect.poll(() => icon.evaluate((el) => el === document.activeElement)).toBe(true);

      await icon.press('Enter');
      await field.fill('Novak & Co');
      await field.press('Enter');
      await page.waitForURL(/#\/company\/customer\/list\?q=Novak/);
      await field.waitFor({ state: 'hidden' });
      await page.context().close();
    });

    it(`at ${viewport.width} px customers are cards with name, status, owner and phone, each a link; selection still works`, async () => {
      const page = await superuserInAcme(viewport);
      await page.goto('/#/company/customer/list');
      const cards = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
      await cards.first().waitFor();
      expect(await page.getByRole('table', { name: 'Customers' }).count()).toBe(0);
      const first = cards.first();
      const text = (await first.textContent()) ?? '';
      expect(text).toMatch(/Lead|Prospect|Customer|Inactive/);
      expect(text).toContain('Owner');
      expect(text).toContain('Phone');
      const name = ((await first.getByRole('link').textContent()) ?? '').trim();

      await first.getByRole('checkbox', { name: `Select ${name}` }).check();
      const bulk = page.getByRole('region', { name: 'Bulk actions' });
      await bulk.getByText('Selected: 1').waitFor();
      await cleanInBothThemes(page, `customer cards ${viewport.width}`);
      // Some selected: "select all" selects every card shown, a second click none.
      const all = page.getByRole('checkbox', { name: 'Select all customers shown' });
      await all.click();
      await expect.poll(() => all.isChecked()).toBe(true);
      await all.click();
      await bulk.waitFor({ state: 'detached' });

      await first.getByRole('link', { name }).click();
      await page.waitForURL(/#\/company\/customer\/\d+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.context().close();
    });
  }

  it('at 1440 px the search is a field in the top bar and customers stay a table', async () => {
    const page = await superuserInAcme(DESKTOP);
    await page.getByRole('searchbox', { name: 'Search customers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Search customers' }).count()).toBe(0);
    await page.goto('/#/company/customer/list');
    await page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1).waitFor();
    await cleanInBothThemes(page, 'customer table 1440');
    await page.context().close();
  });
});

/** Screens with a filter bar, and what shows once their list is there. */
const FILTER_SCREENS = [
  { name: 'customers', hash: '/company/customer/list' },
  { name: 'to-dos', hash: '/company/customer/events' },
  { name: 'posts', hash: '/company/social' },
  { name: 'audit', hash: '/admin/audit' },
  { name: 'admin companies', hash: '/admin/companies' },
  { name: 'admin people', hash: '/admin/users' },
];

/**
 * Fields and buttons of the page's main part that stick out of the window or
 * lie over one another (a button group's shared 1 px border aside).
 */
function crowdedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'main input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), main select, main .btn',
      ),
    ].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 2 && box.height > 2 && getComputedStyle(el).visibility !== 'hidden';
    });
    const label = (el: HTMLElement) =>
      el.getAttribute('aria-label') || el.id || el.textContent?.trim().slice(0, 30) || el.tagName;
    const problems: string[] = [];
    const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect() }));
    for (const { el, box } of boxes) {
      if (box.left < 0 || box.right > width + 0.5)
        problems.push(`${label(el)} sticks out (${box.left}–${box.right})`);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as { el: HTMLElement; box: DOMRect };
        const b = boxes[j] as { el: HTMLElement; box: DOMRect };
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 2 && y > 2) problems.push(`${label(a.el)} overlaps ${label(b.el)}`);
      }
    }
    return problems;
  });
}

describe('filter bars wrap on a phone', () => {
  for (const viewport of PHONES) {
    it(`at ${viewport.width} px no filter control sticks out or covers another`, async () => {
      const page = await superuserInAcme(viewport);
      const problems: string[] = [];
      for (const screen of FILTER_SCREENS) {
        await page.goto(`/#${screen.hash}`);
        await page.locator('h1').first().waitFor();
        await expect.poll(() => page.locator('.placeholder-glow, [aria-busy="true"]').count()).toBe(0);
        problems.push(...(await crowdedControls(page)).map((p) => `${screen.name}: ${p}`));
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});

/** A list whose filter is changed while its answer is held back. */
type ReloadCase = {
  name: string;
  hash: string;
  /** The request the changed filter makes. */
  next: RegExp;
  change: (page: Page) => Promise<unknown>;
  /** The list's first request (held to see the skeleton). */
  first: RegExp;
};

const RELOAD_CASES: ReloadCase[] = [
  {
    name: 'to-dos',
    // The default view named in the address: the document asks no screen's questions for an
    // address with a query (app/first-screen-data.ts), so the list asks its own, held here.
    hash: '/company/customer/events?view=open',
    first: /\/api\/companies\/\d+\/events\?/,
    next: /\/api\/companies\/\d+\/events\?.*filter=today/,
    change: (page) => page.getByRole('button', { name: 'Today', exact: true }).click(),
  },
  {
    name: 'admin companies',
    hash: '/admin/companies',
    first: /\/api\/admin\/companies\?/,
    next: /\/api\/admin\/companies\?.*q=acme/,
    change: (page) => page.getByLabel('Search by name, legal name or OIB').fill('acme'),
  },
  {
    name: 'admin people',
    hash: '/admin/users',
    first: /\/api\/admin\/users\?/,
    next: /\/api\/admin\/users\?.*q=ana/,
    change: (page) => page.getByLabel('Search by name or email').fill('ana'),
  },
  {
    name: 'audit log',
    hash: '/admin/audit',
    first: /\/api\/admin\/audit\?/,
    next: /\/api\/admin\/audit\?.*entity=company/,
    change: (page) => page.getByLabel('Record type').selectOption('company'),
  },
  {
    name: 'social posts',
    hash: '/company/social',
    first: /\/api\/companies\/\d+\/social\/posts\?/,
    next: /\/api\/companies\/\d+\/social\/posts\?.*status=draft/,
    change: (page) => page.getByLabel('Status').selectOption('draft'),
  },
  {
    name: 'media library',
    hash: '/company/social/media',
    first: /\/api\/companies\/\d+\/social\/media(\?|$)/,
    next: /\/api\/companies\/\d+\/social\/media\?.*kind=image/,
    change: (page) => page.getByRole('button', { name: 'Images' }).click(),
  },
];

/** The list has arrived: no skeleton, no busy region. */
const settled = (page: Page) =>
  expect.poll(() => page.locator('.placeholder-glow, [aria-busy="true"]').count()).toBe(0);

describe('every list keeps its previous rows dimmed while a filter reloads, and shows a skeleton first', () => {
  for (const viewport of [DESKTOP, PHONES[0] as Viewport]) {
    it(`at ${viewport.width} px: to-dos, admin companies and people, audit, posts, media`, async () => {
      const page = await superuserInAcme(viewport);
      for (const list of RELOAD_CASES) {
        // First load, nothing cached (a reload empties the cache): a skeleton, not a lone spinner.
        await page.goto(`/#${list.hash}`);
        const first = await hold(page, list.first);
        await page.reload();
        await page.locator('[role="status"][aria-busy="true"] .placeholder').first().waitFor();
        expect(await page.locator('.kt-page-spinner').count(), list.name).toBe(0);
        await first.release();
        await settled(page);
        await cleanInBothThemes(page, `${list.name} ${viewport.width}`);

        // A changed filter: the previous answer stays, dimmed and busy, under a progress bar.
        const next = await hold(page, list.next);
        await list.change(page);
        await reloadBar(page).waitFor();
        const busy = page.locator('.kt-reloading[aria-busy="true"]');
        expect(await busy.count(), list.name).toBe(1);
        expect(await busy.evaluate((el) => el.classList.contains('kt-stale')), list.name).toBe(true);
        expect(
          ((await busy.textContent()) ?? '').trim().length,
          `${list.name}: the old answer stays`,
        ).toBeGreaterThan(0);
        await next.release();
        await reloadBar(page).waitFor({ state: 'detached' });
        await settled(page);
      }
      await page.context().close();
      // Six lists, each loaded three times and checked by axe twice: minutes on a shared 2-core machine.
    }, 480_000);
  }

  it('the CRM integration sections show their error with "Try again", then their lists', async () => {
    const page = await superuserInAcme(PHONES[0] as Viewport);
    const retry = page.getByRole('alert').getByRole('button', { name: 'Try again' });
    const tabs = [
      { tab: 'keys', path: 'api-keys', section: 'API keys' },
      { tab: 'webhooks', path: 'webhooks', section: 'Webhooks' },
      { tab: 'connectors', path: 'connectors', section: 'Connectors' },
    ];
    for (const { tab, path, section } of tabs) {
      const failing = new RegExp(`/api/companies/\\d+/${path}$`);
      await page.route(failing, (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Not for you', code: 'forbidden' }),
        }),
      );
      await page.goto(`/#/company/crm-integration?tab=${tab}`);
      await retry.waitFor();
      await cleanInBothThemes(page, `integration ${tab} error 390`);
      await page.unroute(failing);
      await retry.click();
      await retry.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: section }).waitFor();
      await settled(page);
      await cleanInBothThemes(page, `integration ${tab} 390`);
    }
    await page.context().close();
  });
});
