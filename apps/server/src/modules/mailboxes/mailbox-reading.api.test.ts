import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EmailMessage, EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { htmlMailWithAttachment } from '../../test-support/mail-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * Reading synced mail (docs/decisions/066-reading-synced-mail.md): attachments downloaded
 * under the mailbox's visibility, remote images on request, disconnecting with or without
 * the mail, and the owner told of a mailbox failing for a day. Against Dovecot on loopback.
 */

const ANA_MAIL = 'ana@acme.test';
const MARKO_MAIL = 'marko@acme.test';
const PASSWORD = 'imap-secret-1';
const DAY = 86_400_000;
const SYNCS = 90_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let ivan: number;
let anaBox: Mailbox;
let email: EmailMessage;

const PDF = '%PDF-1.4 tiny';

const mailWithAttachment = (id: string, from: string, to: string, subject: string, file: string) =>
  htmlMailWithAttachment({
    id,
    from,
    to,
    subject,
    html: `<p>${subject}</p><img src="https://tracker.example.com/open.gif?u=${id}" alt="logo">`,
    file,
    content: PDF,
  });

const { url, ok, syncNow, customer } = mailCalls(() => t);
const imap = (user: string) => imapOf(dovecot, user, PASSWORD);
const sync = (mailboxId: number) => syncNow(c.acme, mailboxId);
const threads = (token: string) =>
  ok<{ items: EmailThread[] }>(token, 'GET', url(c.acme, `/customers/${ivan}/emails`)).then((d) => d.items);
const attachmentUrl = (company = c.acme, mail = email) =>
  url(company, `/emails/${mail.id}/attachments/${mail.attachments[0]?.id}`);
const download = (token: string, company = c.acme, mail = email) =>
  t.call(token, { method: 'GET', url: attachmentUrl(company, mail) });
/** The notices queued for sending, as the mail job will send them. */
const queuedMails = async () =>
  (await t.ctx.db.selectFrom('jobs').select('payload').where('name', '=', sendMailJob.name).execute()).map(
    (m) => JSON.parse(m.payload) as { to: string; subject: string; text: string },
  );
const storedFiles = async () => {
  const folder = path.join(t.ctx.config.dataDir, 'media', String(c.acme));
  return (await readdir(folder).catch(() => [] as string[])).filter((f) => f.startsWith('mail-'));
};

beforeAll(async () => {
  dovecot = await startDovecot([
    { user: ANA_MAIL, password: PASSWORD },
    { user: MARKO_MAIL, password: PASSWORD },
  ]);
  t = await startMailTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  ivan = await customer(c.ana.token, c.acme, 'Ivan', 'ivan@client.test');
  await dovecot.append(
    ANA_MAIL,
    'INBOX',
    mailWithAttachment('cat-1@client.test', 'ivan@client.test', ANA_MAIL, 'Catalogue', 'catalogue;2026.pdf'),
  );
  await dovecot.append(
    MARKO_MAIL,
    'INBOX',
    mailWithAttachment('order-1@client.test', 'ivan@client.test', MARKO_MAIL, 'Order', 'order.pdf'),
  );
  anaBox = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
    email: ANA_MAIL,
    imap: imap(ANA_MAIL),
    visibility: 'shared',
  });
  await t.ctx.jobs.drain(30_000);
  const [thread] = await threads(c.ana.token);
  email = await ok<EmailMessage>(c.ana.token, 'GET', url(c.acme, `/emails/${thread?.items?.[0]?.id}`));
}, SYNCS);

afterAll(async () => {
  await t?.ctx.jobs.drain(30_000);
  await t?.close();
  await dovecot?.close();
});

