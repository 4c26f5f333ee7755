import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { DB, EventsTable } from '../../db/schema.ts';
import { hiddenImportsOf, visibleCondition, visibleOnly } from '../../lib/csv-import/import-visibility.ts';
import { LONG_EVENT_MS } from './event-span.ts';

export type EventRow = Omit<Selectable<EventsTable>, 'import_id'> & {
  assignee_name: string | null;
  customer_name: string | null;
  deal_title: string | null;
};
export type NewEvent = Insertable<EventsTable>;
export type EventPatch = Updateable<EventsTable>;

export function selectEvents(db: Database) {
  return db
    .selectFrom('events as e')
    .leftJoin('users as a', 'a.id', 'e.assignee_id')
    .leftJoin('customers as cu', (join) =>
      join.onRef('cu.company_id', '=', 'e.company_id').onRef('cu.id', '=', 'e.customer_id'),
    )
    .leftJoin('deals as dl', (join) =>
      join.onRef('dl.company_id', '=', 'e.company_id').onRef('dl.id', '=', 'e.deal_id'),
    )
    .select([
      'e.id',
      'e.company_id',
      'e.title',
      'e.description',
      'e.type',
      'e.start_at',
      'e.end_at',
      'e.until_at',
      'e.is_long',
      'e.all_day',
      'e.done',
      'e.completed_at',
      'e.priority',
      'e.assignee_id',
      'e.customer_id',
      'e.deal_id',
      'e.reminder_minutes',
      'e.location',
      'e.version',
      'e.created_by',
      'e.updated_by',
      'e.created_at',
      'e.updated_at',
      'e.recurrence',
      'e.reminders',
      'e.series_until_at',
      'a.full_name as assignee_name',
      'cu.name as customer_name',
      'dl.title as deal_title',
    ]);
}

/**
 * The company's to-do imports under way on SQLite, whose to-dos every read leaves out until their
 * flip (lib/csv-import/import-visibility.ts, docs/decisions/104-deal-todo-imports-behind-a-switch.md).
 */
export function hiddenTodos(db: Database, companyId: number): Promise<number[]> {
  return hiddenImportsOf(db, companyId, ['events']);
}

/** To-dos (`e`) left at those reads may show: the query unchanged when no import is hidden. */
export function shownEvents(query: ReturnType<typeof selectEvents>, hidden: readonly number[]) {
  return visibleOnly(query, 'e', hidden);
}

