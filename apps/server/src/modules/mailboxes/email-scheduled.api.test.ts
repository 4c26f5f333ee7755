import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * The caller's own scheduled messages (`GET …/emails/scheduled`): what is not yet sent,
 * soonest first, cancelled through `DELETE …/emails/{id}`; a colleague's and another
 * company's never listed. Every send here is scheduled a day ahead, so none goes out.
 */

const PASSWORD = 'imap-secret-scheduled';
const PETRA = 'petra@client.test';
const IVAN = 'ivan@client.test';
const DAY = 86_400_000;

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let petra: number;
let ivan: number;
let anaBox: Mailbox;
let markoBox: Mailbox;
let evaBox: Mailbox;

const { url, ok, customer } = mailCalls(() => t);
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const connect = (token: string, company: number, email: string) =>
  ok<Mailbox>(token, 'POST', url(company, '/mailboxes'), {
    email,
    imap: imapOf(dovecot, email, PASSWORD),
    // Never reached: nothing here is due before the test ends.
    smtp: { ...imapOf(dovecot, email, PASSWORD), port: 1 },
    visibility: 'shared',
  });
const schedule = (token: string, company: number, payload: object) =>
  ok<{ items: OutgoingEmail[] }>(token, 'POST', url(company, '/emails'), payload).then((d) => d.items);
const scheduled = (token: string, company = c.acme) =>
  ok<{ items: OutgoingEmail[] }>(token, 'GET', url(company, '/emails/scheduled')).then((d) => d.items);

beforeAll(async () => {
  dovecot = await startDovecot(
    ['ana@acme.test', 'marko@acme.test', 'eva@beta.test'].map((user) => ({ user, password: PASSWORD })),
  );
  t = await startMailTestApp();
  c = await twoCompanies(t, [0, 1, 2]);
  petra = await customer(c.ana.token, c.acme, 'Petra', PETRA);
  ivan = await customer(c.ana.token, c.acme, 'Ivan', IVAN);
  await customer(c.eva.token, c.beta, 'Petra', PETRA);
  anaBox = await connect(c.ana.token, c.acme, 'ana@acme.test');
  markoBox = await connect(c.marko.token, c.acme, 'marko@acme.test');
  evaBox = await connect(c.eva.token, c.beta, 'eva@beta.test');
  await t.ctx.jobs.drain(30_000);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.close();
});

describe('scheduled messages', () => {
  it("lists the caller's own messages not yet sent, soonest first, and drops a cancelled one", async () => {
    const [later] = await schedule(c.ana.token, c.acme, {
      mailbox_id: anaBox.id,
      to: [PETRA],
      subject: 'In three days',
      text: 'Hello',
      send_at: inDays(3),
    });
    // A list send: one message per customer, both due tomorrow.
    const list = await schedule(c.ana.token, c.acme, {
      mailbox_id: anaBox.id,
      customer_ids: [petra, ivan],
      subject: 'Tomorrow, {{customer.first_name}}',
      text: 'Hi',
      send_at: inDays(1),
    });
    await schedule(c.marko.token, c.acme, {
      mailbox_id: markoBox.id,
      to: [PETRA],
      subject: "Marko's own",
      text: 'x',
      send_at: inDays(1),
    });
    await schedule(c.eva.token, c.beta, {
      mailbox_id: evaBox.id,
      to: [PETRA],
      subject: "Eva's own",
      text: 'x',
      send_at: inDays(1),
    });

    const mine = await scheduled(c.ana.token);
    expect(
      mine
        .map((m) => m.subject)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Tomorrow, Ivan', 'Tomorrow, Petra']);
    expect(mine[2]?.subject).toBe('In three days');
    expect(mine.every((m) => m.status === 'queued' && m.mailbox_id === anaBox.id)).toBe(true);
    expect(mine.find((m) => m.customer_id === petra)).toMatchObject({
      to: [PETRA],
      send_at: list[0]?.send_at,
    });
    expect((await scheduled(c.marko.token)).map((m) => m.subject)).toEqual(["Marko's own"]);
    expect((await scheduled(c.eva.token, c.beta)).map((m) => m.subject)).toEqual(["Eva's own"]);

    const cancel = await t.call(c.ana.token, { method: 'DELETE', url: url(c.acme, `/emails/${later?.id}`) });
    expect(cancel.statusCode).toBe(204);
    expect((await scheduled(c.ana.token)).map((m) => m.subject).sort()).toEqual([
      'Tomorrow, Ivan',
      'Tomorrow, Petra',
    ]);
  });

  it('leaves out what was sent or failed', async () => {
    const before = await scheduled(c.ana.token);
    const [first, second] = before;
    for (const [row, status] of [
      [first, 'sent'],
      [second, 'failed'],
    ] as const) {
      await t.ctx.db
        .updateTable('email_outbox')
        .set({ status })
        .where('company_id', '=', c.acme)
        .where('id', '=', row?.id ?? 0)
        .execute();
    }
    expect(await scheduled(c.ana.token)).toEqual([]);
  });

  it("never shows or cancels a colleague's or another company's message", async () => {
    const [marko] = await scheduled(c.marko.token);
    const [eva] = await scheduled(c.eva.token, c.beta);
    const calls: [string, 'GET' | 'DELETE', string][] = [
      [c.ana.token, 'DELETE', url(c.acme, `/emails/${marko?.id}`)],
      [c.ana.token, 'DELETE', url(c.acme, `/emails/${eva?.id}`)],
      [c.eva.token, 'DELETE', url(c.beta, `/emails/${marko?.id}`)],
    ];
    for (const [token, method, path] of calls) {
      const res = await t.call(token, { method, url: path });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Not a member of Beta: refused like every route of a company she is not in.
    const foreign = await t.call(c.ana.token, { method: 'GET', url: url(c.beta, '/emails/scheduled') });
    expect(foreign.statusCode).toBe(403);
    expect((await scheduled(c.marko.token)).map((m) => m.status)).toEqual(['queued']);
    expect((await scheduled(c.eva.token, c.beta)).map((m) => m.status)).toEqual(['queued']);
  });
});
