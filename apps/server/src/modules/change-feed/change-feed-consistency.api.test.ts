import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ADMIN_URL, testDialect } from '../../test-support/test-database.ts';
import {
  byUser,
  pruneChangeFeed,
  RELAY_START,
  type RelayPosition,
  readChanges,
  readChangesForRelay,
  recordChange,
} from './change-feed.service.ts';

/** The feed's promises to its readers: nothing missed, nothing rolled back, nothing of another company. */

let t: TestApp;
let root: string;
let anaId: number;
let olgaId: number;
let acme: number;
let beta: number;
let solo: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  olgaId = await t.user('olga@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company(
    'Acme',
    [2],
    [
      { userId: anaId, role: 'owner' },
      { userId: olgaId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [2], [{ userId: anaId, role: 'owner' }]);
  solo = await t.company('Solo', [2], [{ userId: olgaId, role: 'owner' }]);
  root = await t.login('root@example.com');
});
afterAll(() => t.close());

const record = (db: Database, companyId: number, n = 0) =>
  recordChange(db, {
    companyId,
    type: 'customer.updated',
    entity: { type: 'customer', id: n },
    actor: byUser(anaId),
    changes: [{ field: 'notes', before: null, after: `change ${n}` }],
  });

const allIds = async (companyId: number) => (await readChanges(t.ctx, companyId, 0, 1000)).map((e) => e.id);

/** Holds the transaction open a little while, so that concurrent transactions commit out of order if they can. */
async function dawdle(db: Database): Promise<void> {
  if (t.ctx.dialect === 'postgres') await sql`select pg_sleep(random() * 0.01)`.execute(db);
  else await sleep(Math.random() * 3);
}

describe('concurrent writers', () => {
  it('a reader that asks for what came after the last id it saw misses no entry', async () => {
    const writers = 6;
    const perWriter = 25;
    let running = writers;
    const write = async (w: number) => {
      for (let i = 0; i < perWriter; i++) {
        await t.ctx.db.transaction().execute(async (trx) => {
          await record(trx, w % 2 === 0 ? acme : beta, w * 1000 + i);
          await dawdle(trx);
        });
      }
      running--;
    };

    const seenByCompany: number[] = [];
    const follow = async () => {
      let after = 0;
      for (;;) {
        // An empty read counts as the end only when it began after the last writer had finished.
        const writing = running > 0;
        const page = await readChanges(t.ctx, acme, after, 50);
        for (const entry of page) {
          expect(entry.id).toBeGreaterThan(after);
          seenByCompany.push(entry.id);
          after = entry.id;
        }
        if (page.length === 0 && !writing) return;
        if (page.length === 0) await sleep(1);
      }
    };

    const seenByRelay: number[] = [];
    const relay = async () => {
      let position: RelayPosition = RELAY_START;
      for (;;) {
        const writing = running > 0;
        const { items, next } = await readChangesForRelay(t.ctx, position, 50);
        seenByRelay.push(...items.map((e) => e.id));
        position = next;
        if (items.length === 0 && !writing) return;
        if (items.length === 0) await sleep(1);
      }
    };

    await Promise.all([...Array.from({ length: writers }, (_, w) => write(w)), follow(), relay()]);

    const acmeIds = await allIds(acme);
    const betaIds = await allIds(beta);
    expect(acmeIds).toHaveLength((writers / 2) * perWriter);
    expect(seenByCompany).toEqual(acmeIds);
    expect([...seenByRelay].sort((a, b) => a - b)).toEqual([...acmeIds, ...betaIds].sort((a, b) => a - b));
  });
});

describe('rolled back changes', () => {
  it('leave no entry when the transaction fails after the entry was written', async () => {
    const before = await allIds(acme);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await record(trx, acme);
        // A membership that exists already: the primary key refuses it.
        await trx
          .insertInto('memberships')
          .values({ company_id: acme, user_id: anaId, role: 'owner', created_at: new Date().toISOString() })
          .execute();
      }),
    ).rejects.toThrow();
    expect(await allIds(acme)).toEqual(before);
  });

  it('leave no entry when a request fails part-way through its changes', async () => {
    const before = await allIds(acme);
    // Leaving Acme is written first, then making Olga a plain member of Solo fails: she is its only owner.
    const res = await t.call(root, {
      method: 'PATCH',
      url: `/api/admin/users/${olgaId}`,
      payload: { memberships: [{ company_id: solo, role: 'member' }] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await allIds(acme)).toEqual(before);
    expect(await allIds(solo)).toEqual([]);
    const team = await t.ctx.db
      .selectFrom('memberships')
      .select('user_id')
      .where('company_id', '=', acme)
      .execute();
    expect(team.map((m) => m.user_id)).toContain(olgaId);
  });
});

