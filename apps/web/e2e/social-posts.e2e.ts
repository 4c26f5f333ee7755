import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXStandin, type XStandin } from '../../server/src/test-support/social-standins/x-standin.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// The X stand-in starts first and the server of this file is told where it is (its environment is read at start).
let x: XStandin;
beforeAll(async () => {
  x = await startXStandin({ id: 'x-e2e', secret: 'x-e2e-secret' });
  Object.assign(process.env, {
    SOCIAL_X_API_URL: x.url,
    SOCIAL_X_AUTH_URL: `${x.url}/i/oauth2/authorize`,
    SOCIAL_X_CLIENT_ID: 'x-e2e',
    SOCIAL_X_CLIENT_SECRET: 'x-e2e-secret',
  });
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await x?.close();
});

describe('social publishing', () => {
  it('an owner connects X, composes a post that is too long for it, fixes it and sees it published with its link', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/accounts');
    await page.getByRole('button', { name: 'Connect X' }).click();
    // x.com's consent page (the stand-in) sends the browser back through the OAuth callback.
    await page.getByRole('status').filter({ hasText: 'Accounts connected: 1.' }).waitFor();
    await page.getByRole('list', { name: 'Accounts' }).getByText('Acme on X').waitFor();

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Acme on X (X)').check();
    await page.getByLabel('Text', { exact: true }).fill(`${'Launch day! '.repeat(25)}`);
    await page.getByRole('alert').filter({ hasText: 'Too long for X (at most 280).' }).waitFor();
    const publish = page.getByRole('button', { name: 'Publish now' });
    expect(await publish.isDisabled()).toBe(true);

    const text = `Launch day at Acme ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByRole('alert').filter({ hasText: 'Too long for X' }).waitFor({ state: 'detached' });
    await publish.click();

    const result = page.getByTestId('post-target').filter({ hasText: 'Acme on X' });
    await result.getByText('Published').waitFor({ timeout: 30_000 });
    const tweet = x.tweets.find((t) => t.text === text);
    expect(tweet).toBeTruthy();
    expect(await result.getByRole('link', { name: 'Open on the network' }).getAttribute('href')).toBe(
      `https://x.com/acme/status/${tweet?.id}`,
    );
  });

  it('schedules a post at a time in the company’s zone and lists it as scheduled', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/compose');
    await page.getByLabel('Acme on X (X)').check();
    await page.getByLabel('Text', { exact: true }).fill(`Next week at Acme ${Date.now()}`);
    await page.getByLabel('Schedule', { exact: true }).check();
    await page.getByLabel(/Date and time/).fill('2030-06-01T09:30');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(/Scheduled for/).waitFor();
    await page.getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('list', { name: 'Posts' }).getByText('Scheduled').first().waitFor();
  });
});
