import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

describe('profile', () => {
  it('a person changes their name from the user menu', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.marko);
    await page.getByRole('button', { name: /Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/#\/company\/profile$/);
    const name = page.getByLabel('Full name');
    await name.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.').waitFor();
    await name.fill('Marko Marić');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details have been saved.').waitFor();
    await page.getByRole('button', { name: /^Marko Marić/ }).waitFor();
    await page.reload();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Marko Marić');
    await page.context().close();
  });

  it('changing the password needs the current one and ends the other sessions', async () => {
    const other = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(other, USERS.ana);
    const otherToken = await other.evaluate(
      () => JSON.parse(localStorage.getItem('currentLeadUser') ?? '{}').token,
    );

    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await page.goto('/#/company/profile');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat the new password');
    const submit = page.getByRole('button', { name: 'Change password' });

    await current.fill('not the password');
    await next.fill('a fresh passphrase 2026');
    await repeat.fill('a fresh passphrase 2026');
    await submit.click();
    await page.getByText('The current password is not correct.').waitFor();
    expect(await current.evaluate((el) => el === document.activeElement)).toBe(true);

    await current.fill(DEMO_PASSWORD);
    await repeat.fill('something else entirely');
    await submit.click();
    await page.getByText('The passwords do not match.').waitFor();

    await repeat.fill('a fresh passphrase 2026');
    await submit.click();
    await page
      .getByText('Your password has been changed. Your other sessions have been signed out.')
      .waitFor();

    const old = await fetch(`${e2e.stack.baseUrl}/api/me`, {
      headers: { Authorization: `Bearer ${otherToken}` },
    });
    expect(old.status).toBe(401);
    // This e2e.browser stays signed in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.context().close();
    await other.context().close();
  });
});
