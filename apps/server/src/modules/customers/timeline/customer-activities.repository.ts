import type { CompiledQuery, Insertable, Selectable } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { insertRows, rowsInsert } from '../../../db/rows-insert.ts';
import type { CustomerActivitiesTable } from '../../../db/schema.ts';
import { hiddenImportsOf, visibleOnly } from '../../../lib/csv-import/import-visibility.ts';
import { insertUnnest, unnestInsert } from '../customers.repository.ts';

/**
 * Where the customer timeline is stored: one `customer_activities` row per timeline entry
 * (a note, a field change, an import, a merge, a linked to-do's news). "Activity" names only
 * the row; the API and the screens call it a timeline entry (`toTimelineEntry`).
 */
export type ActivityRow = Omit<Selectable<CustomerActivitiesTable>, 'version' | 'import_id'> & {
  author_name: string | null;
};
export type NewActivity = Insertable<CustomerActivitiesTable>;

export async function insertActivities(db: Database, rows: NewActivity[]): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // 7 parameters a row; on PostgreSQL one array a column (an import's 500 rows: 8 parameters, not 3,500).
  for (let i = 0; i < rows.length; i += 1000) {
    const slice = rows.slice(i, i + 1000);
    if (pg) await insertUnnest(db, 'customer_activities', ACTIVITY_COLUMNS, slice, false);
    else await insertRows(db, 'customer_activities', slice);
  }
}

/** Column → PostgreSQL array element type, for inserts through unnest(). */
const ACTIVITY_COLUMNS: Record<string, string> = {
  company_id: 'int4',
  customer_id: 'int4',
  kind: 'text',
  body: 'text',
  changes: 'text',
  author_id: 'int4',
  author_key_name: 'text',
  created_at: 'timestamptz',
  version: 'int4',
};

/**
 * Timeline entries to go to the database with a change-feed row (`recordChange`'s
 * `along`): all but the last thousand are inserted now, the last thousand are
 * answered as one compiled statement, not yet run (none: undefined).
 */
export async function activitiesInsert(
  db: Database,
  rows: NewActivity[],
): Promise<CompiledQuery | undefined> {
  if (rows.length === 0) return undefined;
  const last = Math.floor((rows.length - 1) / 1000) * 1000;
  await insertActivities(db, rows.slice(0, last));
  const slice = rows.slice(last);
  if (dialectOf(db) === 'postgres')
    return unnestInsert('customer_activities', ACTIVITY_COLUMNS, slice, false).compile(db);
  return rowsInsert(db, 'customer_activities', slice);
}

export async function insertActivity(db: Database, row: NewActivity): Promise<number> {
  const inserted = await db
    .insertInto('customer_activities')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

function selectActivities(db: Database) {
  return db
    .selectFrom('customer_activities as a')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .select([
      'a.id',
      'a.company_id',
      'a.customer_id',
      'a.kind',
      'a.body',
      'a.changes',
      'a.author_id',
      'a.created_at',
      'a.author_key_name',
      'u.full_name as author_name',
    ]);
}

/**
 * The entries a deal or to-do import under way wrote on customers' timelines are left out with its
 * deals or to-dos until the flip (lib/csv-import/import-visibility.ts,
 * docs/decisions/104-deal-todo-imports-behind-a-switch.md): the query unchanged when none is.
 */
async function shownActivities(db: Database, companyId: number) {
  const hidden = await hiddenImportsOf(db, companyId, ['deals', 'events']);
  const query = selectActivities(db);
  return visibleOnly(query, 'a', hidden);
}

export async function findActivity(
  db: Database,
  companyId: number,
  id: number,
): Promise<ActivityRow | undefined> {
  return (await shownActivities(db, companyId))
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Newest first, in (created_at, id) order descending, after the given position. */
export async function listActivities(
  db: Database,
  companyId: number,
  customerId: number,
  before: { at: string; id: number } | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  let query = (await shownActivities(db, companyId))
    .where('a.customer_id', '=', customerId)
    .where('a.company_id', '=', companyId);
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '<', eb.tuple(before.at, before.id)));
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** The fields each change after `version` recorded, with the version it made (an edit's merge check). */
export function changesAfterVersion(
  db: Database,
  companyId: number,
  customerId: number,
  version: number,
): Promise<{ version: number | null; changes: string | null }[]> {
  return db
    .selectFrom('customer_activities')
    .select(['version', 'changes'])
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .where('version', '>', version)
    .execute();
}
