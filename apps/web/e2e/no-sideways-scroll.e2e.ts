import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** A desktop, a common phone, and the narrowest width the app promises to fit. */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
type Viewport = (typeof VIEWPORTS)[number];
/** English, and German for its long words. */
const LANGUAGES = ['en', 'de'] as const;

type Screen = {
  name: string;
  hash: string;
  ready: (page: Page) => Promise<void>;
  /** At desktop width, the screen's table shows all its columns without scrolling. */
  fitsTable?: boolean;
};

/** The page has its title and nothing is loading any more (spinners, skeletons, busy regions). */
async function settled(page: Page, extra?: string): Promise<void> {
  await page.locator('h1').first().waitFor();
  if (extra) await page.locator(extra).first().waitFor();
  await expect
    .poll(() => page.locator('.kt-page-spinner, .placeholder-glow, [aria-busy="true"]').count())
    .toBe(0);
}

const at =
  (extra?: string): Screen['ready'] =>
  (page) =>
    settled(page, extra);

const GUEST_SCREENS: Screen[] = [
  { name: 'login', hash: '/login', ready: at('form') },
  { name: 'forgot password', hash: '/forgot-password', ready: at('form') },
  { name: 'activate', hash: '/activate/not-a-real-token-but-long-enough', ready: at() },
  { name: 'reset password', hash: '/reset-password/not-a-real-token-but-long-enough', ready: at() },
];

let ids: { company: number; customer: number; user: number; deal: number };

/** Every signed-in screen, visited by the superuser inside Acme (so the team section shows too). */
function signedInScreens(viewport: Viewport): Screen[] {
  return [
    { name: 'company dashboard', hash: '/company/dashboard', ready: at() },
    { name: 'CRM dashboard', hash: '/company/crm', ready: at('canvas') },
    {
      name: 'customer list',
      hash: '/company/customer/list',
      // A table on a desktop, cards on a phone.
      ready: at('tbody tr, .kt-customer-card'),
      fitsTable: viewport.width >= 1440,
    },
    { name: 'customer page', hash: `/company/customer/${ids.customer}`, ready: at() },
    { name: 'to-dos', hash: '/company/customer/events', ready: at() },
    // The board scrolls sideways inside itself (decision 052); the page must not.
    { name: 'deal board', hash: '/company/deals', ready: at('.kt-deal-card') },
    { name: 'deal list', hash: '/company/deals/list', ready: at('tbody tr') },
    { name: 'deal page', hash: `/company/deal/${ids.deal}`, ready: at() },
    { name: 'calendar month', hash: '/company/calendar?view=dayGridMonth', ready: at('.kt-calendar button') },
    { name: 'calendar week', hash: '/company/calendar?view=timeGridWeek', ready: at('.kt-calendar button') },
    { name: 'calendar list', hash: '/company/calendar?view=listWeek', ready: at('.kt-calendar button') },
    { name: 'CRM integration', hash: '/company/crm-integration', ready: at() },
    { name: 'social posts', hash: '/company/social', ready: at() },
    { name: 'social composer', hash: '/company/social/compose', ready: at() },
    { name: 'social accounts', hash: '/company/social/accounts', ready: at() },
    { name: 'profile', hash: '/company/profile', ready: at() },
    { name: 'settings', hash: '/company/settings', ready: at() },
    { name: 'team', hash: '/company/team', ready: at('table') },
    { name: 'company chooser', hash: '/companies', ready: at() },
    { name: 'admin overview', hash: '/admin/overview', ready: at() },
    { name: 'admin companies', hash: '/admin/companies', ready: at('tbody tr') },
    { name: 'admin company', hash: `/admin/companies/${ids.company}`, ready: at() },
    { name: 'admin users', hash: '/admin/users', ready: at('tbody tr') },
    { name: 'admin user', hash: `/admin/users/${ids.user}`, ready: at() },
    { name: 'audit log', hash: '/admin/audit', ready: at() },
    { name: 'background jobs', hash: '/admin/jobs', ready: at() },
  ];
}

