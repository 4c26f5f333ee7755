import type { TodoEvent } from '@kontora/contract/events';
import { occurrenceId, RECURRENCE_LIMITS } from '@kontora/contract/recurrence';
import type { Database } from '../../db/database.ts';
import { listOccurrenceRows, listSeries, type OccurrenceRow } from './event-occurrences.repository.ts';
import { spanOf } from './event-span.ts';
import type { EventConditions, EventRow } from './events.repository.ts';
import { toTodoEvent } from './events.service.ts';
import { expandSeries, type OccurrenceTimes } from './recurrence-expand.ts';

/** Fields one occurrence may change alone ("this one"); the rest belong to the series. */
export const OCCURRENCE_FIELDS = ['title', 'description', 'type', 'priority', 'location'] as const;

const DAY_MS = 86_400_000;

/** One occurrence as the API answers it: the series' fields, its times and what was changed for it. */
export function occurrenceEvent(
  row: EventRow,
  o: OccurrenceTimes,
  diff: OccurrenceRow | undefined,
): TodoEvent {
  const base = toTodoEvent(row);
  let overrides: Record<string, unknown> = {};
  if (diff?.overrides) {
    try {
      overrides = JSON.parse(diff.overrides);
    } catch {
      overrides = {};
    }
  }
  const picked = Object.fromEntries(
    OCCURRENCE_FIELDS.filter((f) => f in overrides).map((f) => [f, overrides[f]]),
  );
  const moved = diff?.start_at != null;
  return {
    ...base,
    ...picked,
    start_at: moved ? (diff?.start_at as string) : o.start_at,
    end_at: moved ? (diff?.end_at ?? null) : o.end_at,
    all_day: diff?.all_day == null ? base.all_day : Boolean(diff.all_day),
    done: Boolean(diff?.done),
    completed_at: diff?.done ? (diff.completed_at ?? null) : null,
    occurrence_start: o.occurrence_start,
    occurrence_id: occurrenceId(row.id, o.occurrence_start),
  };
}

function keyOf(eventId: number, start: string) {
  return `${eventId}|${start}`;
}

/** Whether an occurrence meets the list conditions the database applied to single to-dos. */
function meets(e: TodoEvent, c: EventConditions): boolean {
  const until = spanOf(e).until_at;
  if (c.to !== undefined && !(e.start_at < c.to)) return false;
  if (c.from !== undefined && !(until > c.from)) return false;
  if (c.done !== undefined && e.done !== c.done) return false;
  if (c.overBy !== undefined && !(until <= c.overBy)) return false;
  if (c.runningAfter !== undefined && !(until > c.runningAfter)) return false;
  return true;
}

/**
 * The occurrences of the company's series that meet the conditions, after the
 * cursor, sorted like the list, at most `limit`. Expanded on the fly and
 * capped per request (RECURRENCE_LIMITS.expansionMax); a window without an
 * end in descending order looks a year past now.
 */
export async function listOccurrences(
  db: Database,
  companyId: number,
  timeZone: string,
  c: EventConditions,
  after: { at: string; id: number } | undefined,
  dir: 'asc' | 'desc',
  limit: number,
  now = new Date(),
): Promise<TodoEvent[]> {
  const lower = [c.from, c.runningAfter, dir === 'asc' ? after?.at : undefined]
    .filter((v): v is string => v !== undefined)
    .sort()
    .at(-1);
  const upper = [
    c.to,
    c.overBy,
    dir === 'desc' && after ? new Date(Date.parse(after.at) + 1).toISOString() : undefined,
  ]
    .filter((v): v is string => v !== undefined)
    .sort()
    .at(0);
  // Descending without an end starts from each series' end, or a year past its start or now when endless.
  const endlessFrom =
    upper === undefined && dir === 'desc' ? Math.max(now.getTime(), lower ? Date.parse(lower) : 0) : null;
  const series = await listSeries(
    db,
    companyId,
    { from: lower, to: upper, assigneeId: c.assigneeId, customerId: c.customerId },
    RECURRENCE_LIMITS.expansionMax,
  );
  if (series.length === 0) return [];
  const diffs = new Map<string, OccurrenceRow>();
  for (const d of await listOccurrenceRows(
    db,
    companyId,
    series.map((s) => s.id),
  )) {
    diffs.set(keyOf(d.event_id, d.occurrence_start), d);
  }
  let budget: number = RECURRENCE_LIMITS.expansionMax;
  const found: TodoEvent[] = [];
  const sign = dir === 'asc' ? 1 : -1;
  for (const row of series) {
    if (budget <= 0) break;
    // Ascending without an end: enough to fill the page past skipped (cancelled, filtered) ones.
    const to =
      upper ??
      (endlessFrom === null
        ? undefined
        : (row.series_until_at ??
          new Date(Math.max(endlessFrom, Date.parse(row.start_at)) + 366 * DAY_MS).toISOString()));
    const cap = to === undefined ? Math.min(budget, limit + 1 + diffs.size) : budget;
    const times = expandSeries(
      {
        start_at: row.start_at,
        end_at: row.end_at,
        all_day: row.all_day,
        recurrence: row.recurrence as string,
      },
      timeZone,
      { from: lower, to },
      cap,
    );
    budget -= times.length;
    for (const o of times) {
      const diff = diffs.get(keyOf(row.id, o.occurrence_start));
      if (diff?.cancelled) continue;
      const e = occurrenceEvent(row, o, diff);
      if (!meets(e, c)) continue;
      if (after) {
        const cmp = e.start_at < after.at ? -1 : e.start_at > after.at ? 1 : e.id - after.id;
        if (sign * cmp <= 0) continue;
      }
      found.push(e);
    }
  }
  return found
    .sort((a, b) => sign * (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : a.id - b.id))
    .slice(0, limit);
}
