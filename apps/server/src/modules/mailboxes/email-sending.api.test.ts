import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { dealKit } from '../deals/deal-test-kit.ts';
import { sendEmailJob } from './mailbox-jobs.ts';

/** Sending from a person's mailbox: SMTP (the test catcher), the Sent folder (Dovecot) and the timeline. */

const ANA_MAIL = 'ana@acme.test';
const ANA_PASSWORD = 'imap-secret-1';
const PETRA = 'petra@client.test';
const IVAN = 'ivan@client.test';
/** Tests that log in to the mail server several times; slow on a busy machine. */
const SLOW = 90_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let smtp: SmtpCapture;
let petra: number;
let ivan: number;
let deal: number;
let mailbox: Mailbox;

const url = (company: number, rest = '') => `/api/companies/${company}${rest}`;
async function ok<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) {
  const res = await t.call(token, { method, url: path, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}
const server = (port: number, password = ANA_PASSWORD) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: ANA_MAIL,
  password,
});
const now = () => new Date().toISOString();
const send = (payload: object, token = c.ana.token) =>
  ok<{ items: OutgoingEmail[] }>(token, 'POST', url(c.acme, '/emails'), {
    mailbox_id: mailbox.id,
    ...payload,
  }).then((d) => d.items);
const outbox = (id: number) =>
  t.ctx.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('company_id', '=', c.acme)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const threads = (customer: number) =>
  ok<{ items: EmailThread[] }>(c.ana.token, 'GET', url(c.acme, `/customers/${customer}/emails`)).then(
    (d) => d.items,
  );
const parsedMailsTo = (address: string) =>
  Promise.all(smtp.mails.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));
const sentFolder = async () =>
  Promise.all((await dovecot.messages(ANA_MAIL, 'Sent')).map((raw) => simpleParser(raw)));
const setImapPort = (port: number) =>
  t.ctx.db
    .updateTable('mailboxes')
    .set({ imap_port: port })
    .where('company_id', '=', c.acme)
    .where('id', '=', mailbox.id)
    .execute();

/** Waits (draining) until the send job has used up its attempts. */
async function untilDead(): Promise<void> {
  for (;;) {
    await t.ctx.jobs.drain(30_000);
    const dead = await t.ctx.jobs.list({ state: 'dead', limit: 50 });
    if (dead.items.some((j) => j.name === sendEmailJob.name)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dovecot = await startDovecot([{ user: ANA_MAIL, password: ANA_PASSWORD }]);
  smtp = await startSmtpCapture();
  const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
  t = await createTestApp({
    jobs: { ...defaults.jobs, pollMs: 50, backoffScale: 0.001 },
    webhookAllowedHosts: ['127.0.0.1'],
  });
  c = await twoCompanies(t, [0, 1, 2]);
  const person = (first_name: string, last_name: string, email: string) =>
    ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/customers'), {
      type: 'person',
      first_name,
      last_name,
      email,
    }).then((p) => p.id);
  petra = await person('Petra', 'Horvat', PETRA);
  ivan = await person('Ivan', '<b>Bold</b> & Co', IVAN);
  deal = (await dealKit(t).createDeal(c.ana.token, c.acme, { title: 'Big order', customer_ids: [petra] })).id;
  await dovecot.append(
    ANA_MAIL,
    'INBOX',
    [
      'From: Petra <petra@client.test>',
      `To: ${ANA_MAIL}`,
      'Subject: Offer',
      `Date: ${new Date(Date.now() - 86_400_000).toUTCString()}`,
      'Message-ID: <offer-2@client.test>',
      'In-Reply-To: <offer-1@acme.test>',
      'References: <offer-1@acme.test>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please send the price list.',
      '',
    ].join('\r\n'),
  );
  mailbox = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
    email: ANA_MAIL,
    imap: server(dovecot.port),
    smtp: server(smtp.port),
    visibility: 'shared',
  });
  expect(mailbox.can_send).toBe(true);
  await t.ctx.jobs.drain(30_000);
}, 60_000);

