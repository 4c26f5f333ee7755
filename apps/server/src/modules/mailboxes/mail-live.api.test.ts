import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { LiveAdmin, LiveServerMessage } from '@kontora/contract/live';
import type { Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { injectSubscribed, type LiveTestClient, settled } from '../../test-support/live-client.ts';
import { type SmtpCapture, startSmtpCapture } from '../../test-support/smtp-capture.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * The Emails cards refresh live (docs/decisions/079-mail-scheduled-quotes-live.md): a
 * `mail.changed` notice on the socket when a sync keeps mail or a send goes out, to whoever
 * may see that mailbox's mail; a person's own scheduled messages only to that person; never
 * to another company.
 */

const PASSWORD = 'imap-secret-live';
const ANA_MAIL = 'ana@acme.test';
const MARKO_MAIL = 'marko@acme.test';
const PETRA = 'petra@client.test';

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let smtp: SmtpCapture;
let shared: Mailbox;
let privateBox: Mailbox;
const open: LiveTestClient[] = [];

const { url, ok, customer, syncNow } = mailCalls(() => t);
const socket = (token: string, companyId: number) => injectSubscribed(t.app, open, token, companyId);
const mailNotices = (messages: LiveServerMessage[]) =>
  messages.filter((m): m is LiveAdmin => m.type === 'admin' && m.kind === 'mail.changed');
const mailNotice = (client: LiveTestClient, mailboxId: number, from = 0) =>
  client.next((m) => m.type === 'admin' && m.kind === 'mail.changed' && m.id === mailboxId, 10_000, from);

function mail(id: string, subject: string, to: string): string {
  return [
    `From: Petra <${PETRA}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  dovecot = await startDovecot([ANA_MAIL, MARKO_MAIL].map((user) => ({ user, password: PASSWORD })));
  smtp = await startSmtpCapture();
  t = await startMailTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  await customer(c.ana.token, c.acme, 'Petra', PETRA);
  shared = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
    email: ANA_MAIL,
    imap: imapOf(dovecot, ANA_MAIL, PASSWORD),
    smtp: { ...imapOf(dovecot, ANA_MAIL, PASSWORD), port: smtp.port },
    visibility: 'shared',
  });
  privateBox = await ok<Mailbox>(c.marko.token, 'POST', url(c.acme, '/mailboxes'), {
    email: MARKO_MAIL,
    imap: imapOf(dovecot, MARKO_MAIL, PASSWORD),
    visibility: 'private',
  });
  await t.ctx.jobs.drain(30_000);
}, 60_000);

afterAll(async () => {
  for (const client of open) client.close();
  await t?.ctx.jobs.drain(30_000).catch(() => undefined);
  await t?.close();
  await smtp?.close();
  await dovecot?.close();
});

describe('mail.changed on the live socket', () => {
  it("tells everyone who may read a shared mailbox's mail when a sync keeps a message; never another company", async () => {
    const ana = await socket(c.ana.token, c.acme);
    const marko = await socket(c.marko.token, c.acme);
    const eva = await socket(c.eva.token, c.beta);
    await dovecot.append(ANA_MAIL, 'INBOX', mail('live-1@client.test', 'Arrived', ANA_MAIL));
    await syncNow(c.acme, shared.id);
    expect(await mailNotice(ana, shared.id)).toEqual({
      type: 'admin',
      kind: 'mail.changed',
      id: shared.id,
      actor_name: null,
      at: expect.any(String),
    });
    await mailNotice(marko, shared.id);
    await settled(eva);
    expect(mailNotices(eva.messages)).toEqual([]);
  });

  it("tells only the owner of a private mailbox's new mail", async () => {
    const ana = await socket(c.ana.token, c.acme);
    const marko = await socket(c.marko.token, c.acme);
    await dovecot.append(MARKO_MAIL, 'INBOX', mail('live-2@client.test', 'Private', MARKO_MAIL));
    await syncNow(c.acme, privateBox.id);
    await mailNotice(marko, privateBox.id);
    await settled(ana);
    expect(mailNotices(ana.messages)).toEqual([]);
  });

  it('tells only the sender of a queued or cancelled message, and everyone of a shared mailbox once it is sent', async () => {
    const ana = await socket(c.ana.token, c.acme);
    const marko = await socket(c.marko.token, c.acme);
    const send = (payload: object) =>
      ok<{ items: OutgoingEmail[] }>(c.ana.token, 'POST', url(c.acme, '/emails'), {
        mailbox_id: shared.id,
        to: [PETRA],
        subject: 'From the CRM',
        text: 'Hi',
        ...payload,
      }).then((d) => d.items);

    const [later] = await send({ send_at: new Date(Date.now() + 86_400_000).toISOString() });
    await mailNotice(ana, shared.id);
    let from = ana.messages.length;
    const cancel = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/emails/${later?.id}`) });
    expect(cancel.statusCode).toBe(204);
    await mailNotice(ana, shared.id, from);
    await settled(marko);
    expect(mailNotices(marko.messages)).toEqual([]);

    // Due at once: sent by the job, kept on the timeline, told to the colleague too.
    from = ana.messages.length;
    await send({ send_at: new Date(Date.now() - 1000).toISOString() });
    await t.ctx.jobs.drain(30_000);
    expect(smtp.mails.some((m) => m.to.includes(PETRA))).toBe(true);
    await mailNotice(marko, shared.id);
    await mailNotice(ana, shared.id, from);
  });
});
