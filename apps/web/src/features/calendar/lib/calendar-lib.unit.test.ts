import type { TodoEvent } from '@kontora/contract/events';
import { describe, expect, it } from 'vitest';
import { calendarStringToInstant } from '../../shared/calendar/calendar-dates.ts';
import { toCalendarInput } from './calendar-event-input.ts';
import { movedEventBody } from './moved-event-body.ts';

const ZAGREB = 'Europe/Zagreb';
const NEW_YORK = 'America/New_York';

function todo(patch: Partial<TodoEvent>): TodoEvent {
  return {
    id: 7,
    title: 'Call Marin',
    description: null,
    type: 'call',
    start_at: '2026-05-05T08:00:00.000Z',
    end_at: null,
    all_day: false,
    done: false,
    completed_at: null,
    priority: 'normal',
    assignee_id: null,
    assignee_name: null,
    customer_id: null,
    customer_name: null,
    deal_id: null,
    deal_title: null,
    reminder_minutes: null,
    location: null,
    recurrence: null,
    reminders: [],
    occurrence_start: null,
    occurrence_id: '7',
    version: 3,
    created_by: null,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:00.000Z',
    ...patch,
  };
}

describe('calendarStringToInstant', () => {
  it('starts an all-day date at its midnight in the zone, in summer and in winter', () => {
    expect(calendarStringToInstant('2026-07-01', ZAGREB)).toBe('2026-06-30T22:00:00.000Z');
    expect(calendarStringToInstant('2026-01-15', ZAGREB)).toBe('2026-01-14T23:00:00.000Z');
    expect(calendarStringToInstant('2026-01-15', NEW_YORK)).toBe('2026-01-15T05:00:00.000Z');
  });

  it('reads a date-time by its offset', () => {
    expect(calendarStringToInstant('2026-05-12T10:00:00+02:00', ZAGREB)).toBe('2026-05-12T08:00:00.000Z');
  });
});

describe('toCalendarInput', () => {
  it('gives an all-day to-do plain dates in the company zone, its end exclusive', () => {
    const input = toCalendarInput(
      todo({ all_day: true, start_at: '2026-05-04T22:00:00.000Z', end_at: '2026-05-06T22:00:00.000Z' }),
      ZAGREB,
      '#123456',
    );
    expect(input).toMatchObject({ allDay: true, start: '2026-05-05', end: '2026-05-07', color: '#123456' });
  });

  it('ends an all-day to-do whose end lies inside a day after that day, and drops an end before the start', () => {
    const inside = toCalendarInput(
      todo({ all_day: true, start_at: '2026-05-04T22:00:00.000Z', end_at: '2026-05-06T10:00:00.000Z' }),
      NEW_YORK,
      '#000',
    );
    expect(inside).toMatchObject({ start: '2026-05-04', end: '2026-05-07' });
    const backwards = toCalendarInput(
      todo({ all_day: true, start_at: '2026-05-04T22:00:00.000Z', end_at: '2026-05-04T22:00:00.000Z' }),
      ZAGREB,
      '#000',
    );
    expect(backwards.end).toBeUndefined();
  });

  it('leaves an all-day to-do without an end on its one day', () => {
    const input = toCalendarInput(
      todo({ all_day: true, start_at: '2026-05-04T22:00:00.000Z' }),
      ZAGREB,
      '#000',
    );
    expect(input.start).toBe('2026-05-05');
    expect(input.end).toBeUndefined();
  });

  it('keeps timed to-dos as instants and marks done ones', () => {
    const input = toCalendarInput(todo({ done: true, end_at: '2026-05-05T09:00:00.000Z' }), ZAGREB, '#000');
    expect(input).toMatchObject({
      allDay: false,
      start: '2026-05-05T08:00:00.000Z',
      end: '2026-05-05T09:00:00.000Z',
      className: 'kt-calendar-done',
      color: 'color-mix(in srgb, #000 35%, #495057)',
    });
  });
});

describe('movedEventBody', () => {
  it('stores a dropped all-day day as its midnight in the company zone', () => {
    const body = movedEventBody(
      { startStr: '2026-05-12', endStr: '', allDay: true },
      { end_at: null, version: 3 },
      'move',
      ZAGREB,
    );
    expect(body).toEqual({ start_at: '2026-05-11T22:00:00.000Z', end_at: null, all_day: true, version: 3 });
  });

  it('keeps a point-in-time to-do without an end when moved, but gives it one when resized', () => {
    const dropped = {
      startStr: '2026-05-12T10:00:00+02:00',
      endStr: '2026-05-12T11:30:00+02:00',
      allDay: false,
    };
    expect(movedEventBody(dropped, { end_at: null, version: 1 }, 'move', ZAGREB)).toMatchObject({
      start_at: '2026-05-12T08:00:00.000Z',
      end_at: null,
    });
    expect(movedEventBody(dropped, { end_at: null, version: 1 }, 'resize', ZAGREB)).toMatchObject({
      end_at: '2026-05-12T09:30:00.000Z',
    });
  });

  it('moves the end with the event when it had one', () => {
    const body = movedEventBody(
      { startStr: '2026-05-12', endStr: '2026-05-14', allDay: true },
      { end_at: '2026-05-06T22:00:00.000Z', version: 2 },
      'move',
      ZAGREB,
    );
    expect(body.end_at).toBe('2026-05-13T22:00:00.000Z');
  });
});
