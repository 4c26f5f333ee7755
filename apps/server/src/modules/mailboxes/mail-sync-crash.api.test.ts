import { MODULE_ID } from '@kontora/contract/limits';
import type { Mailbox } from '@kontora/contract/mailboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../../test-support/child-server.ts';
import {
  type ChildServerCompany,
  childServerCompany,
  loginAna,
} from '../../test-support/child-server-company.ts';
import { type Dovecot, startDovecot } from '../../test-support/dovecot.ts';
import { ENVELOPE_BATCH } from './mail-sync.ts';

/**
 * A real server process killed with SIGKILL in the middle of a mailbox's first sync
 * (docs/decisions/064): early in a batch of INBOX past a saved position, then early in Sent
 * once INBOX is read. After each restart the sync goes on from the last batch saved — Dovecot's
 * log shows exactly the messages after it fetched in full again — and in the end every message
 * with a customer is kept once, in its thread, linked once to its customer; none without one.
 */
const MAILBOX = 'sales@acme.test';
const PASSWORD = 'imap-crash-secret';
/** Three batches of INBOX, two of Sent; three in four with a customer. */
const COUNTS = { inbox: 1_200, sent: 700 } as const;
const CUSTOMERS = 30;
const THREAD = 3;
/** Killed while at most this many of a batch's messages are stored (a batch keeps 200 to 450). */
const EARLY = 100;
const FOLDER = { inbox: 'INBOX', sent: 'Sent' } as const;
type Role = keyof typeof FOLDER;

interface Planned {
  role: Role;
  messageId: string;
  /** Index of the customer in it, null for mail with no customer. */
  customer: number | null;
  thread: number | null;
  raw: string;
  /** 0: not an answer; 1 and 2: the answers of its thread, in order. */
  depth: number;
  uid: number;
}

const customerEmail = (n: number) => `client${n}@client.test`;

