import type { EventUpdateBody, TodoEvent } from '@kontora/contract/events';
import { formatRecurrence, type OccurrenceScope, parseRecurrence } from '@kontora/contract/recurrence';
import { safeTimeZone } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { companyTimeZone } from '../companies/companies.service.ts';
import {
  deleteOccurrenceRowsFrom,
  findOccurrenceRow,
  moveOccurrenceRowsFrom,
  saveOccurrenceRow,
} from './event-occurrences.repository.ts';
import { OCCURRENCE_FIELDS, occurrenceEvent } from './event-occurrences.ts';
import { changeTodo, insertTodo, stale, type TodoChange } from './event-writes.ts';
import { type EventRow, findEvent } from './events.repository.ts';
import {
  assertReferences,
  deleteEvent,
  freshRow,
  getEvent,
  reminderColumns,
  SERIES_SCAN_MAX,
  setDone,
  timeColumns,
  updateEvent,
} from './events.service.ts';
import { countBefore, expandSeries, type OccurrenceTimes, seriesUntil } from './recurrence-expand.ts';

/*
 * Edits, deletes and completion of one occurrence, of it and the following
 * ones, or of all (decision 018). "This one" stores a difference row keyed by
 * the occurrence's original start; "this and following" ends the series the
 * second before with UNTIL and starts a new one there; "all" changes the
 * series, with the occurrence's move applied to the series' first start.
 */

type Series = EventRow & { recurrence: string };

async function loadOccurrence(ctx: AppContext, companyId: number, id: number, occurrence: string) {
  const row = await findEvent(ctx.db, companyId, id);
  if (!row) throw notFound('Event');
  if (!row.recurrence) {
    if (occurrence !== row.start_at) throw notFound('Occurrence');
    return { row, series: null, times: null, tz: 'UTC' };
  }
  const tz = safeTimeZone(await companyTimeZone(ctx.db, companyId));
  const series = row as Series;
  const times = expandSeries(seriesTimes(series), tz, { from: occurrence, to: occurrence }, 400).find(
    (o) => o.occurrence_start === occurrence,
  );
  if (!times) throw notFound('Occurrence');
  return { row, series, times, tz };
}

const seriesTimes = (s: Series) => ({
  start_at: s.start_at,
  end_at: s.end_at,
  all_day: s.all_day,
  recurrence: s.recurrence,
});

/** The occurrence as answered, with its stored difference. */
export async function getOccurrence(
  ctx: AppContext,
  companyId: number,
  id: number,
  occurrence: string,
): Promise<TodoEvent> {
  const { row, series, times } = await loadOccurrence(ctx, companyId, id, occurrence);
  if (!series || !times) return occurrenceEvent(row, { occurrence_start: row.start_at, ...row }, undefined);
  return occurrenceEvent(row, times, await findOccurrenceRow(ctx.db, companyId, id, occurrence));
}

/** The rule cut to end the second before an occurrence. */
function ruleEndingBefore(recurrence: string, occurrence: string): string {
  const rule = parseRecurrence(recurrence);
  if (typeof rule === 'string') throw new Error(`stored rule is invalid: ${rule}`);
  return formatRecurrence({
    ...rule,
    count: null,
    until: new Date(Date.parse(occurrence) - 1000).toISOString(),
  });
}

/** Where the occurrence goes: its new start and end from the body, else moved along. */
function movedTimes(body: EventUpdateBody, times: OccurrenceTimes) {
  const start = body.start_at ?? times.start_at;
  const delta = Date.parse(start) - Date.parse(times.start_at);
  const end =
    body.end_at !== undefined
      ? body.end_at
      : times.end_at === null
        ? null
        : new Date(Date.parse(times.end_at) + delta).toISOString();
  return { start, end, delta };
}

/** Bumps the series' version (its reminders are re-queued) and records the change. */
function touchSeries(
  ctx: AppContext,
  trx: Database,
  actor: Actor,
  row: EventRow,
  change: Omit<TodoChange, 'changes'>,
) {
  return changeTodo(ctx, trx, actor, row, {}, change);
}

