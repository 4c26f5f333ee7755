import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { companyOfAnaAndMarko } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// A default install: no network has an app (nothing of another story's stand-ins may leak in).
beforeAll(() => {
  for (const key of Object.keys(process.env)) if (key.startsWith('SOCIAL_')) delete process.env[key];
});
const e2e = stackAndBrowserForFile();

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

async function inBothThemes(page: Page, check: (theme: string) => Promise<void>) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
    await check(theme);
  }
}

describe('social set-up that explains itself', () => {
  it('a member on a default install is told no network is set up and to ask the administrator; the tab bar marks its tab', async () => {
    const { company } = await companyOfAnaAndMarko(e2e, `Setup Story ${Date.now().toString(36)}`, [0, 3]);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.marko);
    await chooseCompany(page, company.name);
    await page.goto('/#/company/social/accounts');
    const note = page.getByRole('note');
    await note
      .getByText(/No social network is set up on this server yet \(Facebook, .*YouTube\)\./)
      .waitFor();
    await note.getByText('To connect one of them, ask your administrator to set it up.').waitFor();
    expect(await page.getByRole('button', { name: /^Connect / }).count()).toBe(0);
    expect(await note.getByRole('link').count()).toBe(0);

    const tabs = page.getByRole('navigation', { name: 'Social sections' });
    const accounts = tabs.getByRole('link', { name: 'Accounts' });
    expect(await accounts.getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Posts' }).getAttribute('aria-current')).toBeNull();
    // A bar of buttons, not a bulleted list of underlined links.
    expect(await tabs.locator('li').count()).toBe(0);
    expect(await accounts.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    const posts = tabs.getByRole('link', { name: 'Posts' });
    const [activeBg, idleBg] = [
      await accounts.evaluate((el) => getComputedStyle(el).backgroundColor),
      await posts.evaluate((el) => getComputedStyle(el).backgroundColor),
    ];
    expect(activeBg).not.toBe(idleBg);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await inBothThemes(page, async (theme) => {
        expect(await seriousViolations(page), `${size.width} ${theme}`).toEqual([]);
      });
    }
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[0]);
    await tabs.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL(/#\/company\/social\/media$/);
    await expect
      .poll(() => tabs.getByRole('link', { name: 'Media' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await accounts.getAttribute('aria-current')).toBeNull();
    await page.context().close();
  });

  it('a superuser follows "Set up X" to its page: the redirect address, the variables not set, and a check', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.superuser);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/accounts');
    await page.getByRole('note').getByRole('link', { name: 'Set up X' }).click();
    await page.waitForURL(/#\/admin\/social\/x$/);
    await page.getByRole('heading', { name: 'Set up X', level: 1 }).waitFor();
    expect(await page.getByLabel('Redirect address').inputValue()).toBe(
      `${e2e.stack.baseUrl}/api/social/oauth/x/callback`,
    );
    const rows = page.getByRole('list', { name: '2. Set the variables on the server' }).getByRole('listitem');
    await rows.filter({ hasText: 'SOCIAL_X_CLIENT_ID' }).getByText('Not set').waitFor();
    await rows.filter({ hasText: 'SOCIAL_X_CLIENT_SECRET' }).getByText('Not set').waitFor();
    await rows.filter({ hasText: 'SOCIAL_X_API_URL' }).getByText('https://api.x.com').waitFor();
    await page.getByText(/X offers no way to check an app's credentials without a person/).waitFor();
    await page.getByRole('button', { name: 'Check' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The client ID or the secret is not set yet.' })
      .waitFor();

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await inBothThemes(page, async (theme) => {
        expect(await seriousViolations(page), `${size.width} ${theme}`).toEqual([]);
      });
    }
    await page.setViewportSize(SIZES[0] as (typeof SIZES)[0]);
    // The administration menu leads to the list of all six.
    await page.getByRole('link', { name: 'Social networks' }).first().click();
    await page.waitForURL(/#\/admin\/social$/);
    const list = page.getByRole('list', { name: 'Social networks' });
    await list.getByRole('link', { name: 'YouTube' }).waitFor();
    expect(await list.getByText('Not set up').count()).toBe(6);
    await list.getByRole('link', { name: 'TikTok' }).click();
    await page.getByText('Asks TikTok for an app token with the client ID and secret alone').waitFor();
    await page.context().close();
  });
});
