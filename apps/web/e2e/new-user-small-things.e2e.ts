import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import {
  chooseCompany,
  loginAs,
  loginThroughScreen,
  logout,
  newPage,
  pickTheme,
  seriousViolations,
  USERS,
} from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** The smaller things a new user trips over, each at 1440×900 and 390×844. */
const e2e = stackAndBrowserForFile();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const AXE = { bypassCSP: true, reducedMotion: 'reduce' } as const;

async function noSeriousViolations(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));

/** Axe in light and then in dark, the person's theme left light again. */
async function checkBothThemes(page: Page, name: string): Promise<void> {
  await pickTheme(page, 'Light');
  await noSeriousViolations(page, `${name}-light`);
  await pickTheme(page, 'Dark');
  expect(await themeOf(page)).toBe('dark');
  await noSeriousViolations(page, `${name}-dark`);
  await pickTheme(page, 'Light');
}

describe('activation in the invitation’s language, with the typed name', () => {
  it('an owner invites in German from an English screen; the invitee’s page is German and prefilled', async () => {
    const owner = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: DESKTOP });
    await loginAs(owner, USERS.ana);
    await chooseCompany(owner, 'Acme d.o.o.');
    await owner.goto('/#/company/team');
    const team = owner.getByRole('region', { name: 'Team of Acme d.o.o.' });
    await team.getByRole('button', { name: 'Add a person' }).click();
    const add = owner.getByRole('dialog', { name: 'Add a person to Acme d.o.o.' });
    // The screen's language is offered first; the owner picks the invitee's.
    expect(await add.getByLabel('Language').inputValue()).toBe('en');
    await add.getByLabel('Email').fill('greta.gruber@example.com');
    await add.getByLabel('Full name (for a new account)').fill('Greta Gruber');
    await add.getByLabel('Language').selectOption('de');
    await add.getByRole('button', { name: 'Send invitation' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'Invitation sent to greta.gruber@example.com.' })
      .waitFor();
    await owner.context().close();

    const mail = await e2e.stack.readMail('greta.gruber@example.com');
    const token = /#\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();

    // A browser that speaks English and has chosen no language here: the page speaks German.
    for (const [viewport, colorScheme] of [
      [DESKTOP, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
        ...AXE,
        viewport,
        colorScheme,
        lang: null,
      });
      await page.goto(`/#/activate/${token}`);
      await page.getByRole('heading', { level: 1, name: 'Konto aktivieren' }).waitFor();
      const name = page.getByLabel('Vollständiger Name');
      await expect.poll(() => name.inputValue()).toBe('Greta Gruber');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await themeOf(page)).toBe(colorScheme);
      await noSeriousViolations(page, `activate-de-${colorScheme}`);
      if (viewport === PHONE) {
        // The typed name is only a start: what the person writes is what is saved.
        await name.fill('Greta G.');
        await page.getByLabel('Neues Passwort', { exact: true }).fill('meadow lantern passphrase 2026');
        await page.getByLabel('Neues Passwort wiederholen').fill('meadow lantern passphrase 2026');
        await page.getByRole('button', { name: 'Aktivieren und anmelden' }).click();
        await page.waitForURL((url) => !url.hash.startsWith('#/activate'));
        // Signed in, still in German: the account was made in the invitation's language.
        await page.getByRole('button', { name: /Kontomenü$/ }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      }
      await page.context().close();
    }
  });
});

describe('the login page follows the system’s dark setting until a theme is picked', () => {
  it('dark system: dark login; a theme picked when signed in wins after logout', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      ...AXE,
      viewport: DESKTOP,
      colorScheme: 'dark',
    });
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await themeOf(page)).toBe('dark');
    await noSeriousViolations(page, 'login-system-dark');

    await loginThroughScreen(page, USERS.marko);
    // Signed in, the saved theme (light by default) shows; picking one makes it the browser's choice.
    await pickTheme(page, 'Dark');
    await pickTheme(page, 'Light');
    await logout(page);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await themeOf(page)).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await themeOf(page)).toBe('light');
    await noSeriousViolations(page, 'login-picked-light');
    await page.context().close();
  });

  it('on a phone, the login page turns dark when the system does', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      ...AXE,
      viewport: PHONE,
      colorScheme: 'light',
    });
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await themeOf(page)).toBe('light');
    await noSeriousViolations(page, 'login-phone-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => themeOf(page)).toBe('dark');
    await noSeriousViolations(page, 'login-phone-dark');
    await page.context().close();
  });
});

