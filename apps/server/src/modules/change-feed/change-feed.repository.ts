import { CompiledQuery, type Insertable, type Selectable, sql } from 'kysely';
import { crossCompany } from '../../db/cross-company.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { ChangeEventsTable } from '../../db/schema.ts';

export type ChangeEventRow = Omit<Selectable<ChangeEventsTable>, 'tx_id'>;
export type NewChangeEvent = Omit<Insertable<ChangeEventsTable>, 'id' | 'tx_id'>;

/** First key of the feed's advisory locks (the second is the company id); other locks must use another. */
const FEED_LOCK_CLASS = 6006;

const columns = [
  'id',
  'company_id',
  'type',
  'entity_type',
  'entity_id',
  'entity_version',
  'actor_kind',
  'actor_id',
  'actor_name',
  'changes',
  'data',
  'created_at',
] as const;

/**
 * Writes one entry; call it inside the transaction of the change. A person's
 * name, when not given, is read from `users` in the same statement.
 *
 * `along` is another write of the same transaction (its timeline entry, say),
 * or several, that go to the database in the same statement, so the entry costs
 * no round trip of its own on PostgreSQL (decision 009: the round trip was most
 * of its cost). Their results are not answered. SQLite, in process, runs them
 * first, in order.
 *
 * PostgreSQL: the company's transaction-level advisory lock is taken before
 * the id is drawn, in the same statement (a materialised CTE runs first), and
 * held until commit, so a company's entries commit in id order. Taking it
 * last in the transaction keeps the time it is held short.
 */
export async function insertChangeEvent(
  db: Database,
  row: NewChangeEvent,
  along?: CompiledQuery | readonly CompiledQuery[],
): Promise<number> {
  const others = along === undefined ? [] : 'sql' in along ? [along] : along;
  const lookUpName = row.actor_name == null && row.actor_kind === 'user' ? row.actor_id : null;
  const params = [
    row.company_id,
    row.type,
    row.entity_type,
    row.entity_id ?? null,
    row.entity_version ?? null,
    row.actor_kind,
    row.actor_id ?? null,
    row.actor_name ?? null,
    lookUpName ?? null,
    row.changes ?? null,
    row.data ?? null,
    row.created_at,
  ];
  let query: CompiledQuery;
  if (dialectOf(db) === 'postgres') {
    const before: unknown[] = [];
    const ctes = others.map((other) => {
      const cte = renumbered(other.sql, before.length);
      before.push(...other.parameters);
      return cte;
    });
    query = CompiledQuery.raw(insertPostgres(ctes, before.length), [...before, ...params]);
  } else {
    for (const other of others) await db.executeQuery(other);
    query = CompiledQuery.raw(INSERT_SQLITE, params);
  }
  const inserted = (await db.executeQuery<{ id: number }>(query)).rows[0];
  if (!inserted) throw new Error('change event insert answered no id');
  return Number(inserted.id);
}

// Written out once rather than built per call: this runs with every change, and building the query
// costs a good part of what the insert itself does (bench: scripts/bench-change-feed.ts).
const TARGET = `change_events (company_id, type, entity_type, entity_id, entity_version,
  actor_kind, actor_id, actor_name, changes, data, created_at)`;
const NAME_OF = (name: string, id: string) =>
  `coalesce(${name}, (select full_name from users where id = ${id}))`;
const INSERT_SQLITE = `insert into ${TARGET}
  values (?, ?, ?, ?, ?, ?, ?, ${NAME_OF('?', '?')}, ?, ?, ?) returning id`;

/** The PostgreSQL insert with its parameters numbered after `shift` others; one text per shift. */
const postgresInserts = new Map<number, string>();

/**
 * A compiled PostgreSQL statement's parameters `$1…` numbered after `shift` others. Only
 * statements built by the query builder come here: their only `$` signs are parameters.
 */
const renumbered = (sql: string, shift: number) =>
  shift === 0 ? sql : sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);

/**
 * The PostgreSQL insert, after `along` (statements with `shift` parameters in all) as
 * data-modifying CTEs when given. PostgreSQL runs every such CTE to completion whether it is
 * read or not.
 */