afterAll(async () => {
  await t?.ctx.jobs.drain(30_000).catch(() => undefined);
  await t?.close();
  await smtp?.close();
  await dovecot?.close();
});

describe('sending', () => {
  it(
    'sends through the mailbox SMTP with its headers, files it in Sent and puts it on the timeline',
    async () => {
      const [queued] = await send({
        to: [PETRA],
        subject: 'Price list',
        text: 'Attached soon.',
        send_at: now(),
      });
      expect(queued).toMatchObject({
        status: 'queued',
        to: [PETRA],
        cc: [],
        subject: 'Price list',
        email_id: null,
      });
      await t.ctx.jobs.drain(30_000);
      const [mail] = await parsedMailsTo(PETRA);
      expect(mail?.from?.value).toEqual([{ address: ANA_MAIL, name: 'ana' }]);
      expect(mail?.subject).toBe('Price list');
      expect(mail?.text?.trim()).toBe('Attached soon.');
      expect(mail?.messageId).toMatch(/^<[0-9a-f-]+@acme\.test>$/);
      const row = await outbox(queued?.id ?? 0);
      expect(row).toMatchObject({ status: 'sent', message_id: mail?.messageId, last_error: null });
      expect(row.appended_at).toBeTruthy();
      expect((await sentFolder()).map((m) => m.messageId)).toEqual([mail?.messageId]);
      const onTimeline = (await threads(petra)).find((th) => th.subject === 'Price list');
      expect(onTimeline?.items?.map((i) => i.id)).toEqual([row.email_id]);
      // The next sync finds the copy in Sent and does not keep it twice.
      await t.ctx.jobs.enqueue(t.ctx.db, (await import('./mailbox-jobs.ts')).syncMailboxJob, {
        company_id: c.acme,
        mailbox_id: mailbox.id,
      });
      await t.ctx.jobs.drain(30_000);
      expect(
        (await threads(petra)).filter((th) => th.subject === 'Price list').map((th) => th.count),
      ).toEqual([1]);
    },
    SLOW,
  );

  it(
    'a reply carries In-Reply-To and References and joins the thread',
    async () => {
      const offer = (await threads(petra)).find((th) => th.subject === 'Offer');
      const parentId = offer?.items?.[0]?.id;
      const [queued] = await send({
        to: [PETRA],
        subject: 'Re: Offer',
        html: '<p>Here it is.</p>',
        in_reply_to: parentId,
        send_at: now(),
      });
      await t.ctx.jobs.drain(30_000);
      const reply = (await parsedMailsTo(PETRA)).find((m) => m.subject === 'Re: Offer');
      expect(reply?.inReplyTo).toBe('<offer-2@client.test>');
      expect(reply?.references).toEqual(['<offer-1@acme.test>', '<offer-2@client.test>']);
      expect(reply?.html).toContain('<p>Here it is.</p>');
      const thread = (await threads(petra)).find((th) => th.subject === 'Offer');
      expect(thread?.count).toBe(2);
      expect(thread?.items?.[1]?.id).toBe((await outbox(queued?.id ?? 0)).email_id);
    },
    SLOW,
  );

  it(
    'a retry after the mail went does not send it again; it only finishes the copy in Sent',
    async () => {
      await setImapPort(1);
      const before = smtp.countFor(IVAN);
      const [queued] = await send({ to: [IVAN], subject: 'Once only', text: 'Hello', send_at: now() });
      // Every attempt fails at the Sent folder: the first sends, the retries must not.
      await untilDead();
      expect(smtp.countFor(IVAN)).toBe(before + 1);
      const row = await outbox(queued?.id ?? 0);
      expect(row).toMatchObject({ status: 'sent', appended_at: null });
      expect((await threads(ivan)).map((th) => th.subject)).toContain('Once only');
      await setImapPort(dovecot.port);
      await t.ctx.jobs.enqueue(t.ctx.db, sendEmailJob, { company_id: c.acme, outbox_id: row.id });
      await t.ctx.jobs.drain(30_000);
      expect(smtp.countFor(IVAN)).toBe(before + 1);
      expect((await outbox(row.id)).appended_at).toBeTruthy();
      expect((await sentFolder()).filter((m) => m.subject === 'Once only')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'a refusal by the SMTP server is retried, and the message arrives once',
    async () => {
      const refusing = await startSmtpCapture({ refuseFirst: 1 });
      try {
        const second = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
          email: ANA_MAIL,
          imap: server(dovecot.port),
          smtp: server(refusing.port),
          visibility: 'private',
        });
        const [queued] = await send({
          mailbox_id: second.id,
          to: [IVAN],
          subject: 'Busy server',
          text: 'Hi',
          send_at: now(),
        });
        // The retry waits out its back-off, which a drain alone may return before.
        while ((await outbox(queued?.id ?? 0)).status !== 'sent') {
          await t.ctx.jobs.drain(30_000);
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(refusing.received()).toBe(2);
        expect(refusing.mails.map((m) => m.to)).toEqual([[IVAN]]);
        expect((await outbox(queued?.id ?? 0)).last_error).toBeNull();
        await t.ctx.jobs.drain(30_000);
        const del = await t.call(c.ana.token, {
          method: 'DELETE',
          url: url(c.acme, `/mailboxes/${second.id}`),
        });
        expect(del.statusCode).toBe(204);
      } finally {
        await refusing.close();
      }
    },
    SLOW,
  );

  it('a message waits out the undo window; cancelled, a scheduled one never goes', async () => {
    const before = smtp.mails.length;
    const [undoable] = await send({ to: [PETRA], subject: 'Oops', text: 'Not this' });
    const wait = Date.parse(undoable?.send_at ?? '') - Date.parse(now());
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThanOrEqual(10_000);
    const [later] = await send({
      to: [PETRA],
      subject: 'Tomorrow',
      text: 'Later',
      send_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    for (const id of [undoable?.id, later?.id]) {
      const res = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/emails/${id}`) });
      expect(res.statusCode, res.body).toBe(204);
      // Even a send job that still runs finds nothing to send.
      await t.ctx.jobs.enqueue(t.ctx.db, sendEmailJob, { company_id: c.acme, outbox_id: id ?? 0 });
    }
    await t.ctx.jobs.drain(30_000);
    expect(smtp.mails.length).toBe(before);
    expect((await outbox(later?.id ?? 0)).status).toBe('cancelled');
    const again = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/emails/${later?.id}`) });
    expect(again.statusCode).toBe(204);
  });

  it(
    'a sent message cannot be cancelled; to one customer, their fields are merged',
    async () => {
      const [queued] = await send({
        to: [PETRA],
        subject: 'Gone',
        text: 'Sent to {{customer.first_name}}',
        send_at: now(),
      });
      await t.ctx.jobs.drain(30_000);
      // One address that is a customer's: their fields are merged.
      const gone = (await parsedMailsTo(PETRA)).find((m) => m.subject === 'Gone');
      expect(gone?.text?.trim()).toBe('Sent to Petra');
      const res = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/emails/${queued?.id}`) });
      expect(res.statusCode).toBe(409);
    },
    SLOW,
  );
});

describe('templates', () => {
  it('keeps templates per company and refuses bad ones field by field', async () => {
    const bad = await t.call(c.ana.token, {
      method: 'POST',
      url: url(c.acme, '/email-templates'),
      payload: { name: '', subject: 'Hi {{customer.shoe_size}}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
      name: ['required'],
      subject: ['unknown_merge_field'],
      text: ['required'],
    });
    const created = await ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/email-templates'), {
      name: 'Follow-up',
      subject: 'Hello {{customer.first_name}}',
      text: 'Draft',
    });
    const changed = await ok<{ name: string }>(
      c.ana.token,
      'PATCH',
      url(c.acme, `/email-templates/${created.id}`),
      {
        name: 'Follow-up after a call',
      },
    );
    expect(changed.name).toBe('Follow-up after a call');
    const emptied = await t.call(c.ana.token, {
      method: 'PATCH',
      url: url(c.acme, `/email-templates/${created.id}`),
      payload: { text: '' },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().details).toEqual({ text: ['required'] });
    const res = await t.call(c.ana.token, {
      method: 'DELETE',
      url: url(c.acme, `/email-templates/${created.id}`),
    });
    expect(res.statusCode).toBe(204);
    expect(await ok(c.ana.token, 'GET', url(c.acme, '/email-templates'))).toEqual({ items: [] });
  });

  it(
    'a list send makes one message per customer, fields merged and escaped in HTML',
    async () => {
      await ok(c.ana.token, 'PATCH', url(c.acme, `/mailboxes/${mailbox.id}`), {
        signature: 'Ana\nAcme <sales>',
      });
      const template = await ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/email-templates'), {
        name: 'Deal news',
        subject: 'News on {{deal.title}} for {{customer.first_name}}',
        html: '<p>Dear {{customer.first_name}} {{customer.last_name}},</p><p>{{sender.signature}}</p>',
        text: 'Dear {{ customer.first_name }} {{customer.last_name}},\n{{sender.signature}}',
      });
      const items = await send({
        customer_ids: [petra, ivan],
        template_id: template.id,
        deal_id: deal,
        send_at: now(),
      });
      expect(items.map((i) => [i.to, i.customer_id, i.deal_id])).toEqual([
        [[PETRA], petra, deal],
        [[IVAN], ivan, deal],
      ]);
      await t.ctx.jobs.drain(30_000);
      const toPetra = (await parsedMailsTo(PETRA)).find((m) => m.subject?.startsWith('News'));
      const toIvan = (await parsedMailsTo(IVAN)).find((m) => m.subject?.startsWith('News'));
      expect(toPetra?.subject).toBe('News on Big order for Petra');
      expect(toPetra?.to && 'value' in toPetra.to ? toPetra.to.value.map((a) => a.address) : []).toEqual([
        PETRA,
      ]);
      expect(toPetra?.text).toContain('Dear Petra Horvat,\nAna\nAcme <sales>');
      expect(toIvan?.html).toContain('<p>Dear Ivan &lt;b&gt;Bold&lt;/b&gt; &amp; Co,</p>');
      expect(toIvan?.html).toContain('Ana<br>\nAcme &lt;sales&gt;');
      expect(toIvan?.text).toContain('Dear Ivan <b>Bold</b> & Co,');
    },
    SLOW,
  );
});

describe('bad input and boundaries', () => {
  it('answers 400 with a reason per field', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [
        { mailbox_id: 'x', to: ['nope'], subject: 'Hi {{foo}}', send_at: 'tomorrow', cc: 'a' },
        {
          mailbox_id: ['invalid_id'],
          'to.0': ['invalid_email'],
          subject: ['unknown_merge_field'],
          send_at: ['invalid_datetime'],
          cc: ['invalid_recipients'],
        },
      ],
      [{ mailbox_id: mailbox.id }, { to: ['required'], subject: ['required'], text: ['required'] }],
      [
        { mailbox_id: mailbox.id, to: [PETRA], customer_ids: [petra], subject: 's', text: 't' },
        { to: ['to_or_customers'] },
      ],
      [
        { mailbox_id: mailbox.id, customer_ids: [petra, 999_999], subject: 's', text: 't' },
        { customer_ids: ['not_found'] },
      ],
      [
        { mailbox_id: mailbox.id, to: [PETRA], template_id: 999_999, in_reply_to: 999_999 },
        { template_id: ['not_found'] },
      ],
      [
        { mailbox_id: mailbox.id, to: [PETRA], subject: 's', text: 't', in_reply_to: 999_999 },
        { in_reply_to: ['not_found'] },
      ],
      [
        { mailbox_id: mailbox.id, to: [PETRA], subject: 's', text: 't', send_at: '2099-01-01T00:00:00Z' },
        { send_at: ['too_far'] },
      ],
    ];
    for (const [payload, details] of cases) {
      const res = await t.call(c.ana.token, { method: 'POST', url: url(c.acme, '/emails'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details, JSON.stringify(payload)).toEqual(details);
    }
  });

  it("another company's records and another person's mailbox are 404 on every new route", async () => {
    const template = await ok<{ id: number }>(c.ana.token, 'POST', url(c.acme, '/email-templates'), {
      name: 'Private',
      subject: 'S',
      text: 'T',
    });
    const [queued] = await send({
      to: [PETRA],
      subject: 'Later',
      text: 'x',
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const message = { mailbox_id: mailbox.id, to: [PETRA], subject: 's', text: 't' };
    const calls: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      [c.eva.token, 'POST', url(c.beta, '/emails'), message],
      [c.eva.token, 'DELETE', url(c.beta, `/emails/${queued?.id}`)],
      [c.eva.token, 'PATCH', url(c.beta, `/email-templates/${template.id}`), { name: 'Mine' }],
      [c.eva.token, 'DELETE', url(c.beta, `/email-templates/${template.id}`)],
      [c.marko.token, 'POST', url(c.acme, '/emails'), message],
      [c.marko.token, 'DELETE', url(c.acme, `/emails/${queued?.id}`)],
    ];
    for (const [token, method, path, payload] of calls) {
      const res = await t.call(token, { method, url: path, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await ok(c.eva.token, 'GET', url(c.beta, '/email-templates'))).toEqual({ items: [] });
    // Marko sees the company's templates, and his own send cannot use Eva's.
    expect(
      (await ok<{ items: unknown[] }>(c.marko.token, 'GET', url(c.acme, '/email-templates'))).items,
    ).toHaveLength(2);
    expect((await outbox(queued?.id ?? 0)).status).toBe('queued');
  });
});

describe('sending to an excluded address (decision 083)', () => {
  it(
    'is sent and filed in Sent, but never kept on the timeline, not even by the next sync',
    async () => {
      const list = url(c.acme, '/mail-exclusions');
      const saved = await t.call(c.ana.token, {
        method: 'PUT',
        url: list,
        payload: { items: ['counsel.test'] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [queued] = await send({
        to: [PETRA],
        cc: ['Lawyer@Counsel.test'],
        subject: 'Contract draft',
        text: 'For your lawyer too.',
        send_at: now(),
      });
      await t.ctx.jobs.drain(30_000);
      const [mail] = (await parsedMailsTo(PETRA)).filter((m) => m.subject === 'Contract draft');
      expect(mail?.cc).toBeTruthy();
      const row = await outbox(queued?.id ?? 0);
      expect(row).toMatchObject({ status: 'sent', email_id: null });
      expect((await sentFolder()).map((m) => m.subject)).toContain('Contract draft');
      await t.ctx.jobs.enqueue(t.ctx.db, (await import('./mailbox-jobs.ts')).syncMailboxJob, {
        company_id: c.acme,
        mailbox_id: mailbox.id,
      });
      await t.ctx.jobs.drain(30_000);
      expect((await threads(petra)).map((th) => th.subject)).not.toContain('Contract draft');
      const kept = await t.ctx.db
        .selectFrom('email_messages')
        .select('id')
        .where('company_id', '=', c.acme)
        .where('subject', '=', 'Contract draft')
        .execute();
      expect(kept).toEqual([]);
      await t.call(c.ana.token, { method: 'PUT', url: list, payload: { items: [] } });
    },
    SLOW,
  );
});
