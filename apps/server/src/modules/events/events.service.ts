import {
  type EventCreateBody,
  type EventListQuery,
  type EventPage,
  type EventUpdateBody,
  eventTimeProblem,
  type TodoEvent,
} from '@kontora/contract/events';
import { RECURRENCE_LIMITS } from '@kontora/contract/recurrence';
import { safeTimeZone, startOfZonedDay } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { type Actor, authorIdOf } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import { customerBelongsTo } from '../customers/customers.service.ts';
import { dealBelongsTo } from '../deals/deals.service.ts';
import { isMember } from '../members/members.service.ts';
import { deleteOccurrenceRows, listOccurrenceRows, listSeries } from './event-occurrences.repository.ts';
import { listOccurrences } from './event-occurrences.ts';
import { spanOf } from './event-span.ts';
import { changeTodo, deleteTodo, insertTodo, stale } from './event-writes.ts';
import {
  countEvents,
  type EventConditions,
  type EventPatch,
  type EventRow,
  findEvent,
  listEvents,
} from './events.repository.ts';
import { seriesUntil } from './recurrence-expand.ts';

/** The reminder list; rows from before migration 014 have only `reminder_minutes`. */
export function remindersOf(row: Pick<EventRow, 'reminders' | 'reminder_minutes'>): number[] {
  if (row.reminders) {
    try {
      const list = JSON.parse(row.reminders);
      if (Array.isArray(list)) return list.filter((n): n is number => Number.isInteger(n));
    } catch {
      // A damaged list reads as none rather than failing the calendar.
    }
  }
  return row.reminder_minutes === null ? [] : [row.reminder_minutes];
}

/**
 * `reminders` and the older single `reminder_minutes` kept in step: a list
 * given wins and its smallest value is the single one; a single one alone is
 * a list of one.
 */
export function reminderColumns(
  reminders: number[] | undefined,
  reminderMinutes: number | null | undefined,
): { reminders: string; reminder_minutes: number | null } | null {
  if (reminders !== undefined)
    return { reminders: JSON.stringify(reminders), reminder_minutes: reminders[0] ?? null };
  if (reminderMinutes !== undefined) {
    return {
      reminders: JSON.stringify(reminderMinutes === null ? [] : [reminderMinutes]),
      reminder_minutes: reminderMinutes,
    };
  }
  return null;
}

export function toTodoEvent(row: EventRow): TodoEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    start_at: row.start_at,
    end_at: row.end_at,
    all_day: Boolean(row.all_day),
    done: Boolean(row.done),
    completed_at: row.completed_at,
    priority: row.priority,
    assignee_id: row.assignee_id,
    assignee_name: row.assignee_id === null ? null : row.assignee_name,
    customer_id: row.customer_id,
    customer_name: row.customer_id === null ? null : row.customer_name,
    deal_id: row.deal_id,
    deal_title: row.deal_id === null ? null : row.deal_title,
    reminder_minutes: row.reminder_minutes,
    location: row.location,
    recurrence: row.recurrence,
    reminders: remindersOf(row),
    occurrence_start: null,
    occurrence_id: String(row.id),
    version: row.version,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function assertReferences(
  ctx: AppContext,
  companyId: number,
  refs: {
    assignee_id?: number | null | undefined;
    customer_id?: number | null | undefined;
    deal_id?: number | null | undefined;
  },
): Promise<void> {
  const details: Record<string, string[]> = {};
  if (refs.assignee_id != null && !(await isMember(ctx.db, companyId, refs.assignee_id))) {
    details.assignee_id = ['not_member'];
  }
  if (refs.customer_id != null && !(await customerBelongsTo(ctx.db, companyId, refs.customer_id))) {
    details.customer_id = ['not_found'];
  }
  if (refs.deal_id != null && !(await dealBelongsTo(ctx.db, companyId, refs.deal_id))) {
    details.deal_id = ['not_found'];
  }
  if (Object.keys(details).length) {
    throw new AppError(400, 'validation_failed', 'Some fields are invalid.', { details });
  }
}

