import { type Insertable, type Selectable, sql } from 'kysely';
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
 * PostgreSQL: the company's transaction-level advisory lock is taken before
 * the id is drawn, in the same statement (a materialised CTE runs first), and
 * held until commit, so a company's entries commit in id order. Taking it
 * last in the transaction keeps the time it is held short.
 */
export async function insertChangeEvent(db: Database, row: NewChangeEvent): Promise<number> {
  const pg = dialectOf(db) === 'postgres';
  // INSERT … SELECT does not take parameter types from the columns on PostgreSQL: cast them.
  const param = (value: unknown, type: string) =>
    pg ? sql`${value ?? null}::${sql.raw(type)}` : sql`${value ?? null}`;
  const name =
    row.actor_name != null || row.actor_kind !== 'user' || row.actor_id == null
      ? param(row.actor_name, 'text')
      : sql`(select full_name from users where id = ${param(row.actor_id, 'int4')})`;
  const values = sql.join([
    param(row.company_id, 'int4'),
    param(row.type, 'text'),
    param(row.entity_type, 'text'),
    param(row.entity_id, 'int4'),
    param(row.entity_version, 'int4'),
    param(row.actor_kind, 'text'),
    param(row.actor_id, 'int4'),
    name,
    param(row.changes, 'text'),
    param(row.data, 'text'),
    param(row.created_at, 'timestamptz'),
  ]);
  const target = sql`change_events (company_id, type, entity_type, entity_id, entity_version,
    actor_kind, actor_id, actor_name, changes, data, created_at)`;
  const query = pg
    ? sql<{ id: number }>`with feed_lock as materialized (
        select pg_advisory_xact_lock(${FEED_LOCK_CLASS}::int4, ${row.company_id}::int4) as locked
      )
      insert into ${target} select ${values} from feed_lock returning id`
    : sql<{ id: number }>`insert into ${target} values (${values}) returning id`;
  const inserted = (await query.execute(db)).rows[0];
  if (!inserted) throw new Error('change event insert answered no id');
  return Number(inserted.id);
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
 * running are answered: any row that commits later has a larger transaction
 * id than all of these, so it sorts after the position. On SQLite (one writer)
 * ids commit in order and `tx_id` is always 0.
 */
export async function listChangeEventsAcrossCompanies(
  db: Database,
  after: RelayPosition,
  limit: number,
): Promise<(ChangeEventRow & { tx_id: string })[]> {
  if (dialectOf(db) === 'postgres') {
    const result = await sql<
      ChangeEventRow & { tx_id: string }
    >`select ${sql.join(columns.map((c) => sql.ref(c)))},
        tx_id::text as tx_id
      from change_events
      where (tx_id, id) > (${after.tx}::xid8, ${after.id})
        and tx_id < pg_snapshot_xmin(pg_current_snapshot())
      order by tx_id, id
      limit ${limit}`.execute(db);
    return result.rows;
  }
  const rows = await db
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
  const oldest = db
    .selectFrom('change_events')
    .select('id')
    .where(
      'id',
      '<',
      db.selectFrom('change_events').select((eb) => eb.fn.max('id').as('newest')),
    )
    .orderBy('id')
    .limit(batch);
  const result = await db
    .deleteFrom('change_events')
    .where('id', 'in', oldest)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
