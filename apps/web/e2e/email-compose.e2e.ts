import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../server/src/test-support/dovecot.ts';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, pickTheme, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/** Writing to a customer from their page: a template, Undo within the window, the mail at SMTP. */
// The mail servers are on loopback, which the outbound address rules let through only when listed.
const e2e = stackAndBrowserForFile({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
const MAILBOX = 'ana@compose.test';
const PASSWORD = 'imap-secret-1';
let dovecot: Dovecot;
let company: { id: number; name: string };
let customerId: number;

beforeAll(async () => {
  dovecot = await startDovecot([{ user: MAILBOX, password: PASSWORD }]);
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
});