export async function getEvent(ctx: AppContext, companyId: number, id: number): Promise<TodoEvent> {
  const todo = await findTodo(ctx.db, companyId, id);
  if (!todo) throw notFound('Event');
  return todo;
}

/** The to-do as the API answers it, if the company has it (a series as its first occurrence's row). */
export async function findTodo(db: Database, companyId: number, id: number): Promise<TodoEvent | undefined> {
  const row = await findEvent(db, companyId, id);
  return row ? toTodoEvent(row) : undefined;
}

/** The range and series columns of a to-do's times and rule. */
export function timeColumns(
  times: { start_at: string; end_at: string | null; all_day: boolean },
  recurrence: string | null,
  tz: string,
) {
  return {
    ...spanOf(times),
    recurrence,
    series_until_at: recurrence ? seriesUntil({ ...times, recurrence }, tz, SERIES_SCAN_MAX) : null,
  };
}

/** What every new to-do row starts with. */
export function freshRow(actor: Actor, at: string) {
  return {
    done: false,
    completed_at: null,
    version: 1,
    created_by: authorIdOf(actor),
    updated_by: authorIdOf(actor),
    created_at: at,
    updated_at: at,
  };
}

/** The row of a new to-do as created by hand or imported, in the company's zone `tz`. */
export function newTodoRow(actor: Actor, body: EventCreateBody, at: string, tz: string) {
  const end_at = body.end_at ?? null;
  const recurrence = body.recurrence ?? null;
  return {
    company_id: actor.companyId,
    title: body.title,
    description: body.description ?? null,
    type: body.type,
    start_at: body.start_at,
    end_at,
    ...timeColumns({ start_at: body.start_at, end_at, all_day: body.all_day }, recurrence, tz),
    ...freshRow(actor, at),
    all_day: body.all_day,
    priority: body.priority,
    assignee_id: body.assignee_id ?? null,
    customer_id: body.customer_id ?? null,
    deal_id: body.deal_id ?? null,
    reminder_minutes: body.reminder_minutes ?? null,
    reminders: null as string | null,
    ...reminderColumns(body.reminders, body.reminder_minutes),
    location: body.location ?? null,
  };
}

export async function createEvent(ctx: AppContext, actor: Actor, body: EventCreateBody): Promise<TodoEvent> {
  await assertReferences(ctx, actor.companyId, body);
  const at = new Date().toISOString();
  const tz = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
  const row = newTodoRow(actor, body, at, tz);
  const id = await ctx.db.transaction().execute((trx) =>
    insertTodo(ctx, trx, actor, row, (newId) => ({
      data: {
        ...toTodoEvent({ ...row, id: newId, assignee_name: null, customer_name: null, deal_title: null }),
      },
      timeline: { todo: row, kind: 'todo_created' },
    })),
  );
  return getEvent(ctx, actor.companyId, id);
}