export async function updateOccurrences(
  ctx: AppContext,
  actor: Actor,
  id: number,
  occurrence: string,
  scope: OccurrenceScope,
  body: EventUpdateBody,
): Promise<TodoEvent> {
  const { row, series, times, tz } = await loadOccurrence(ctx, actor.companyId, id, occurrence);
  if (!series || !times) return updateEvent(ctx, actor, id, body);
  if (body.version !== undefined && body.version !== row.version) throw stale();
  const moved = movedTimes(body, times);
  if (moved.end !== null && moved.end < moved.start) throw invalidField('end_at', 'end_before_start');
  const isFirst = occurrence === expandSeries(seriesTimes(series), tz, {}, 1)[0]?.occurrence_start;

  if (scope === 'all' || (scope === 'following' && isFirst)) {
    const shift = (iso: string) => new Date(Date.parse(iso) + moved.delta).toISOString();
    const start_at = shift(row.start_at);
    const duration = moved.end === null ? null : Date.parse(moved.end) - Date.parse(moved.start);
    const timed = body.start_at !== undefined || body.end_at !== undefined;
    // An end date moves with the series, so that a moved series keeps its number of occurrences.
    const rule = parseRecurrence(series.recurrence);
    const recurrence =
      body.recurrence === undefined && moved.delta !== 0 && typeof rule !== 'string' && rule.until
        ? { recurrence: formatRecurrence({ ...rule, until: shift(rule.until) }) }
        : {};
    await updateEvent(ctx, actor, id, {
      ...body,
      ...recurrence,
      ...(timed
        ? {
            start_at,
            end_at: duration === null ? null : new Date(Date.parse(start_at) + duration).toISOString(),
          }
        : {}),
    });
    // The same occurrence, moved along with its series (a changed rule may have dropped it).
    return getOccurrence(ctx, actor.companyId, id, shift(occurrence)).catch(() =>
      getEvent(ctx, actor.companyId, id),
    );
  }

  if (scope === 'this') {
    const notAlone = Object.keys(body).filter(
      (k) => k !== 'version' && !['start_at', 'end_at', 'all_day', ...OCCURRENCE_FIELDS].includes(k),
    );
    if (notAlone.length > 0) throw invalidField(notAlone[0] as string, 'series_only');
    const existing = await findOccurrenceRow(ctx.db, actor.companyId, id, occurrence);
    const overrides = existing?.overrides ? JSON.parse(existing.overrides) : {};
    for (const f of OCCURRENCE_FIELDS) if (body[f] !== undefined) overrides[f] = body[f];
    const timed = body.start_at !== undefined || body.end_at !== undefined || body.all_day !== undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await saveOccurrenceRow(trx, actor.companyId, id, occurrence, {
        overrides: JSON.stringify(overrides),
        ...(timed
          ? { start_at: moved.start, end_at: moved.end, all_day: body.all_day ?? Boolean(row.all_day) }
          : {}),
      });
      await touchSeries(ctx, trx, actor, row, {
        type: 'event.occurrence_updated',
        data: { occurrence_start: occurrence, changes: body },
      });
    });
    return getOccurrence(ctx, actor.companyId, id, occurrence);
  }

  // This and following: the old series ends before the occurrence, a new one continues from it.
  const rule = parseRecurrence(series.recurrence);
  if (typeof rule === 'string') throw new Error(`stored rule is invalid: ${rule}`);
  const remaining =
    rule.count === null ? null : rule.count - countBefore(seriesTimes(series), tz, occurrence, rule.count);
  const continued = formatRecurrence({ ...rule, count: remaining });
  const recurrence = body.recurrence !== undefined ? body.recurrence : continued;
  const merged = {
    title: body.title ?? row.title,
    description: body.description !== undefined ? body.description : row.description,
    type: body.type ?? row.type,
    priority: body.priority ?? row.priority,
    assignee_id: body.assignee_id !== undefined ? body.assignee_id : row.assignee_id,
    customer_id: body.customer_id !== undefined ? body.customer_id : row.customer_id,
    deal_id: body.deal_id !== undefined ? body.deal_id : row.deal_id,
    location: body.location !== undefined ? body.location : row.location,
    all_day: body.all_day ?? Boolean(row.all_day),
  };
  await assertReferences(ctx, actor.companyId, {
    assignee_id: merged.assignee_id !== row.assignee_id ? merged.assignee_id : null,
    customer_id: merged.customer_id !== row.customer_id ? merged.customer_id : null,
    deal_id: merged.deal_id !== row.deal_id ? merged.deal_id : null,
  });
  const at = new Date().toISOString();
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const fresh = {
      company_id: actor.companyId,
      ...merged,
      start_at: moved.start,
      end_at: moved.end,
      ...timeColumns({ start_at: moved.start, end_at: moved.end, all_day: merged.all_day }, recurrence, tz),
      ...freshRow(actor, at),
      reminder_minutes: row.reminder_minutes,
      reminders: row.reminders,
      ...reminderColumns(body.reminders, body.reminder_minutes),
    };
    const newId = await insertTodo(ctx, trx, actor, fresh, () => ({
      data: { split_from: { id, occurrence_start: occurrence } },
    }));
    // Unmoved occurrences keep what was changed for them; moved ones no longer line up.
    if (moved.delta === 0 && body.recurrence === undefined) {
      await moveOccurrenceRowsFrom(trx, actor.companyId, id, newId, occurrence);
    }
    await endSeriesBefore(ctx, actor, series, occurrence, trx);
    return newId;
  });
  const created = await findEvent(ctx.db, actor.companyId, newId);
  if (!created) throw notFound('Event');
  return created.recurrence
    ? getOccurrence(ctx, actor.companyId, newId, created.start_at).catch(() =>
        getEvent(ctx, actor.companyId, newId),
      )
    : getEvent(ctx, actor.companyId, newId);
}

