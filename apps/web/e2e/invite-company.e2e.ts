import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

async function openInviteDialog(page: Page) {
  await page.goto('/#/admin/users');
  await page.getByRole('button', { name: 'Invite a person' }).click();
  return page.getByRole('dialog', { name: 'Invite a person' });
}

describe('an invitation never silently leaves the person with no company', () => {
  it('a company chosen but not added with "Add" is added when the invitation is sent', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.superuser);
    const dialog = await openInviteDialog(page);
    await dialog.getByLabel('Email').fill('vesna.vukic@example.com');
    await dialog.getByLabel('Full name').fill('Vesna Vukić');
    await dialog.getByLabel('Find a company…').fill('Bistro');
    await dialog.getByRole('combobox', { name: 'Add to company' }).selectOption({ label: 'Bistro Mare' });
    await dialog.getByLabel('Role', { exact: true }).selectOption('admin');
    // No "Add": sending adds the choice rather than dropping it, and asks nothing.
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vesna Vukić' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role in Bistro Mare' }).inputValue()).toBe('admin');
    await page.context().close();
  });

  it('an invitation with no company asks first; Cancel keeps the dialog, confirming sends it', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 390, height: 844 } });
    await loginAs(page, USERS.superuser);
    const dialog = await openInviteDialog(page);
    await dialog.getByLabel('Email').fill('ivo.ivic@example.com');
    await dialog.getByLabel('Full name').fill('Ivo Ivić');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Invite without a company?' });
    await confirm.getByText(/No company has been added/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe('ivo.ivic@example.com');
    expect(e2e.stack.mailCount('ivo.ivic@example.com')).toBe(0);

    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await confirm.getByRole('button', { name: 'Send without a company' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ivo Ivić' }).waitFor();
    await e2e.stack.readMail('ivo.ivic@example.com');
    await page.context().close();
  });
});
