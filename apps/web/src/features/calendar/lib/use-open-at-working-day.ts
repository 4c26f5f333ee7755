import type { CalendarRef } from '@fullcalendar/react';
import { type RefObject, useEffect } from 'react';
import { makeTimeGridFocusable } from './focusable-time-grid.ts';

/**
 * Keeps the week or day grid scrolled to the working day while it settles.
 * FullCalendar scrolls to `scrollTime` once, when the view first draws, but the
 * grid's rows change height over the next frames (the fixed height arriving
 * after a switch from the toolbar, a phone's toolbar wrapping, fonts), which
 * left the phone's week opening an hour off. So the grid is followed with a
 * ResizeObserver and scrolled again, until the person scrolls or clicks it.
 */
export function useOpenAtWorkingDay(
  box: RefObject<HTMLElement | null>,
  calendar: RefObject<CalendarRef | null>,
  timeGrid: boolean,
  scrollTime: string,
): void {
  useEffect(() => {
    const root = box.current;
    if (!timeGrid || !root) return;
    let touched = false;
    const touch = () => {
      touched = true;
    };
    const follow = () => {
      if (touched) return;
      calendar.current?.getApi().scrollToTime(scrollTime);
      makeTimeGridFocusable(root, scrollTime);
    };
    const observer = new ResizeObserver(follow);
    observer.observe(root);
    const slot = root.querySelector(`[data-time="${scrollTime}"]`);
    if (slot) observer.observe(slot);
    const frame = requestAnimationFrame(follow);
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const name of events) root.addEventListener(name, touch, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      for (const name of events) root.removeEventListener(name, touch, { capture: true });
    };
  }, [box, calendar, timeGrid, scrollTime]);
}
