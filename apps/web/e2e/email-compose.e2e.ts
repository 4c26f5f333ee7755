import type { Mailbox } from '@kontora/contract/mailboxes';
import type { Pipeline } from '@kontora/contract/pipelines';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Dovecot, startDovecot } from '../../server/src/test-support/dovecot.ts';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/**
 * Writing to a customer from their page (a template, Undo within the window, the mail at SMTP),
 * answering a synced message with the original quoted (the card refreshing itself once the
 * answer is sent), scheduling and cancelling, and writing to a deal's people.
 */
// The mail servers are on loopback, which the outbound address rules let through only when listed.
const e2e = stackAndBrowserForFile({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
const MAILBOX = 'ana@compose.test';
const PASSWORD = 'imap-secret-1';
let dovecot: Dovecot;
let company: { id: number; name: string };
let customerId: number;
let dealId: number;

/** Synced before the stories run: Petra writes to Ana, copying Ivan. */
const OFFER_ID = 'compose-offer-1@client.test';
const OFFER = [
  'From: Petra Horvat <petra@client.test>',
  `To: ${MAILBOX}`,
  'Cc: Ivan Kos <ivan@client.test>',
  'Subject: Offer for spring',
  `Date: ${new Date(Date.now() - 86_400_000).toUTCString()}`,
  `Message-ID: <${OFFER_ID}>`,
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Here is our spring offer.',
  '',
].join('\r\n');

beforeAll(async () => {
  dovecot = await startDovecot([{ user: MAILBOX, password: PASSWORD }]);
  await dovecot.append(MAILBOX, 'INBOX', OFFER);
  company = await createCrmCompany(e2e.stack, `Compose ${Date.now().toString(36)} d.o.o.`);
  const ana = await apiAs(e2e.stack, USERS.ana);
  const base = `/companies/${company.id}`;
  customerId = (
    await ana.call<{ id: number }>('POST', `${base}/customers`, {
      type: 'person',
      first_name: 'Petra',
      last_name: 'Horvat',
      email: 'petra@client.test',
    })
  ).id;
  const server = (port: number) => ({
    host: '127.0.0.1',
    port,
    security: 'none',
    username: MAILBOX,
    password: PASSWORD,
  });
  await ana.call('POST', `${base}/mailboxes`, {
    email: MAILBOX,
    imap: server(dovecot.port),
    smtp: server(e2e.stack.smtpPort),
    visibility: 'private',
  });
  await ana.call('POST', `${base}/email-templates`, {
    name: 'Introduction',
    subject: 'Hello {{customer.first_name}}',
    text: 'Dear {{customer.first_name}},\nnice to meet you.',
  });
  const { items } = await ana.call<{ items: Pipeline[] }>('GET', `${base}/pipelines`);
  dealId = (
    await ana.call<{ id: number }>('POST', `${base}/deals`, {
      title: 'Spring roof',
      stage_id: items[0]?.stages[0]?.id,
      customer_ids: [customerId],
    })
  ).id;
  // The first sync has kept the offer.
  await vi.waitFor(
    async () => {
      const { items } = await ana.call<{ items: Mailbox[] }>('GET', `${base}/mailboxes`);
      expect(items[0]?.message_count).toBe(1);
    },
    { timeout: 30_000, interval: 200 },
  );
}, 60_000);

afterAll(async () => {
  await dovecot?.close();
});

async function openCompose(page: Page) {
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New email' });
  await dialog.getByLabel('From').waitFor();
  return dialog;
}

describe('email compose', () => {
  it('sends from a template after the undo window, and Undo takes one back', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto(`/#/company/customer/${customerId}`);
    await page.getByRole('heading', { level: 1, name: 'Petra Horvat' }).waitFor();

    let dialog = await openCompose(page);
    await dialog.getByText('Petra Horvat <petra@client.test>').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Template').selectOption({ label: 'Introduction' });
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Hello {{customer.first_name}}');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Sending in 10 seconds.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The email was not sent.').waitFor();

    await pickTheme(page, 'Dark');
    dialog = await openCompose(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Subject').fill('Hello {{customer.first_name}}');
    await dialog.getByLabel('Message').fill('Dear {{customer.first_name}}, the offer follows.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sending in 10 seconds.').waitFor();
    const mail = await e2e.stack.readMail('petra@client.test', { timeoutMs: 30_000 });
    expect(mail.subject).toBe('Hello Petra');
    expect(mail.text).toContain('Dear Petra, the offer follows.');
    // Only the message not taken back went out.
    expect(e2e.stack.mailCount('petra@client.test')).toBe(1);
    await pickTheme(page, 'Light');
  }, 90_000);

  it('answers a synced message with Reply all, threaded at the recipients and here', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto(`/#/company/customer/${customerId}`);
    const emails = page.getByRole('region', { name: 'Emails' });
    await emails.getByRole('button', { name: /Petra Horvat: Offer for spring/ }).click();
    const message = emails.getByRole('article', { name: 'Offer for spring' });

    await message.getByRole('button', { name: 'Reply', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'New email' });
    await dialog.getByText('To: petra@client.test', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Re: Offer for spring');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await message.getByRole('button', { name: 'Reply all' }).click();
    dialog = page.getByRole('dialog', { name: 'New email' });
    // Ana's own address, the offer's To, is left out.
    await dialog.getByText('Cc: ivan@client.test').waitFor();
    await dialog.getByText('To: petra@client.test').waitFor();
    // The original is quoted below room to write, as mail clients do.
    const body = dialog.getByLabel('Message');
    const quoted = await body.inputValue();
    expect(quoted).toMatch(
      /^\n\nOn .+, Petra Horvat <petra@client\.test> wrote:\n> Here is our spring offer\.$/,
    );
    await body.fill(`Thank you, we accept.${quoted}`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sending in 10 seconds.').waitFor();
    // Back to the list while the message waits: it refreshes by itself once the answer is sent.
    await emails.getByRole('button', { name: 'Back to the emails' }).click();
    await emails
      .getByText(/Messages: 1/)
      .first()
      .waitFor();
    const mail = await e2e.stack.readMail('ivan@client.test', { timeoutMs: 30_000 });
    expect(mail.subject).toBe('Re: Offer for spring');
    expect(mail.to).toEqual(expect.arrayContaining(['petra@client.test', 'ivan@client.test']));
    expect(mail.raw).toMatch(new RegExp(`^In-Reply-To: <${OFFER_ID}>`, 'm'));
    const parsed = await simpleParser(mail.raw);
    expect(parsed.text).toContain('Thank you, we accept.');
    expect(parsed.text).toContain('> Here is our spring offer.');
    expect(parsed.html).toMatch(
      /<p>Thank you, we accept\.<\/p><p>On .+ wrote:<\/p><blockquote type="cite"><p>Here is our spring offer\.<\/p><\/blockquote>/,
    );

    // The answer is kept as it goes, in the offer's thread: the card shows it without a reload.
    await emails.getByText(/Messages: 2/).waitFor({ timeout: 30_000 });
    await page.context().close();
  }, 90_000);

  it('schedules an email, lists it on the card and in Settings, and cancels it there', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto(`/#/company/customer/${customerId}`);
    await page.getByRole('heading', { level: 1, name: 'Petra Horvat' }).waitFor();
    const dialog = await openCompose(page);
    await dialog.getByLabel('Subject').fill('Next spring');
    await dialog.getByLabel('Message').fill('We will write again.');
    await dialog.getByLabel('Send later').check();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString();
    await dialog.getByLabel('Send at').fill(local.slice(0, 16));
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('The email is scheduled.').waitFor();

    // On the customer's Emails card, while it waits.
    const emails = page.getByRole('region', { name: 'Emails' });
    const onCard = emails.getByRole('region', { name: 'Scheduled emails' });
    await onCard.getByText('Next spring').waitFor();
    await onCard.getByText('To petra@client.test', { exact: false }).waitFor();

    // And in Settings → Mailboxes, with Cancel.
    await page.goto('/#/company/settings');
    const list = page.getByRole('region', { name: 'Scheduled emails' });
    await list.getByText('Next spring').waitFor();
    for (const theme of ['Light', 'Dark'] as const) {
      await pickTheme(page, theme);
      expect(await seriousViolations(page), theme).toEqual([]);
    }
    await pickTheme(page, 'Light');
    await list.getByRole('button', { name: 'Cancel the email “Next spring”' }).click();
    await list.getByText('No emails are waiting to be sent.').waitFor();

    await page.goto(`/#/company/customer/${customerId}`);
    await emails.getByText('Offer for spring').first().waitFor();
    expect(await emails.getByRole('region', { name: 'Scheduled emails' }).count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it("writes to a deal's people with the deal's title merged", async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto(`/#/company/deal/${dealId}`);
    await page.getByRole('heading', { level: 1, name: 'Spring roof' }).waitFor();
    const before = e2e.stack.mailCount('petra@client.test');
    const dialog = await openCompose(page);
    await dialog.getByText('Petra Horvat <petra@client.test>').waitFor();
    await dialog.getByLabel('Subject').fill('About {{deal.title}}');
    await dialog.getByLabel('Message').fill('Dear {{customer.first_name}}, the roof is planned.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Sending in 10 seconds.').waitFor();
    const mail = await e2e.stack.readMail('petra@client.test', { since: before, timeoutMs: 30_000 });
    expect(mail.subject).toBe('About Spring roof');
    expect(mail.text).toContain('Dear Petra, the roof is planned.');
    await page.context().close();
  }, 90_000);
});