/** The mailbox: per folder, customer mail in threads of three (each of one customer), every fourth message from a stranger. */
function plan(): Planned[] {
  const day = new Date(Date.now() - 86_400_000);
  const planned: Planned[] = [];
  let threads = 0;
  for (const role of ['inbox', 'sent'] as const) {
    let kept = 0;
    for (let i = 0; i < COUNTS[role]; i++) {
      const messageId = `${role}-${i}@crash.test`;
      const withCustomer = i % 4 !== 3;
      const depth = withCustomer ? kept % THREAD : 0;
      if (withCustomer && depth === 0) threads += 1;
      const thread = withCustomer ? threads - 1 : null;
      const customer = thread === null ? null : thread % CUSTOMERS;
      const other = customer === null ? `stranger${i}@elsewhere.test` : customerEmail(customer);
      const parent = depth > 0 ? planned.findLast((p) => p.thread === thread)?.messageId : undefined;
      if (withCustomer) kept += 1;
      const raw = [
        `From: ${role === 'inbox' ? other : MAILBOX}`,
        `To: ${role === 'inbox' ? MAILBOX : other}`,
        `Subject: ${depth > 0 ? 'Re: ' : ''}Order ${thread ?? `note ${i}`}`,
        `Date: ${day.toUTCString()}`,
        `Message-ID: <${messageId}>`,
        ...(parent ? [`In-Reply-To: <${parent}>`, `References: <${parent}>`] : []),
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Message ${i} of ${role}.`,
        '',
      ].join('\r\n');
      planned.push({ role, messageId, customer, thread, raw, depth, uid: 0 });
    }
  }
  return planned;
}

const planned = plan();
const withCustomer = planned.filter((p) => p.customer !== null);
const uidsOf = (role: Role) =>
  planned
    .filter((p) => p.role === role)
    .map((p) => p.uid)
    .sort((a, b) => a - b);
/** Messages of the folder with a customer whose UID is in (after, upTo]: those a run fetches in full. */
const customerMail = (role: Role, after: number, upTo = Number.POSITIVE_INFINITY) =>
  withCustomer.filter((p) => p.role === role && p.uid > after && p.uid <= upTo).length;
const maxUid = (role: Role) => uidsOf(role).at(-1) ?? 0;
/** The last UID of the batch a run reads after the saved position. */
const batchEnd = (role: Role, position: number) => {
  const next = uidsOf(role).filter((uid) => uid > position);
  return next[Math.min(ENVELOPE_BATCH, next.length) - 1] ?? position;
};

let dovecot: Dovecot;
let setup: ChildServerCompany;

beforeAll(async () => {
  dovecot = await startDovecot([{ user: MAILBOX, password: PASSWORD }]);
  // Each answer after its question: the answers go in after every thread's first message.
  const filling = (async () => {
    for (const depth of [0, 1, 2]) {
      const these = planned.filter((p) => p.depth === depth);
      const uids = await dovecot.appendAll(
        MAILBOX,
        these.map((p) => ({
          folder: FOLDER[p.role],
          raw: p.raw,
          internalDate: new Date(Date.now() - 86_400_000),
        })),
      );
      these.forEach((p, i) => {
        p.uid = uids[i] ?? 0;
      });
    }
  })();
  // Awaited below, once the database is ready; a failure meanwhile is not an unhandled one.
  filling.catch(() => undefined);
  setup = await childServerCompany(
    'mail-crash',
    {
      SECRET_KEY: 'f'.repeat(64),
      // A job of the killed process is taken over a few seconds after the restart.
      JOBS_LEASE_SECONDS: '3',
      JOBS_POLL_MS: '100',
      // Dovecot listens on loopback.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // No IDLE watch: the runs of the sync job alone read the mailbox.
      MAIL_IDLE_MAX: '0',
    },
    [MODULE_ID.dashboard, MODULE_ID.crm],
  );
  await filling;
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await dovecot?.close();
});

async function call<T>(server: ChildServer, token: string, method: string, rest: string, body?: object) {
  const res = await fetch(`${server.url}/api/companies/${setup.company}${rest}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

/** Per folder, the saved position (0 before the first batch is saved) and how many kept messages lie past it. */
type Progress = Record<Role, { position: number; past: number }>;

async function progress(): Promise<Progress> {
  const folders = await setup.db
    .selectFrom('mailbox_folders')
    .select(['role', 'last_uid'])
    .where('company_id', '=', setup.company)
    .execute();
  const at = (role: Role) => Number(folders.find((f) => f.role === role)?.last_uid ?? 0);
  const past = async (role: Role) => {
    const row = await setup.db
      .selectFrom('email_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', setup.company)
      .where('folder', '=', role)
      .where('uid', '>', at(role))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    inbox: { position: at('inbox'), past: await past('inbox') },
    sent: { position: at('sent'), past: await past('sent') },
  };
}

async function waitFor(what: string, reached: (now: Progress) => boolean) {
  const until = Date.now() + 120_000;
  for (;;) {
    const now = await progress();
    if (reached(now)) return now;
    if (Date.now() > until) throw new Error(`the sync never reached: ${what} (${JSON.stringify(now)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Messages fetched in full so far, summed from Dovecot's log once every session has ended. */
async function bodiesFetched(): Promise<number> {
  const until = Date.now() + 30_000;
  for (;;) {
    const log = await dovecot.log();
    const logins = log.match(/Login: user=</g)?.length ?? 0;
    const ends = [...log.matchAll(/body_count=(\d+)/g)];
    if (ends.length === logins) return ends.reduce((n, m) => n + Number(m[1]), 0);
    if (Date.now() > until) throw new Error(`sessions never ended: ${logins} logins, ${ends.length} ends`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function kill(server: ChildServer) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * Waits until, `also` holding, the folder's run is early in a batch (1 to EARLY of it kept, so
 * its bodies are all fetched and its position not yet saved), kills the server there, and
 * answers the progress left.
 */
async function killEarlyIn(server: ChildServer, role: Role, also: (now: Progress) => boolean) {
  const seen = await waitFor(
    `early in a batch of ${role}`,
    (now) => also(now) && now[role].position < maxUid(role) && now[role].past >= 1 && now[role].past <= EARLY,
  );
  await kill(server);
  const left = await progress();
  expect(left[role].position, 'killed within the batch seen').toBe(seen[role].position);
  return left;
}

describe('kill -9 during the first sync of a mailbox', () => {
  it('goes on from the last batch saved after each restart; every customer message kept once', {
    timeout: 600_000,
  }, async () => {
    let server = await startChildServer(setup.env);
    try {
      let token = await loginAna(server);
      const customers: number[] = [];
      for (let n = 0; n < CUSTOMERS; n++) {
        const made = await call<{ id: number }>(server, token, 'POST', '/customers', {
          type: 'person',
          first_name: `Client ${n}`,
          email: customerEmail(n),
        });
        customers.push(made.id);
      }
      const box = await call<Mailbox>(server, token, 'POST', '/mailboxes', {
        email: MAILBOX,
        imap: {
          host: dovecot.host,
          port: dovecot.port,
          security: 'none',
          username: MAILBOX,
          password: PASSWORD,
        },
        visibility: 'shared',
        sync_days: 30,
      });

      // 1. Early in a batch of INBOX, a batch or more past its start (a position saved).
      const atFirst = await killEarlyIn(server, 'inbox', (now) => now.inbox.position > 0);
      expect(atFirst.sent).toEqual({ position: 0, past: 0 });
      const p1 = atFirst.inbox.position;
      // Up to the kill: INBOX from its start to the end of the batch in hand.
      const beforeFirst = await bodiesFetched();
      expect(beforeFirst).toBe(customerMail('inbox', 0, batchEnd('inbox', p1)));

      // 2. Early in Sent, INBOX read to its end.
      server = await startChildServer(setup.env);
      const atSecond = await killEarlyIn(server, 'sent', (now) => now.inbox.position === maxUid('inbox'));
      const p2 = atSecond.sent.position;
      // After the restart: INBOX only past the position saved before the kill, none of it again.
      const beforeSecond = await bodiesFetched();
      expect(beforeSecond - beforeFirst).toBe(
        customerMail('inbox', p1) + customerMail('sent', 0, batchEnd('sent', p2)),
      );

      // 3. To the end.
      server = await startChildServer(setup.env);
      token = await loginAna(server);
      let listed: Mailbox | undefined;
      const until = Date.now() + 120_000;
      for (;;) {
        listed = (await call<{ items: Mailbox[] }>(server, token, 'GET', '/mailboxes')).items.find(
          (m) => m.id === box.id,
        );
        if (listed?.status === 'ok' || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(listed).toMatchObject({ status: 'ok', last_error: null, message_count: withCustomer.length });
      const ofCustomer = async (n: number) =>
        (
          await call<{ items: { count: number }[] }>(
            server,
            token,
            'GET',
            `/customers/${customers[n]}/emails`,
          )
        ).items;
      for (const n of [0, CUSTOMERS - 1]) {
        const threads = new Set(withCustomer.filter((p) => p.customer === n).map((p) => p.thread));
        const shown = await ofCustomer(n);
        expect(shown).toHaveLength(threads.size);
        expect(shown.reduce((sum, t) => sum + t.count, 0)).toBe(
          withCustomer.filter((p) => p.customer === n).length,
        );
      }
      await kill(server);
      expect((await bodiesFetched()) - beforeSecond).toBe(
        customerMail('inbox', maxUid('inbox')) + customerMail('sent', p2),
      );

      const stored = await setup.db
        .selectFrom('email_messages')
        .select(['id', 'message_id', 'folder', 'uid', 'thread_id'])
        .where('company_id', '=', setup.company)
        .execute();
      // Once each, at its place, and nothing without a customer.
      expect(stored).toHaveLength(withCustomer.length);
      // Kept as written in the header, angle brackets and all.
      const byMessageId = new Map(stored.map((s) => [s.message_id.slice(1, -1), s]));
      expect(byMessageId.size).toBe(withCustomer.length);
      expect(new Set(stored.map((s) => `${s.folder}:${s.uid}`)).size).toBe(withCustomer.length);
      for (const p of withCustomer) {
        expect(byMessageId.get(p.messageId), p.messageId).toMatchObject({ folder: p.role, uid: p.uid });
      }
      // One thread per planned thread, holding its three.
      const threadOf = new Map<number, Set<number>>();
      for (const p of withCustomer) {
        const ids = threadOf.get(p.thread ?? -1) ?? new Set();
        ids.add(byMessageId.get(p.messageId)?.thread_id ?? 0);
        threadOf.set(p.thread ?? -1, ids);
      }
      expect([...threadOf.values()].every((ids) => ids.size === 1)).toBe(true);
      expect(new Set([...threadOf.values()].map((ids) => [...ids][0])).size).toBe(threadOf.size);
      const threads = await setup.db
        .selectFrom('email_threads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', setup.company)
        .executeTakeFirstOrThrow();
      expect(Number(threads.n)).toBe(threadOf.size);
      // Linked once, to its customer.
      const links = await setup.db
        .selectFrom('email_customers')
        .select(['message_id', 'customer_id'])
        .where('company_id', '=', setup.company)
        .execute();
      expect(links).toHaveLength(withCustomer.length);
      const linked = new Map(links.map((l) => [l.message_id, l.customer_id]));
      for (const p of withCustomer) {
        expect(linked.get(byMessageId.get(p.messageId)?.id ?? 0)).toBe(customers[p.customer ?? -1]);
      }
      const folders = await setup.db
        .selectFrom('mailbox_folders')
        .select(['role', 'last_uid'])
        .where('company_id', '=', setup.company)
        .orderBy('role')
        .execute();
      expect(folders.map((f) => [f.role, Number(f.last_uid)])).toEqual([
        ['inbox', maxUid('inbox')],
        ['sent', maxUid('sent')],
      ]);
    } finally {
      await kill(server);
    }
  });
});
