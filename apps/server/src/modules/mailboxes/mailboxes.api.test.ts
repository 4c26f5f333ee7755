import type { EmailMessage, EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { htmlMailWithAttachment } from '../../test-support/mail-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dealKit } from '../deals/deal-test-kit.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/** Mail beside the customer, synced from a real IMAP server (Dovecot on loopback). */

const ANA_MAIL = 'ana@acme.test';
const ANA_PASSWORD = 'imap-secret-1';
const DAY = 86_400_000;
/** A test that waits for sync runs: each logs in to the server, which is slow on a busy machine. */
const SYNCS = 90_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let petra: number;
let ivan: number;
let deal: number;
let mailbox: Mailbox;

function message(fields: {
  id: string;
  from: string;
  to: string;
  subject: string;
  daysAgo: number;
  body?: string;
  headers?: string[];
  contentType?: string;
}): string {
  return [
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject}`,
    `Date: ${new Date(Date.now() - fields.daysAgo * DAY).toUTCString()}`,
    `Message-ID: <${fields.id}>`,
    'MIME-Version: 1.0',
    ...(fields.headers ?? []),
    `Content-Type: ${fields.contentType ?? 'text/plain; charset=utf-8'}`,
    '',
    fields.body ?? `Body of ${fields.subject}`,
    '',
  ].join('\r\n');
}

const HTML_MAIL = htmlMailWithAttachment({
  id: 'html-1@client.test',
  from: 'Ivan <ivan@client.test>',
  to: ANA_MAIL,
  subject: 'Catalogue',
  html: [
    '<p onclick="steal()">Our catalogue<script>alert(1)</script></p>',
    '<img src="https://tracker.example.com/open.gif?u=ana"><a href="javascript:alert(2)">x</a>',
    '<a href="https://client.test/catalogue">catalogue</a>',
  ].join('\r\n'),
  file: 'catalogue.pdf',
  content: '%PDF-1.4 tiny',
  daysAgo: 3,
});

const { url, ok, syncNow, mailboxRow } = mailCalls(() => t);
const imap = (password = ANA_PASSWORD) => imapOf(dovecot, ANA_MAIL, password);
const sync = () => syncNow(c.acme, mailbox.id);
const threads = (token: string, rest: string) =>
  ok<{ items: EmailThread[] }>(token, 'GET', url(c.acme, rest)).then((d) => d.items);
const sentUidvalidity = () =>
  t.ctx.db
    .selectFrom('mailbox_folders')
    .select('uidvalidity')
    .where('company_id', '=', c.acme)
    .where('role', '=', 'sent')
    .executeTakeFirstOrThrow()
    .then((r) => r.uidvalidity);
const storedCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('email_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', c.acme)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  dovecot = await startDovecot([{ user: ANA_MAIL, password: ANA_PASSWORD }]);
  t = await startMailTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  const customers = url(c.acme, '/customers');
  const person = (first_name: string, email: string) =>
    ok<{ id: number }>(c.ana.token, 'POST', customers, { type: 'person', first_name, email }).then(
      (p) => p.id,
    );
  petra = await person('Petra', 'Petra@Client.test');
  ivan = await person('Ivan', 'ivan@client.test');
  deal = (await dealKit(t).createDeal(c.ana.token, c.acme, { title: 'Big order', customer_ids: [petra] })).id;

  const inbox = async (raw: string, daysAgo = 1) =>
    dovecot.append(ANA_MAIL, 'INBOX', raw, new Date(Date.now() - daysAgo * DAY));
  await inbox(
    message({
      id: 'offer-1@client.test',
      from: 'Petra <petra@client.test>',
      to: ANA_MAIL,
      subject: 'Offer',
      daysAgo: 5,
    }),
    5,
  );
  await dovecot.append(
    ANA_MAIL,
    'Sent',
    message({
      id: 'offer-2@acme.test',
      from: ANA_MAIL,
      to: 'petra@client.test',
      subject: 'Re: Offer',
      daysAgo: 4,
      headers: ['In-Reply-To: <offer-1@client.test>', 'References: <offer-1@client.test>'],
    }),
    new Date(Date.now() - 4 * DAY),
  );
  await inbox(
    message({
      id: 'news-1@spam.test',
      from: 'news@spam.test',
      to: ANA_MAIL,
      subject: 'Newsletter',
      daysAgo: 2,
    }),
    2,
  );
  await inbox(
    message({
      id: 'old-1@client.test',
      from: 'petra@client.test',
      to: ANA_MAIL,
      subject: 'Ancient',
      daysAgo: 200,
    }),
    200,
  );
  await inbox(HTML_MAIL, 3);
  await inbox(
    message({
      id: 'broken-1@client.test',
      from: 'petra@client.test',
      to: ANA_MAIL,
      subject: '=?x-unknown?B?!!!?=',
      daysAgo: 2,
      contentType: 'multipart/alternative; boundary="never-closed"; charset=x-klingon',
      body: '--never-closed\r\nContent-Type: text/plain; charset=x-klingon\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@',
    }),
    2,
  );
}, 60_000);

afterAll(async () => {
  await t?.ctx.jobs.drain(30_000);
  await t?.close();
  await dovecot?.close();
});

describe('connect', () => {
  it('refuses a wrong password, an address it may not reach and a closed port, with the reason', async () => {
    const cases: [object, string][] = [
      [imap('wrong'), 'wrong_password'],
      [{ ...imap(), host: '10.0.0.1' }, 'private_address'],
      [{ ...imap(), port: 1 }, 'unreachable'],
    ];
    for (const [settings, reason] of cases) {
      const res = await t.call(c.ana.token, {
        method: 'POST',
        url: url(c.acme, '/mailboxes'),
        payload: { email: ANA_MAIL, imap: settings, visibility: 'shared' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual({ imap: [reason] });
    }
    const bad = await t.call(c.ana.token, {
      method: 'POST',
      url: url(c.acme, '/mailboxes'),
      payload: { email: 'nope', imap: { ...imap(), security: 'ssl' }, sync_days: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details).sort()).toEqual(['email', 'imap.security', 'sync_days']);
    expect(await ok<{ items: Mailbox[] }>(c.ana.token, 'GET', url(c.acme, '/mailboxes'))).toEqual({
      items: [],
    });
  });

  it(
    'connects with the right password, syncs in the background and never answers the password',
    async () => {
      mailbox = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
        email: ANA_MAIL,
        imap: imap(),
        visibility: 'shared',
      });
      expect(mailbox).toMatchObject({
        email: ANA_MAIL,
        status: 'connecting',
        visibility: 'shared',
        sync_days: 90,
      });
      await t.ctx.jobs.drain(30_000);
      const list = await ok<{ items: Mailbox[] }>(c.ana.token, 'GET', url(c.acme, '/mailboxes'));
      expect(list.items).toEqual([
        expect.objectContaining({ id: mailbox.id, status: 'ok', last_error: null }),
      ]);
      expect(list.items[0]?.last_synced_at).toBeTruthy();
      expect(JSON.stringify(list)).not.toContain(ANA_PASSWORD);
      const row = await t.ctx.db
        .selectFrom('mailboxes')
        .select('secrets')
        .where('company_id', '=', c.acme)
        .executeTakeFirstOrThrow();
      expect(row.secrets).not.toContain(ANA_PASSWORD);
      // Marko sees only his own mailboxes.
      expect(await ok(c.marko.token, 'GET', url(c.acme, '/mailboxes'))).toEqual({ items: [] });
    },
    SYNCS,
  );
});

describe('sync', () => {
  it('keeps only mail with a customer, in the window, threaded and linked', async () => {
    // Offer, its answer from Sent, the catalogue and the broken one; not the newsletter nor the old mail.
    expect(await storedCount()).toBe(4);
    const petraThreads = await threads(c.ana.token, `/customers/${petra}/emails`);
    expect(petraThreads.map((th) => [th.subject, th.count])).toEqual([
      ['', 1],
      ['Offer', 2],
    ]);
    const offer = petraThreads[1] as EmailThread;
    expect(offer.participants.map((p) => p.address).sort()).toEqual([ANA_MAIL, 'petra@client.test']);
    expect(offer.items?.map((i) => i.subject)).toEqual(['Offer', 'Re: Offer']);
    const dealThreads = await threads(c.ana.token, `/deals/${deal}/emails`);
    expect(dealThreads.map((th) => th.id)).toEqual(petraThreads.map((th) => th.id));
    expect((await threads(c.ana.token, `/customers/${ivan}/emails`)).map((th) => th.subject)).toEqual([
      'Catalogue',
    ]);
  });

  it('reads broken MIME and unknown charsets without failing', async () => {
    const [broken] = await threads(c.ana.token, `/customers/${petra}/emails`);
    const id = broken?.items?.[0]?.id;
    const res = await t.call(c.ana.token, { method: 'GET', url: url(c.acme, `/emails/${id}`) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sanitises HTML: no scripts or handlers, no remote images; attachments listed', async () => {
    const [catalogue] = await threads(c.ana.token, `/customers/${ivan}/emails`);
    const mail = await ok<EmailMessage>(
      c.ana.token,
      'GET',
      url(c.acme, `/emails/${catalogue?.items?.[0]?.id}`),
    );
    expect(mail.html).toContain('Our catalogue');
    expect(mail.html).toContain('href="https://client.test/catalogue"');
    expect(mail.html).not.toMatch(/script|onclick| src="https:\/\/tracker|javascript:/);
    expect(mail.remote_images).toBe(true);
    expect(mail.attachments).toEqual([
      { id: expect.any(Number), filename: 'catalogue.pdf', size: 13, content_type: 'application/pdf' },
    ]);
  });

  it(
    'a message that arrives while connected comes with the next poll; nothing twice',
    async () => {
      await dovecot.append(
        ANA_MAIL,
        'INBOX',
        message({
          id: 'offer-3@client.test',
          from: 'petra@client.test',
          to: ANA_MAIL,
          subject: 'Re: Re: Offer',
          daysAgo: 0,
          headers: ['In-Reply-To: <offer-2@acme.test>'],
        }),
      );
      await sync();
      await sync();
      expect(await storedCount()).toBe(5);
      const offer = (await threads(c.ana.token, `/customers/${petra}/emails`))[0];
      expect([offer?.subject, offer?.count]).toEqual(['Offer', 3]);
    },
    SYNCS,
  );

  it(
    'a run that finds the mailbox held by another run leaves the work to it, asking it to go again',
    async () => {
      const hold = (until: string | null) =>
        t.ctx.db
          .updateTable('mailboxes')
          .set({ sync_until: until })
          .where('company_id', '=', c.acme)
          .where('id', '=', mailbox.id)
          .execute();
      await hold(new Date(Date.now() + 60_000).toISOString());
      await dovecot.append(
        ANA_MAIL,
        'INBOX',
        message({
          id: 'held-1@client.test',
          from: 'ivan@client.test',
          to: ANA_MAIL,
          subject: 'Held',
          daysAgo: 0,
        }),
      );
      const asked = () => mailboxRow(c.acme, mailbox.id).then((r) => Boolean(r.sync_again));
      await sync();
      expect(await storedCount()).toBe(5);
      expect(await asked()).toBe(true);
      await hold(null);
      await sync();
      expect(await storedCount()).toBe(6);
      expect(await asked()).toBe(false);
    },
    SYNCS,
  );

  it(
    'starts a folder over when its UIDVALIDITY changes, without duplicates',
    async () => {
      const before = await sentUidvalidity();
      await dovecot.recreate(ANA_MAIL, 'Sent');
      for (const [id, subject] of [
        ['offer-2@acme.test', 'Re: Offer'],
        ['offer-4@acme.test', 'Price list'],
      ]) {
        await dovecot.append(
          ANA_MAIL,
          'Sent',
          message({
            id: id as string,
            from: ANA_MAIL,
            to: 'ivan@client.test, petra@client.test',
            subject: subject as string,
            daysAgo: 1,
          }),
        );
      }
      await sync();
      expect(await sentUidvalidity()).not.toBe(before);
      expect(await storedCount()).toBe(7);
      const ivanSubjects = (await threads(c.ana.token, `/customers/${ivan}/emails`)).map((th) => th.subject);
      expect(ivanSubjects).toEqual(['Held', 'Price list', 'Catalogue']);
    },
    SYNCS,
  );
});

describe('privacy', () => {
  async function asMarko() {
    const list = await threads(c.marko.token, `/customers/${petra}/emails`);
    const offer = list.find((th) => th.subject === 'Offer');
    const id =
      offer?.items?.[0]?.id ?? (await threads(c.ana.token, `/customers/${petra}/emails`))[0]?.items?.[0]?.id;
    const res = await t.call(c.marko.token, { method: 'GET', url: url(c.acme, `/emails/${id}`) });
    return {
      threads: list.length,
      status: res.statusCode,
      text: res.statusCode === 200 ? res.json().data.text : undefined,
    };
  }
  const visibility = (v: string) =>
    ok(c.ana.token, 'PATCH', url(c.acme, `/mailboxes/${mailbox.id}`), { visibility: v });

  it('shared: another member reads everything', async () => {
    expect(await asMarko()).toEqual({ threads: 3, status: 200, text: expect.stringContaining('Body of') });
  });

  it('metadata: another member sees subjects and people, not bodies', async () => {
    await visibility('metadata');
    expect(await asMarko()).toEqual({ threads: 3, status: 200, text: null });
    const own = await threads(c.ana.token, `/customers/${petra}/emails`);
    const mine = await ok<EmailMessage>(c.ana.token, 'GET', url(c.acme, `/emails/${own[0]?.items?.[0]?.id}`));
    expect(mine.text).toContain('Body of');
  });

  it('private: only the owner sees it', async () => {
    await visibility('private');
    expect(await asMarko()).toEqual({ threads: 0, status: 404, text: undefined });
    expect((await threads(c.ana.token, `/customers/${petra}/emails`)).length).toBe(3);
  });
});

describe('boundaries', () => {
  it("another company's records and another person's mailbox are 404 on every route", async () => {
    const [offer] = await threads(c.ana.token, `/customers/${petra}/emails`);
    const emailId = offer?.items?.[0]?.id;
    const calls: [string, 'GET' | 'PATCH' | 'DELETE', string, object?][] = [
      [c.eva.token, 'GET', url(c.beta, `/customers/${petra}/emails`)],
      [c.eva.token, 'GET', url(c.beta, `/deals/${deal}/emails`)],
      [c.eva.token, 'GET', url(c.beta, `/emails/${emailId}`)],
      [c.eva.token, 'PATCH', url(c.beta, `/mailboxes/${mailbox.id}`), { visibility: 'shared' }],
      [c.eva.token, 'DELETE', url(c.beta, `/mailboxes/${mailbox.id}`)],
      [c.marko.token, 'PATCH', url(c.acme, `/mailboxes/${mailbox.id}`), { visibility: 'shared' }],
      [c.marko.token, 'DELETE', url(c.acme, `/mailboxes/${mailbox.id}`)],
    ];
    for (const [token, method, path, payload] of calls) {
      const res = await t.call(token, { method, url: path, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it('disconnecting removes the mailbox and its mail', async () => {
    const res = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/mailboxes/${mailbox.id}`) });
    expect(res.statusCode).toBe(204);
    expect(await storedCount()).toBe(0);
    expect(await threads(c.ana.token, `/customers/${petra}/emails`)).toEqual([]);
  });
});