const UPDATABLE = [
  'title',
  'description',
  'type',
  'start_at',
  'end_at',
  'all_day',
  'priority',
  'assignee_id',
  'customer_id',
  'deal_id',
  'reminder_minutes',
  'location',
  'recurrence',
  'reminders',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function updateEvent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: EventUpdateBody,
): Promise<TodoEvent> {
  const current = await getEvent(ctx, actor.companyId, id);
  if (body.version !== undefined && body.version !== current.version) throw stale();
  const merged = { ...current };
  for (const field of UPDATABLE) {
    if (body[field] !== undefined) Object.assign(merged, { [field]: body[field] });
  }
  const timeProblem = eventTimeProblem(merged.start_at, merged.end_at);
  if (timeProblem) throw invalidField('end_at', timeProblem);
  await assertReferences(ctx, actor.companyId, {
    assignee_id: merged.assignee_id !== current.assignee_id ? merged.assignee_id : null,
    customer_id: merged.customer_id !== current.customer_id ? merged.customer_id : null,
    deal_id: merged.deal_id !== current.deal_id ? merged.deal_id : null,
  });
  const patch: EventPatch = { updated_by: authorIdOf(actor), updated_at: new Date().toISOString() };
  for (const field of UPDATABLE) {
    if (body[field] !== undefined && field !== 'reminders') Object.assign(patch, { [field]: merged[field] });
  }
  Object.assign(patch, spanOf(merged), reminderColumns(body.reminders, body.reminder_minutes));
  if (body.reminders === undefined && body.reminder_minutes !== undefined) {
    merged.reminders = body.reminder_minutes === null ? [] : [body.reminder_minutes];
  }
  if (body.reminders !== undefined) merged.reminder_minutes = body.reminders[0] ?? null;
  // The rule or its first start changed: the stored occurrence differences no longer line up.
  const timesMoved = ['recurrence', 'start_at', 'end_at', 'all_day'].some(
    (f) => !same(current[f as keyof TodoEvent], merged[f as keyof TodoEvent]),
  );
  if (merged.recurrence) {
    const tz = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
    patch.series_until_at = seriesUntil({ ...merged, recurrence: merged.recurrence }, tz, SERIES_SCAN_MAX);
  } else {
    patch.series_until_at = null;
  }
  await ctx.db.transaction().execute((trx) =>
    changeTodo(
      ctx,
      trx,
      actor,
      current,
      patch,
      {
        type: 'event.updated',
        changes: UPDATABLE.filter((f) => !same(current[f], merged[f])).map((field) => ({
          field,
          before: current[field],
          after: merged[field],
        })),
      },
      async () => {
        if (timesMoved && current.recurrence) await deleteOccurrenceRows(trx, actor.companyId, id);
      },
    ),
  );
  return getEvent(ctx, actor.companyId, id);
}

/** Marks done or open again; doing what is already so changes nothing. */
export async function setDone(ctx: AppContext, actor: Actor, id: number, done: boolean): Promise<TodoEvent> {
  const current = await getEvent(ctx, actor.companyId, id);
  // A series is done one occurrence at a time (`?occurrence=`).
  if (current.recurrence) throw invalidField('occurrence', 'required');
  if (current.done === done) return current;
  const at = new Date().toISOString();
  const patch: EventPatch = {
    done,
    completed_at: done ? at : null,
    updated_by: authorIdOf(actor),
    updated_at: at,
  };
  await ctx.db.transaction().execute((trx) =>
    changeTodo(ctx, trx, actor, current, patch, {
      type: done ? 'event.done' : 'event.undone',
      changes: [
        { field: 'done', before: current.done, after: done },
        { field: 'completed_at', before: current.completed_at, after: patch.completed_at },
      ],
      timeline: { todo: current, kind: done ? 'todo_done' : 'todo_reopened' },
    }),
  );
  return getEvent(ctx, actor.companyId, id);
}

export async function deleteEvent(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findEvent(trx, actor.companyId, id);
    if (!row || !(await deleteTodo(trx, actor, row, { ...toTodoEvent(row) }))) throw notFound('Event');
  });
}

/** Occurrences scanned at most to find where a bounded series ends (beyond: treated as endless). */
export const SERIES_SCAN_MAX = 20_000;

/** Turns the named filters into conditions, in the company's time zone for "today". */
export async function conditionsFor(
  ctx: AppContext,
  actor: Actor,
  query: Pick<EventListQuery, 'from' | 'to' | 'filter' | 'customer_id' | 'deal_id' | 'assignee_id'>,
  now = new Date(),
): Promise<EventConditions | null> {
  const c: EventConditions = {
    from: query.from,
    to: query.to,
    customerId: query.customer_id,
    dealId: query.deal_id,
    assigneeId: query.assignee_id,
  };
  const filters = new Set(query.filter ?? []);
  const nowIso = now.toISOString();
  if (filters.has('mine')) {
    // An API key is nobody: nothing is assigned to it.
    const me = authorIdOf(actor);
    if (me === null) return null;
    if (c.assigneeId !== undefined && c.assigneeId !== me) return null;
    c.assigneeId = me;
  }
  if (filters.has('today')) {
    const tz = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
    const start = startOfZonedDay(now, tz).toISOString();
    const end = startOfZonedDay(now, tz, 1).toISOString();
    c.from = c.from && c.from > start ? c.from : start;
    c.to = c.to && c.to < end ? c.to : end;
  }
  const wantsDone = filters.has('done');
  const wantsOpen = filters.has('open') || filters.has('overdue') || filters.has('upcoming');
  if (wantsDone && wantsOpen) return null;
  if (wantsDone) c.done = true;
  if (wantsOpen) c.done = false;
  if (filters.has('overdue') && filters.has('upcoming')) return null;
  if (filters.has('overdue')) c.overBy = nowIso;
  if (filters.has('upcoming')) c.runningAfter = nowIso;
  return c;
}

