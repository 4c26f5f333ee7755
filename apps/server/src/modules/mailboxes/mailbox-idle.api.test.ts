import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmailThread, Mailbox } from '@kontora/contract/mailboxes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { imapOf, mailCalls, startMailTestApp } from './mail-test-kit.ts';

/**
 * New mail by IMAP IDLE (docs/decisions/072-mailbox-idle-watch.md), against Dovecot, with the
 * minute poll moved to once a year: only the watch can bring a message in.
 */

const ANA_MAIL = 'ana@acme.test';
const ANA_PASSWORD = 'imap-secret-idle';
const MARKO_MAIL = 'marko@acme.test';
/** Generous: each step logs in to the server, which is slow on a busy machine. */
const WAIT = { timeout: 60_000, interval: 100 };

type LogLine = { msg?: string; mailboxId?: number; watched?: number[] };

/** The app's log, read by the tests: when a watch is open, when a scan has run. */
function logOf() {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    watching: (id: number) => lines.some((l) => l.msg === 'mailbox watched in IDLE' && l.mailboxId === id),
    opened: (id: number) =>
      lines.filter((l) => l.msg === 'mailbox watched in IDLE' && l.mailboxId === id).length,
    scans: () => lines.filter((l) => l.msg === 'mailbox IDLE scan'),
  };
}

let t: TestApp;
let c: TwoCompanies;
let dovecot: Dovecot;
let petra: number;
let mailbox: Mailbox;
let second: FastifyInstance | undefined;
let folder: string;
let firstClosed = false;
let proxy: TcpProxy;
const first = logOf();

const { url, ok, customer, mailboxRow } = mailCalls(() => t);
const defaults = loadConfig({ SECRET_KEY: 'k'.repeat(64), DATA_DIR: '/tmp/kontora-test-data' });
const mailboxSettings = {
  ...defaults.mailboxes,
  idleScanMs: 100,
  // Held much longer than a scan: only a close gives a mailbox to the other instance here.
  idleLeaseMs: 10 * 60_000,
  pollCron: '0 0 1 1 *',
};

function mail(id: string, subject: string): string {
  return [
    'From: Petra <petra@client.test>',
    `To: ${ANA_MAIL}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${subject}`,
    '',
  ].join('\r\n');
}

/** Waits until the subject is on Petra's timeline, asked of `app` (either instance). */
async function arrives(app: FastifyInstance, subject: string): Promise<void> {
  await vi.waitFor(async () => {
    const res = await app.inject({
      method: 'GET',
      url: url(c.acme, `/customers/${petra}/emails`),
      headers: { authorization: `Bearer ${c.ana.token}` },
    });
    const items = (res.json().data as { items: EmailThread[] }).items;
    expect(items.map((i) => i.subject)).toContain(subject);
  }, WAIT);
}

beforeAll(async () => {
  dovecot = await startDovecot([
    { user: ANA_MAIL, password: ANA_PASSWORD },
    { user: MARKO_MAIL, password: ANA_PASSWORD },
  ]);
  proxy = await startTcpProxy(dovecot.port);
  // Two instances share one database: SQLite in a file rather than in memory.
  folder = await mkdtemp(path.join(tmpdir(), 'kontora-idle-'));
  t = await startMailTestApp(
    {
      logLevel: 'debug',
      mailboxes: { ...mailboxSettings, idleMax: 5 },
      ...(testDialect() === 'sqlite' ? { database: { kind: 'sqlite', file: path.join(folder, 'db') } } : {}),
    },
    { logStream: first.stream },
  );
  c = await twoCompanies(t, [0, 1, 2]);
  petra = await customer(c.ana.token, c.acme, 'Petra', 'petra@client.test');
  mailbox = await ok<Mailbox>(c.ana.token, 'POST', url(c.acme, '/mailboxes'), {
    email: ANA_MAIL,
    imap: imapOf(dovecot, ANA_MAIL, ANA_PASSWORD),
    visibility: 'shared',
  });
  await t.ctx.jobs.drain(30_000);
}, 60_000);