describe('the 404 page keeps the app’s layout and shows its title once', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signed in on a ${label}: top bar and menu stay`, async () => {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, { ...AXE, viewport });
      await loginAs(page, USERS.ana);
      await chooseCompany(page, 'Acme d.o.o.');
      await page.waitForURL(/#\/company\/dashboard$/);
      await page.goto('/#/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.getByText('Page not found', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      await page.getByRole('button', { name: 'Layout settings' }).waitFor();
      if (viewport === DESKTOP) await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      else await page.getByRole('button', { name: 'Open the menu' }).waitFor();
      await checkBothThemes(page, `not-found-${label}`);
      await page.getByRole('link', { name: 'Go to the start page' }).click();
      await page.waitForURL((url) => !url.hash.includes('no-such-page'));
      await page.context().close();
    });
  }

  it('signed out: the account page’s frame, in the system’s theme', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      ...AXE,
      viewport: PHONE,
      colorScheme: 'dark',
    });
    await page.goto('/#/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('Page not found', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: /Language: English/ }).waitFor();
    expect(await themeOf(page)).toBe('dark');
    await noSeriousViolations(page, 'not-found-signed-out-dark');
    await page.context().close();
  });
});

describe('the audit log names people and records; "Who" is one control', () => {
  const run = Date.now().toString(36);
  const invitee = `audit.invitee.${run}@example.com`;
  const person = `Audit Person ${run}`;
  let seeded: Promise<void> | undefined;
  /** Ana invites someone to Acme, and the superuser invites a person: entries to find by name. */
  const seed = () =>
    (seeded ??= (async () => {
      const root = await apiAs(e2e.stack, USERS.superuser);
      const ana = await apiAs(e2e.stack, USERS.ana);
      const [acme] = (await root.call<{ items: { id: number }[] }>('GET', '/admin/companies?q=Acme')).items;
      if (!acme) throw new Error('demo company Acme missing');
      await ana.call('POST', `/companies/${acme.id}/invitations`, { email: invitee, role: 'member' });
      await root.call('POST', '/admin/users', {
        email: `audit.person.${run}@example.com`,
        full_name: person,
        is_admin: false,
        language: 'en',
        memberships: [],
      });
    })());

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${label}: filters by a person picked by typing, and shows names, not numbers`, async () => {
      await seed();
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, { ...AXE, viewport });
      await loginAs(page, USERS.superuser);
      await page.goto('/#/admin/audit');
      const entries = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
      await entries.first().waitFor();
      // Who: one combobox; no separate search box beside a select.
      const who = page.getByRole('combobox', { name: 'Who' });
      expect(await page.getByRole('searchbox').count()).toBe(0);
      await who.fill('Ana');
      await page.getByRole('option', { name: /Ana Horvat/ }).click();
      expect(await who.inputValue()).toBe('Ana Horvat');
      await entries.first().getByText(invitee).waitFor();
      await expect
        .poll(async () => (await entries.allTextContents()).every((text) => text.includes('Ana Horvat')))
        .toBe(true);
      await entries.first().getByRole('link', { name: 'Acme d.o.o.' }).waitFor();

      await page.getByRole('button', { name: 'Clear: Who' }).click();
      await page.getByLabel('Record type').selectOption('user');
      await entries.first().getByRole('link', { name: person }).waitFor();
      expect((await entries.allTextContents()).join('\n')).not.toMatch(/Person #\d/);
      await checkBothThemes(page, `audit-${label}`);
      await page.context().close();
    });
  }
});

