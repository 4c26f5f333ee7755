import { MAIL_EXCLUSION_LIMITS } from '@kontora/contract/mail-exclusions';
import type { Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { htmlMailWithAttachment } from '../../test-support/mail-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * Addresses and domains whose mail is never kept (decision 083): the company's list and a
 * person's own, obeyed by the sync against a real IMAP server (Dovecot on loopback).
 */

const ANA_MAIL = 'ana@acme.test';
const MARKO_MAIL = 'marko@acme.test';
const SALES_MAIL = 'sales@acme.test';
const PASSWORD = 'imap-secret-ex';
const DAY = 86_400_000;
/** A test that waits for sync runs: each logs in to the server, which is slow on a busy machine. */
const SYNCS = 90_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let nina: number;

const { url, ok, customer, syncNow } = mailCalls(() => t);
const companyList = (company: number) => url(company, '/mail-exclusions');
const ownList = (company: number) => url(company, '/mailboxes/exclusions');

function message(f: { id: string; from: string; to: string; subject: string; headers?: string[] }): string {
  return [
    `From: ${f.from}`,
    `To: ${f.to}`,
    ...(f.headers ?? []),
    `Subject: ${f.subject}`,
    `Date: ${new Date(Date.now() - DAY).toUTCString()}`,
    `Message-ID: <${f.id}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${f.subject}`,
    '',
  ].join('\r\n');
}

const put = (token: string, path: string, payload: unknown) =>
  t.call(token, { method: 'PUT', url: path, payload: payload as object });

/** Saves a list and waits for the deletion it queues. */
async function saveAndPurge(token: string, path: string, items: string[]): Promise<void> {
  const res = await put(token, path, { items });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.jobs.drain(30_000);
}

/** Rows of a mail table in Acme. */
const rowsIn = (table: 'email_attachments' | 'email_customers') =>
  t.ctx.db.selectFrom(table).select('company_id').where('company_id', '=', c.acme).execute();

/** The subjects kept from a person's mailbox, sorted. */
async function keptSubjects(mailboxId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('email_messages')
    .select('subject')
    .where('company_id', '=', c.acme)
    .where('mailbox_id', '=', mailboxId)
    .execute();
  return rows.map((r) => r.subject).sort();
}

const connect = (token: string, email: string) =>
  ok<Mailbox>(token, 'POST', url(c.acme, '/mailboxes'), {
    email,
    imap: imapOf(dovecot, email, PASSWORD),
    visibility: 'shared',
  });

beforeAll(async () => {
  dovecot = await startDovecot([
    { user: ANA_MAIL, password: PASSWORD },
    { user: MARKO_MAIL, password: PASSWORD },
    { user: SALES_MAIL, password: PASSWORD },
  ]);
  t = await startMailTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  // Every sender is a customer: only the exclusions decide what is not kept.
  for (const [name, email] of [
    ['Petra', 'petra@client.test'],
    ['Secret', 'secret@client.test'],
    ['Ivo', 'ivo@lawyers.test'],
    ['Boss', 'boss@eu.lawyers.test'],
    ['Nina', 'nina@partner.test'],
  ] as const) {
    const id = await customer(c.ana.token, c.acme, name, email);
    if (name === 'Nina') nina = id;
  }
  const inbox = (user: string, raw: string) => dovecot.append(user, 'INBOX', raw, new Date(Date.now() - DAY));
  // [mailbox, Message-ID, from, subject, more headers]
  const plain: [string, string, string, string, string[]][] = [
    [ANA_MAIL, 'plain@client.test', 'petra@client.test', 'Plain', []],
    [ANA_MAIL, 'secret@client.test', 'secret@client.test', 'Own address', []],
    [ANA_MAIL, 'ivo@lawyers.test', 'ivo@lawyers.test', 'Company domain', []],
    [ANA_MAIL, 'boss@lawyers.test', 'boss@eu.lawyers.test', 'Subdomain', []],
    [ANA_MAIL, 'cc@client.test', 'petra@client.test', 'Copied to a lawyer', ['Cc: Ivo <IVO@Lawyers.test>']],
    [
      ANA_MAIL,
      'reply-to@client.test',
      'petra@client.test',
      'Answers go elsewhere',
      ['Reply-To: secret@client.test'],
    ],
    [MARKO_MAIL, 'partner-marko@partner.test', 'nina@partner.test', 'Partner to Marko', []],
    [MARKO_MAIL, 'plain-marko@client.test', 'petra@client.test', 'Marko plain', []],
  ];
  for (const [to, id, from, subject, headers] of plain)
    await inbox(to, message({ id, from, to, subject, headers }));
  await inbox(
    ANA_MAIL,
    htmlMailWithAttachment({
      id: 'partner-ana@partner.test',
      from: 'nina@partner.test',
      to: ANA_MAIL,
      subject: 'Partner offer',
      html: '<p>Offer</p>',
      file: 'offer.pdf',
      content: '%PDF-1.4 partner',
    }),
  );
}, 60_000);

afterAll(async () => {
  await t?.ctx.jobs.drain(30_000);
  await t?.close();
  await dovecot?.close();
});

describe('the lists', () => {
  it('refuses bad entries with the place of each, and too long a list', async () => {
    const bad = await put(c.ana.token, companyList(c.acme), {
      items: ['lawyers.test', 'not an address', 'com', 'ana@', 42],
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().details).toEqual({
      'items.1': ['invalid_entry'],
      'items.2': ['invalid_entry'],
      'items.3': ['invalid_entry'],
      'items.4': ['invalid_entry'],
    });
    const many = Array.from({ length: MAIL_EXCLUSION_LIMITS.entriesMax + 1 }, (_, i) => `x${i}.test`);
    const tooMany = await put(c.ana.token, ownList(c.acme), { items: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual({ items: ['too_many'] });
    const notList = await put(c.ana.token, ownList(c.acme), { items: 'lawyers.test' });
    expect(notList.statusCode).toBe(400);
    expect(Object.keys(notList.json().details)).toEqual(['items']);
    // Nothing was saved by a refused write.
    expect(await ok(c.ana.token, 'GET', companyList(c.acme))).toEqual({ items: [] });
    expect(await ok(c.ana.token, 'GET', ownList(c.acme))).toEqual({ items: [] });
  });

  it('normalises entries: lower case, once, sorted, a domain without its @', async () => {
    const res = await put(c.ana.token, companyList(c.acme), { items: [' @Lawyers.TEST ', 'lawyers.test'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ items: ['lawyers.test'] });
    const own = await put(c.ana.token, ownList(c.acme), { items: ['Secret@Client.test'] });
    expect(own.json().data).toEqual({ items: ['secret@client.test'] });
  });

  it("lets a member read the company's list and keep their own, but not change the company's", async () => {
    expect(await ok(c.marko.token, 'GET', companyList(c.acme))).toEqual({ items: ['lawyers.test'] });
    const refused = await put(c.marko.token, companyList(c.acme), { items: [] });
    expect(refused.statusCode).toBe(403);
    expect(await ok(c.marko.token, 'GET', companyList(c.acme))).toEqual({ items: ['lawyers.test'] });
    // A person's list is their own: Ana's is not Marko's.
    expect(await ok(c.marko.token, 'GET', ownList(c.acme))).toEqual({ items: [] });
  });

  it("keeps another company's people out of both lists, and its lists apart", async () => {
    for (const path of [companyList(c.acme), ownList(c.acme)]) {
      const read = await t.call(c.eva.token, { method: 'GET', url: path });
      expect(read.statusCode).toBe(403);
      const write = await put(c.eva.token, path, { items: ['client.test'] });
      expect(write.statusCode).toBe(403);
    }
    expect(await ok(c.eva.token, 'GET', companyList(c.beta))).toEqual({ items: [] });
    expect(await ok(c.eva.token, 'GET', ownList(c.beta))).toEqual({ items: [] });
    const own = await put(c.eva.token, companyList(c.beta), { items: ['client.test'] });
    expect(own.statusCode).toBe(200);
    // Beta's list changes nothing in Acme.
    expect(await ok(c.ana.token, 'GET', companyList(c.acme))).toEqual({ items: ['lawyers.test'] });
  });
});

describe('the sync', () => {
  let ana: Mailbox;
  let marko: Mailbox;

  it(
    'never keeps a message with an excluded address or domain among its people, and keeps the rest',
    async () => {
      ana = await connect(c.ana.token, ANA_MAIL);
      marko = await connect(c.marko.token, MARKO_MAIL);
      await t.ctx.jobs.drain(30_000);
      // Company list: lawyers.test (and so eu.lawyers.test, and Ivo in Cc); Ana's own: secret@ (Reply-To too).
      expect(await keptSubjects(ana.id)).toEqual(['Partner offer', 'Plain']);
      expect(await keptSubjects(marko.id)).toEqual(['Marko plain', 'Partner to Marko']);
      expect(await rowsIn('email_attachments')).toHaveLength(1);
    },
    SYNCS,
  );

  it(
    "deletes what a person's new entry covers from their mailboxes only, attachments and thread too",
    async () => {
      await saveAndPurge(c.ana.token, ownList(c.acme), ['secret@client.test', 'partner.test']);
      expect(await keptSubjects(ana.id)).toEqual(['Plain']);
      // Marko's list is his own: his mail with the partner stays.
      expect(await keptSubjects(marko.id)).toEqual(['Marko plain', 'Partner to Marko']);
      expect(await rowsIn('email_attachments')).toEqual([]);
      const threads = await t.ctx.db
        .selectFrom('email_threads')
        .select('subject')
        .where('company_id', '=', c.acme)
        .execute();
      expect(threads.map((th) => th.subject).sort()).toEqual(['Marko plain', 'Partner to Marko', 'Plain']);
      // A later run does not bring it back.
      await syncNow(c.acme, ana.id);
      expect(await keptSubjects(ana.id)).toEqual(['Plain']);
    },
    SYNCS,
  );

  it(
    "deletes what the company's new entry covers from every member's mailboxes",
    async () => {
      await saveAndPurge(c.ana.token, companyList(c.acme), ['lawyers.test', 'partner.test']);
      expect(await keptSubjects(marko.id)).toEqual(['Marko plain']);
      expect(await keptSubjects(ana.id)).toEqual(['Plain']);
      // Off the customer's Emails card too; Petra's two stay linked.
      expect(await ok(c.marko.token, 'GET', url(c.acme, `/customers/${nina}/emails`))).toEqual({ items: [] });
      expect(await rowsIn('email_customers')).toHaveLength(2);
    },
    SYNCS,
  );

  it(
    'keeps mail again once the entry is taken out, from the next message on',
    async () => {
      await saveAndPurge(c.ana.token, companyList(c.acme), []);
      await dovecot.append(
        MARKO_MAIL,
        'INBOX',
        message({
          id: 'partner-new@partner.test',
          from: 'nina@partner.test',
          to: MARKO_MAIL,
          subject: 'Partner again',
        }),
      );
      await syncNow(c.acme, marko.id);
      expect(await keptSubjects(marko.id)).toEqual(['Marko plain', 'Partner again']);
    },
    SYNCS,
  );
});

describe('organisations by their domain', () => {
  const settings = (company: number) => url(company, '/mail-settings');
  const fromBigcorp = (id: string, subject: string, from = 'buyer@bigcorp.test') =>
    dovecot.append(SALES_MAIL, 'INBOX', message({ id, from, to: SALES_MAIL, subject }));

  it('is off by default, changed by owners and admins only, and per company', async () => {
    expect(await ok(c.marko.token, 'GET', settings(c.acme))).toEqual({ organisation_domains: false });
    const refused = await put(c.marko.token, settings(c.acme), { organisation_domains: true });
    expect(refused.statusCode).toBe(403);
    const bad = await put(c.ana.token, settings(c.acme), { organisation_domains: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['organisation_domains']);
    expect((await put(c.eva.token, settings(c.acme), { organisation_domains: true })).statusCode).toBe(403);
    expect((await t.call(c.eva.token, { method: 'GET', url: settings(c.acme) })).statusCode).toBe(403);
  });

  it(
    "links mail from anyone at an organisation's website or email domain once turned on, never by a free-mail domain",
    async () => {
      const org = (organisation_name: string, fields: object) =>
        ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/customers'), {
          type: 'organisation',
          organisation_name,
          ...fields,
        }).then((o) => o.id);
      const bigcorp = await org('BigCorp', { website: 'https://www.BigCorp.test/about' });
      await org('Gmail fans', { email: 'fans@gmail.com' });
      await fromBigcorp('before@bigcorp.test', 'Before the setting');
      const sales = await connect(c.ana.token, SALES_MAIL);
      await t.ctx.jobs.drain(30_000);
      expect(await keptSubjects(sales.id)).toEqual([]);

      expect((await put(c.ana.token, settings(c.acme), { organisation_domains: true })).json().data).toEqual({
        organisation_domains: true,
      });
      await fromBigcorp('after@bigcorp.test', 'After the setting');
      await fromBigcorp('free@gmail.test', 'Free mail', 'someone@gmail.com');
      await fromBigcorp('sub@bigcorp.test', 'Other domain', 'buyer@eu.bigcorp.test');
      await syncNow(c.acme, sales.id);
      // The domain whole: not gmail.com (free mail), not a subdomain, and what was read before stays unread.
      expect(await keptSubjects(sales.id)).toEqual(['After the setting']);
      const threads = await ok<{ items: { subject: string }[] }>(
        c.ana.token,
        'GET',
        url(c.acme, `/customers/${bigcorp}/emails`),
      );
      expect(threads.items.map((th) => th.subject)).toEqual(['After the setting']);
    },
    SYNCS,
  );
});