/** The company's to-do by id, as reads show it (none while its import is under way). */
export async function findEvent(db: Database, companyId: number, id: number): Promise<EventRow | undefined> {
  const hidden = await hiddenTodos(db, companyId);
  return shownEvents(selectEvents(db), hidden)
    .where('e.company_id', '=', companyId)
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** The company's to-do by id, shown or not: for its reminders, queued by the import that writes it. */
export function findEventRow(db: Database, companyId: number, id: number): Promise<EventRow | undefined> {
  return selectEvents(db).where('e.company_id', '=', companyId).where('e.id', '=', id).executeTakeFirst();
}

export async function insertEvent(db: Database, row: NewEvent): Promise<number> {
  const inserted = await db.insertInto('events').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Applies the change only if the event still has `version`; false otherwise (or when it is gone). */
export async function updateEventIfVersion(
  db: Database,
  companyId: number,
  id: number,
  version: number,
  patch: EventPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({ ...patch, version: sql`version + 1` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEvent(db: Database, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('events')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Conditions on events; all given ones must hold. Instants are ISO strings (UTC). */
export interface EventConditions {
  /** Overlapping [from, to): starts before `to` and ends after `from`. */
  from?: string | undefined;
  to?: string | undefined;
  assigneeId?: number | undefined;
  customerId?: number | undefined;
  dealId?: number | undefined;
  done?: boolean | undefined;
  /** Over (effective end at or before) this instant. */
  overBy?: string | undefined;
  /** Not over yet at this instant. */
  runningAfter?: string | undefined;
  /** Only single to-dos, no series (the list expands series apart; decision 018). */
  singlesOnly?: boolean | undefined;
}

/** Disjoint parts of an "ends after X" query (see branches()); undefined when there is none. */
type Branch =
  | { part: 'starting'; startFrom: string }
  | { part: 'running'; startAfter: string; endsAfter: string }
  | { part: 'long'; endsAfter: string }
  | undefined;

/** The conditions as one expression, for the list and the counts alike. */
function conditions(
  eb: ExpressionBuilder<DB & { e: EventsTable }, 'e'>,
  companyId: number,
  c: EventConditions,
  branch: Branch,
  pg: boolean,
  hidden: readonly number[],
) {
  const all: Expression<SqlBool>[] = [eb('e.company_id', '=', companyId)];
  if (hidden.length) all.push(visibleCondition('e', hidden));
  if (branch?.part === 'starting') {
    all.push(sql<SqlBool>`not e.is_long`, eb('e.start_at', '>=', branch.startFrom));
  } else if (branch?.part === 'running') {
    // Ids first, from the start index alone (it carries is_long and until_at, migration 020): most
    // ordinary events of the week before end before X, and testing them needs no row.
    const running = eb
      .selectFrom('events as r')
      .select('r.id')
      .where('r.company_id', '=', companyId)
      .where('r.start_at', '>', branch.startAfter)
      .where('r.start_at', '<', branch.endsAfter)
      .where(sql<SqlBool>`not r.is_long`)
      .where('r.until_at', '>', branch.endsAfter);
    // PostgreSQL turned `in (…)` into a semi-join driven by the start index from the company's
    // first to-do (100,000 entries read for 5 rows at 200,000 to-dos; decision 026): an array
    // computed once first leaves it only primary-key lookups of those few ids.
    all.push(pg ? sql<SqlBool>`e.id = any(array(${running}))` : eb('e.id', 'in', running));
  } else if (branch?.part === 'long') {
    // In a subquery of its own, so that the planner takes the partial index of long events (a bare
    // `is_long` term, as the index is declared) whatever else is asked of them.
    all.push(
      eb(
        'e.id',
        'in',
        eb
          .selectFrom('events as l')
          .select('l.id')
          .where('l.company_id', '=', companyId)
          .where(sql<SqlBool>`l.is_long`)
          .where('l.until_at', '>', branch.endsAfter),
      ),
    );
  }
  if (c.to !== undefined) all.push(eb('e.start_at', '<', c.to));
  if (c.from !== undefined) all.push(eb('e.until_at', '>', c.from));
  if (c.assigneeId !== undefined) all.push(eb('e.assignee_id', '=', c.assigneeId));
  if (c.customerId !== undefined) all.push(eb('e.customer_id', '=', c.customerId));
  if (c.dealId !== undefined) all.push(eb('e.deal_id', '=', c.dealId));
  if (c.done !== undefined) all.push(eb('e.done', '=', c.done));
  if (c.overBy !== undefined) all.push(eb('e.until_at', '<=', c.overBy));
  if (c.runningAfter !== undefined) all.push(eb('e.until_at', '>', c.runningAfter));
  if (c.singlesOnly) all.push(eb('e.recurrence', 'is', null));
  return eb.and(all);
}

/**
 * "Ends after X" alone would scan every later event. When it is asked, events
 * are looked up in three disjoint parts: ordinary ones starting from X on (the
 * start index read in order, nothing to skip), ordinary ones started in the
 * LONG_EVENT_MS before X and still running (a week of index entries tested
 * without reading rows: on PostgreSQL a filter on the rows read ~2,000 rows to
 * keep a few dozen at 200,000 to-dos), and the few long ones. Without such a
 * condition one query does.
 */
function branches(c: EventConditions): Branch[] {
  const lower = [c.from, c.runningAfter]
    .filter((v): v is string => v !== undefined)
    .sort()
    .at(-1);
  if (lower === undefined) return [undefined];
  return [
    { part: 'starting', startFrom: lower },
    {
      part: 'running',
      startAfter: new Date(Date.parse(lower) - LONG_EVENT_MS).toISOString(),
      endsAfter: lower,
    },
    { part: 'long', endsAfter: lower },
  ];
}

export async function listEvents(
  db: Database,
  companyId: number,
  c: EventConditions,
  after: { at: string; id: number } | undefined,
  dir: 'asc' | 'desc',
  limit: number,
): Promise<EventRow[]> {
  const pg = dialectOf(db) === 'postgres';
  const hidden = await hiddenTodos(db, companyId);
  const parts = await Promise.all(
    branches(c).map((branch) => {
      let query = selectEvents(db).where((eb) => conditions(eb, companyId, c, branch, pg, hidden));
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('e.start_at', 'e.id'), dir === 'asc' ? '>' : '<', eb.tuple(after.at, after.id)),
        );
      }
      return query.orderBy('e.start_at', dir).orderBy('e.id', dir).limit(limit).execute();
    }),
  );
  if (parts.length === 1) return parts[0] ?? [];
  const sign = dir === 'asc' ? 1 : -1;
  return parts
    .flat()
    .sort((a, b) => sign * (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : a.id - b.id))
    .slice(0, limit);
}

/** How many events meet the conditions (dashboard figures). */
export async function countEvents(db: Database, companyId: number, c: EventConditions): Promise<number> {
  const pg = dialectOf(db) === 'postgres';
  const hidden = await hiddenTodos(db, companyId);
  const counts = await Promise.all(
    branches(c).map(async (branch) => {
      const row = await db
        .selectFrom('events as e')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => conditions(eb, companyId, c, branch, pg, hidden))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