export async function listEventPage(
  ctx: AppContext,
  actor: Actor,
  query: EventListQuery,
): Promise<EventPage> {
  let after: { at: string; id: number } | undefined;
  if (query.cursor) {
    const [kind, dir, at, id] = decodeCursor(query.cursor) ?? [];
    if (kind !== 'events' || dir !== query.dir || typeof at !== 'string' || !Number.isSafeInteger(id)) {
      throw invalidField('cursor', 'invalid_cursor');
    }
    after = { at, id: id as number };
  }
  const conditions = await conditionsFor(ctx, actor, query);
  if (!conditions) return { items: [], next_cursor: null };
  const tz = safeTimeZone(await companyTimeZone(ctx.db, actor.companyId));
  // Single to-dos come from the database; series are expanded into occurrences and merged in.
  const [rows, occurrences] = await Promise.all([
    listEvents(
      ctx.db,
      actor.companyId,
      { ...conditions, singlesOnly: true },
      after,
      query.dir,
      query.limit + 1,
    ),
    listOccurrences(ctx.db, actor.companyId, tz, conditions, after, query.dir, query.limit + 1),
  ]);
  const sign = query.dir === 'asc' ? 1 : -1;
  const all = [...rows.map(toTodoEvent), ...occurrences].sort(
    (a, b) => sign * (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : a.id - b.id),
  );
  const items = all.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor:
      all.length > query.limit && last ? encodeCursor(['events', query.dir, last.start_at, last.id]) : null,
  };
}

/** How many to-dos meet the conditions (the CRM dashboard's figures). */
export function countTodos(ctx: AppContext, companyId: number, conditions: EventConditions): Promise<number> {
  return countEvents(ctx.db, companyId, conditions);
}

/** The first to-dos (by start) that meet the conditions. */
export async function firstTodos(
  ctx: AppContext,
  companyId: number,
  conditions: EventConditions,
  limit: number,
): Promise<TodoEvent[]> {
  return (await listEvents(ctx.db, companyId, conditions, undefined, 'asc', limit)).map(toTodoEvent);
}

/** Single to-dos ended at most this long ago are in a calendar feed; every series is. */
const FEED_PAST_MS = 180 * 86_400_000;
const FEED_MAX = 5000;

/** What a calendar feed shows: recent and coming single to-dos, all series with their differences. */
export async function feedEvents(ctx: AppContext, companyId: number, assigneeId: number | undefined) {
  const since = new Date(Date.now() - FEED_PAST_MS).toISOString();
  const [singles, series] = await Promise.all([
    listEvents(ctx.db, companyId, { from: since, assigneeId, singlesOnly: true }, undefined, 'asc', FEED_MAX),
    listSeries(ctx.db, companyId, { assigneeId }, RECURRENCE_LIMITS.expansionMax),
  ]);
  const occurrences = await listOccurrenceRows(
    ctx.db,
    companyId,
    series.map((s) => s.id),
  );
  return { events: [...singles, ...series], occurrences };
}

// What other modules read of to-dos besides the functions above: the calendar feed's rows, the CRM
// dashboard's counts.
export { nextOpenEnd, openTodoCounts } from './event-counts.repository.ts';
export type { OccurrenceRow } from './event-occurrences.repository.ts';
export type { EventRow } from './events.repository.ts';