/** Ends a series the second before an occurrence (with `trx`, or in a transaction of its own). */
async function endSeriesBefore(
  ctx: AppContext,
  actor: Actor,
  series: Series,
  occurrence: string,
  trx: Database | null,
): Promise<void> {
  const run = async (db: Database) => {
    const tz = safeTimeZone(await companyTimeZone(db, actor.companyId));
    const recurrence = ruleEndingBefore(series.recurrence, occurrence);
    await changeTodo(
      ctx,
      db,
      actor,
      series,
      {
        recurrence,
        series_until_at: seriesUntil({ ...seriesTimes(series), recurrence }, tz, SERIES_SCAN_MAX),
      },
      {
        type: 'event.updated',
        changes: [{ field: 'recurrence', before: series.recurrence, after: recurrence }],
      },
      () => deleteOccurrenceRowsFrom(db, actor.companyId, series.id, occurrence),
    );
  };
  if (trx) await run(trx);
  else await ctx.db.transaction().execute(run);
}

export async function deleteOccurrences(
  ctx: AppContext,
  actor: Actor,
  id: number,
  occurrence: string,
  scope: OccurrenceScope,
): Promise<void> {
  const { row, series, tz } = await loadOccurrence(ctx, actor.companyId, id, occurrence);
  const isFirst = series && occurrence === expandSeries(seriesTimes(series), tz, {}, 1)[0]?.occurrence_start;
  if (!series || scope === 'all' || (scope === 'following' && isFirst)) return deleteEvent(ctx, actor, id);
  if (scope === 'following') return endSeriesBefore(ctx, actor, series, occurrence, null);
  await ctx.db.transaction().execute(async (trx) => {
    await saveOccurrenceRow(trx, actor.companyId, id, occurrence, { cancelled: true });
    await touchSeries(ctx, trx, actor, row, {
      type: 'event.occurrence_deleted',
      data: { occurrence_start: occurrence },
    });
  });
}

/** Completing one occurrence marks it alone; the next stays open. Without one: a single to-do. */
export async function setOccurrenceDone(
  ctx: AppContext,
  actor: Actor,
  id: number,
  occurrence: string | undefined,
  done: boolean,
): Promise<TodoEvent> {
  if (occurrence === undefined) return setDone(ctx, actor, id, done);
  const { row, series } = await loadOccurrence(ctx, actor.companyId, id, occurrence);
  if (!series) return setDone(ctx, actor, id, done);
  const existing = await findOccurrenceRow(ctx.db, actor.companyId, id, occurrence);
  if (Boolean(existing?.done) !== done) {
    await ctx.db.transaction().execute(async (trx) => {
      await saveOccurrenceRow(trx, actor.companyId, id, occurrence, {
        done,
        completed_at: done ? new Date().toISOString() : null,
      });
      await touchSeries(ctx, trx, actor, row, {
        type: done ? 'event.done' : 'event.undone',
        data: { occurrence_start: occurrence },
        timeline: {
          todo: row,
          kind: done ? 'todo_done' : 'todo_reopened',
          changes: [{ field: 'occurrence_start', before: null, after: occurrence }],
        },
      });
    });
  }
  return getOccurrence(ctx, actor.companyId, id, occurrence);
}
