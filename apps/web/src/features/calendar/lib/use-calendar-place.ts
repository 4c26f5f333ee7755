import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isView(value: string | null): value is CalendarView {
  return (CALENDAR_VIEWS as readonly (string | null)[]).includes(value);
}

/**
 * The calendar's place, kept in the address (`?view=…&date=YYYY-MM-DD`) so a
 * reload or a shared link opens the same period. Without a view in the address,
 * phones (≤ 768 px, where a month grid is unreadable) start on the list.
 */
export function useCalendarPlace(): {
  view: CalendarView;
  date: string | null;
  /** Whether the address names both the view and the day (else the screen fills them in). */
  named: boolean;
  setPlace: (view: CalendarView, date: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 768px)');
  const rawView = params.get('view');
  const rawDate = params.get('date');
  const view = isView(rawView) ? rawView : narrow ? 'listWeek' : 'dayGridMonth';
  const date = rawDate && DATE.test(rawDate) && !Number.isNaN(Date.parse(rawDate)) ? rawDate : null;

  // Called by the toolbar, a day's link and the screen's effect, never while rendering.
  const setPlace = useCallback(
    (nextView: CalendarView, nextDate: string) => {
      if (params.get('view') === nextView && params.get('date') === nextDate) return;
      const next = new URLSearchParams(params);
      next.set('view', nextView);
      next.set('date', nextDate);
      // Paging through weeks should not fill the history: Back leaves the calendar.
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  return { view, date, named: isView(rawView) && date !== null, setPlace };
}