function insertPostgres(along: string[], shift: number): string {
  let insert = postgresInserts.get(shift);
  if (insert === undefined) {
    const $ = (n: number) => `$${n + shift}`;
    // INSERT … SELECT takes no parameter types from the columns on PostgreSQL, hence the casts.
    insert = `insert into ${TARGET}
  select ${$(1)}::int4, ${$(2)}::text, ${$(3)}::text, ${$(4)}::int4, ${$(5)}::int4, ${$(6)}::text, ${$(7)}::int4,
    ${NAME_OF(`${$(8)}::text`, `${$(9)}::int4`)}, ${$(10)}::text, ${$(11)}::text, ${$(12)}::timestamptz
  from feed_lock returning id`;
    postgresInserts.set(shift, insert);
  }
  const lock = `feed_lock as materialized (
    select pg_advisory_xact_lock(${FEED_LOCK_CLASS}, $${shift + 1}::int4) as locked
  )`;
  const others = along.map((sql, i) => `, along${i} as (${sql})`).join('');
  return `with ${lock}${others}\n${insert}`;
}

/** A company's entries after an id, oldest first. */
export function listCompanyChangeEvents(
  db: Database,
  companyId: number,
  afterId: number,
  limit: number,
): Promise<ChangeEventRow[]> {
  return db
    .selectFrom('change_events')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Where a relay stands: the last (transaction, id) it has read; `tx` is '0' on SQLite. */
export interface RelayPosition {
  tx: string;
  id: number;
}

/**
 * CROSS-COMPANY (maintenance, for relays only): entries of every company after
 * a position, in (transaction, id) order.
 *
 * Across companies ids do not commit in order on PostgreSQL (each company has
 * its own lock). Only rows of transactions older than every transaction still
 * running in this database are answered: any row that commits later has a
 * larger transaction id than all of these, so it sorts after the position. On
 * SQLite (one writer) ids commit in order and `tx_id` is always 0.
 *
 * The horizon is the oldest transaction of the statement's snapshot that may be
 * this database's, not the snapshot's xmin: transaction ids are cluster-wide, so
 * xmin would also wait for a long transaction of another database on the same
 * server (another application, a bulk load), which can never write this feed,
 * and hold back live updates and webhooks until it ends. A running transaction
 * counts as another database's only when pg_stat_activity names that database
 * for its id (an id belongs to one database for its whole life, so when that
 * was read does not matter); one that has ended meanwhile, a prepared one, or
 * one of a backend without a database still holds the horizon, as before.
 */
export async function listChangeEventsAcrossCompanies(
  db: Database,
  after: RelayPosition,
  limit: number,
): Promise<(ChangeEventRow & { tx_id: string })[]> {
  const all = crossCompany(db, 'relays read every company feed in commit order');
  if (dialectOf(db) === 'postgres') {
    const result = await sql<
      ChangeEventRow & { tx_id: string }
    >`select ${sql.join(columns.map((c) => sql.ref(c)))},
        tx_id::text as tx_id
      from change_events
      where (tx_id, id) > (${after.tx}::xid8, ${after.id})
        and tx_id < (
          select coalesce(min(running), pg_snapshot_xmax(pg_current_snapshot()))
          from pg_snapshot_xip(pg_current_snapshot()) as running
          where (running::text::bigint % 4294967296) not in (
            select backend_xid::text::bigint
            from pg_stat_activity
            where backend_xid is not null
              and datid <> (select oid from pg_database where datname = current_database())
          )
        )
      order by tx_id, id
      limit ${limit}`.execute(all);
    return result.rows;
  }
  const rows = await all
    .selectFrom('change_events')
    .select(columns)
    .where('id', '>', after.id)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, tx_id: '0' }));
}

/**
 * CROSS-COMPANY (maintenance): deletes the entries older than the cutoff
 * among the `batch` oldest, in all companies; answers how many went.
 *
 * Walks the primary key from the oldest id (ids grow with time), so pruning
 * needs no index on time. The newest entry is always kept: on SQLite the next
 * id is the largest one + 1, and ids must never be handed out twice.
 */
export async function deleteOldestChangeEventsBefore(
  db: Database,
  cutoff: string,
  batch: number,
): Promise<number> {
  const all = crossCompany(db, 'pruning removes old entries of every company by age');
  const oldest = all
    .selectFrom('change_events')
    .select('id')
    .where(
      'id',
      '<',
      all.selectFrom('change_events').select((eb) => eb.fn.max('id').as('newest')),
    )
    .orderBy('id')
    .limit(batch);
  const result = await all
    .deleteFrom('change_events')
    .where('id', 'in', oldest)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
