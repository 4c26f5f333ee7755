import type { EventUpdateInput, TodoEvent } from '@kontora/contract/events';
import { calendarStringToInstant } from '../../shared/calendar/calendar-dates.ts';

/** The parts of FullCalendar's event after a drop or resize that the server needs. */
export type DroppedEvent = { startStr: string; endStr: string; allDay: boolean };

export type CalendarChange = 'move' | 'resize';

/**
 * The PATCH body for a dragged or resized to-do. Dates come from the calendar
 * as strings in the company's zone (plain dates when all-day), and all-day
 * days are stored as their midnight there. A to-do without an end stays
 * without one when moved (it is a point in time, drawn with a default length);
 * resizing gives it the end the person dragged to. `version` makes the server
 * refuse the move when someone changed the to-do meanwhile.
 */
export function movedEventBody(
  dropped: DroppedEvent,
  todo: Pick<TodoEvent, 'end_at' | 'version'>,
  change: CalendarChange,
  timeZone: string,
): EventUpdateInput {
  const keepsNoEnd = change === 'move' && todo.end_at === null;
  return {
    start_at: calendarStringToInstant(dropped.startStr, timeZone),
    end_at: keepsNoEnd || !dropped.endStr ? null : calendarStringToInstant(dropped.endStr, timeZone),
    all_day: dropped.allDay,
    version: todo.version,
  };
}

/**
 * The PATCH body that undoes a move: the to-do's times as they were, with the
 * version the move produced (a change by someone else in between is refused).
 */
export function undoBody(
  before: Pick<TodoEvent, 'start_at' | 'end_at' | 'all_day'>,
  versionAfterMove: number,
): EventUpdateInput {
  return {
    start_at: before.start_at,
    end_at: before.end_at,
    all_day: before.all_day,
    version: versionAfterMove,
  };
}
