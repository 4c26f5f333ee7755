import type { EventInput } from '@fullcalendar/react';
import type { TodoEvent } from '@kontora/contract/events';
import { addDays, toZonedDate, zonedMidnight } from '@kontora/contract/time-zone';

/** What the calendar keeps of a to-do next to its dates: the record itself, for the dialog and for moves. */
export type CalendarEventProps = { todo: TodoEvent };

/**
 * The exclusive end date of an all-day event: the day its end instant falls on,
 * or the next one when the end lies inside a day (the event covers that day too).
 */
function allDayEndDate(event: TodoEvent, timeZone: string): string | undefined {
  if (!event.end_at) return undefined;
  let end = toZonedDate(event.end_at, timeZone);
  if (Date.parse(zonedMidnight(end, timeZone)) < Date.parse(event.end_at)) end = addDays(end, 1);
  return end > toZonedDate(event.start_at, timeZone) ? end : undefined;
}

/**
 * A to-do as FullCalendar input. All-day events become plain dates in the
 * company's zone (so they sit on the right day wherever the browser is); timed
 * ones stay instants, which the calendar places in its zone. A to-do without
 * an end keeps none: the calendar draws it with its default length.
 */
export function toCalendarInput(event: TodoEvent, timeZone: string, color: string): EventInput {
  const common = {
    // Occurrences of a series share the to-do's id: each is told apart by its own, and marked as repeating.
    id: event.occurrence_id,
    title: event.recurrence ? `↻ ${event.title}` : event.title,
    // Done: the type's colour greyed (not made transparent, which would fail text contrast) and struck through.
    color: event.done ? `color-mix(in srgb, ${color} 35%, #495057)` : color,
    className: event.done ? 'kt-calendar-done' : undefined,
    extendedProps: { todo: event } satisfies CalendarEventProps,
  };
  if (event.all_day) {
    return {
      ...common,
      allDay: true,
      start: toZonedDate(event.start_at, timeZone),
      end: allDayEndDate(event, timeZone),
    };
  }
  return { ...common, allDay: false, start: event.start_at, end: event.end_at ?? undefined };
}
