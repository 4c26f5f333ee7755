import type { EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * New mail without IDLE (docs/decisions/079-mail-scheduled-quotes-live.md): against a Dovecot
 * that does not offer IDLE, the watch gives the mailbox up and the poll brings new mail; and
 * the poll leaves INBOX to a live IDLE claim, still reading the Sent folder, but for its
 * safety-net read every few minutes. The poll fires every second here.
 */

const ANA_MAIL = 'ana@acme.test';
const PASSWORD = 'imap-secret-no-idle';
const PETRA = 'petra@client.test';
/** Dovecot's CAPABILITY after login, IDLE left out. */
const WITHOUT_IDLE =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH SEARCHRES WITHIN LIST-STATUS BINARY MOVE LITERAL+ SPECIAL-USE';
/** Generous: each run logs in to the server, which is slow on a busy machine. */
const WAIT = { timeout: 60_000, interval: 100 };

type LogLine = { msg?: string; mailboxId?: number; watched?: number[] };
const log: LogLine[] = [];

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let petra: number;
let mailbox: Mailbox;

const { url, ok, customer, mailboxRow } = mailCalls(() => t);
const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });

function mail(id: string, subject: string, from: string, to: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${subject}`,
    '',
  ].join('\r\n');
}

const subjects = async () =>
  (
    await ok<{ items: EmailThread[] }>(c.ana.token, 'GET', url(c.acme, `/customers/${petra}/emails`))
  ).items.map((i) => i.subject);
const arrives = (subject: string) =>
  vi.waitFor(async () => expect(await subjects()).toContain(subject), WAIT);
const lastSynced = async () => (await mailboxRow(c.acme, mailbox.id)).last_synced_at;
/** Waits until the mailbox has finished `runs` more sync runs (each sets its last sync). */
async function runsPass(runs: number): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const before = await lastSynced();
    await vi.waitFor(async () => expect(await lastSynced()).not.toBe(before), WAIT);
  }
}

beforeAll(async () => {
  dovecot = await startDovecot([{ user: ANA_MAIL, password: PASSWORD }], { capability: WITHOUT_IDLE });
  t = await startMailTestApp(
    {
      logLevel: 'debug',
      mailboxes: {
        ...defaults.mailboxes,
        idleMax: 5,
        idleScanMs: 100,
        pollCron: '* * * * * *',
        // The safety net's full read of a watched INBOX never comes during this test.
        watchedInboxPollMinutes: 1_000_000_000,
      },
    },
    { logStream: { write: (line: string) => void log.push(JSON.parse(line) as LogLine) } },
  );
  c = await twoCompanies(t, [0, 1, 2]);
  petra = await customer(c.ana.token, c.acme, 'Petra', PETRA);
  mailbox = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
    email: ANA_MAIL,
    imap: imapOf(dovecot, ANA_MAIL, PASSWORD),
    visibility: 'shared',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.close();
});

describe('a server without IDLE', () => {
  it(
    'is not watched, and its new mail still comes by the poll',
    async () => {
      // Scans have tried the mailbox (its connection had no IDLE) and hold no claim on it.
      await vi.waitFor(async () => {
        expect(log.filter((l) => l.msg === 'mailbox IDLE scan').length).toBeGreaterThan(3);
        expect((await mailboxRow(c.acme, mailbox.id)).idle_owner).toBeNull();
      }, WAIT);
      await dovecot.append(
        ANA_MAIL,
        'INBOX',
        mail('poll-1@client.test', 'Polled in', `Petra <${PETRA}>`, ANA_MAIL),
      );
      await arrives('Polled in');
      expect(log.some((l) => l.msg === 'mailbox watched in IDLE')).toBe(false);
      // A scan holds the claim while it tries the server again; it gives it back when it finds
      // no IDLE (on a loaded machine such a try can be under way just now). A watcher would not.
      await vi.waitFor(async () => {
        expect((await mailboxRow(c.acme, mailbox.id)).idle_owner).toBeNull();
      }, WAIT);
    },
    WAIT.timeout * 2,
  );
});

describe('the poll beside a live IDLE claim', () => {
  it(
    "reads only the Sent folder while another instance's claim holds, INBOX only as the safety net",
    async () => {
      // As another instance watching INBOX leaves the row; this one's watcher keeps away from it.
      const claimUntil = (until: string | null) =>
        t.ctx.db
          .updateTable('mailboxes')
          .set({ idle_owner: until ? 'another-instance' : null, idle_until: until })
          .where('company_id', '=', c.acme)
          .where('id', '=', mailbox.id)
          .execute();
      await claimUntil(new Date(Date.now() + 3_600_000).toISOString());
      // Runs queued before the claim read every folder: wait until none is left, nor a request.
      await vi.waitFor(async () => {
        const pending = await t.ctx.db
          .selectFrom('jobs')
          .select('payload')
          .where('name', '=', 'mailboxes.sync')
          .where('state', 'in', ['waiting', 'active', 'failed'])
          .execute();
        expect(pending.filter((j) => !JSON.parse(j.payload).only_sent)).toEqual([]);
        expect((await mailboxRow(c.acme, mailbox.id)).sync_again).toBeFalsy();
      }, WAIT);
      await dovecot.append(
        ANA_MAIL,
        'INBOX',
        mail('watched-in@client.test', 'Inbox meanwhile', PETRA, ANA_MAIL),
      );
      await dovecot.append(
        ANA_MAIL,
        'Sent',
        mail('watched-out@acme.test', 'Sent meanwhile', ANA_MAIL, PETRA),
      );
      await arrives('Sent meanwhile');
      // Two whole runs after it: a full one would have read INBOX first.
      await runsPass(2);
      expect(await subjects()).not.toContain('Inbox meanwhile');

      // Every so many minutes (here: every one) the poll reads a watched INBOX all the same.
      t.ctx.config.mailboxes.watchedInboxPollMinutes = 1;
      await arrives('Inbox meanwhile');
      await claimUntil(null);
    },
    WAIT.timeout * 4,
  );
});