/** How far the document is wider than the window, in pixels (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((value) => document.documentElement.setAttribute('data-bs-theme', value), theme);

/**
 * Visits each screen and records, for light and dark, how far it scrolls sideways.
 * The theme is switched on the open screen (it is the `data-bs-theme` attribute the
 * app sets), so each screen loads once per language.
 */
async function measure(page: Page, screens: Screen[], label: string): Promise<string[]> {
  const wide: string[] = [];
  for (const screen of screens) {
    await page.goto(`/#${screen.hash}`);
    await screen.ready(page);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${screen.name} (${label}, ${theme}): ${extra} px too wide`);
    }
    if (screen.fitsTable) {
      // On a desktop every column of this table fits: its container need not scroll to show the last one.
      const hidden = await page
        .locator('.table-responsive')
        .first()
        .evaluate((box) => box.scrollWidth - box.clientWidth);
      if (hidden > 0) wide.push(`${screen.name} (${label}): the table's last ${hidden} px are cut off`);
    }
  }
  return wide;
}

/**
 * The app takes its language from the cookie when it loads. A page from newPage starts in
 * English, the first of LANGUAGES: its first load is already in it; another needs a reload.
 */
async function inLanguage(page: Page, language: string, reload: boolean): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: language, url: e2e.stack.baseUrl }]);
  if (reload) await page.reload();
  await expect.poll(() => htmlLang(page)).toBe(language);
}

async function guestScreens(browser: Browser, viewport: Viewport): Promise<string[]> {
  const page = await newPage(browser, e2e.stack.baseUrl, { viewport, reducedMotion: 'reduce' });
  const wide: string[] = [];
  for (const [index, language] of LANGUAGES.entries()) {
    if (index === 0) await page.goto('/#/login');
    await inLanguage(page, language, index > 0);
    wide.push(...(await measure(page, GUEST_SCREENS, `${viewport.width} px, ${language}`)));
  }
  await page.context().close();
  return wide;
}

async function signedIn(browser: Browser, viewport: Viewport): Promise<string[]> {
  const page = await newPage(browser, e2e.stack.baseUrl, { viewport, reducedMotion: 'reduce' });
  await loginAs(page, USERS.superuser);
  await chooseCompany(page, 'Acme d.o.o.');
  await page.waitForURL(/#\/company\/dashboard$/);
  const wide: string[] = [];
  for (const [index, language] of LANGUAGES.entries()) {
    await inLanguage(page, language, index > 0);
    wide.push(...(await measure(page, signedInScreens(viewport), `${viewport.width} px, ${language}`)));
  }
  await page.context().close();
  return wide;
}

describe('no screen scrolls sideways (only tables scroll inside their own container)', () => {
  beforeAll(async () => {
    const admin = await apiAs(e2e.stack, USERS.superuser);
    const companies = await admin.call<{ items: { id: number; name: string }[] }>(
      'GET',
      '/admin/companies?q=Acme',
    );
    const company = companies.items.find((item) => item.name.startsWith('Acme'));
    const users = await admin.call<{ items: { id: number; email: string }[] }>(
      'GET',
      `/admin/users?q=${encodeURIComponent(USERS.ana)}`,
    );
    const user = users.items.find((item) => item.email === USERS.ana);
    if (!company || !user) throw new Error('demo data missing');
    const customers = await admin.call<{ items: { id: number }[] }>(
      'GET',
      `/companies/${company.id}/customers?limit=1`,
    );
    const customer = customers.items[0];
    if (!customer) throw new Error('demo customers missing');
    // The demo has no deals: one with a long title and an organisation, for the deal screens.
    const deal = await admin.call<{ id: number }>('POST', `/companies/${company.id}/deals`, {
      title: 'Gesamtinstandsetzungsvereinbarung für das Verwaltungsgebäude',
      amount: 1_250_000,
      organisation_id: customer.id,
      owner_id: user.id,
    });
    ids = { company: company.id, customer: customer.id, user: user.id, deal: deal.id };
  });

  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}, light and dark, English and German`, async () => {
      const wide = [
        ...(await guestScreens(e2e.browser, viewport)),
        ...(await signedIn(e2e.browser, viewport)),
      ];
      expect(wide).toEqual([]);
    }, 240_000);
  }
});