afterAll(async () => {
  await second?.close();
  if (!firstClosed) await t?.ctx.jobs.drain(30_000);
  await t?.close();
  await proxy?.close();
  await dovecot?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the IDLE watch', () => {
  it(
    'brings a message appended while watching onto the timeline without a poll',
    async () => {
      await vi.waitFor(() => expect(first.watching(mailbox.id)).toBe(true), WAIT);
      await dovecot.append(ANA_MAIL, 'INBOX', mail('idle-1@client.test', 'Pushed'));
      await arrives(t.app, 'Pushed');
    },
    WAIT.timeout * 2,
  );

  it(
    'watches again after the connection drops, and brings what arrives then',
    async () => {
      // Marko's mailbox reaches the server through a relay the test cuts.
      const viaRelay = await ok<Mailbox>(c.marko.token, 'POST', url(c.acme, '/mailboxes'), {
        email: MARKO_MAIL,
        imap: { ...imapOf(dovecot, MARKO_MAIL, ANA_PASSWORD), port: proxy.port },
        visibility: 'shared',
      });
      await t.ctx.jobs.drain(30_000);
      await vi.waitFor(() => expect(first.opened(viaRelay.id)).toBe(1), WAIT);
      proxy.cut();
      await vi.waitFor(() => expect(first.opened(viaRelay.id)).toBe(2), WAIT);
      await dovecot.append(MARKO_MAIL, 'INBOX', mail('idle-3@client.test', 'After a drop'));
      await arrives(t.app, 'After a drop');
    },
    WAIT.timeout * 3,
  );

  it(
    'stops watching a failing mailbox and gives its claim back; watches it again once it is not',
    async () => {
      const set = (status: Mailbox['status']) =>
        t.ctx.db
          .updateTable('mailboxes')
          .set({ status })
          .where('company_id', '=', c.acme)
          .where('id', '=', mailbox.id)
          .execute();
      const claim = () => mailboxRow(c.acme, mailbox.id);
      // As a failed sync run leaves it (mailbox-health.ts).
      await set('failing');
      await vi.waitFor(async () => {
        expect((await claim()).idle_owner).toBeNull();
        expect(first.scans().at(-1)?.watched).not.toContain(mailbox.id);
      }, WAIT);
      const openedBefore = first.lines.filter((l) => l.msg === 'mailbox watched in IDLE').length;
      await set('ok');
      await vi.waitFor(() => {
        const opened = first.lines.filter((l) => l.msg === 'mailbox watched in IDLE').length;
        expect(opened).toBe(openedBefore + 1);
      }, WAIT);
      expect((await claim()).idle_owner).not.toBeNull();
    },
    WAIT.timeout * 3,
  );

  it(
    'leaves a mailbox watched by one instance to it; a closed instance hands it over',
    async () => {
      const log = logOf();
      const built = await buildApp(
        { ...t.ctx.config, mailboxes: { ...mailboxSettings, idleMax: 5 } },
        { logStream: log.stream },
      );
      second = built.app;
      await second.ready();
      // A few scans of the second instance, each of which saw the first one's claim.
      await vi.waitFor(() => expect(log.scans().length).toBeGreaterThan(3), WAIT);
      expect(log.watching(mailbox.id)).toBe(false);
      expect(log.scans().every((s) => s.watched?.length === 0)).toBe(true);

      // The first instance's close ends its IDLE connection and gives the claim back.
      await t.app.close();
      firstClosed = true;
      await vi.waitFor(() => expect(log.watching(mailbox.id)).toBe(true), WAIT);
      await dovecot.append(ANA_MAIL, 'INBOX', mail('idle-2@client.test', 'Handed over'));
      await arrives(second, 'Handed over');
      await second.close();
      second = undefined;
    },
    WAIT.timeout * 4,
  );
});