describe('relay reader', () => {
  it('pages through every company’s entries in order, each once', async () => {
    for (const company of [acme, beta, acme]) await record(t.ctx.db, company);
    const everything = [...(await allIds(acme)), ...(await allIds(beta))].sort((a, b) => a - b);
    const read: number[] = [];
    for (let position = RELAY_START; ; ) {
      const { items, next } = await readChangesForRelay(t.ctx, position, 7);
      if (items.length === 0) break;
      read.push(...items.filter((e) => e.company_id === acme || e.company_id === beta).map((e) => e.id));
      position = next;
    }
    expect(read.sort((a, b) => a - b)).toEqual(everything);
  });
});

describe.runIf(testDialect() === 'postgres')('relay reader on PostgreSQL: what holds it back', () => {
  /** A connection with a transaction that holds a transaction id, open until `end()`. */
  async function openTransaction(url: string): Promise<{ end(): Promise<void> }> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('begin');
    await client.query('select pg_current_xact_id()');
    return {
      async end() {
        await client.query('rollback');
        await client.end();
      },
    };
  }

  /** Reads the relay from the feed's end before `act`, and answers whether the entry it records is read. */
  async function relaySees(act: () => Promise<number>): Promise<{ seen: () => Promise<boolean> }> {
    let position: RelayPosition = RELAY_START;
    for (;;) {
      const { items, next } = await readChangesForRelay(t.ctx, position, 1000);
      position = next;
      if (items.length < 1000) break;
    }
    const id = await act();
    return {
      seen: async () => (await readChangesForRelay(t.ctx, position, 1000)).items.some((e) => e.id === id),
    };
  }

  it('a long transaction of another database on the same server does not hold it back', async () => {
    const other = await openTransaction(ADMIN_URL);
    try {
      const { seen } = await relaySees(() => record(t.ctx.db, acme, 41));
      expect(await seen()).toBe(true);
    } finally {
      await other.end();
    }
  });

  it('a transaction of this database that began earlier still holds it back until it ends', async () => {
    const url = t.ctx.config.database.kind === 'postgres' ? t.ctx.config.database.url : '';
    const mine = await openTransaction(url);
    let ended = false;
    try {
      const { seen } = await relaySees(() => record(t.ctx.db, acme, 42));
      // It may still write an entry with a smaller transaction id: nothing after it is read yet.
      expect(await seen()).toBe(false);
      await mine.end();
      ended = true;
      expect(await seen()).toBe(true);
    } finally {
      if (!ended) await mine.end();
    }
  });
});

describe('pruning', () => {
  it('deletes entries older than CHANGE_FEED_DAYS (30) in every company, and keeps the rest', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    const [a1, a2, b1] = [
      await record(t.ctx.db, acme),
      await record(t.ctx.db, acme),
      await record(t.ctx.db, beta),
    ];
    const newest = await record(t.ctx.db, beta);
    const age = async (companyId: number, id: number, at: string) =>
      t.ctx.db
        .updateTable('change_events')
        .set({ created_at: at })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    await age(acme, a1, old);
    await age(acme, a2, recent);
    await age(beta, b1, old);
    const acmeBefore = await allIds(acme);
    const betaBefore = await allIds(beta);

    // Everything else was written just now.
    expect(await pruneChangeFeed(t.ctx)).toBe(2);
    expect(await allIds(acme)).toEqual(acmeBefore.filter((id) => id !== a1));
    expect(await allIds(beta)).toEqual(betaBefore.filter((id) => id !== b1));

    // All of it is old now, but the newest entry stays: the ids after it must never be handed out again.
    const pruned = await pruneChangeFeed(t.ctx, new Date(Date.now() + 1000));
    expect(pruned).toBe(acmeBefore.length - 1 + betaBefore.length - 2);
    expect(await allIds(acme)).toEqual([]);
    expect(await allIds(beta)).toEqual([newest]);
    expect(await record(t.ctx.db, acme)).toBe(newest + 1);
  });
});