describe('the only owner is not offered demotion or removal', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${label}: no demote or remove for the only owner; both once a second owner exists`, async () => {
      const company = await createCrmCompany(e2e.stack, `Solo ${label} ${Date.now().toString(36)}`);
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, { ...AXE, viewport });
      await loginAs(page, USERS.ana);
      await chooseCompany(page, company.name);
      await page.goto('/#/company/team');
      const team = page.getByRole('region', { name: `Team of ${company.name}` });
      const ana = team.getByRole('row', { name: /Ana Horvat/ });
      await ana.getByText('The only owner: make another member owner first.').waitFor();
      expect(await ana.getByRole('combobox').count()).toBe(0);
      expect(await ana.getByRole('button').count()).toBe(0);
      await checkBothThemes(page, `team-only-owner-${label}`);

      const root = await apiAs(e2e.stack, USERS.superuser);
      const users = await root.call<{ items: { id: number; email: string }[] }>(
        'GET',
        `/admin/users?q=${encodeURIComponent(USERS.marko)}`,
      );
      const marko = users.items.find((user) => user.email === USERS.marko);
      if (!marko) throw new Error('demo user marko missing');
      await root.call('POST', `/admin/companies/${company.id}/members`, { user_id: marko.id, role: 'owner' });
      await page.reload();
      await page.getByRole('combobox', { name: 'Role of Ana Horvat' }).waitFor();
      await page.getByRole('button', { name: 'Remove Ana Horvat' }).waitFor();
      await page.context().close();
    });
  }
});

describe('an owner of a deactivated company is told so, and whom to ask', () => {
  it('the company chooser names the deactivated company and a superuser to ask', async () => {
    const company = await createCrmCompany(e2e.stack, `Paused ${Date.now().toString(36)}`);
    const root = await apiAs(e2e.stack, USERS.superuser);
    await root.call('PATCH', `/admin/companies/${company.id}`, { is_active: false });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { ...AXE, viewport: PHONE });
    await loginAs(page, USERS.ana);
    await page.goto('/#/admin/dashboard');
    await page
      .getByRole('note')
      .filter({ hasText: `${company.name} is deactivated, so it cannot be opened. Ask a superuser` })
      .waitFor();
    expect(await page.getByRole('button', { name: company.name }).count()).toBe(0);
    await noSeriousViolations(page, 'deactivated-company-note');
    await page.context().close();
  });
});

describe('the Layout settings card is wide enough and breaks no word, in six languages', () => {
  /** Words of the choices' labels that the browser split over two lines. */
  const splitWords = (page: Page) =>
    page.evaluate(() => {
      const split: string[] = [];
      for (const label of document.querySelectorAll('main .kt-preferences .form-check-label')) {
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) split.push(match[0]);
          }
        }
      }
      return split;
    });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${label}: no label broken inside a word; on a desktop the card takes the page's width`, async () => {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport });
      await loginAs(page, USERS.ana);
      await chooseCompany(page, 'Acme d.o.o.');
      await page.waitForURL(/#\/company\/dashboard$/);
      for (const lang of ['en', 'hr', 'de', 'es', 'it', 'ru']) {
        await page.context().addCookies([{ name: 'lang', value: lang, url: e2e.stack.baseUrl }]);
        await page.goto('/#/company/settings');
        await page.reload();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const card = page.locator('main .kt-card').filter({ has: page.locator('.kt-preferences') });
        await card.waitFor();
        expect(await splitWords(page), `${label} ${lang}`).toEqual([]);
        const [cardBox, mainBox] = [await card.boundingBox(), await page.locator('main').boundingBox()];
        if (!cardBox || !mainBox) throw new Error('settings not laid out');
        if (label === 'desktop') expect(cardBox.width / mainBox.width, lang).toBeGreaterThan(0.6);
        expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth), `${label} ${lang}`).toBe(true);
      }
      await page.context().close();
    });
  }
});

describe('the audit log speaks words: actions, fields, permissions and times', () => {
  it('an API key’s creation reads as words, its expiry as a local time', async () => {
    const company = await createCrmCompany(e2e.stack, `Keys Audit ${Date.now().toString(36)}`, [0, 1, 2]);
    const ana = await apiAs(e2e.stack, USERS.ana);
    await ana.call('POST', `/companies/${company.id}/api-keys`, {
      name: 'Audit words key',
      scopes: { customers: 'read', events: 'write' },
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: DESKTOP });
    await loginAs(page, USERS.superuser);
    await page.goto('/#/admin/audit');
    await page.getByLabel('Record type').selectOption({ label: 'API key' });
    const entry = page
      .getByRole('list', { name: 'Audit log' })
      .getByRole('listitem')
      .filter({ hasText: 'Audit words key' });
    await entry.getByText('API key created').waitFor();
    await entry.getByRole('rowheader', { name: 'Last four characters' }).waitFor();
    await entry.getByRole('cell', { name: 'Customers: Read, To-dos: Read and write' }).waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|last_four|api_key\.create|[{}]/);
    await page.context().close();
  });
});

describe('on a phone, long to-do titles and API keys fit', () => {
  it('the calendar’s list shows a whole title; the API keys do not scroll sideways', async () => {
    const company = await createCrmCompany(e2e.stack, `Phone Fit ${Date.now().toString(36)}`, [0, 1, 2]);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const title = 'Call Marin Kovač about the spring offer and the new price list';
    await ana.call('POST', `/companies/${company.id}/events`, { title, start_at: '2030-06-12T09:00:00Z' });
    await ana.call('POST', `/companies/${company.id}/api-keys`, {
      name: 'Phone key with a rather long name',
      scopes: { customers: 'read', events: 'write', webhooks: 'read' },
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { ...AXE, viewport: PHONE });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);

    await page.goto('/#/company/calendar?view=listWeek&date=2030-06-12');
    const shown = page.getByText(title, { exact: true });
    await shown.waitFor();
    // Not cut: the element is as wide as its text, and inside the screen.
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const box = await shown.boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);

    await page.goto('/#/company/crm-integration?tab=keys');
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByText('Phone key with a rather long name').waitFor();
    const scroller = keys.locator('.table-responsive');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await keys.getByText('Customers: Read').waitFor();
    await noSeriousViolations(page, 'api-keys-phone');
    await page.context().close();
  });
});
