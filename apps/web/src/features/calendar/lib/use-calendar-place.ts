import { useCallback, useEffect, useRef, useState } from 'react';
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
  /** Whether the address names both the view and the day (else the calendar's first report fills them in). */
  named: boolean;
  setPlace: (view: CalendarView, date: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 768px)');
  const rawView = params.get('view');
  const rawDate = params.get('date');
  const view = isView(rawView) ? rawView : narrow ? 'listWeek' : 'dayGridMonth';
  const date = rawDate && DATE.test(rawDate) && !Number.isNaN(Date.parse(rawDate)) ? rawDate : null;

  // FullCalendar reports its first place while it mounts, before the router
  // accepts navigation; so the place is kept here and written after commit.
  const [shown, setShown] = useState<{ view: CalendarView; date: string } | null>(null);
  const setPlace = useCallback((nextView: CalendarView, nextDate: string) => {
    setShown((current) =>
      current?.view === nextView && current.date === nextDate ? current : { view: nextView, date: nextDate },
    );
  }, []);

  // Only a new place from the calendar writes the address; an address changed
  // from outside (a link, Back) moves the calendar instead, which then reports here.
  // Both through a ref: `setParams` changes with every address, and re-running on it
  // would write the calendar's previous place over an address just changed from outside.
  const latest = useRef({ params, setParams });
  latest.current = { params, setParams };
  useEffect(() => {
    const { params: current, setParams: write } = latest.current;
    if (!shown || (current.get('view') === shown.view && current.get('date') === shown.date)) return;
    const next = new URLSearchParams(current);
    next.set('view', shown.view);
    next.set('date', shown.date);
    // Paging through weeks should not fill the history: Back leaves the calendar.
    write(next, { replace: true });
  }, [shown]);

  return { view, date, named: isView(rawView) && date !== null, setPlace };
}