describe('reading', () => {
  it('lists the mailbox with what it kept', async () => {
    const list = await ok<{ items: Mailbox[] }>(c.ana.token, 'GET', url(c.acme, '/mailboxes'));
    expect(list.items).toEqual([
      expect.objectContaining({
        id: anaBox.id,
        status: 'ok',
        message_count: 1,
        failing_since: null,
        retry_at: null,
        // Connected without SMTP settings: it is read, not sent from.
        can_send: false,
      }),
    ]);
  });

  it('downloads an attachment as a download that is never sniffed', async () => {
    expect(email.attachments).toEqual([
      {
        id: expect.any(Number),
        filename: 'catalogue;2026.pdf',
        size: PDF.length,
        content_type: 'application/pdf',
      },
    ]);
    const res = await download(c.ana.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(PDF);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="catalogue_2026.pdf"; filename*=UTF-8''catalogue%3B2026.pdf`,
    );
    expect(await storedFiles()).toHaveLength(1);
  });

  it('keeps remote images inert unless asked for', async () => {
    expect(email.remote_images).toBe(true);
    expect(email.html).not.toContain(' src="https://tracker');
    const shown = await ok<EmailMessage>(c.ana.token, 'GET', url(c.acme, `/emails/${email.id}?images=true`));
    expect(shown.html).toContain('src="https://tracker.example.com/open.gif?u=cat-1@client.test"');
    const bad = await t.call(c.ana.token, {
      method: 'GET',
      url: url(c.acme, `/emails/${email.id}?images=yes`),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ images: ['invalid_value'] });
  });

  it('gives the attachment only to who may read the body', async () => {
    const visibility = (v: string) =>
      ok(c.ana.token, 'PATCH', url(c.acme, `/mailboxes/${anaBox.id}`), { visibility: v });
    expect((await download(c.marko.token)).statusCode).toBe(200);
    await visibility('metadata');
    expect((await download(c.marko.token)).statusCode).toBe(404);
    const bodyless = await ok<EmailMessage>(
      c.marko.token,
      'GET',
      url(c.acme, `/emails/${email.id}?images=true`),
    );
    expect([bodyless.html, bodyless.text, bodyless.remote_images, bodyless.body_visible]).toEqual([
      null,
      null,
      false,
      false,
    ]);
    expect((await download(c.ana.token)).statusCode).toBe(200);
    await visibility('private');
    expect((await download(c.marko.token)).statusCode).toBe(404);
    await visibility('shared');
  });

  it("is a 404 from another company and for another message's attachment", async () => {
    expect((await download(c.eva.token, c.beta)).statusCode).toBe(404);
    const elsewhere = await t.call(c.ana.token, {
      method: 'GET',
      url: url(c.acme, `/emails/${email.id + 1000}/attachments/${email.attachments[0]?.id}`),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('failing', () => {
  it(
    'a mailbox failing for a day mails its owner once, and waits for its next try',
    async () => {
      const since = new Date(Date.now() - DAY - 60_000).toISOString();
      await t.ctx.db
        .updateTable('mailboxes')
        .set({ imap_port: 1, failing_since: since })
        .where('company_id', '=', c.acme)
        .where('id', '=', anaBox.id)
        .execute();
      await sync(anaBox.id);
      await sync(anaBox.id);
      const [box] = (await ok<{ items: Mailbox[] }>(c.ana.token, 'GET', url(c.acme, '/mailboxes'))).items;
      expect(box).toMatchObject({ status: 'failing', last_error: 'unreachable', failing_since: since });
      expect(Date.parse(box?.retry_at ?? '')).toBeGreaterThan(Date.now());
      const sent = await queuedMails();
      expect(sent.map((m) => m.to)).toEqual(['ana@example.com']);
      expect(sent[0]?.subject).toContain(ANA_MAIL);
      expect(sent[0]?.text).toContain(`#/company/settings?company=${c.acme}`);
    },
    SYNCS,
  );
});

describe('disconnecting', () => {
  it('refuses a malformed choice', async () => {
    const res = await t.call(c.ana.token, {
      method: 'DELETE',
      url: url(c.acme, `/mailboxes/${anaBox.id}?delete_emails=maybe`),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ delete_emails: ['invalid_value'] });
  });

  it('keeping the mail: the mailbox goes from the list, its mail stays readable', async () => {
    const res = await t.call(c.ana.token, {
      method: 'DELETE',
      url: url(c.acme, `/mailboxes/${anaBox.id}?delete_emails=false`),
    });
    expect(res.statusCode).toBe(204);
    expect(await ok(c.ana.token, 'GET', url(c.acme, '/mailboxes'))).toEqual({ items: [] });
    expect((await threads(c.marko.token)).map((th) => th.subject)).toEqual(['Catalogue']);
    expect((await download(c.marko.token)).statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('mailboxes')
      .select('secrets')
      .where('company_id', '=', c.acme)
      .where('id', '=', anaBox.id)
      .executeTakeFirstOrThrow();
    expect(row.secrets).toBe('');
    // It is gone for every mailbox route.
    const patch = await t.call(c.ana.token, {
      method: 'PATCH',
      url: url(c.acme, `/mailboxes/${anaBox.id}`),
      payload: { visibility: 'private' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it(
    'deleting the mail: its messages and stored attachments go',
    async () => {
      const markoBox = await ok<Mailbox>(c.marko.token, 'POST', url(c.acme, '/mailboxes'), {
        email: MARKO_MAIL,
        imap: imap(MARKO_MAIL),
        visibility: 'private',
      });
      await sync(markoBox.id);
      expect((await threads(c.marko.token)).map((th) => th.subject).sort()).toEqual(['Catalogue', 'Order']);
      expect(await storedFiles()).toHaveLength(2);
      // Another company and another person cannot remove it.
      for (const [token, company] of [
        [c.eva.token, c.beta],
        [c.ana.token, c.acme],
      ] as const) {
        const res = await t.call(token, {
          method: 'DELETE',
          url: url(company, `/mailboxes/${markoBox.id}?delete_emails=true`),
        });
        expect(res.statusCode).toBe(404);
      }
      const res = await t.call(c.marko.token, {
        method: 'DELETE',
        url: url(c.acme, `/mailboxes/${markoBox.id}?delete_emails=true`),
      });
      expect(res.statusCode).toBe(204);
      expect((await threads(c.marko.token)).map((th) => th.subject)).toEqual(['Catalogue']);
      expect(await storedFiles()).toHaveLength(1);
    },
    SYNCS,
  );
});
