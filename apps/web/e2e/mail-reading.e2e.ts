import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../server/src/test-support/dovecot.ts';
import { htmlMailWithAttachment } from '../../server/src/test-support/mail-fixtures.ts';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// Dovecot listens on loopback, which mailboxes (like webhooks) refuse unless allowed: the server
// this file starts inherits the environment (each test file runs in its own worker). The IDLE
// watch looks for the new mailbox every second instead of every 30 (what brings the message that
// arrives while the page is open is IDLE all the same, not the story's patience).
process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
process.env.MAIL_IDLE_SCAN_SECONDS = '1';

const e2e = stackAndBrowserForFile();
const MAIL = 'ana@mail.test';
const PASSWORD = 'imap-story-1';
let dovecot: Dovecot;

const OFFER = htmlMailWithAttachment({
  id: 'story-offer-1@client.test',
  from: 'Petra Kos <petra@client.test>',
  to: MAIL,
  subject: 'Offer for spring',
  html: '<p>Here is our <b>spring offer</b>.</p><img src="https://tracker.example.com/open.gif" alt="logo">',
  file: 'offer.pdf',
  content: '%PDF-1.4 offer',
});

const QUESTION = [
  'From: Petra Kos <petra@client.test>',
  `To: ${MAIL}`,
  'Subject: A question about delivery',
  `Date: ${new Date().toUTCString()}`,
  'Message-ID: <story-question-1@client.test>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'When can you deliver?',
  '',
].join('\r\n');

beforeAll(async () => {
  dovecot = await startDovecot([{ user: MAIL, password: PASSWORD }]);
  await dovecot.append(MAIL, 'INBOX', OFFER);
});
afterAll(async () => {
  await dovecot?.close();
});

const frameHtml = (page: Page) =>
  page.getByTitle('Message: Offer for spring').evaluate((frame) => frame.getAttribute('srcdoc') ?? '');

describe('mail beside the customer', () => {
  it('connects a mailbox, sees its mail on the customer, opens it with images on request', {
    timeout: 240_000,
  }, async () => {
    const company = await createCrmCompany(e2e.stack, `Mail story ${Date.now()}`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const petra = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      type: 'person',
      first_name: 'Petra',
      last_name: 'Kos',
      email: 'petra@client.test',
    });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);

    await page.goto('/#/company/settings');
    const section = page.getByRole('region', { name: 'Mailboxes' });
    await section.getByText('No mailbox connected yet.').waitFor();
    await section.getByRole('button', { name: 'Connect a mailbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a mailbox' });
    await dialog.getByLabel('Email address').fill(MAIL);
    const imap = dialog.getByRole('group', { name: 'Receiving (IMAP)' });
    await imap.getByLabel('Server').fill(dovecot.host);
    await imap.getByLabel('Port').fill(String(dovecot.port));
    await imap.getByLabel('Security').selectOption('none');
    await imap.getByLabel('User name').fill(MAIL);
    // A wrong password first: the reason is said in words, nothing is saved.
    await imap.getByLabel('Password or app password').fill('wrong');
    await dialog.getByRole('button', { name: 'Test and connect' }).click();
    await dialog
      .getByText('The mail server did not accept this user name and password.', { exact: false })
      .waitFor();
    await imap.getByLabel('Password or app password').fill(PASSWORD);
    await dialog.getByRole('radio', { name: 'Everyone in the company' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Test and connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const item = section.getByRole('listitem').filter({ hasText: MAIL });
    await item.getByText('Up to date').waitFor({ timeout: 60_000 });
    await item.getByText('Messages kept: 1').waitFor();

    await page.goto(`/#/company/customer/${petra.id}`);
    const emails = page.getByRole('region', { name: 'Emails' });
    await emails.getByText('Offer for spring').first().waitFor({ timeout: 30_000 });
    // A message arriving while the page is open appears without a reload (IDLE or the minute
    // poll brings it; the live socket refreshes the card).
    await dovecot.append(MAIL, 'INBOX', QUESTION);
    await emails.getByText('A question about delivery').first().waitFor({ timeout: 120_000 });
    await emails.getByRole('button', { name: /Petra Kos: Offer for spring/ }).click();
    const message = emails.getByRole('article', { name: 'Offer for spring' });
    await message.getByText('Petra Kos <petra@client.test>').waitFor();
    expect(await frameHtml(page)).toContain('spring offer');
    // Drawn inside the frame, not only handed to it.
    await page
      .getByTitle('Message: Offer for spring')
      .contentFrame()
      .getByText('Here is our spring offer.')
      .waitFor();
    expect(await frameHtml(page)).not.toContain(' src="https://tracker');
    await message.getByRole('button', { name: 'Download offer.pdf' }).waitFor();
    // Written to Ana alone: no Reply all. Her mailbox has no SMTP: Reply says how to send.
    const replyButton = message.getByRole('button', { name: 'Reply', exact: true });
    await replyButton.waitFor();
    expect(await message.getByRole('button', { name: 'Reply all' }).count()).toBe(0);
    await replyButton.click();
    const reply = page.getByRole('dialog', { name: 'New email' });
    await reply.getByText('Connect a mailbox with SMTP settings first', { exact: false }).waitFor();
    await reply.getByRole('link', { name: 'Connect a mailbox' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await reply.waitFor({ state: 'hidden' });

    for (const theme of ['Light', 'Dark'] as const) {
      await pickTheme(page, theme);
      const dir = process.env.SCREENSHOT_DIR;
      if (dir) await message.screenshot({ path: `${dir}/mail-${theme.toLowerCase()}.png` });
      expect(await seriousViolations(page), theme).toEqual([]);
    }
    await message.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => frameHtml(page)).toContain('src="https://tracker.example.com/open.gif"');
    const download = page.waitForEvent('download');
    await message.getByRole('button', { name: 'Download offer.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('offer.pdf');
    await page.context().close();

    // Under the app's real policy (no bypass): the frame and its images on request break no CSP
    // rule (the suite fails the story on any violation the browser reports).
    const strict = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(strict, USERS.ana);
    await chooseCompany(strict, company.name);
    await strict.goto(`/#/company/customer/${petra.id}`);
    const strictEmails = strict.getByRole('region', { name: 'Emails' });
    await strictEmails.getByRole('button', { name: /Petra Kos: Offer for spring/ }).click();
    await strictEmails.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => frameHtml(strict)).toContain('src="https://tracker.example.com/open.gif"');
    await strict.context().close();
  });
});
